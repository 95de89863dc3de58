//! Decoding of every Zo event shape, dispatch rules, and what never leaves zo-core.

#![cfg(test)]

use zo_core::stream::{decode, Delta, Diagnostics, Part, PartRef, SseEvent, ZoEvent};

fn sse(event: &str, data: &str) -> SseEvent {
    SseEvent {
        event: event.into(),
        data: data.into(),
        id: String::new(),
    }
}

fn dec(event: &str, data: &str) -> ZoEvent {
    let mut d = Diagnostics::new();
    match decode(&sse(event, data), &mut d) {
        Ok(e) => e,
        Err(e) => panic!("decode failed: {e}"),
    }
}

fn pref(zmid: &str, index: u64) -> PartRef {
    PartRef {
        zmid: Some(zmid.into()),
        index,
    }
}

#[test]
fn lifecycle_chunks() {
    assert_eq!(
        dec(
            "AgentRuntimeStreamChunk",
            r#"{"type":"status","status":"running","data":{"message":"Working"}}"#
        ),
        ZoEvent::Lifecycle {
            chunk_type: "status".into(),
            status: Some("running".into()),
            message: Some("Working".into()),
        }
    );
    assert_eq!(
        dec(
            "AgentRuntimeStreamChunk",
            r#"{"type":"persisted","status":"ok","data":{"message_id":"m1"}}"#
        ),
        ZoEvent::Lifecycle {
            chunk_type: "persisted".into(),
            status: Some("ok".into()),
            message: None,
        }
    );
}

#[test]
fn part_start_text_thinking_and_tool_call() {
    assert_eq!(
        dec(
            "PartStartEvent",
            r#"{"index":0,"part":{"part_kind":"text","content":"Hel"},"previous_part_kind":null,"event_kind":"part_start","metadata":{"zmid":"z1","runner_id":"r"}}"#
        ),
        ZoEvent::PartStart {
            part_ref: pref("z1", 0),
            part: Part::Text {
                content: "Hel".into()
            }
        }
    );
    assert_eq!(
        dec(
            "PartStartEvent",
            r#"{"index":1,"part":{"part_kind":"thinking","content":"Hmm"},"event_kind":"part_start"}"#
        ),
        ZoEvent::PartStart {
            part_ref: PartRef {
                zmid: None,
                index: 1
            },
            part: Part::Thinking {
                content: "Hmm".into()
            }
        }
    );
    assert_eq!(
        dec(
            "PartStartEvent",
            r#"{"index":2,"part":{"part_kind":"tool-call","tool_name":"web_search","args":{"q":"rust"},"tool_call_id":"c1"},"metadata":{"zmid":"z1"}}"#
        ),
        ZoEvent::PartStart {
            part_ref: pref("z1", 2),
            part: Part::ToolCall {
                tool_call_id: "c1".into(),
                tool_name: "web_search".into(),
                args: r#"{"q":"rust"}"#.into()
            }
        }
    );
}

