//! SSE frames: turns an [`Answer`] into the event sequence Zo sends live (lifecycle chunks,
//! the FrontendModelRequest echo, pydantic-ai part events, tool events, FinalResultEvent,
//! `completed`) or the legacy one. No IO here (benchmarks reuse it); the faults' stream
//! transforms are in [`super::fault_frames`].

use super::scenario::{tokenize, Answer, Part, ResultField, Style, ToolCall};
use serde_json::{json, Value};

/// One piece of an SSE body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// `id:` (when given), `event:` and one `data:` line, then a blank line.
    Event {
        name: String,
        data: String,
        id: Option<u64>,
        /// Carries a model token: the writer paces these.
        token: bool,
    },
    /// Bytes written verbatim (malformed lines).
    Raw(String),
}

impl Frame {
    pub fn event(name: &str, data: Value, token: bool) -> Frame {
        Frame::Event {
            name: name.to_owned(),
            data: data.to_string(),
            id: None,
            token,
        }
    }

    pub fn is_token(&self) -> bool {
        matches!(self, Frame::Event { token: true, .. })
    }

    /// The event name (`None` for raw bytes).
    pub fn name(&self) -> Option<&str> {
        match self {
            Frame::Event { name, .. } => Some(name),
            Frame::Raw(_) => None,
        }
    }

    /// The frame as it goes on the wire.
    pub fn to_sse(&self) -> String {
        match self {
            Frame::Event { name, data, id, .. } => {
                let id = id.map(|id| format!("id: {id}\n")).unwrap_or_default();
                format!("{id}event: {name}\ndata: {data}\n\n")
            }
            Frame::Raw(raw) => raw.clone(),
        }
    }
}

/// What the frames echo and identify.
#[derive(Debug, Clone, Copy)]
pub struct StreamContext<'a> {
    pub conversation_id: &'a str,
    /// The request's whole input (echoed in FrontendModelRequest, as live).
    pub input: &'a str,
    pub model_name: &'a str,
}

/// The complete stream of `answer`, ending with `completed` (live) or `End` (legacy).
pub fn frames(answer: &Answer, ctx: &StreamContext<'_>) -> Vec<Frame> {
    let mut out = match answer.style {
        Style::Live => live_frames(answer, ctx),
        Style::Legacy => legacy_frames(answer),
    };
    if answer.style == Style::Live {
        for (n, frame) in out.iter_mut().enumerate() {
            if let Frame::Event { id, .. } = frame {
                *id = Some(n as u64 + 1);
            }
        }
    }
    out
}

fn live_frames(answer: &Answer, ctx: &StreamContext<'_>) -> Vec<Frame> {
    let seed = fnv(ctx.conversation_id);
    let runner_id = format!("runner_{:012x}", seed & 0xffff_ffff_ffff);
    let mut out = vec![Frame::event(
        "AgentRuntimeStreamChunk",
        json!({"type": "status", "status": "running", "data": {"message": "Zo is thinking"}}),
        false,
    )];
    let last = answer.responses.len().saturating_sub(1);
    for (r, response) in answer.responses.iter().enumerate() {
        let zmid = format!("zmid_{:016x}", fnv(&format!("{}/{r}", ctx.conversation_id)));
        let meta = json!({"zmid": zmid, "runner_id": runner_id});
        out.push(Frame::event(
            "FrontendModelRequest",
            json!({
                "model_name": ctx.model_name,
                "messages": [{"kind": "request", "parts": [
                    {"part_kind": "user-prompt", "content": ctx.input}
                ]}],
                "event_kind": "frontend_model_request",
            }),
            false,
        ));
        let mut final_result_sent = false;
        for (index, part) in response.parts.iter().enumerate() {
            let prev = index.checked_sub(1).map(|i| part_kind(&response.parts[i]));
            let next = response.parts.get(index + 1).map(part_kind);
            part_frames(&mut out, part, index, prev, next, &meta, answer.token_bytes);
            if r == last && !final_result_sent && matches!(part, Part::Text(_)) {
                // As pydantic-ai does: the final result is known once its text part starts,
                // long before the stream ends. Not a terminal event.
                let start = out
                    .iter()
                    .rposition(|f| f.name() == Some("PartStartEvent"))
                    .map_or(out.len(), |i| i + 1);
                out.insert(
                    start,
                    Frame::event(
                        "FinalResultEvent",
                        json!({"tool_name": null, "tool_call_id": null, "event_kind": "final_result"}),
                        false,
                    ),
                );
                final_result_sent = true;
            }
        }
        for part in &response.parts {
            if let Part::ToolCall(call) = part {
                out.push(Frame::event(
                    "AgentRuntimeStreamChunk",
                    json!({"type": "status", "status": "running",
                           "data": {"message": format!("Using {}", call.name)}}),
                    false,
                ));
                tool_event_frames(&mut out, call);
            }
        }
    }
    out.push(Frame::event(
        "AgentRuntimeStreamChunk",
        json!({"type": "persisted", "status": "persisted",
               "data": {"message_id": format!("msg_{:016x}", seed.rotate_left(17))}}),
        false,
    ));
    out.push(Frame::event(
        "completed",
        json!({"status": "completed", "conversation_id": ctx.conversation_id}),
        false,
    ));
    out
}

