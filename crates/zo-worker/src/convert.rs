//! JSON bridge between JS values and serde: JS objects cross as JSON text, so every message is
//! parsed into the typed zo-core protocol before any decision is made.

use wasm_bindgen::JsValue;

/// A JS value as serde JSON (`undefined` becomes `null`).
pub fn js_to_json(value: &JsValue) -> Result<serde_json::Value, String> {
    if value.is_undefined() || value.is_null() {
        return Ok(serde_json::Value::Null);
    }
    let text =
        js_sys::JSON::stringify(value).map_err(|e| format!("value cannot be serialized: {e:?}"))?;
    let text: String = text.into();
    serde_json::from_str(&text).map_err(|e| format!("value is not JSON: {e}"))
}

/// A serializable Rust value as a plain JS object.
pub fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, String> {
    let text = serde_json::to_string(value).map_err(|e| e.to_string())?;
    js_sys::JSON::parse(&text).map_err(|e| format!("JSON.parse failed: {e:?}"))
}

/// Best-effort text of a JS error for logs and messages.
pub fn js_error_text(err: &JsValue) -> String {
    if let Some(s) = err.as_string() {
        return s;
    }
    let name = js_sys::Reflect::get(err, &JsValue::from_str("name"))
        .ok()
        .and_then(|v| v.as_string());
    let message = js_sys::Reflect::get(err, &JsValue::from_str("message"))
        .ok()
        .and_then(|v| v.as_string());
    match (name, message) {
        (Some(n), Some(m)) => format!("{n}: {m}"),
        (None, Some(m)) => m,
        (Some(n), None) => n,
        (None, None) => format!("{err:?}"),
    }
}

/// True when `err` is a DOMException named AbortError (fetch or read aborted).
pub fn is_abort_error(err: &JsValue) -> bool {
    js_sys::Reflect::get(err, &JsValue::from_str("name"))
        .ok()
        .and_then(|v| v.as_string())
        .is_some_and(|n| n == "AbortError")
}

/// Logs a warning to the console with context.
pub fn warn(context: &str, detail: &str) {
    web_sys::console::warn_1(&JsValue::from_str(&format!(
        "[zo-worker] {context}: {detail}"
    )));
}
