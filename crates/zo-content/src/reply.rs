//! The way back to the worker: a JS function the glue passes in (it posts to the port or
//! answers `sendResponse`). Messages are `ContentToWorker` JSON text; a dead port is logged,
//! never fatal.

use wasm_bindgen::JsValue;
use zo_core::protocol::ContentToWorker;

/// Sends messages through a JS callback taking one JSON string.
#[derive(Clone)]
pub struct Reply(js_sys::Function);

impl Reply {
    pub fn new(f: js_sys::Function) -> Reply {
        Reply(f)
    }

    pub fn send(&self, msg: &ContentToWorker) {
        let json = match serde_json::to_string(msg) {
            Ok(j) => j,
            Err(e) => {
                web_sys::console::warn_1(&format!("zo-content: cannot encode reply: {e}").into());
                return;
            }
        };
        if let Err(e) = self.0.call1(&JsValue::NULL, &JsValue::from_str(&json)) {
            web_sys::console::warn_2(&"zo-content: reply failed (port closed?)".into(), &e);
        }
    }
}
