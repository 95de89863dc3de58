//! The side panel asks for the bound page's site (Chrome's host permission) in the click that
//! sends a question, and the question leaves once the user answered.

#![cfg(test)]

mod common;

use common::*;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// `host` reports the bound tab at `url`; `requestSiteAccess` records its pattern and returns
/// a promise the test settles through the returned resolve function.
fn with_tab(host: &FakeHost, url: &'static str) -> js_sys::Function {
    let f = Closure::<dyn FnMut() -> JsValue>::new(move || JsValue::from_str(url));
    js_sys::Reflect::set(&host.obj, &"tabUrl".into(), &f.into_js_value()).unwrap();
    let asked = js_sys::Array::new();
    js_sys::Reflect::set(&host.obj, &"asked".into(), &asked).unwrap();
    let resolve = std::rc::Rc::new(std::cell::RefCell::new(None::<js_sys::Function>));
    let keep = resolve.clone();
    let f = Closure::<dyn FnMut(JsValue) -> JsValue>::new(move |pattern: JsValue| {
        asked.push(&pattern);
        let keep = keep.clone();
        js_sys::Promise::new(&mut |res, _rej| {
            *keep.borrow_mut() = Some(res);
        })
        .into()
    });
    js_sys::Reflect::set(&host.obj, &"requestSiteAccess".into(), &f.into_js_value()).unwrap();
    let settle = Closure::<dyn FnMut(JsValue)>::new(move |answer: JsValue| {
        if let Some(res) = resolve.borrow_mut().take() {
            res.call1(&JsValue::UNDEFINED, &answer).unwrap();
        }
    });
    settle.into_js_value().into()
}

#[wasm_bindgen_test]
async fn the_question_leaves_after_the_site_was_asked_for() {
    let host = FakeHost::new();
    let settle = with_tab(&host, "https://Shop.example:8443/cart?id=1");
    let (p, _root) = panel(&host);
    let sid = p.send("what is in my cart?").unwrap();
    assert_eq!(host.calls("asked"), vec![json!("https://shop.example/*")]);
    assert!(host.posted().is_empty(), "posted before the user answered");
    settle.call1(&JsValue::UNDEFINED, &JsValue::TRUE).unwrap();
    until("the question posted", || !host.posted().is_empty()).await;
    assert_eq!(ask_session(&host, 0), sid);
    // Refused: the question still goes (Zo answers without the page).
    feed(&p, done(&sid, "ok"));
    let sid = p.send("again").unwrap();
    settle.call1(&JsValue::UNDEFINED, &JsValue::FALSE).unwrap();
    until("the second question posted", || host.posted().len() == 2).await;
    assert_eq!(ask_session(&host, 1), sid);
}

#[wasm_bindgen_test]
async fn a_question_stopped_while_the_user_decides_never_leaves() {
    let host = FakeHost::new();
    let settle = with_tab(&host, "http://127.0.0.1:9000/form.html");
    let (p, _root) = panel(&host);
    p.send("fill the form").unwrap();
    assert_eq!(host.calls("asked"), vec![json!("http://127.0.0.1/*")]);
    p.stop();
    settle.call1(&JsValue::UNDEFINED, &JsValue::TRUE).unwrap();
    // Give the pending answer its turn, then nothing but the STOP was posted.
    gloo_timers::future::TimeoutFuture::new(50).await;
    let types: Vec<Value> = host.posted().iter().map(|m| m["type"].clone()).collect();
    assert_eq!(types, vec![json!("STOP")]);
}

#[wasm_bindgen_test]
fn pages_that_are_not_web_pages_ask_for_nothing() {
    let host = FakeHost::new();
    let _settle = with_tab(&host, "chrome://newtab/");
    let (p, _root) = panel(&host);
    p.send("hello").unwrap();
    assert!(host.calls("asked").is_empty());
    assert_eq!(host.posted().len(), 1, "posted at once");
}
