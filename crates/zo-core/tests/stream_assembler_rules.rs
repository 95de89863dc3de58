//! Assembler invariants, event by event.

#![cfg(test)]

use zo_core::stream::{Assembler, Delta, Part, PartRef, StreamUpdate, ZoEvent};
use zo_core::wire::{FinalResult, FinalStatus, Mode};

fn r(zmid: Option<&str>, index: u64) -> PartRef {
    PartRef {
        zmid: zmid.map(str::to_string),
        index,
    }
}

fn start_text(zmid: Option<&str>, index: u64, content: &str) -> ZoEvent {
    ZoEvent::PartStart {
        part_ref: r(zmid, index),
        part: Part::Text {
            content: content.into(),
        },
    }
}

fn delta_text(zmid: Option<&str>, index: u64, content: &str) -> ZoEvent {
    ZoEvent::PartDelta {
        part_ref: r(zmid, index),
        delta: Delta::Text {
            content: content.into(),
        },
    }
}

fn completed() -> ZoEvent {
    ZoEvent::Completed {
        failed: false,
        error: None,
        output: None,
        conversation_id: None,
    }
}

/// Runs events; returns (concatenated answer deltas, all updates, final result).
fn run(mode: Mode, events: Vec<ZoEvent>) -> (String, Vec<StreamUpdate>, FinalResult) {
    let mut a = Assembler::new(mode);
    let mut out = Vec::new();
    for e in events {
        a.push(e, &mut out);
    }
    let result = a.finish();
    let answer = out
        .iter()
        .filter_map(|u| match u {
            StreamUpdate::Answer(s) => Some(s.as_str()),
            _ => None,
        })
        .collect();
    (answer, out, result)
}

#[test]
fn first_token_of_every_part_is_kept() {
    let (answer, _, result) = run(
        Mode::Ask,
        vec![
            start_text(Some("z"), 0, "Hel"),
            delta_text(Some("z"), 0, "lo"),
            completed(),
        ],
    );
    assert_eq!(answer, "Hello");
    assert_eq!(result.text, "Hello");
    assert_eq!(result.status, FinalStatus::Succeeded);
}

#[test]
fn parts_are_keyed_by_zmid_and_index_and_joined_with_a_blank_line() {
    let (answer, _, result) = run(
        Mode::Ask,
        vec![
            start_text(Some("m1"), 0, "Let me look."),
            start_text(Some("m2"), 0, "Found"),
            // A delta without zmid belongs to the last zmid seen (m2), not to m1's part 0.
            delta_text(None, 0, " it."),
            completed(),
        ],
    );
    assert_eq!(result.text, "Let me look.\n\nFound it.");
    assert_eq!(answer, result.text);
}

#[test]
fn shorter_final_payloads_never_replace_the_streamed_text() {
    let (answer, _, result) = run(
        Mode::Ask,
        vec![
            start_text(Some("z"), 0, "The full"),
            delta_text(Some("z"), 0, " answer."),
            ZoEvent::LegacyResponse {
                content: "The full".into(),
            },
            ZoEvent::FinalResult {
                text: Some("answer.".into()),
            },
            ZoEvent::PartEnd {
                part_ref: r(Some("z"), 0),
                part: Some(Part::Text {
                    content: "The".into(),
                }),
            },
            ZoEvent::Completed {
                failed: false,
                error: None,
                output: Some("The full".into()),
                conversation_id: Some("c1".into()),
            },
        ],
    );
    assert_eq!(result.text, "The full answer.");
    assert_eq!(answer, result.text);
    assert_eq!(result.conversation_id.as_deref(), Some("c1"));
}

#[test]
fn a_longer_payload_extending_the_stream_fills_in_what_was_lost() {
    let (answer, _, result) = run(
        Mode::Ask,
        vec![
            start_text(Some("z"), 0, "Hello"),
            ZoEvent::PartEnd {
                part_ref: r(Some("z"), 0),
                part: Some(Part::Text {
                    content: "Hello world".into(),
                }),
            },
            ZoEvent::Completed {
                failed: false,
                error: None,
                output: Some("Hello world!".into()),
                conversation_id: None,
            },
        ],
    );
    assert_eq!(result.text, "Hello world!");
    assert_eq!(answer, "Hello world!");
}

#[test]
fn legacy_responses_are_deltas() {
    let (answer, _, result) = run(
        Mode::Ask,
        vec![
            ZoEvent::LegacyResponse {
                content: "Hi".into(),
            },
            ZoEvent::LegacyResponse {
                content: " there".into(),
            },
            ZoEvent::LegacyEnd,
        ],
    );
    assert_eq!(answer, "Hi there");
    assert_eq!(result.text, "Hi there");
    assert_eq!(result.status, FinalStatus::Succeeded);
}