fn part_kind(part: &Part) -> &'static str {
    match part {
        Part::Thinking(_) => "thinking",
        Part::Text(_) => "text",
        Part::ToolCall(_) => "tool-call",
    }
}

fn full_part(part: &Part) -> Value {
    match part {
        Part::Thinking(t) => {
            json!({"part_kind": "thinking", "content": t, "id": null, "signature": null})
        }
        Part::Text(t) => json!({"part_kind": "text", "content": t, "id": null}),
        Part::ToolCall(c) => json!({
            "part_kind": "tool-call", "tool_name": c.name, "args": tool_args(c),
            "tool_call_id": c.call_id, "id": null,
        }),
    }
}

fn tool_args(call: &ToolCall) -> Value {
    if call.args_as_string {
        Value::String(call.args.to_string())
    } else {
        call.args.clone()
    }
}

fn part_frames(
    out: &mut Vec<Frame>,
    part: &Part,
    index: usize,
    prev: Option<&str>,
    next: Option<&str>,
    meta: &Value,
    token_bytes: usize,
) {
    let (start_part, deltas): (Value, Vec<Value>) = match part {
        Part::Thinking(text) | Part::Text(text) => {
            let kind = part_kind(part);
            let tokens = tokenize(text, token_bytes);
            let (first, rest) = tokens.split_first().map_or(("", &[][..]), |(f, r)| (f, r));
            let mut start = full_part(part);
            start["content"] = json!(first);
            let deltas = rest
                .iter()
                .map(|t| json!({"part_delta_kind": kind, "content_delta": t}))
                .collect();
            (start, deltas)
        }
        Part::ToolCall(call) if call.args_as_string => {
            let args = call.args.to_string();
            let tokens = tokenize(&args, token_bytes);
            let (first, rest) = tokens.split_first().map_or(("", &[][..]), |(f, r)| (f, r));
            let mut start = full_part(part);
            start["args"] = json!(first);
            let deltas = rest
                .iter()
                .map(|t| {
                    json!({"part_delta_kind": "tool_call", "tool_name_delta": null,
                           "args_delta": t, "tool_call_id": call.call_id})
                })
                .collect();
            (start, deltas)
        }
        Part::ToolCall(_) => (full_part(part), Vec::new()),
    };
    out.push(Frame::event(
        "PartStartEvent",
        json!({"index": index, "part": start_part, "previous_part_kind": prev,
               "event_kind": "part_start", "metadata": meta}),
        true,
    ));
    for delta in deltas {
        out.push(Frame::event(
            "PartDeltaEvent",
            json!({"index": index, "delta": delta, "event_kind": "part_delta", "metadata": meta}),
            true,
        ));
    }
    out.push(Frame::event(
        "PartEndEvent",
        json!({"index": index, "part": full_part(part), "next_part_kind": next,
               "event_kind": "part_end", "metadata": meta}),
        false,
    ));
}

fn tool_event_frames(out: &mut Vec<Frame>, call: &ToolCall) {
    out.push(Frame::event(
        "FunctionToolCallEvent",
        json!({"part": full_part(&Part::ToolCall(call.clone())), "call_id": call.call_id,
               "event_kind": "function_tool_call"}),
        false,
    ));
    let ret = json!({"part_kind": "tool-return", "tool_name": call.name, "content": call.result,
                     "tool_call_id": call.call_id, "metadata": null,
                     "timestamp": "2026-11-30T00:00:00Z"});
    let field = match call.result_field {
        ResultField::Part => "part",
        ResultField::Result => "result",
    };
    out.push(Frame::event(
        "FunctionToolResultEvent",
        json!({field: ret, "tool_call_id": call.call_id, "event_kind": "function_tool_result"}),
        false,
    ));
}

fn legacy_frames(answer: &Answer) -> Vec<Frame> {
    let text = answer.text();
    let mut out: Vec<Frame> = tokenize(&text, answer.token_bytes)
        .into_iter()
        .map(|t| Frame::event("FrontendModelResponse", json!({"content": t}), true))
        .collect();
    out.push(Frame::event("End", json!({}), false));
    out
}

/// FNV-1a: stable ids from the conversation id.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::super::scenario::{answer, Scenario};
    use super::*;

    fn ctx() -> StreamContext<'static> {
        StreamContext {
            conversation_id: "conv_1",
            input: "hi",
            model_name: "zo-dev",
        }
    }

    fn names(frames: &[Frame]) -> Vec<&str> {
        frames.iter().filter_map(Frame::name).collect()
    }

    #[test]
    fn live_stream_shape() {
        let f = frames(&answer(Scenario::Thinking, "hi", None), &ctx());
        let n = names(&f);
        assert_eq!(n[0], "AgentRuntimeStreamChunk");
        assert_eq!(n[1], "FrontendModelRequest");
        assert_eq!(n[2], "PartStartEvent");
        assert_eq!(*n.last().unwrap(), "completed");
        assert!(n.contains(&"FinalResultEvent") && n.contains(&"PartEndEvent"));
        assert!(f
            .iter()
            .all(|f| matches!(f, Frame::Event { id: Some(_), .. })));
        assert!(f[2].to_sse().contains(r#""part_kind":"thinking""#));
    }
}
