//! Where Zo looks, in a real browser DOM: the page bar shows the bound tab (title, origin and
//! its favicon from the extension's own favicon service) and follows a change of tab; each
//! question gets a chip naming the page that went with it, kept in the history.

#![cfg(test)]

mod common;

use common::*;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// Makes the fake host's bound tab `url` with `title`.
fn bind_tab(host: &FakeHost, url: &str, title: &str) {
    for (name, value) in [("tabUrl", url.to_string()), ("tabTitle", title.to_string())] {
        let f = Closure::<dyn FnMut() -> JsValue>::new(move || JsValue::from_str(&value));
        js_sys::Reflect::set(&host.obj, &name.into(), &f.into_js_value()).unwrap();
    }
}

fn text_of(root: &web_sys::Element, sel: &str) -> String {
    q(root, sel).unwrap().text_content().unwrap_or_default()
}

#[wasm_bindgen_test::wasm_bindgen_test]
fn the_page_bar_follows_the_bound_tab() {
    let host = FakeHost::new();
    bind_tab(&host, "https://shop.example/cart?id=7", "Your cart");
    let (p, root) = panel(&host);
    assert_eq!(text_of(&root, ".page-title"), "Your cart");
    assert_eq!(text_of(&root, ".page-origin"), "https://shop.example");
    let icon = q(&root, ".page-icon").unwrap();
    assert!(!is_hidden(&icon));
    assert_eq!(
        icon.get_attribute("src").as_deref(),
        Some("/_favicon/?pageUrl=https%3A%2F%2Fshop.example%2Fcart%3Fid%3D7&size=32")
    );
    bind_tab(&host, "chrome://extensions/", "Extensions");
    p.on_tab_changed();
    assert_eq!(text_of(&root, ".page-title"), "Extensions");
    assert!(text_of(&root, ".page-origin").contains("Zo can't read this page"));
    assert!(is_hidden(&q(&root, ".page-icon").unwrap()));
}

#[wasm_bindgen_test::wasm_bindgen_test]
fn each_question_says_which_page_went_with_it() {
    let host = FakeHost::new();
    bind_tab(&host, "https://docs.example/guide", "The guide");
    let (p, root) = panel(&host);
    p.send("what is this?").unwrap();
    // This host cannot ask for the site: the page did not go.
    let chip = q(&root, ".msg.user .page-chip").unwrap();
    assert!(!is_hidden(&chip));
    assert_eq!(
        chip.text_content().as_deref(),
        Some("The guide (not shared)")
    );
    assert!(chip.class_list().contains("not-shared"));
    let history: Value = serde_json::from_str(&p.history_json()).unwrap();
    let question = &history["chats"][0]["messages"][0];
    assert_eq!(
        question["page"],
        json!({"title": "The guide", "origin": "https://docs.example", "shared": false})
    );
    // Restored from the history with its chip.
    let (_p, root) = panel_with(
        &host,
        json!({"hasApiKey": true, "defaultMode": "ask"}),
        history,
    );
    assert_eq!(
        q(&root, ".msg.user .page-chip")
            .unwrap()
            .text_content()
            .as_deref(),
        Some("The guide (not shared)")
    );
}
