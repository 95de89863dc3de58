//! A thrown JS value as text: an `Error`'s (or `DOMException`'s) message, else its name, else
//! the value as JavaScript writes it (`String(value)`), never failing.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// Anything with `name` and `message` (an `Error`, a `DOMException`...).
    type ErrorLike;
    #[wasm_bindgen(method, getter, catch)]
    fn message(this: &ErrorLike) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, getter, catch)]
    fn name(this: &ErrorLike) -> Result<JsValue, JsValue>;
    /// `String(value)`.
    #[wasm_bindgen(js_name = String, catch)]
    fn js_string(value: &JsValue) -> Result<String, JsValue>;
}

/// The `name` of a thrown `Error` or `DOMException` (`"AbortError"`...).
pub fn error_name(err: &JsValue) -> Option<String> {
    if !err.is_object() {
        return None;
    }
    let e: &ErrorLike = err.unchecked_ref();
    e.name().ok().and_then(|n| n.as_string())
}

/// The text of a thrown JS value, for logs and messages.
pub fn error_text(err: &JsValue) -> String {
    if let Some(s) = err.as_string() {
        return s;
    }
    if err.is_object() {
        let e: &ErrorLike = err.unchecked_ref();
        let text = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_string());
        if let Some(m) = text(e.message()).filter(|m| !m.is_empty()) {
            return m;
        }
        if let Some(n) = text(e.name()).filter(|n| !n.is_empty()) {
            return n;
        }
    }
    js_string(err).unwrap_or_else(|_| "an unknown error".to_string())
}
