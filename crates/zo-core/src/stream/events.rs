//! Typed Zo events, decoded from SSE events (the wire shapes are summarized in ARCHITECTURE.md,
//! "Zo's answer on the wire").
//!
//! Dispatch is on the SSE event name, or on the data's `event_kind` when the name is the generic
//! `message`. `FrontendModelRequest` (an echo of the whole prompt, private files included) is
//! recognised and dropped here: its data is never parsed, copied, logged or reported. Invalid
//! JSON is an error value, never a panic; unknown events and fields are counted in
//! [`Diagnostics`] (names only).

use std::borrow::Cow;

use serde::Serialize;

use crate::stream::diagnostics::Diagnostics;
use crate::stream::sorted::{SortedMap, SortedSet};
use crate::wire::action::Quoted;
use crate::wire::json::{parse_within, Node, MAX_JSON_NODES};
use shapes::{decode_object, get, str_field, Members};

mod fast_delta;
mod fast_start;
mod json_scan;
mod shapes;
mod string_run;
use crate::stream::sse::SseEvent;

/// Where a part lives: `index` restarts at 0 for every model response, `zmid` names the response.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct PartRef {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zmid: Option<String>,
    pub index: u64,
}

/// A part as started (or ended): its kind and its content so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "partKind", rename_all = "camelCase")]
pub enum Part {
    Text {
        content: String,
    },
    Thinking {
        content: String,
    },
    ToolCall {
        tool_call_id: String,
        tool_name: String,
        /// Arguments as JSON text (an object argument is serialized).
        args: String,
    },
    ToolReturn {
        tool_call_id: String,
        tool_name: String,
        content: String,
    },
    Other {
        kind: String,
    },
}

/// A part delta.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "deltaKind", rename_all = "camelCase")]
pub enum Delta {
    Text {
        content: String,
    },
    Thinking {
        content: String,
    },
    ToolCall {
        tool_call_id: Option<String>,
        tool_name: String,
        args: String,
    },
    Other {
        kind: String,
    },
}

/// One decoded Zo event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ZoEvent {
    /// `AgentRuntimeStreamChunk`: `{type:"status"|"persisted", status, data:{message|message_id}}`.
    Lifecycle {
        chunk_type: String,
        status: Option<String>,
        message: Option<String>,
    },
    /// `FrontendModelRequest`, dropped: nothing of its content is kept.
    ModelRequest,
    PartStart {
        part_ref: PartRef,
        part: Part,
    },
    PartDelta {
        part_ref: PartRef,
        delta: Delta,
    },
    PartEnd {
        part_ref: PartRef,
        part: Option<Part>,
    },
    /// `FunctionToolCallEvent`.
    ToolCall {
        tool_call_id: String,
        tool_name: String,
        args: String,
    },
    /// `FunctionToolResultEvent` (return under `result` or `part`).
    ToolResult {
        tool_call_id: String,
        tool_name: String,
        content: String,
    },
    /// `FinalResultEvent`: the final answer starts (may carry the output text).
    FinalResult {
        text: Option<String>,
    },
    /// `completed` (terminal); `failed` true when it carries `status:"failed"`.
    Completed {
        failed: bool,
        error: Option<String>,
        output: Option<String>,
        conversation_id: Option<String>,
    },
    /// `failed` (terminal).
    Failed {
        error: String,
        error_type: Option<String>,
    },
    /// Legacy `FrontendModelResponse {content}`.
    LegacyResponse {
        content: String,
    },
    /// Legacy `End` (terminal).
    LegacyEnd,
    /// Legacy `Error {message}` (terminal).
    LegacyError {
        message: String,
    },
    /// Any other event: ignored (counted in diagnostics).
    Unknown {
        name: String,
    },
}

impl ZoEvent {
    /// Whether this event ends the stream.
    pub fn is_terminal(&self) -> bool {
        matches!(
            self,
            ZoEvent::Completed { .. }
                | ZoEvent::Failed { .. }
                | ZoEvent::LegacyEnd
                | ZoEvent::LegacyError { .. }
        )
    }
}

/// Why an event could not be decoded. Carries names and positions only, never data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("event {}: data is not valid JSON ({what} at byte {at})", Quoted(.event))]
    InvalidJson {
        event: String,
        what: &'static str,
        at: usize,
    },
    #[error("event {}: data is not a JSON object", Quoted(.event))]
    NotAnObject { event: String },
    #[error(
        "event {}: required field {} is missing or has the wrong type",
        Quoted(.event),
        Quoted(.field)
    )]
    MissingField { event: String, field: &'static str },
}

