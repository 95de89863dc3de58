//! `chrome.permissions`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `chrome.permissions.contains({origins})`: whether every pattern is granted.
    #[wasm_bindgen(js_namespace = ["chrome", "permissions"], catch)]
    pub async fn contains(permissions: &JsValue) -> Result<JsValue, JsValue>;
}
