//! The way back to the worker: a JS function the glue passes in (it posts to the port or
//! answers `sendResponse`). Messages are `ContentToWorker` JSON text, written by zo-core's
//! codec (`ContentToWorker::to_json_with_values`); a dead port is logged, never fatal.

use wasm_bindgen::JsValue;
use zo_core::wire::{ContentToWorker, Json};

/// Sends messages through a JS callback taking one JSON string.
#[derive(Clone)]
pub struct Reply(js_sys::Function);

impl Reply {
    pub fn new(f: js_sys::Function) -> Reply {
        Reply(f)
    }

    /// Sends `msg`; `value_of(i)` is the value of the action with index `i` (already JSON).
    pub fn send<'v>(&self, msg: &ContentToWorker, value_of: &dyn Fn(u32) -> Option<&'v Json>) {
        let text = msg.to_json_with_values(value_of);
        if let Err(e) = self
            .0
            .call1(&JsValue::NULL, &JsValue::from_str(text.as_str()))
        {
            web_sys::console::warn_2(&"zo-content: reply failed (port closed?)".into(), &e);
        }
    }

    /// Sends a CONTENT_ERROR.
    pub fn error(&self, message: String) {
        self.send(&ContentToWorker::ContentError { message }, &|_| None);
    }
}