const MODEL_REQUEST: &str = "FrontendModelRequest";

/// The fields each known event may carry (others are counted as unknown).
fn known_fields(name: &str) -> &'static [&'static str] {
    match name {
        "AgentRuntimeStreamChunk" => &["type", "status", "data"],
        "PartStartEvent" => &[
            "index",
            "part",
            "previous_part_kind",
            "event_kind",
            "metadata",
        ],
        "PartDeltaEvent" => &["index", "delta", "event_kind", "metadata"],
        "PartEndEvent" => &["index", "part", "next_part_kind", "event_kind", "metadata"],
        "FunctionToolCallEvent" => &[
            "part",
            "call_id",
            "tool_call_id",
            "event_kind",
            "metadata",
            "args_valid",
        ],
        "FunctionToolResultEvent" => &[
            "result",
            "part",
            "tool_call_id",
            "content",
            "event_kind",
            "metadata",
        ],
        "FinalResultEvent" => &[
            "tool_name",
            "tool_call_id",
            "event_kind",
            "output",
            "text",
            "metadata",
        ],
        "completed" => &[
            "status",
            "output",
            "error",
            "error_type",
            "conversation_id",
            "metadata",
        ],
        "failed" => &[
            "status",
            "error",
            "error_type",
            "message",
            "conversation_id",
            "metadata",
        ],
        "FrontendModelResponse" => &["content"],
        "Error" => &["message"],
        _ => &[],
    }
}

/// The canonical event name for a pydantic-ai `event_kind`.
fn name_for_kind(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "part_start" => "PartStartEvent",
        "part_delta" => "PartDeltaEvent",
        "part_end" => "PartEndEvent",
        "function_tool_call" => "FunctionToolCallEvent",
        "function_tool_result" => "FunctionToolResultEvent",
        "final_result" => "FinalResultEvent",
        _ => return None,
    })
}

/// A text or thinking token of a part, borrowed from the SSE data where it needs no unescaping:
/// the commonest event of a long answer, decoded without allocating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenDelta<'a> {
    pub zmid: Cow<'a, str>,
    pub index: u64,
    pub thinking: bool,
    pub content: Cow<'a, str>,
}

impl From<TokenDelta<'_>> for ZoEvent {
    fn from(t: TokenDelta<'_>) -> ZoEvent {
        let content = t.content.into_owned();
        ZoEvent::PartDelta {
            part_ref: PartRef {
                zmid: Some(t.zmid.into_owned()),
                index: t.index,
            },
            delta: if t.thinking {
                Delta::Thinking { content }
            } else {
                Delta::Text { content }
            },
        }
    }
}

/// A decoded event: a borrowed token delta (the fast path) or any event.
#[derive(Debug, Clone, PartialEq)]
pub enum Decoded<'a> {
    Token(TokenDelta<'a>),
    Event(ZoEvent),
}

/// Decodes one SSE event, recording what was seen in `diag`.
pub fn decode(event: &SseEvent, diag: &mut Diagnostics) -> Result<ZoEvent, DecodeError> {
    Ok(match decode_borrowed(&event.event, &event.data, diag)? {
        Decoded::Token(t) => t.into(),
        Decoded::Event(e) => e,
    })
}

/// Decodes the SSE event named `name` with data `data`; a token delta in the live shape
/// borrows from `data` (same result and diagnostics as [`decode`]).
#[inline]
pub fn decode_borrowed<'a>(
    name: &str,
    data: &'a str,
    diag: &mut Diagnostics,
) -> Result<Decoded<'a>, DecodeError> {
    if name == "PartDeltaEvent" {
        // Token deltas in the live shape: same result and diagnostics, without a JSON tree.
        if let Some(token) = fast_delta::decode(data, diag) {
            return Ok(Decoded::Token(token));
        }
    }
    if name == "PartStartEvent" {
        // A text part's start (a one-event answer's whole text): the same, read in one pass.
        if let Some(event) = fast_start::decode(data, diag) {
            return Ok(Decoded::Event(event));
        }
    }
    decode_general(name, data, diag).map(Decoded::Event)
}

