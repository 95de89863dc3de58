//! The options page in a real browser: loads stored settings and the key, masks the key with a
//! reveal toggle, validates before saving (https only, but for this computer), asks for a host
//! permission for another origin and all sites for screenshots, saves the key apart from the
//! settings, and reports "Test connection" outcomes (against `zo-dev serve` when
//! ZO_TEST_SERVER is set), never following a redirect with the key.

#![cfg(test)]

mod common;

use common::*;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement};
use zo_panel::OptionsPage;

wasm_bindgen_test_configure!(run_in_browser);

struct OptionsHost {
    obj: js_sys::Object,
}

impl OptionsHost {
    /// A host with `settings` and `key` stored.
    fn new(settings: Value, key: &str) -> OptionsHost {
        let obj = js_sys::Object::new();
        let stored = js(&json!({"settings": settings, "apiKey": key}));
        let get = Closure::<dyn FnMut() -> JsValue>::new(move || {
            js_sys::Promise::resolve(&stored).into()
        });
        js_sys::Reflect::set(&obj, &"load".into(), &get.into_js_value()).unwrap();
        for (method, array) in [("save", "saved"), ("requestOrigins", "origins")] {
            let arr = js_sys::Array::new();
            js_sys::Reflect::set(&obj, &array.into(), &arr).unwrap();
            let f = Closure::<dyn FnMut(JsValue) -> JsValue>::new(move |v: JsValue| {
                arr.push(&v);
                js_sys::Promise::resolve(&JsValue::TRUE).into()
            });
            js_sys::Reflect::set(&obj, &method.into(), &f.into_js_value()).unwrap();
        }
        OptionsHost { obj }
    }

    fn calls(&self, array: &str) -> Vec<Value> {
        let arr: js_sys::Array = js_sys::Reflect::get(&self.obj, &array.into())
            .unwrap()
            .dyn_into()
            .unwrap();
        arr.iter()
            .map(|v| {
                let s = js_sys::JSON::stringify(&v).unwrap().as_string().unwrap();
                serde_json::from_str(&s).unwrap()
            })
            .collect()
    }
}

fn field(root: &web_sys::Element, id: &str) -> HtmlInputElement {
    q(root, &format!("#{id}")).unwrap().dyn_into().unwrap()
}

fn click(root: &web_sys::Element, sel: &str) {
    q(root, sel)
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
}

async fn loaded(root: &web_sys::Element, key: &str) {
    let root = root.clone();
    let key = key.to_string();
    until("stored settings shown", move || {
        field(&root, "apiKey").value() == key
    })
    .await;
}

#[wasm_bindgen_test]
async fn loads_settings_and_masks_the_key_with_a_reveal_toggle() {
    let host = OptionsHost::new(
        json!({
            "apiBaseUrl": "http://127.0.0.1:9", "defaultMode": "research",
            "maxSteps": 7, "screenshots": true, "livenessTimeoutMs": 45000, "model": "zo:custom"
        }),
        "zo_sk_secret",
    );
    let root = mount();
    let _page = OptionsPage::new(root.clone(), host.obj.clone().into()).unwrap();
    loaded(&root, "zo_sk_secret").await;
    let key = field(&root, "apiKey");
    assert_eq!(key.type_(), "password");
    assert_eq!(field(&root, "apiBaseUrl").value(), "http://127.0.0.1:9");
    assert_eq!(field(&root, "maxSteps").value(), "7");
    assert_eq!(field(&root, "livenessTimeout").value(), "45");
    assert!(field(&root, "screenshots").checked());
    let mode: HtmlSelectElement = q(&root, "#defaultMode").unwrap().dyn_into().unwrap();
    assert_eq!(mode.value(), "research");
    let model: HtmlSelectElement = q(&root, "#model").unwrap().dyn_into().unwrap();
    assert_eq!(
        model.value(),
        "zo:custom",
        "a stored model stays selectable"
    );
    click(&root, ".reveal");
    assert_eq!(key.type_(), "text");
    click(&root, ".reveal");
    assert_eq!(key.type_(), "password");
}

