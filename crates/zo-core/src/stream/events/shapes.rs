//! The JSON shapes of each Zo event: reading the fields of a decoded data object into a
//! [`ZoEvent`]. Missing optional fields take defaults; values are never put in errors. Strings
//! are moved out of the object, never copied (an event's text may be large).

use serde_json::{Map, Value};

use super::{DecodeError, Delta, Part, PartRef, ZoEvent};
use crate::stream::limits::MAX_TOOL_ARGS_BYTES;

pub(super) fn decode_object(
    name: &str,
    mut obj: Map<String, Value>,
) -> Result<ZoEvent, DecodeError> {
    let missing = |field| DecodeError::MissingField {
        event: name.to_string(),
        field,
    };
    Ok(match name {
        "AgentRuntimeStreamChunk" => {
            let message = match obj.get_mut("data") {
                Some(Value::Object(data)) => take_str(data, "message"),
                _ => None,
            };
            ZoEvent::Lifecycle {
                chunk_type: take_str(&mut obj, "type").unwrap_or_default(),
                status: take_str(&mut obj, "status"),
                message,
            }
        }
        "PartStartEvent" => ZoEvent::PartStart {
            part_ref: part_ref(&obj).ok_or_else(|| missing("index"))?,
            part: take_object(&mut obj, "part")
                .map(decode_part)
                .ok_or_else(|| missing("part"))?,
        },
        "PartDeltaEvent" => ZoEvent::PartDelta {
            part_ref: part_ref(&obj).ok_or_else(|| missing("index"))?,
            delta: take_object(&mut obj, "delta")
                .map(decode_delta)
                .ok_or_else(|| missing("delta"))?,
        },
        "PartEndEvent" => ZoEvent::PartEnd {
            part_ref: part_ref(&obj).ok_or_else(|| missing("index"))?,
            part: take_object(&mut obj, "part").map(decode_part),
        },
        "FunctionToolCallEvent" => {
            // The call is under `part`, or the event itself; its id may also be outside it.
            let mut part = take_object(&mut obj, "part");
            let call = part.as_mut().unwrap_or(&mut obj);
            let inner_id = take_str(call, "tool_call_id");
            let tool_name = take_str(call, "tool_name").unwrap_or_default();
            let args = shown_json_text(call.remove("args"));
            ZoEvent::ToolCall {
                tool_call_id: inner_id
                    .or_else(|| take_str(&mut obj, "call_id"))
                    .or_else(|| take_str(&mut obj, "tool_call_id"))
                    .unwrap_or_default(),
                tool_name,
                args,
            }
        }
        "FunctionToolResultEvent" => {
            let outer_id = str_field(&obj, "tool_call_id");
            let mut ret = match ["result", "part"]
                .into_iter()
                .find(|k| matches!(obj.get(*k), Some(Value::Object(_))))
            {
                Some(key) => take_object(&mut obj, key).unwrap_or_default(),
                None => obj,
            };
            ZoEvent::ToolResult {
                tool_call_id: take_str(&mut ret, "tool_call_id")
                    .or(outer_id)
                    .unwrap_or_default(),
                tool_name: take_str(&mut ret, "tool_name").unwrap_or_default(),
                content: shown_json_text(ret.remove("content")),
            }
        }
        "FinalResultEvent" => ZoEvent::FinalResult {
            text: take_str(&mut obj, "output").or_else(|| take_str(&mut obj, "text")),
        },
        "completed" => {
            let failed = str_field(&obj, "status").as_deref() == Some("failed");
            ZoEvent::Completed {
                failed,
                error: error_text(&mut obj),
                output: take_str(&mut obj, "output"),
                conversation_id: take_str(&mut obj, "conversation_id"),
            }
        }
        "failed" => ZoEvent::Failed {
            error: error_text(&mut obj).unwrap_or_else(|| "Zo reported a failure".to_string()),
            error_type: take_str(&mut obj, "error_type"),
        },
        "FrontendModelResponse" => ZoEvent::LegacyResponse {
            content: take_str(&mut obj, "content").ok_or_else(|| missing("content"))?,
        },
        "Error" => ZoEvent::LegacyError {
            message: error_text(&mut obj).unwrap_or_else(|| "Zo reported an error".to_string()),
        },
        other => ZoEvent::Unknown {
            name: other.to_string(),
        },
    })
}

pub(super) fn str_field(obj: &Map<String, Value>, key: &str) -> Option<String> {
    obj.get(key).and_then(Value::as_str).map(str::to_string)
}

/// The string under `key`, moved out of `obj` (other values stay).
fn take_str(obj: &mut Map<String, Value>, key: &str) -> Option<String> {
    match obj.get_mut(key) {
        Some(Value::String(s)) => Some(std::mem::take(s)),
        _ => None,
    }
}

