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
            format!("{context}: {}", zo_chrome::error_text(err)),
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
