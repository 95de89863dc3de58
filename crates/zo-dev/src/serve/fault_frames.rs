//! The stream transforms the faults use, on frames (pure, no IO): truncation after N tokens,
//! `failed` / `Error` / failed-`completed` endings, malformed SSE lines a spec-following
//! parser ignores, and events whose data is not JSON.

use super::frames::Frame;
use super::scenario::Style;
use serde_json::json;

/// The first frames of a stream, up to and including its `tokens`-th token frame (all of it
/// minus the terminal event when it has fewer tokens).
pub fn truncate_after_tokens(frames: &[Frame], tokens: usize) -> Vec<Frame> {
    let mut seen = 0;
    let mut out = Vec::new();
    for frame in frames {
        if matches!(frame.name(), Some("completed" | "End")) {
            break;
        }
        if frame.is_token() {
            if seen == tokens {
                break;
            }
            seen += 1;
        }
        out.push(frame.clone());
    }
    out
}

/// The error ending of a failed answer: `failed` (live) or `Error` (legacy).
pub fn failed_frame(style: Style, conversation_id: &str) -> Frame {
    match style {
        Style::Live => Frame::event(
            "failed",
            json!({"status": "failed",
                   "error": "The model provider returned an error (simulated by zo-dev serve)",
                   "error_type": "ModelProviderError", "conversation_id": conversation_id}),
            false,
        ),
        Style::Legacy => Frame::event(
            "Error",
            json!({"message": "The model provider returned an error (simulated by zo-dev serve)"}),
            false,
        ),
    }
}

/// A text delta whose data line is longer than a client keeps (`zo_core::stream`'s line
/// limit): a bounded client stops there.
pub fn oversized_frame() -> Frame {
    Frame::event(
        "PartDeltaEvent",
        json!({"index": 0, "event_kind": "part_delta",
               "delta": {"part_delta_kind": "text",
                         "content_delta": "x".repeat(zo_core::stream::MAX_LINE_BYTES)}}),
        true,
    )
}

/// A `completed` event that carries `status:"failed"`.
pub fn completed_failed_frame(conversation_id: &str) -> Frame {
    Frame::event(
        "completed",
        json!({"status": "failed", "error": "The run failed (simulated by zo-dev serve)",
               "error_type": "RunFailed", "conversation_id": conversation_id}),
        false,
    )
}

/// Interleaves lines a spec-following parser must ignore without losing or changing any
/// event: comments, a field without colon, unknown fields, a non-numeric retry, an id with
/// NUL, an event without data, blank lines, CRLF and CR line ends, a leading BOM.
pub fn inject_malformed(frames: &[Frame]) -> Vec<Frame> {
    const JUNK: [&str; 8] = [
        ": keep-alive comment\n\n",
        "garbage line without a colon\n",
        "foo: an unknown field\r\n",
        "retry: 12x\r",
        "\n",
        "event: Ghost\n\n",
        "id: bad\0id\n",
        "unknownfield:\n\n",
    ];
    let mut out = vec![Frame::Raw("\u{feff}: stream opened\n\n".to_owned())];
    for (n, frame) in frames.iter().enumerate() {
        out.push(Frame::Raw(JUNK[n % JUNK.len()].to_owned()));
        match frame {
            // Some events with CRLF or CR line ends: equivalent, but exercise the parser.
            Frame::Event { .. } if n % 3 == 1 => {
                out.push(Frame::Raw(frame.to_sse().replace('\n', "\r\n")))
            }
            Frame::Event { .. } if n % 3 == 2 => {
                out.push(Frame::Raw(frame.to_sse().replace('\n', "\r")))
            }
            _ => out.push(frame.clone()),
        }
    }
    out
}

/// Interleaves events whose data is not valid JSON (truncated objects, plain words) and an
/// unknown event; every real event stays intact.
pub fn inject_bad_json(frames: &[Frame]) -> Vec<Frame> {
    let bad = |name: &str, data: &str| Frame::Event {
        name: name.to_owned(),
        data: data.to_owned(),
        id: None,
        token: false,
    };
    let mut out = Vec::with_capacity(frames.len() + frames.len() / 4 + 3);
    for (n, frame) in frames.iter().enumerate() {
        if n % 4 == 2 {
            out.push(match (n / 4) % 3 {
                0 => bad(
                    "PartDeltaEvent",
                    r#"{"index":0,"delta":{"part_delta_kind":"text","#,
                ),
                1 => bad("PartStartEvent", "not json at all"),
                _ => bad("SomethingNewEvent", r#"{"unexpected":true}"#),
            });
        }
        out.push(frame.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::frames::{frames, StreamContext};
    use super::super::scenario::{answer, Scenario};
    use super::*;

    fn ctx() -> StreamContext<'static> {
        StreamContext {
            conversation_id: "conv_1",
            input: "hi",
            model_name: "zo-dev",
        }
    }

    #[test]
    fn truncation_keeps_the_first_tokens_only() {
        let all = frames(&answer(Scenario::Plain, "hi", None), &ctx());
        let cut = truncate_after_tokens(&all, 3);
        assert_eq!(cut.iter().filter(|f| f.is_token()).count(), 3);
        let whole = truncate_after_tokens(&all, usize::MAX);
        assert_eq!(whole.len(), all.len() - 1);
    }

    #[test]
    fn injections_keep_every_event() {
        let all = frames(&answer(Scenario::Plain, "hi", None), &ctx());
        let bad = inject_bad_json(&all);
        assert!(bad.len() > all.len());
        assert!(all.iter().all(|f| bad.contains(f)));
        assert!(inject_malformed(&all).len() > all.len());
    }
}
