//! Test helpers: a fresh mount element, a recording fake host (chrome.* is absent in test
//! pages), worker messages as JSON text (as the worker posts them), and DOM queries.
#![allow(dead_code)]

use serde_json::{json, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;
use zo_panel::Panel;

pub fn doc() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

pub fn mount() -> Element {
    let d = doc();
    let m = d.create_element("div").unwrap();
    d.body().unwrap().append_child(&m).unwrap();
    m
}

/// A host object whose calls are recorded in arrays `posted`, `saved`, `copied`, `options`.
pub struct FakeHost {
    pub obj: js_sys::Object,
}

fn recorder(obj: &js_sys::Object, method: &str, array: &str, ret: JsValue) {
    let arr = js_sys::Array::new();
    js_sys::Reflect::set(obj, &array.into(), &arr).unwrap();
    let f = Closure::<dyn FnMut(JsValue) -> JsValue>::new(move |v: JsValue| {
        arr.push(&v);
        ret.clone()
    });
    js_sys::Reflect::set(obj, &method.into(), &f.into_js_value()).unwrap();
}

impl FakeHost {
    pub fn new() -> FakeHost {
        let obj = js_sys::Object::new();
        recorder(&obj, "post", "posted", JsValue::TRUE);
        recorder(&obj, "saveHistory", "saved", JsValue::UNDEFINED);
        recorder(&obj, "copy", "copied", JsValue::UNDEFINED);
        recorder(&obj, "openOptions", "options", JsValue::UNDEFINED);
        let tab = Closure::<dyn FnMut() -> JsValue>::new(|| JsValue::from_f64(7.0));
        js_sys::Reflect::set(&obj, &"tabId".into(), &tab.into_js_value()).unwrap();
        FakeHost { obj }
    }

    /// Make `post` fail (returns false), as when no worker answers.
    pub fn failing_post(&self) {
        let f = Closure::<dyn FnMut(JsValue) -> JsValue>::new(|_v: JsValue| JsValue::FALSE);
        js_sys::Reflect::set(&self.obj, &"post".into(), &f.into_js_value()).unwrap();
    }

    /// Make `saveHistory` return a write that fails with `error` (`None`: one that succeeds),
    /// still recording what it was given.
    pub fn saving(&self, error: Option<&str>) {
        let arr: js_sys::Array = js_sys::Reflect::get(&self.obj, &"saved".into())
            .unwrap()
            .dyn_into()
            .unwrap();
        let error = error.map(str::to_string);
        let f = Closure::<dyn FnMut(JsValue) -> JsValue>::new(move |v: JsValue| {
            arr.push(&v);
            match &error {
                Some(e) => js_sys::Promise::reject(&js_sys::Error::new(e).into()).into(),
                None => js_sys::Promise::resolve(&JsValue::UNDEFINED).into(),
            }
        });
        js_sys::Reflect::set(&self.obj, &"saveHistory".into(), &f.into_js_value()).unwrap();
    }

    /// The arguments `array`'s method was called with, as JSON values.
    pub fn calls(&self, array: &str) -> Vec<Value> {
        self.raw_calls(array)
            .iter()
            .map(
                |v| match js_sys::JSON::stringify(v).ok().and_then(|s| s.as_string()) {
                    Some(s) => serde_json::from_str(&s).unwrap(),
                    None => Value::Null,
                },
            )
            .collect()
    }

    fn raw_calls(&self, array: &str) -> Vec<JsValue> {
        let arr: js_sys::Array = js_sys::Reflect::get(&self.obj, &array.into())
            .unwrap()
            .dyn_into()
            .unwrap();
        arr.iter().collect()
    }

    /// The messages posted to the worker: each one JSON text, read back.
    pub fn posted(&self) -> Vec<Value> {
        self.raw_calls("posted")
            .iter()
            .map(|v| {
                let text = v.as_string().expect("a message to the worker is JSON text");
                serde_json::from_str(&text).unwrap()
            })
            .collect()
    }
}

pub fn js(v: &Value) -> JsValue {
    js_sys::JSON::parse(&v.to_string()).unwrap()
}

/// A message as the worker posts it: its JSON text.
pub fn text(v: &Value) -> JsValue {
    JsValue::from_str(&v.to_string())
}

/// The worker's SETTINGS message for the settings view `settings` (`null`: no answer).
pub fn settings_message(settings: &Value) -> JsValue {
    if settings.is_null() {
        return JsValue::UNDEFINED;
    }
    text(&json!({"type": "SETTINGS", "settings": settings}))
}

pub fn panel_with(host: &FakeHost, settings: Value, history: Value) -> (Panel, Element) {
    let m = mount();
    let p = Panel::new(
        m.clone(),
        host.obj.clone().into(),
        settings_message(&settings),
        js(&history),
    )
    .unwrap();
    (p, m)
}

pub fn panel(host: &FakeHost) -> (Panel, Element) {
    panel_with(
        host,
        json!({"hasApiKey": true, "defaultMode": "ask"}),
        Value::Null,
    )
}

pub fn feed(p: &Panel, msg: Value) {
    p.on_message(text(&msg));
}

pub fn chunk(sid: &str, delta: &str) -> Value {
    json!({"type": "STREAM_CHUNK", "sessionId": sid, "delta": delta})
}

pub fn done(sid: &str, text: &str) -> Value {
    json!({"type": "STREAM_DONE", "sessionId": sid, "result": {"status": "succeeded", "text": text}})
}

pub fn q(root: &Element, sel: &str) -> Option<Element> {
    root.query_selector(sel).unwrap()
}

pub fn qa(root: &Element, sel: &str) -> Vec<Element> {
    let list = root.query_selector_all(sel).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

pub fn last_answer(root: &Element) -> Element {
    qa(root, ".msg.assistant .answer")
        .pop()
        .expect("an answer element")
}

pub fn is_hidden(e: &Element) -> bool {
    e.has_attribute("hidden")
}

/// Wait (yielding to the event loop) until `cond` holds; fails after many turns.
pub async fn until(what: &str, mut cond: impl FnMut() -> bool) {
    for _ in 0..500 {
        if cond() {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(10).await;
    }
    panic!("timed out waiting for: {what}");
}

pub fn ask_session(host: &FakeHost, n: usize) -> String {
    let posted = host.posted();
    let ask = &posted[n];
    assert_eq!(ask["type"], "ASK_ZO", "{ask}");
    ask["sessionId"].as_str().unwrap().to_string()
}

pub fn action_status(sid: &str, index: u32, action: Value, status: &str, value: Value) -> Value {
    json!({"type":"ACTION_STATUS","sessionId":sid,"step":1,"index":index,"action":action,
           "result":{"index":index,"status":status,"value":value}})
}
