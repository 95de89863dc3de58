//! JS values and JSON text for what chrome.* stores and takes as objects (storage items, API
//! arguments): one conversion each way through the engine's JSON; zo-core reads and writes the
//! text by hand (the worker carries no serde_json). Messages on the ports do not
//! come through here: they travel as JSON text and are read by zo-core's codec.

use wasm_bindgen::JsValue;

/// A JS value as JSON text, written by the engine; None for `undefined` and `null` (nothing
/// stored). zo-core's hand reader reads it.
pub fn js_to_text(value: &JsValue) -> Result<Option<String>, String> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let text = js_sys::JSON::stringify(value)
        .map_err(|e| format!("value cannot be serialized: {}", zo_chrome::error_text(&e)))?;
    Ok(Some(text.into()))
}

/// JSON text (written by zo-core's hand writer) as a plain JS value.
pub fn text_to_js(json: &str) -> Result<JsValue, String> {
    js_sys::JSON::parse(json)
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
