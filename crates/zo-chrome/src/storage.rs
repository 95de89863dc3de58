//! `chrome.storage.local` and `chrome.storage.session`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `chrome.storage.local.get(keys)`: an object of the stored values.
    #[wasm_bindgen(js_namespace = ["chrome", "storage", "local"], js_name = get, catch)]
    pub async fn local_get(keys: &JsValue) -> Result<JsValue, JsValue>;
    /// `chrome.storage.local.set(items)`.
    #[wasm_bindgen(js_namespace = ["chrome", "storage", "local"], js_name = set, catch)]
    pub async fn local_set(items: &JsValue) -> Result<JsValue, JsValue>;
    /// `chrome.storage.session.get(keys)`.
    #[wasm_bindgen(js_namespace = ["chrome", "storage", "session"], js_name = get, catch)]
    pub async fn session_get(keys: &JsValue) -> Result<JsValue, JsValue>;
    /// `chrome.storage.session.set(items)`.
    #[wasm_bindgen(js_namespace = ["chrome", "storage", "session"], js_name = set, catch)]
    pub async fn session_set(items: &JsValue) -> Result<JsValue, JsValue>;
}
