//! The way back to the worker: a JS function the glue passes in (it posts to the port or
//! answers `sendResponse`). Messages are `ContentToWorker` JSON text (see [`crate::encode`]);
//! a dead port is logged, never fatal.

use wasm_bindgen::JsValue;

use crate::json::Json;

/// Sends messages through a JS callback taking one JSON string.
#[derive(Clone)]
pub struct Reply(js_sys::Function);

impl Reply {
    pub fn new(f: js_sys::Function) -> Reply {
        Reply(f)
    }

    pub fn send(&self, msg: &Json) {
        if let Err(e) = self
            .0
            .call1(&JsValue::NULL, &JsValue::from_str(msg.as_str()))
        {
            web_sys::console::warn_2(&"zo-content: reply failed (port closed?)".into(), &e);
        }
    }
}