/// Decodes an event whose data the caller hands over (a large one): a text part's start is
/// decoded in `data`'s own buffer, so its text is never held twice; any other event as
/// [`decode_borrowed`] (same result and diagnostics), `data` dropped after.
#[inline]
pub fn decode_owned(
    name: &str,
    data: String,
    diag: &mut Diagnostics,
) -> Result<ZoEvent, DecodeError> {
    let data = if name == "PartStartEvent" {
        match fast_start::decode_in_place(data, diag) {
            Ok(event) => return Ok(event),
            Err(data) => data,
        }
    } else {
        data
    };
    Ok(match decode_borrowed(name, &data, diag)? {
        Decoded::Token(t) => t.into(),
        Decoded::Event(e) => e,
    })
}

/// Any event, through a JSON tree of bounded size (every shape, every field name recorded). Not
/// inlined: the fast paths above are the per-chunk path, built for speed; this is built small.
#[inline(never)]
fn decode_general(name: &str, data: &str, diag: &mut Diagnostics) -> Result<ZoEvent, DecodeError> {
    if name == MODEL_REQUEST {
        diag.event(MODEL_REQUEST);
        diag.dropped_model_request();
        return Ok(ZoEvent::ModelRequest);
    }
    if name == "End" {
        diag.event("End");
        return Ok(ZoEvent::LegacyEnd);
    }
    let value = match parse_within(data, MAX_JSON_NODES) {
        Ok(v) => v,
        Err(err) => {
            diag.event(name);
            diag.invalid_json();
            // A terminal event still ends the stream when its data is unreadable.
            if let Some(terminal) = terminal_without_data(name) {
                return Ok(terminal);
            }
            return Err(DecodeError::InvalidJson {
                event: name.to_string(),
                what: err.what,
                at: err.at,
            });
        }
    };
    let Node::Obj(obj) = value else {
        diag.event(name);
        diag.invalid_shape();
        return Err(DecodeError::NotAnObject {
            event: name.to_string(),
        });
    };
    let resolved: &str = if name == "message" || name.is_empty() {
        if get(&obj, "kind").and_then(Node::as_str) == Some("request")
            || get(&obj, "event_kind").and_then(Node::as_str) == Some("frontend_model_request")
        {
            diag.event(MODEL_REQUEST);
            diag.dropped_model_request();
            return Ok(ZoEvent::ModelRequest);
        }
        match str_field(&obj, "event_kind").and_then(|k| name_for_kind(&k)) {
            Some(n) => n,
            None => name,
        }
    } else {
        name
    };
    diag.event(resolved);
    record_fields(resolved, &obj, diag);
    let result = decode_object(resolved, obj);
    if matches!(result, Ok(ZoEvent::Unknown { .. })) {
        diag.unknown_event();
    }
    if result.is_err() {
        diag.invalid_shape();
    }
    result
}

fn terminal_without_data(name: &str) -> Option<ZoEvent> {
    Some(match name {
        "completed" => ZoEvent::Completed {
            failed: false,
            error: None,
            output: None,
            conversation_id: None,
        },
        "failed" => ZoEvent::Failed {
            error: "Zo reported a failure".to_string(),
            error_type: None,
        },
        "Error" => ZoEvent::LegacyError {
            message: "Zo reported an error".to_string(),
        },
        _ => return None,
    })
}

/// Records each distinct key of `obj` in key order (unknown ones counted once; near the
/// diagnostics' cap, the order decides which are kept), and the keys of its structural
/// objects one level down.
fn record_fields(name: &str, obj: &Members, diag: &mut Diagnostics) {
    let known = known_fields(name);
    // A key named twice is recorded once, with the value that counts (the last).
    // Inserted one by one: collecting into a map would sort first, and link a sort.
    let mut keys: SortedMap<&str, &Node> = SortedMap::new();
    for (k, v) in obj {
        keys.insert(k, v);
    }
    for (&key, &value) in keys.iter() {
        diag.field(name, key);
        if !known.is_empty() && !known.contains(&key) {
            diag.unknown_field();
        }
        // One level down for the structural objects (never into args or returns).
        if matches!(key, "part" | "delta" | "metadata" | "data" | "result") {
            if let Node::Obj(inner) = value {
                let mut keys: SortedSet<&str> = SortedSet::new();
                for (k, _) in inner {
                    keys.add(k.as_ref());
                }
                let mut path = String::with_capacity(32);
                for &inner_key in keys.keys() {
                    path.clear();
                    path.push_str(key);
                    path.push('.');
                    path.push_str(inner_key);
                    diag.field(name, &path);
                }
            }
        }
    }
}
