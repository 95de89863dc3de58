//! Visual mode with screenshots off, in a real browser DOM: the notice says so in Visual mode
//! only, and its switch asks Chrome for all sites in the click, then the worker
//! (SET_SCREENSHOTS); the settings it answers with hide the notice. Refused by Chrome, nothing
//! is asked of the worker and the notice says why.

#![cfg(test)]

mod common;

use common::*;
use serde_json::json;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The fake host: Chrome answers `granted` to site access (recording the pattern asked for);
/// the worker answers SET_SCREENSHOTS with settings that have screenshots on.
fn host(granted: bool) -> FakeHost {
    let host = FakeHost::new();
    let asked = js_sys::Array::new();
    js_sys::Reflect::set(&host.obj, &"asked".into(), &asked).unwrap();
    let access = Closure::<dyn FnMut(String) -> js_sys::Promise>::new(move |p: String| {
        asked.push(&p.into());
        js_sys::Promise::resolve(&JsValue::from_bool(granted))
    });
    js_sys::Reflect::set(
        &host.obj,
        &"requestSiteAccess".into(),
        &access.into_js_value(),
    )
    .unwrap();
    let sent = js_sys::Array::new();
    js_sys::Reflect::set(&host.obj, &"messages".into(), &sent).unwrap();
    let send = Closure::<dyn FnMut(String) -> js_sys::Promise>::new(move |text: String| {
        sent.push(&text.clone().into());
        let reply = json!({"type": "SETTINGS", "settings": {"hasApiKey": true, "defaultMode": "ask",
            "screenshots": text.contains("SET_SCREENSHOTS")}});
        js_sys::Promise::resolve(&JsValue::from_str(&reply.to_string()))
    });
    js_sys::Reflect::set(&host.obj, &"sendMessage".into(), &send.into_js_value()).unwrap();
    host
}

fn strings(host: &FakeHost, array: &str) -> Vec<String> {
    let arr: js_sys::Array = js_sys::Reflect::get(&host.obj, &array.into())
        .unwrap()
        .into();
    arr.iter().filter_map(|v| v.as_string()).collect()
}

#[wasm_bindgen_test]
async fn visual_mode_says_screenshots_are_off_and_turns_them_on() {
    let host = host(true);
    let (p, root) = panel(&host);
    let notice = q(&root, ".visual-notice").unwrap();
    assert!(is_hidden(&notice), "Ask mode: no notice");
    p.set_mode("visual");
    assert!(!is_hidden(&notice));
    assert!(notice
        .text_content()
        .unwrap()
        .contains("Screenshots are off"));
    q(&notice, "button")
        .unwrap()
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap()
        .click();
    assert_eq!(strings(&host, "asked"), ["<all_urls>"]);
    until("the notice goes", || is_hidden(&notice)).await;
    assert!(strings(&host, "messages")
        .iter()
        .any(|m| m == r#"{"type":"SET_SCREENSHOTS","on":true}"#));
}

#[wasm_bindgen_test]
async fn refused_by_chrome_nothing_changes_and_the_notice_says_why() {
    let host = host(false);
    let (p, root) = panel(&host);
    p.set_mode("visual");
    let notice = q(&root, ".visual-notice").unwrap();
    q(&notice, "button")
        .unwrap()
        .dyn_into::<web_sys::HtmlElement>()
        .unwrap()
        .click();
    until("the notice says why", || {
        notice.text_content().unwrap().contains("did not allow")
    })
    .await;
    assert!(!is_hidden(&notice));
    assert!(!strings(&host, "messages")
        .iter()
        .any(|m| m.contains("SET_SCREENSHOTS")));
}
