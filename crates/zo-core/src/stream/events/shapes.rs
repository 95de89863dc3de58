//! The JSON shapes of each Zo event: reading the fields of a decoded data object into a
//! [`ZoEvent`]. Missing optional fields take defaults; values are never put in errors. Strings
//! are moved out of the object, never copied (an event's text may be large).

use std::borrow::Cow;

use super::{DecodeError, Delta, Part, PartRef, ZoEvent};
use crate::stream::limits::MAX_TOOL_ARGS_BYTES;
use crate::wire::json::{Json, Node};

/// An object's members, in the order written (a key named twice: the last one counts).
pub(super) type Members<'a> = Vec<(Cow<'a, str>, Node<'a>)>;

pub(super) fn decode_object(name: &str, mut obj: Members<'_>) -> Result<ZoEvent, DecodeError> {
    let missing = |field| DecodeError::MissingField {
        event: name.to_string(),
        field,
    };
    Ok(match name {
        "AgentRuntimeStreamChunk" => {
            let message = match get_mut(&mut obj, "data") {
                Some(Node::Obj(data)) => take_str(data, "message"),
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
            let args = shown_json_text(remove(call, "args"));
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
                .find(|k| matches!(get(&obj, k), Some(Node::Obj(_))))
            {
                Some(key) => take_object(&mut obj, key).unwrap_or_default(),
                None => obj,
            };
            ZoEvent::ToolResult {
                tool_call_id: take_str(&mut ret, "tool_call_id")
                    .or(outer_id)
                    .unwrap_or_default(),
                tool_name: take_str(&mut ret, "tool_name").unwrap_or_default(),
                content: shown_json_text(remove(&mut ret, "content")),
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

/// The member `key` (the last one when named twice, as a JSON object map keeps it).
pub(super) fn get<'n, 'a>(obj: &'n Members<'a>, key: &str) -> Option<&'n Node<'a>> {
    obj.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn get_mut<'n, 'a>(obj: &'n mut Members<'a>, key: &str) -> Option<&'n mut Node<'a>> {
    obj.iter_mut().rev().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// The member `key`, moved out of `obj`.
fn remove<'a>(obj: &mut Members<'a>, key: &str) -> Option<Node<'a>> {
    let at = obj.iter().rposition(|(k, _)| k == key)?;
    Some(obj.remove(at).1)
}

pub(super) fn str_field(obj: &Members, key: &str) -> Option<String> {
    get(obj, key).and_then(Node::as_str).map(str::to_string)
}

/// The string under `key`, moved out of `obj` (other values stay).
fn take_str(obj: &mut Members, key: &str) -> Option<String> {
    match get_mut(obj, key) {
        Some(Node::Str(s)) => Some(std::mem::take(s).into_owned()),
        _ => None,
    }
}

/// The object under `key`, moved out of `obj` (other values stay).
fn take_object<'a>(obj: &mut Members<'a>, key: &str) -> Option<Members<'a>> {
    match get_mut(obj, key) {
        Some(Node::Obj(o)) => Some(std::mem::take(o)),
        _ => None,
    }
}

/// A string as is; any other non-null JSON value as JSON text; null/absent as "".
fn json_text(value: Option<Node>) -> String {
    match value {
        None | Some(Node::Null) => String::new(),
        Some(Node::Str(s)) => s.into_owned(),
        Some(other) => Json::node(&other).into_string(),
    }
}

/// Like [`json_text`] for text that is only shown cut (tool arguments and results, at most
/// [`MAX_TOOL_ARGS_BYTES`]): a JSON value is written only that far, and one byte more so the
/// cut shows, never whole (it may be megabytes).
fn shown_json_text(value: Option<Node>) -> String {
    match value {
        Some(other @ (Node::Arr(_) | Node::Obj(_))) => {
            Json::node_prefix(&other, MAX_TOOL_ARGS_BYTES + 1)
        }
        other => json_text(other),
    }
}

/// `error` (string, or an object with `message`), else `message`.
fn error_text(obj: &mut Members) -> Option<String> {
    match get_mut(obj, "error") {
        Some(Node::Str(s)) if !s.is_empty() => Some(std::mem::take(s).into_owned()),
        Some(e @ Node::Obj(_)) => {
            let text = e.get("message").and_then(Node::as_str).map(str::to_string);
            text.or_else(|| Some(Json::node(e).into_string()))
        }
        _ => take_str(obj, "message"),
    }
}

fn part_ref(obj: &Members) -> Option<PartRef> {
    let index = match get(obj, "index") {
        Some(Node::Num(n)) => uint(n)?,
        _ => return None,
    };
    let zmid = match get(obj, "metadata") {
        Some(Node::Obj(m)) => str_field(m, "zmid"),
        _ => None,
    };
    Some(PartRef { zmid, index })
}

/// A number that is a non-negative integer a `u64` holds, as `serde_json`'s `as_u64` reads
/// it (no fraction, no exponent).
fn uint(n: &str) -> Option<u64> {
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse().ok()
}

fn decode_part(mut part: Members) -> Part {
    let kind = take_str(&mut part, "part_kind").unwrap_or_default();
    let mut content = || json_text(remove(&mut part, "content"));
    match kind.as_str() {
        "text" => Part::Text { content: content() },
        "thinking" => Part::Thinking { content: content() },
        "tool-call" | "builtin-tool-call" => Part::ToolCall {
            tool_call_id: take_str(&mut part, "tool_call_id").unwrap_or_default(),
            tool_name: take_str(&mut part, "tool_name").unwrap_or_default(),
            args: shown_json_text(remove(&mut part, "args")),
        },
        "tool-return" | "builtin-tool-return" => Part::ToolReturn {
            content: shown_json_text(remove(&mut part, "content")),
            tool_call_id: take_str(&mut part, "tool_call_id").unwrap_or_default(),
            tool_name: take_str(&mut part, "tool_name").unwrap_or_default(),
        },
        _ => Part::Other { kind },
    }
}

fn decode_delta(mut delta: Members) -> Delta {
    let kind = take_str(&mut delta, "part_delta_kind").unwrap_or_default();
    let has_content = get(&delta, "content_delta").is_some();
    let mut content = || take_str(&mut delta, "content_delta").unwrap_or_default();
    match kind.as_str() {
        "text" => Delta::Text { content: content() },
        "thinking" => Delta::Thinking { content: content() },
        "tool_call" => Delta::ToolCall {
            tool_call_id: take_str(&mut delta, "tool_call_id"),
            tool_name: take_str(&mut delta, "tool_name_delta").unwrap_or_default(),
            args: shown_json_text(remove(&mut delta, "args_delta")),
        },
        "" if has_content => Delta::Text { content: content() },
        _ => Delta::Other { kind },
    }
}
