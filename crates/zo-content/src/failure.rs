//! Why an action failed: a typed code from the shared protocol plus a message for people.
//! Every DOM error ends up here; nothing in the content module panics.

use wasm_bindgen::JsValue;
use zo_core::wire::{ActionError, ActionErrorCode};

/// A failed action step.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct Failure {
    pub code: ActionErrorCode,
    pub message: String,
}

impl Failure {
    pub fn new(code: ActionErrorCode, message: impl Into<String>) -> Failure {
        Failure {
            code,
            message: message.into(),
        }
    }

    /// An unexpected DOM exception, with what we were doing.
    pub fn js(context: &str, err: &JsValue) -> Failure {
        Failure::new(
            ActionErrorCode::Internal,
            format!("{context}: {}", js_message(err)),
        )
    }

    pub fn internal(message: impl Into<String>) -> Failure {
        Failure::new(ActionErrorCode::Internal, message)
    }
}

impl From<Failure> for ActionError {
    fn from(f: Failure) -> ActionError {
        ActionError {
            code: f.code,
            message: f.message,
        }
    }
}

/// The message of a thrown JS value (an Error's `message`, else the value itself as a string
/// or as JSON).
pub fn js_message(err: &JsValue) -> String {
    if let Ok(m) = js_sys::Reflect::get(err, &JsValue::from_str("message")) {
        if let Some(s) = m.as_string() {
            return s;
        }
    }
    err.as_string()
        .or_else(|| {
            js_sys::JSON::stringify(err)
                .ok()
                .and_then(|s| s.as_string())
        })
        .unwrap_or_else(|| "an unknown error".to_string())
}
