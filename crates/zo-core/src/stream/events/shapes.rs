//! The JSON shapes of each Zo event: reading the fields of a decoded data object into a
//! [`ZoEvent`]. Missing optional fields take defaults; values are never put in errors.

use serde_json::{Map, Value};

use super::{DecodeError, Delta, Part, PartRef, ZoEvent};

pub(super) fn decode_object(name: &str, obj: &Map<String, Value>) -> Result<ZoEvent, DecodeError> {
    let missing = |field| DecodeError::MissingField {
        event: name.to_string(),
        field,
    };
    Ok(match name {
        "AgentRuntimeStreamChunk" => {
            let data = obj.get("data").and_then(Value::as_object);
            ZoEvent::Lifecycle {
                chunk_type: str_field(obj, "type").unwrap_or_default(),
                status: str_field(obj, "status"),
                message: data.and_then(|d| str_field(d, "message")),
            }
        }
        "PartStartEvent" => ZoEvent::PartStart {
            part_ref: part_ref(obj).ok_or_else(|| missing("index"))?,
            part: obj
                .get("part")
                .and_then(Value::as_object)
                .map(decode_part)
                .ok_or_else(|| missing("part"))?,
        },
        "PartDeltaEvent" => ZoEvent::PartDelta {
            part_ref: part_ref(obj).ok_or_else(|| missing("index"))?,
            delta: obj
                .get("delta")
                .and_then(Value::as_object)
                .map(decode_delta)
                .ok_or_else(|| missing("delta"))?,
        },
        "PartEndEvent" => ZoEvent::PartEnd {
            part_ref: part_ref(obj).ok_or_else(|| missing("index"))?,
            part: obj.get("part").and_then(Value::as_object).map(decode_part),
        },
        "FunctionToolCallEvent" => {
            let part = obj.get("part").and_then(Value::as_object).unwrap_or(obj);
            ZoEvent::ToolCall {
                tool_call_id: str_field(part, "tool_call_id")
                    .or_else(|| str_field(obj, "call_id"))
                    .or_else(|| str_field(obj, "tool_call_id"))
                    .unwrap_or_default(),
                tool_name: str_field(part, "tool_name").unwrap_or_default(),
                args: json_text(part.get("args")),
            }
        }
        "FunctionToolResultEvent" => {
            let ret = ["result", "part"]
                .iter()
                .find_map(|k| obj.get(*k).and_then(Value::as_object))
                .unwrap_or(obj);
            ZoEvent::ToolResult {
                tool_call_id: str_field(ret, "tool_call_id")
                    .or_else(|| str_field(obj, "tool_call_id"))
                    .unwrap_or_default(),
                tool_name: str_field(ret, "tool_name").unwrap_or_default(),
                content: json_text(ret.get("content")),
            }
        }
        "FinalResultEvent" => ZoEvent::FinalResult {
            text: str_field(obj, "output").or_else(|| str_field(obj, "text")),
        },
        "completed" => {
            let failed = str_field(obj, "status").as_deref() == Some("failed");
            ZoEvent::Completed {
                failed,
                error: error_text(obj),
                output: str_field(obj, "output"),
                conversation_id: str_field(obj, "conversation_id"),
            }
        }
        "failed" => ZoEvent::Failed {
            error: error_text(obj).unwrap_or_else(|| "Zo reported a failure".to_string()),
            error_type: str_field(obj, "error_type"),
        },
        "FrontendModelResponse" => ZoEvent::LegacyResponse {
            content: str_field(obj, "content").ok_or_else(|| missing("content"))?,
        },
        "Error" => ZoEvent::LegacyError {
            message: error_text(obj).unwrap_or_else(|| "Zo reported an error".to_string()),
        },
        other => ZoEvent::Unknown {
            name: other.to_string(),
        },
    })
}

pub(super) fn str_field(obj: &Map<String, Value>, key: &str) -> Option<String> {
    obj.get(key).and_then(Value::as_str).map(str::to_string)
}

/// A string as is; any other non-null JSON value as JSON text; null/absent as "".
fn json_text(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

/// `error` (string, or an object with `message`), else `message`.
fn error_text(obj: &Map<String, Value>) -> Option<String> {
    match obj.get("error") {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        Some(Value::Object(e)) => {
            str_field(e, "message").or_else(|| Some(Value::Object(e.clone()).to_string()))
        }
        _ => str_field(obj, "message"),
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

fn decode_part(part: &Map<String, Value>) -> Part {
    let kind = str_field(part, "part_kind").unwrap_or_default();
    let content = || json_text(part.get("content"));
    match kind.as_str() {
        "text" => Part::Text { content: content() },
        "thinking" => Part::Thinking { content: content() },
        "tool-call" | "builtin-tool-call" => Part::ToolCall {
            tool_call_id: str_field(part, "tool_call_id").unwrap_or_default(),
            tool_name: str_field(part, "tool_name").unwrap_or_default(),
            args: json_text(part.get("args")),
        },
        "tool-return" | "builtin-tool-return" => Part::ToolReturn {
            tool_call_id: str_field(part, "tool_call_id").unwrap_or_default(),
            tool_name: str_field(part, "tool_name").unwrap_or_default(),
            content: content(),
        },
        _ => Part::Other { kind },
    }
}

fn decode_delta(delta: &Map<String, Value>) -> Delta {
    let kind = str_field(delta, "part_delta_kind").unwrap_or_default();
    let content = || str_field(delta, "content_delta").unwrap_or_default();
    match kind.as_str() {
        "text" => Delta::Text { content: content() },
        "thinking" => Delta::Thinking { content: content() },
        "tool_call" => Delta::ToolCall {
            tool_call_id: str_field(delta, "tool_call_id"),
            tool_name: str_field(delta, "tool_name_delta").unwrap_or_default(),
            args: json_text(delta.get("args_delta")),
        },
        "" if delta.contains_key("content_delta") => Delta::Text { content: content() },
        _ => Delta::Other { kind },
    }
}