#[test]
fn thinking_tools_and_status() {
    let (_, out, result) = run(
        Mode::Ask,
        vec![
            ZoEvent::Lifecycle {
                chunk_type: "status".into(),
                status: Some("running".into()),
                message: None,
            },
            ZoEvent::Lifecycle {
                chunk_type: "status".into(),
                status: Some("running".into()),
                message: None,
            },
            ZoEvent::PartStart {
                part_ref: r(Some("z"), 0),
                part: Part::Thinking {
                    content: "Hmm".into(),
                },
            },
            ZoEvent::PartDelta {
                part_ref: r(Some("z"), 0),
                delta: Delta::Thinking {
                    content: ", ok".into(),
                },
            },
            ZoEvent::PartStart {
                part_ref: r(Some("z"), 1),
                part: Part::ToolCall {
                    tool_call_id: "c1".into(),
                    tool_name: "search".into(),
                    args: "{\"q\":".into(),
                },
            },
            ZoEvent::PartDelta {
                part_ref: r(Some("z"), 1),
                delta: Delta::ToolCall {
                    tool_call_id: None,
                    tool_name: String::new(),
                    args: "\"x\"}".into(),
                },
            },
            ZoEvent::ToolResult {
                tool_call_id: "c1".into(),
                tool_name: "search".into(),
                content: "3 hits".into(),
            },
            completed(),
        ],
    );
    let statuses: Vec<_> = out
        .iter()
        .filter(|u| matches!(u, StreamUpdate::Status(_)))
        .collect();
    assert_eq!(statuses, vec![&StreamUpdate::Status("running".into())]);
    let thinking: String = out
        .iter()
        .filter_map(|u| match u {
            StreamUpdate::Thinking(s) => Some(s.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(thinking, "Hmm, ok");
    assert_eq!(result.reasoning.as_deref(), Some("Hmm, ok"));
    let last_tool = out.iter().rev().find_map(|u| match u {
        StreamUpdate::Tool(t) => Some(t.clone()),
        _ => None,
    });
    let t = last_tool.unwrap_or_default();
    assert_eq!(t.tool_call_id, "c1");
    assert_eq!(t.args, "{\"q\":\"x\"}");
    assert_eq!(t.result.as_deref(), Some("3 hits"));
}

#[test]
fn failures_and_events_after_the_terminal_one() {
    let (_, out, result) = run(
        Mode::Ask,
        vec![
            start_text(Some("z"), 0, "Partial"),
            ZoEvent::Completed {
                failed: true,
                error: Some("boom".into()),
                output: None,
                conversation_id: None,
            },
            delta_text(Some("z"), 0, " more"),
        ],
    );
    assert_eq!(result.status, FinalStatus::Failed);
    assert_eq!(result.error.as_deref(), Some("boom"));
    assert_eq!(result.text, "Partial");
    assert!(matches!(out.last(), Some(StreamUpdate::Final(_))));
    let (_, _, result) = run(
        Mode::Ask,
        vec![ZoEvent::Failed {
            error: "quota".into(),
            error_type: None,
        }],
    );
    assert_eq!(result.status, FinalStatus::Failed);
    let (_, _, result) = run(Mode::Ask, vec![start_text(Some("z"), 0, "cut")]);
    assert_eq!(result.status, FinalStatus::Incomplete);
    assert_eq!(result.text, "cut");
}

fn tokens(text: &str, n: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.chunks(n).map(|c| c.iter().collect()).collect()
}

fn streamed(zmid: &str, text: &str, n: usize) -> Vec<ZoEvent> {
    let t = tokens(text, n);
    let mut v = vec![start_text(Some(zmid), 0, &t[0])];
    v.extend(t[1..].iter().map(|d| delta_text(Some(zmid), 0, d)));
    v
}

const ENVELOPE: &str =
    r##"{"actions":[{"click":"#pricing"},{"done":{"response":"Opened the pricing page."}}]}"##;

#[test]
fn cobrowse_envelope_never_reaches_the_answer_deltas() {
    for n in 1..8 {
        let mut events = streamed("z", ENVELOPE, n);
        events.push(completed());
        let (answer, _, result) = run(Mode::Cobrowse, events);
        assert_eq!(answer, "", "token size {n}");
        assert_eq!(result.text, "Opened the pricing page.");
        let actions = serde_json::to_value(&result.actions).unwrap_or_default();
        assert_eq!(actions[0]["type"], "click");
        assert_eq!(actions[0]["selector"], "#pricing");
    }
}

#[test]
fn cobrowse_prose_is_held_while_undecided_then_released() {
    let mut a = Assembler::new(Mode::Cobrowse);
    let mut out = Vec::new();
    a.push(start_text(Some("z"), 0, "  "), &mut out);
    assert!(out.is_empty(), "{out:?}");
    a.push(delta_text(Some("z"), 0, "Sure"), &mut out);
    assert_eq!(out, vec![StreamUpdate::Answer("  Sure".into())]);
    out.clear();
    a.push(delta_text(Some("z"), 0, ", done."), &mut out);
    assert_eq!(out, vec![StreamUpdate::Answer(", done.".into())]);
}

#[test]
fn cobrowse_envelope_in_a_later_response_is_hidden_too() {
    let mut events = streamed("m1", "Let me open it.", 3);
    events.extend(streamed("m2", ENVELOPE, 4));
    events.push(completed());
    let (answer, _, result) = run(Mode::Cobrowse, events);
    // The blank line joining the parts may show; the envelope never does.
    assert_eq!(answer.trim_end(), "Let me open it.");
    assert!(!result.text.contains("actions"), "{}", result.text);
    assert_eq!(result.actions.len(), 2);
}

#[test]
fn cobrowse_unreadable_action_json_is_never_shown_raw() {
    let mut events = streamed("z", r##"{"actions":[{"click":"#a"}, {"fill"##, 3);
    events.push(completed());
    let (answer, _, result) = run(Mode::Cobrowse, events);
    assert_eq!(answer, "");
    assert_eq!(result.text, "");
    assert!(result.error.is_some());
}

#[test]
fn cobrowse_undecided_text_is_released_at_the_end() {
    let (answer, _, result) = run(
        Mode::Cobrowse,
        vec![start_text(Some("z"), 0, "```json\n"), completed()],
    );
    assert_eq!(answer, "```json\n");
    assert_eq!(result.text, "```json\n");
}

#[test]
fn cobrowse_envelopes_cut_before_they_could_be_judged_are_never_shown() {
    for cut in [
        r#"{"actions":[{"cli"#,
        r#"{"reasoning":"I will cli"#,
        "```json\n{\"action\":\"fill\",\"sel",
        "[",
    ] {
        for n in 1..5 {
            let mut events = streamed("z", &format!("On it.\n{cut}"), n);
            events.push(completed());
            let (answer, _, result) = run(Mode::Cobrowse, events);
            assert_eq!(answer, "On it.\n", "{cut:?} in tokens of {n}");
            assert!(!result.text.contains(cut), "{cut:?}: {:?}", result.text);
            assert!(
                result.error.is_some(),
                "{cut:?}: the action list could not be read"
            );
        }
    }
    // Prose with braces, and JSON that is not an envelope, are shown whole.
    for prose in [
        "The price is {about} $5.",
        "{\"price\": 5}",
        "Here is the answer.",
    ] {
        let mut events = streamed("z", prose, 3);
        events.push(completed());
        let (answer, _, result) = run(Mode::Cobrowse, events);
        assert_eq!(answer, prose);
        assert_eq!(result.text, prose);
    }
}

#[test]
fn ask_mode_shows_json_as_is() {
    let mut events = streamed("z", ENVELOPE, 5);
    events.push(completed());
    let (answer, _, result) = run(Mode::Ask, events);
    assert_eq!(answer, ENVELOPE);
    assert_eq!(result.text, ENVELOPE);
    assert!(result.actions.is_empty());
}

#[test]
fn consecutive_text_of_one_kind_is_one_update() {
    let mut a = Assembler::new(Mode::Ask);
    let mut out = Vec::new();
    a.push(start_text(Some("z"), 0, "Hel"), &mut out);
    a.push(delta_text(Some("z"), 0, "lo"), &mut out);
    a.push(
        ZoEvent::PartStart {
            part_ref: r(Some("z"), 1),
            part: Part::Thinking {
                content: "hmm".into(),
            },
        },
        &mut out,
    );
    a.push(
        ZoEvent::PartDelta {
            part_ref: r(Some("z"), 1),
            delta: Delta::Thinking {
                content: "…".into(),
            },
        },
        &mut out,
    );
    a.push(delta_text(Some("z"), 0, ", world"), &mut out);
    assert_eq!(
        out,
        vec![
            StreamUpdate::Answer("Hello".into()),
            StreamUpdate::Thinking("hmm…".into()),
            StreamUpdate::Answer(", world".into()),
        ]
    );
}