#[test]
fn part_deltas_of_each_kind_with_string_or_object_args() {
    let d = |data: &str| match dec("PartDeltaEvent", data) {
        ZoEvent::PartDelta { delta, .. } => delta,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        d(
            r#"{"index":0,"delta":{"part_delta_kind":"text","content_delta":"lo"},"event_kind":"part_delta"}"#
        ),
        Delta::Text {
            content: "lo".into()
        }
    );
    assert_eq!(
        d(r#"{"index":0,"delta":{"part_delta_kind":"thinking","content_delta":"so"}}"#),
        Delta::Thinking {
            content: "so".into()
        }
    );
    assert_eq!(
        d(
            r#"{"index":0,"delta":{"part_delta_kind":"tool_call","args_delta":"{\"q\":","tool_name_delta":null,"tool_call_id":"c1"}}"#
        ),
        Delta::ToolCall {
            tool_call_id: Some("c1".into()),
            tool_name: String::new(),
            args: "{\"q\":".into()
        }
    );
    assert_eq!(
        d(r#"{"index":0,"delta":{"part_delta_kind":"tool_call","args_delta":{"q":"x"}}}"#),
        Delta::ToolCall {
            tool_call_id: None,
            tool_name: String::new(),
            args: r#"{"q":"x"}"#.into()
        }
    );
}

#[test]
fn part_end_tool_events_and_final_result() {
    assert_eq!(
        dec(
            "PartEndEvent",
            r#"{"index":0,"part":{"part_kind":"text","content":"Hello"},"metadata":{"zmid":"z"}}"#
        ),
        ZoEvent::PartEnd {
            part_ref: pref("z", 0),
            part: Some(Part::Text {
                content: "Hello".into()
            })
        }
    );
    let call = ZoEvent::ToolCall {
        tool_call_id: "c1".into(),
        tool_name: "read".into(),
        args: r#"{"path":"a"}"#.into(),
    };
    assert_eq!(
        dec(
            "FunctionToolCallEvent",
            r#"{"part":{"part_kind":"tool-call","tool_name":"read","args":"{\"path\":\"a\"}","tool_call_id":"c1"},"event_kind":"function_tool_call"}"#
        ),
        call
    );
    assert_eq!(
        dec(
            "FunctionToolCallEvent",
            r#"{"part":{"tool_name":"read","args":{"path":"a"},"tool_call_id":"c1"}}"#
        ),
        call
    );
    let ret = ZoEvent::ToolResult {
        tool_call_id: "c1".into(),
        tool_name: "read".into(),
        content: "file text".into(),
    };
    assert_eq!(
        dec(
            "FunctionToolResultEvent",
            r#"{"result":{"part_kind":"tool-return","tool_name":"read","content":"file text","tool_call_id":"c1"}}"#
        ),
        ret
    );
    assert_eq!(
        dec(
            "FunctionToolResultEvent",
            r#"{"part":{"part_kind":"tool-return","tool_name":"read","content":"file text","tool_call_id":"c1"},"event_kind":"function_tool_result"}"#
        ),
        ret
    );
    assert_eq!(
        dec(
            "FinalResultEvent",
            r#"{"tool_name":null,"tool_call_id":null,"event_kind":"final_result"}"#
        ),
        ZoEvent::FinalResult { text: None }
    );
}

#[test]
fn terminal_events() {
    let ok = dec(
        "completed",
        r#"{"status":"succeeded","conversation_id":"cv1"}"#,
    );
    assert_eq!(
        ok,
        ZoEvent::Completed {
            failed: false,
            error: None,
            output: None,
            conversation_id: Some("cv1".into())
        }
    );
    assert!(ok.is_terminal());
    assert_eq!(
        dec("completed", r#"{"status":"failed","error":"boom"}"#),
        ZoEvent::Completed {
            failed: true,
            error: Some("boom".into()),
            output: None,
            conversation_id: None
        }
    );
    let failed = dec(
        "failed",
        r#"{"status":"failed","error":"quota exceeded","error_type":"QuotaError"}"#,
    );
    assert_eq!(
        failed,
        ZoEvent::Failed {
            error: "quota exceeded".into(),
            error_type: Some("QuotaError".into())
        }
    );
    assert!(failed.is_terminal());
}

#[test]
fn legacy_events() {
    assert_eq!(
        dec("FrontendModelResponse", r#"{"content":"Hi"}"#),
        ZoEvent::LegacyResponse {
            content: "Hi".into()
        }
    );
    assert_eq!(dec("End", ""), ZoEvent::LegacyEnd);
    assert_eq!(
        dec("Error", r#"{"message":"bad"}"#),
        ZoEvent::LegacyError {
            message: "bad".into()
        }
    );
}

#[test]
fn generic_message_dispatches_on_event_kind() {
    assert_eq!(
        dec(
            "message",
            r#"{"index":0,"delta":{"part_delta_kind":"text","content_delta":"x"},"event_kind":"part_delta"}"#
        ),
        ZoEvent::PartDelta {
            part_ref: PartRef {
                zmid: None,
                index: 0
            },
            delta: Delta::Text {
                content: "x".into()
            }
        }
    );
    // A named event is not redirected by event_kind.
    assert!(matches!(
        dec("Other", r#"{"event_kind":"part_delta"}"#),
        ZoEvent::Unknown { .. }
    ));
}

const SECRET: &str = "TOP-SECRET-PRIVATE-FILE-CONTENT";

#[test]
fn model_request_content_never_leaves() {
    let mut d = Diagnostics::new();
    for data in [
        format!(r#"{{"parts":[{{"content":"{SECRET}"}}],"{SECRET}":1}}"#),
        format!("not json {SECRET}"),
    ] {
        let e = decode(&sse("FrontendModelRequest", &data), &mut d);
        assert_eq!(e, Ok(ZoEvent::ModelRequest));
        let shown = format!(
            "{e:?} {}",
            serde_json::to_string(&e.clone().ok()).unwrap_or_default()
        );
        assert!(!shown.contains(SECRET));
    }
    // The same under the generic name.
    let e = decode(
        &sse(
            "message",
            &format!(r#"{{"kind":"request","parts":["{SECRET}"]}}"#),
        ),
        &mut d,
    );
    assert_eq!(e, Ok(ZoEvent::ModelRequest));
    let report = d.to_value().to_string();
    assert!(!report.contains(SECRET));
    assert_eq!(d.to_value()["droppedModelRequests"], 3);
}

#[test]
fn invalid_json_is_an_error_value_without_data() {
    let mut d = Diagnostics::new();
    let e = decode(&sse("PartDeltaEvent", "{\"index\": 0, SECRETVALUE"), &mut d);
    let err = match e {
        Err(err) => err,
        Ok(other) => panic!("{other:?}"),
    };
    assert!(!err.to_string().contains("SECRETVALUE"));
    assert!(!format!("{err:?}").contains("SECRETVALUE"));
    assert_eq!(d.invalid_json_count(), 1);
    let e = decode(&sse("PartDeltaEvent", "[1,2]"), &mut d);
    assert!(e.is_err());
    let e = decode(&sse("PartDeltaEvent", r#"{"delta":{}}"#), &mut d);
    assert!(e.is_err());
}

#[test]
fn unknown_events_and_fields_are_counted_by_name_only() {
    let mut d = Diagnostics::new();
    let e = decode(&sse("BrandNewEvent", r#"{"a":"VALUE1"}"#), &mut d);
    assert_eq!(
        e,
        Ok(ZoEvent::Unknown {
            name: "BrandNewEvent".into()
        })
    );
    let e = decode(
        &sse(
            "PartDeltaEvent",
            r#"{"index":0,"delta":{"part_delta_kind":"text","content_delta":"VALUE2"},"surprise":"VALUE3"}"#,
        ),
        &mut d,
    );
    assert!(e.is_ok());
    assert_eq!(d.unknown_event_count(), 1);
    assert_eq!(d.unknown_field_count(), 1);
    let j = d.to_value();
    let text = j.to_string();
    for v in ["VALUE1", "VALUE2", "VALUE3"] {
        assert!(!text.contains(v), "{text}");
    }
    let fields = j["fields"]["PartDeltaEvent"].to_string();
    assert!(fields.contains("delta.content_delta"), "{fields}");
    assert!(fields.contains("surprise"), "{fields}");
    assert_eq!(j["events"]["BrandNewEvent"], 1);
}

#[test]
fn terminal_events_with_unreadable_data_still_end_the_stream() {
    let mut d = Diagnostics::new();
    for name in ["completed", "failed", "Error"] {
        let e = decode(&sse(name, "Internal Server Error"), &mut d);
        assert!(e.as_ref().is_ok_and(ZoEvent::is_terminal), "{name}: {e:?}");
    }
    assert!(matches!(
        decode(&sse("failed", "oops"), &mut d),
        Ok(ZoEvent::Failed { .. })
    ));
    assert_eq!(d.invalid_json_count(), 4);
}