#[wasm_bindgen_test]
async fn invalid_url_is_refused_and_valid_settings_are_saved_with_permission() {
    let host = OptionsHost::new(Value::Null, "");
    let root = mount();
    let page = OptionsPage::new(root.clone(), host.obj.clone().into()).unwrap();
    until("defaults shown", || {
        field(&root, "apiBaseUrl").value() == "https://api.zo.computer"
    })
    .await;
    assert!(
        !field(&root, "screenshots").checked(),
        "screenshots off by default"
    );
    field(&root, "apiKey").set_value("zo_sk_dev");
    field(&root, "apiBaseUrl").set_value("ftp://example.com");
    click(&root, "#save");
    assert!(
        page.status_text().contains("not usable"),
        "{}",
        page.status_text()
    );
    assert!(host.calls("saved").is_empty());

    // The key is only ever sent over https, but for a server on this computer.
    field(&root, "apiBaseUrl").set_value("http://zo.example.com");
    click(&root, "#save");
    assert!(
        page.status_text().contains("only sent over https://"),
        "{}",
        page.status_text()
    );
    assert!(host.calls("saved").is_empty());
    assert!(host.calls("origins").is_empty());

    field(&root, "apiBaseUrl").set_value("http://127.0.0.1:8123/");
    click(&root, "#save");
    assert_eq!(host.calls("origins"), vec![json!(["http://127.0.0.1/*"])]);
    until("saved", || page.status_text() == "Saved.").await;
    let saved = host.calls("saved");
    assert_eq!(saved.len(), 1);
    // The key has its own entry; the settings never carry it.
    assert_eq!(saved[0]["apiKey"], "zo_sk_dev");
    assert!(saved[0]["settings"].get("apiKey").is_none(), "{}", saved[0]);
    assert_eq!(saved[0]["settings"]["apiBaseUrl"], "http://127.0.0.1:8123");
    assert_eq!(saved[0]["settings"]["screenshots"], false);
    assert_eq!(saved[0]["settings"]["maxSteps"], 10);

    // Screenshots need Chrome's permission for all sites, asked for in the same click.
    field(&root, "screenshots").set_checked(true);
    click(&root, "#save");
    assert_eq!(
        host.calls("origins")[1],
        json!(["http://127.0.0.1/*", "<all_urls>"])
    );
    until("saved again", || host.calls("saved").len() == 2).await;
}

#[wasm_bindgen_test]
async fn test_connection_reports_unreachable_url() {
    let host = OptionsHost::new(json!({"apiBaseUrl": "http://127.0.0.1:9"}), "zo_sk_dev");
    let root = mount();
    let page = OptionsPage::new(root.clone(), host.obj.clone().into()).unwrap();
    loaded(&root, "zo_sk_dev").await;
    click(&root, "#test");
    until("report", || {
        page.status_text().starts_with("Could not reach")
    })
    .await;
    assert!(page
        .status_text()
        .contains("http://127.0.0.1:9/models/available"));
}

#[wasm_bindgen_test]
async fn test_connection_against_the_dev_server() {
    let Some(server) = option_env!("ZO_TEST_SERVER") else {
        web_sys::console::log_1(&"ZO_TEST_SERVER not set: dev-server checks skipped".into());
        return;
    };
    let host = OptionsHost::new(json!({"apiBaseUrl": server}), "zo_sk_dev");
    let root = mount();
    let page = OptionsPage::new(root.clone(), host.obj.clone().into()).unwrap();
    loaded(&root, "zo_sk_dev").await;
    click(&root, "#test");
    until("connected", || page.status_text().starts_with("Connected")).await;
    // The pickers list what the server offers.
    until("models listed", || {
        q(&root, "#model option[value='zo-dev/fast']").is_some()
    })
    .await;
    until("personas listed", || {
        q(&root, "#persona option[value='persona_browser']").is_some()
    })
    .await;
    field(&root, "apiKey").set_value("zo_sk_wrong");
    click(&root, "#test");
    until("rejected", || {
        page.status_text().contains("API key was rejected")
    })
    .await;
}

#[wasm_bindgen_test]
async fn test_connection_never_follows_a_redirect_with_the_key() {
    let Some(server) = option_env!("ZO_TEST_SERVER") else {
        web_sys::console::log_1(&"ZO_TEST_SERVER not set: dev-server checks skipped".into());
        return;
    };
    let base = format!("{server}/redirect");
    let host = OptionsHost::new(json!({"apiBaseUrl": base}), "zo_sk_dev");
    let root = mount();
    let page = OptionsPage::new(root.clone(), host.obj.clone().into()).unwrap();
    loaded(&root, "zo_sk_dev").await;
    click(&root, "#test");
    until("report", || page.status_text().contains("redirect")).await;
    assert!(
        page.status_text().contains("never sends your API key"),
        "{}",
        page.status_text()
    );
}
