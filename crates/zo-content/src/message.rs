//! Reading a `WorkerToContent` message from its JSON text without serde: the page's
//! `JSON.parse` reads the text, then each field is checked as serde would for
//! `zo_core::wire::WorkerToContent` (type tag, camelCase fields, `null` for an absent
//! option, other fields ignored). Actions are read in canonical form by [`crate::action_reader`].

use wasm_bindgen::JsValue;
use zo_core::answer::{EntryError, FieldValue};
use zo_core::wire::{Quoted, WorkerToContent};

use crate::action_reader;
use crate::failure::js_message;
use crate::js_json;

/// Why a message could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MessageError {
    #[error("not JSON ({0})")]
    NotJson(String),
    #[error("the message is not a JSON object")]
    NotObject,
    #[error("missing \"type\"")]
    MissingType,
    #[error("\"type\" must be a string")]
    TypeNotString,
    #[error("unknown message type {}", Quoted(.0))]
    UnknownType(String),
    #[error("missing field \"{0}\"")]
    MissingField(&'static str),
    #[error("field \"{field}\" must be {expected}")]
    WrongType {
        field: &'static str,
        expected: &'static str,
    },
    #[error("action {index}: {error}")]
    Action { index: usize, error: EntryError },
}

/// Reads one message.
pub fn read(json: &str) -> Result<WorkerToContent, MessageError> {
    let msg = js_sys::JSON::parse(json).map_err(|e| MessageError::NotJson(js_message(&e)))?;
    if !js_json::is_object(&msg) {
        return Err(MessageError::NotObject);
    }
    let ty = match js_json::field(&msg, "type") {
        FieldValue::Absent => return Err(MessageError::MissingType),
        FieldValue::Str(t) => t.into_owned(),
        _ => return Err(MessageError::TypeNotString),
    };
    Ok(match ty.as_str() {
        "PING" => WorkerToContent::Ping,
        "EXECUTE_ACTION" => WorkerToContent::ExecuteAction {
            batch_id: string(&msg, "batchId")?,
            actions: actions(&js_json::raw(&msg, "actions"))?,
            timeout_ms: optional_u32(&msg, "timeoutMs")?,
        },
        "CANCEL_BATCH" => WorkerToContent::CancelBatch {
            batch_id: string(&msg, "batchId")?,
        },
        "SNAPSHOT" => WorkerToContent::Snapshot {
            request_id: string(&msg, "requestId")?,
            text_budget: optional_u32(&msg, "textBudget")?,
        },
        "ACTION_VERDICT" => WorkerToContent::ActionVerdict {
            batch_id: string(&msg, "batchId")?,
            index: optional_u32(&msg, "index")?.ok_or(MessageError::MissingField("index"))?,
            allow: js_json::raw(&msg, "allow")
                .as_bool()
                .ok_or(MessageError::WrongType {
                    field: "allow",
                    expected: "true or false",
                })?,
            reason: match js_json::field(&msg, "reason") {
                FieldValue::Absent | FieldValue::Null => None,
                FieldValue::Str(s) => Some(s.into_owned()),
                _ => {
                    return Err(MessageError::WrongType {
                        field: "reason",
                        expected: "a string",
                    })
                }
            },
        },
        _ => return Err(MessageError::UnknownType(ty)),
    })
}

fn string(msg: &JsValue, field: &'static str) -> Result<String, MessageError> {
    match js_json::field(msg, field) {
        FieldValue::Str(s) => Ok(s.into_owned()),
        FieldValue::Absent => Err(MessageError::MissingField(field)),
        _ => Err(MessageError::WrongType {
            field,
            expected: "a string",
        }),
    }
}

/// A whole number from 0 to 2^32-1; absent or `null` is `None`.
fn optional_u32(msg: &JsValue, field: &'static str) -> Result<Option<u32>, MessageError> {
    let wrong = MessageError::WrongType {
        field,
        expected: "a whole number from 0 to 4294967295",
    };
    match js_json::field(msg, field) {
        FieldValue::Absent | FieldValue::Null => Ok(None),
        FieldValue::Num { value, .. } => js_json::as_u32(value).map(Some).ok_or(wrong),
        _ => Err(wrong),
    }
}

fn actions(v: &JsValue) -> Result<Vec<zo_core::wire::Action>, MessageError> {
    if v.is_undefined() {
        return Err(MessageError::MissingField("actions"));
    }
    let entries = js_json::array(v).ok_or(MessageError::WrongType {
        field: "actions",
        expected: "an array of actions",
    })?;
    entries
        .iter()
        .enumerate()
        .map(|(index, e)| {
            action_reader::action(e).map_err(|error| MessageError::Action { index, error })
        })
        .collect()
}
