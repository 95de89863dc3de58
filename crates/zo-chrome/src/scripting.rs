//! `chrome.scripting`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `chrome.scripting.executeScript(injection)`.
    #[wasm_bindgen(js_namespace = ["chrome", "scripting"], js_name = executeScript, catch)]
    pub async fn execute_script(injection: &JsValue) -> Result<JsValue, JsValue>;
}