/// The object under `key`, moved out of `obj` (other values stay).
fn take_object(obj: &mut Map<String, Value>, key: &str) -> Option<Map<String, Value>> {
    match obj.get_mut(key) {
        Some(Value::Object(o)) => Some(std::mem::take(o)),
        _ => None,
    }
}

/// A string as is; any other non-null JSON value as JSON text; null/absent as "".
fn json_text(value: Option<Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s,
        Some(other) => value_text(&other),
    }
}

/// `value` as compact JSON text, as `to_string` writes it, through the serializer the worker
/// links anyway (`Display` would add one more to the module).
fn value_text(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// Like [`json_text`] for text that is only shown cut (tool arguments and results, at most
/// [`MAX_TOOL_ARGS_BYTES`]): a JSON value is written only that far, and one byte more so the
/// cut shows, never whole (it may be megabytes).
fn shown_json_text(value: Option<Value>) -> String {
    match value {
        Some(other @ (Value::Array(_) | Value::Object(_))) => {
            let mut prefix = Prefix {
                bytes: Vec::new(),
                max: MAX_TOOL_ARGS_BYTES + 1,
            };
            // Full is an error that stops the writing: what was written is the prefix.
            let _ = serde_json::to_writer(&mut prefix, &other);
            match String::from_utf8(prefix.bytes) {
                Ok(text) => text,
                Err(e) => {
                    let valid = e.utf8_error().valid_up_to();
                    let mut bytes = e.into_bytes();
                    bytes.truncate(valid);
                    String::from_utf8(bytes).unwrap_or_default()
                }
            }
        }
        other => json_text(other),
    }
}

/// The first `max` bytes written; writing past them fails.
struct Prefix {
    bytes: Vec<u8>,
    max: usize,
}

impl std::io::Write for Prefix {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = self.max.saturating_sub(self.bytes.len());
        if room == 0 {
            return Err(std::io::Error::other("the shown prefix is full"));
        }
        let n = buf.len().min(room);
        self.bytes.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `error` (string, or an object with `message`), else `message`.
fn error_text(obj: &mut Map<String, Value>) -> Option<String> {
    match obj.get_mut("error") {
        Some(Value::String(s)) if !s.is_empty() => Some(std::mem::take(s)),
        Some(Value::Object(e)) => {
            str_field(e, "message").or_else(|| Some(value_text(&Value::Object(e.clone()))))
        }
        _ => take_str(obj, "message"),
    }
}

fn part_ref(obj: &Map<String, Value>) -> Option<PartRef> {
    let index = obj.get("index").and_then(Value::as_u64)?;
    let zmid = obj
        .get("metadata")
        .and_then(Value::as_object)
        .and_then(|m| str_field(m, "zmid"));
    Some(PartRef { zmid, index })
}

fn decode_part(mut part: Map<String, Value>) -> Part {
    let kind = take_str(&mut part, "part_kind").unwrap_or_default();
    let mut content = || json_text(part.remove("content"));
    match kind.as_str() {
        "text" => Part::Text { content: content() },
        "thinking" => Part::Thinking { content: content() },
        "tool-call" | "builtin-tool-call" => Part::ToolCall {
            tool_call_id: take_str(&mut part, "tool_call_id").unwrap_or_default(),
            tool_name: take_str(&mut part, "tool_name").unwrap_or_default(),
            args: shown_json_text(part.remove("args")),
        },
        "tool-return" | "builtin-tool-return" => Part::ToolReturn {
            content: shown_json_text(part.remove("content")),
            tool_call_id: take_str(&mut part, "tool_call_id").unwrap_or_default(),
            tool_name: take_str(&mut part, "tool_name").unwrap_or_default(),
        },
        _ => Part::Other { kind },
    }
}

fn decode_delta(mut delta: Map<String, Value>) -> Delta {
    let kind = take_str(&mut delta, "part_delta_kind").unwrap_or_default();
    let has_content = delta.contains_key("content_delta");
    let mut content = || take_str(&mut delta, "content_delta").unwrap_or_default();
    match kind.as_str() {
        "text" => Delta::Text { content: content() },
        "thinking" => Delta::Thinking { content: content() },
        "tool_call" => Delta::ToolCall {
            tool_call_id: take_str(&mut delta, "tool_call_id"),
            tool_name: take_str(&mut delta, "tool_name_delta").unwrap_or_default(),
            args: shown_json_text(delta.remove("args_delta")),
        },
        "" if has_content => Delta::Text { content: content() },
        _ => Delta::Other { kind },
    }
}
