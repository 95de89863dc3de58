//! JS values and serde for what chrome.* stores and takes as objects (storage items, API
//! arguments): one conversion each way through the engine's JSON. Messages on the ports do not
//! come through here: they travel as JSON text and are read by zo-core's codec.

use wasm_bindgen::JsValue;

/// A JS value as serde JSON (`undefined` becomes `null`).
pub fn js_to_json(value: &JsValue) -> Result<serde_json::Value, String> {
    if value.is_undefined() || value.is_null() {
        return Ok(serde_json::Value::Null);
    }
    let text = js_sys::JSON::stringify(value)
        .map_err(|e| format!("value cannot be serialized: {}", zo_chrome::error_text(&e)))?;
    let text: String = text.into();
    serde_json::from_str(&text).map_err(|e| format!("value is not JSON: {e}"))
}

/// A serializable Rust value as a plain JS object.
pub fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, String> {
    let text = serde_json::to_string(value).map_err(|e| e.to_string())?;
    js_sys::JSON::parse(&text)
        .map_err(|e| format!("JSON.parse failed: {}", zo_chrome::error_text(&e)))
}

/// True when `err` is a DOMException named AbortError (fetch or read aborted).
pub fn is_abort_error(err: &JsValue) -> bool {
    zo_chrome::error_name(err).is_some_and(|n| n == "AbortError")
}

/// Logs a warning to the console with context.
pub fn warn(context: &str, detail: &str) {
    web_sys::console::warn_1(&JsValue::from_str(&format!(
        "[zo-worker] {context}: {detail}"
    )));
}
