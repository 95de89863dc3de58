//! Tests of one assistant turn folded from worker messages into history and view changes.

use super::*;
use crate::cobrowse::MASK;
use crate::ui::markdown::Blocks;
use crate::ui::view::{ErrorKind, ReasoningDisplay};
use crate::wire::action::{Action, Selector};
use crate::wire::protocol::{ActionResult, ActionStatus, FinalResult, Mode};

mod thoughts;

/// The worker's status of action `index` of `step` of session "s1" (a click).
pub(crate) fn action_status(step: u32, index: u32, status: ActionStatus) -> WorkerToPanel {
    WorkerToPanel::ActionStatus {
        session_id: "s1".into(),
        step,
        index,
        action: Action::Click {
            selector: Selector::parse(&format!("#a{step}-{index}")).unwrap(),
        },
        result: ActionResult {
            index,
            status,
            value: None,
            error: None,
            settle_ms: None,
            target_name: None,
        },
    }
}

pub(super) fn turn(mode: Mode) -> Turn {
    Turn::new(Message::assistant(
        "m1".into(),
        mode,
        "s1".into(),
        "question".into(),
    ))
}

fn chunk(sid: &str, delta: &str) -> WorkerToPanel {
    WorkerToPanel::StreamChunk {
        session_id: sid.into(),
        delta: delta.into(),
    }
}

fn done(text: &str, status: FinalStatus) -> WorkerToPanel {
    WorkerToPanel::StreamDone {
        session_id: "s1".into(),
        result: FinalResult {
            status,
            text: text.into(),
            ..Default::default()
        },
    }
}

/// The answer's HTML after `changes` (the panel applies them so).
pub(crate) fn answer_html(changes: &[Change]) -> String {
    let mut blocks = Blocks::default();
    for c in changes {
        match c {
            Change::Answer(u) => blocks.apply(u),
            Change::AnswerCleared => blocks = Blocks::default(),
            Change::AnswerReplaced(b) => blocks = Blocks(b.clone()),
            _ => {}
        }
    }
    blocks.html()
}

#[test]
fn other_sessions_are_ignored() {
    let mut t = turn(Mode::Ask);
    assert!(!t.accepts(&chunk("other", "nope")));
    assert!(t.apply(&chunk("other", "nope")).is_empty());
    assert!(t.message.text.is_empty());
    // Another session's final message ends nothing.
    assert!(t
        .apply(&WorkerToPanel::StreamDone {
            session_id: "other".into(),
            result: FinalResult::default(),
        })
        .is_empty());
    assert!(t.accepts(&chunk("s1", "yes")));
    assert!(!t.apply(&chunk("s1", "yes")).is_empty());
    assert_eq!(t.message.text, "yes");
    assert!(t.is_active());
}

#[test]
fn chunks_stream_markdown_and_done_finishes() {
    let mut t = turn(Mode::Ask);
    let mut all = t.start();
    all.extend(t.apply(&chunk("s1", "Hello **wor")));
    all.extend(t.apply(&chunk("s1", "ld**\n\nBye")));
    all.extend(t.apply(&done("Hello **world**\n\nBye", FinalStatus::Succeeded)));
    assert_eq!(
        answer_html(&all),
        "<p>Hello <strong>world</strong></p><p>Bye</p>"
    );
    assert_eq!(t.message.status, MessageStatus::Done);
    assert!(all.contains(&Change::Finished(MessageStatus::Done)));
    assert!(all.contains(&Change::Indicator(Indicator::Answering)));
    // Nothing applies after the end.
    assert!(t.apply(&chunk("s1", "late")).is_empty());
}

#[test]
fn a_final_result_carrying_more_than_streamed_shows_all_of_it() {
    // A large answer that ends in the push that brought it comes whole in the final result.
    let mut t = turn(Mode::Ask);
    let mut all = t.start();
    all.extend(t.apply(&chunk("s1", "Hello ")));
    all.extend(t.apply(&done(
        "Hello **world**\n\nand the rest",
        FinalStatus::Succeeded,
    )));
    assert_eq!(
        answer_html(&all),
        "<p>Hello <strong>world</strong></p><p>and the rest</p>"
    );
    assert_eq!(t.message.text, "Hello **world**\n\nand the rest");
    assert_eq!(t.message.status, MessageStatus::Done);
}

#[test]
fn a_cobrowse_tasks_done_response_replaces_its_prose() {
    let mut t = turn(Mode::Cobrowse);
    let mut all = t.apply(&chunk("s1", "I will look for it. "));
    all.extend(t.apply(&done("Found **it**", FinalStatus::Succeeded)));
    assert_eq!(answer_html(&all), "<p>Found <strong>it</strong></p>");
    assert_eq!(t.message.text, "Found **it**");
}

fn replace(part: TextPart, text: &str) -> WorkerToPanel {
    WorkerToPanel::StreamReplace {
        session_id: "s1".into(),
        part,
        text: text.into(),
    }
}

#[test]
fn stream_replace_swaps_the_answer_at_once_and_streaming_goes_on() {
    let mut t = turn(Mode::Ask);
    let mut all = t.apply(&chunk("s1", "# Draft\n\nHello wor"));
    assert_eq!(answer_html(&all), "<h1>Draft</h1><p>Hello wor</p>");
    let c = t.apply(&replace(TextPart::Answer, "Hello there, **friend**"));
    assert_eq!(c.first(), Some(&Change::AnswerCleared));
    all.extend(c);
    assert_eq!(
        answer_html(&all),
        "<p>Hello there, <strong>friend</strong></p>"
    );
    assert_eq!(t.message.text, "Hello there, **friend**");
    all.extend(t.apply(&chunk("s1", "!\n\n- one")));
    assert_eq!(
        answer_html(&all),
        "<p>Hello there, <strong>friend</strong>!</p><ul><li>one</li></ul>"
    );
    // The final text equals what was shown: no rebuild at the end.
    let end = t.apply(&done(
        "Hello there, **friend**!\n\n- one",
        FinalStatus::Succeeded,
    ));
    assert!(!end.iter().any(|c| matches!(c, Change::AnswerReplaced(_))));
    all.extend(end);
    assert_eq!(
        answer_html(&all),
        "<p>Hello there, <strong>friend</strong>!</p><ul><li>one</li></ul>"
    );
}

#[test]
fn stream_replace_of_the_reasoning_swaps_the_live_thinking() {
    let mut t = turn(Mode::Ask);
    t.apply(&WorkerToPanel::StreamReasoning {
        session_id: "s1".into(),
        delta: "First thou".into(),
    });
    let c = t.apply(&replace(TextPart::Reasoning, "Second thought"));
    assert_eq!(c, vec![Change::ReasoningReplaced("Second thought".into())]);
    t.apply(&WorkerToPanel::StreamReasoning {
        session_id: "s1".into(),
        delta: ", longer".into(),
    });
    let end = t.apply(&WorkerToPanel::StreamError {
        session_id: "s1".into(),
        error: StreamFailure {
            kind: FailureKind::Transient,
            http_status: None,
            message: "cut".into(),
            partial_text: String::new(),
        },
    });
    assert!(end.iter().any(
        |c| matches!(c, Change::Thoughts(v) if v.len() == 1 && v[0].html == "<p>Second thought, longer</p>")
    ));
    assert_eq!(
        t.message.reasoning.as_deref(),
        Some("Second thought, longer")
    );
}

#[test]
fn a_replace_of_another_session_or_after_the_end_changes_nothing() {
    let mut t = turn(Mode::Ask);
    t.apply(&chunk("s1", "Kept"));
    let other = WorkerToPanel::StreamReplace {
        session_id: "s2".into(),
        part: TextPart::Answer,
        text: "Intruder".into(),
    };
    assert!(t.apply(&other).is_empty());
    t.apply(&done("Kept", FinalStatus::Succeeded));
    assert!(t.apply(&replace(TextPart::Answer, "Late")).is_empty());
    assert_eq!(t.message.text, "Kept");
}

#[test]
fn reasoning_streams_then_finalizes() {
    let mut t = turn(Mode::Ask);
    let c = t.apply(&WorkerToPanel::StreamReasoning {
        session_id: "s1".into(),
        delta: "Look".into(),
    });
    assert_eq!(c[0], Change::ReasoningDelta("Look".into()));
    assert!(c.contains(&Change::Indicator(Indicator::Thinking)));
    let c = t.apply(&done("ok", FinalStatus::Succeeded));
    assert!(
        c.contains(&Change::Thoughts(vec![crate::ui::reasoning::ThoughtView {
            label: None,
            display: ReasoningDisplay::Inline,
            summary: "Look".into(),
            html: "<p>Look</p>".into(),
        }]))
    );
    assert_eq!(t.message.reasoning.as_deref(), Some("Look"));
}

#[test]
fn errors_keep_text_and_pick_cards() {
    let mut t = turn(Mode::Ask);
    t.apply(&chunk("s1", "Partial ans"));
    let c = t.apply(&WorkerToPanel::StreamError {
        session_id: "s1".into(),
        error: StreamFailure {
            kind: FailureKind::Transient,
            http_status: Some(503),
            message: "upstream failed".into(),
            partial_text: "Partial answer".into(),
        },
    });
    assert_eq!(t.message.text, "Partial answer");
    assert_eq!(answer_html(&c), "<p>Partial answer</p>");
    let card = c
        .iter()
        .find_map(|c| match c {
            Change::Error(card) => Some(card.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(card.kind, ErrorKind::Interrupted);
    assert!(card.retry);
    assert_eq!(t.message.status, MessageStatus::Interrupted);
    assert_eq!(stored_error_card(&t.message), Some(card));

    let mut t = turn(Mode::Ask);
    let c = t.apply(&WorkerToPanel::StreamError {
        session_id: "s1".into(),
        error: StreamFailure {
            kind: FailureKind::Permanent,
            http_status: Some(401),
            message: "unauthorized".into(),
            partial_text: String::new(),
        },
    });
    assert!(c
        .iter()
        .any(|c| matches!(c, Change::Error(card) if card.kind == ErrorKind::Auth)));
    assert_eq!(t.message.status, MessageStatus::Failed);
}

#[test]
fn reconnect_and_status_indicators() {
    let mut t = turn(Mode::Ask);
    t.start();
    let c = t.apply(&WorkerToPanel::StreamStatus {
        session_id: "s1".into(),
        status: "running".into(),
    });
    assert_eq!(
        c,
        vec![Change::Indicator(Indicator::Working {
            label: "Running…".into()
        })]
    );
    assert_eq!(
        t.liveness(9_000).as_deref(),
        Some("Running… (no update for 9s)")
    );
    let c = t.apply(&WorkerToPanel::StreamReconnect {
        session_id: "s1".into(),
        attempt: 1,
        max: 3,
        delay_ms: 500,
        reason: "503".into(),
    });
    assert_eq!(
        c[0],
        Change::Indicator(Indicator::Reconnecting { attempt: 1, max: 3 })
    );
    assert_eq!(
        t.indicator().unwrap().label(),
        "Reconnecting (attempt 1 of 3)"
    );
}

#[test]
fn timeline_updates_in_place_with_the_masked_fill_the_worker_sent() {
    // The Co-browse machine masks secret fills before their status leaves the worker
    // (`cobrowse::machine::mask`); the panel shows and stores what it is sent.
    let mut t = turn(Mode::Cobrowse);
    let fill = Action::Fill {
        selector: Selector::parse("#password").unwrap(),
        value: MASK.into(),
    };
    let status = |s: ActionStatus| WorkerToPanel::ActionStatus {
        session_id: "s1".into(),
        step: 1,
        index: 0,
        action: fill.clone(),
        result: ActionResult {
            index: 0,
            status: s,
            value: None,
            error: None,
            settle_ms: None,
            target_name: None,
        },
    };
    let c = t.apply(&status(ActionStatus::Pending));
    assert!(
        matches!(&c[0], Change::Timeline { position: 0, row } if row.status == ActionStatus::Pending)
    );
    let c = t.apply(&status(ActionStatus::Done));
    let Change::Timeline { position, row } = &c[0] else {
        panic!("{c:?}")
    };
    assert_eq!(*position, 0);
    assert_eq!(row.status, ActionStatus::Done);
    assert!(row.details.contains(&("Value".into(), MASK.into())));
    assert_eq!(t.message.timeline.len(), 1);
    assert_eq!(t.message.timeline[0].action, fill);
}

#[test]
fn stop_skips_pending_actions_and_keeps_text() {
    let mut t = turn(Mode::Cobrowse);
    t.apply(&WorkerToPanel::ActionStatus {
        session_id: "s1".into(),
        step: 1,
        index: 0,
        action: Action::Click {
            selector: Selector::parse("#a").unwrap(),
        },
        result: ActionResult {
            index: 0,
            status: ActionStatus::Running,
            value: None,
            error: None,
            settle_ms: None,
            target_name: None,
        },
    });
    let c = t.stop();
    assert!(c
        .iter()
        .any(|c| matches!(c, Change::Timeline { row, .. } if row.status == ActionStatus::Skipped)));
    assert_eq!(t.message.status, MessageStatus::Stopped);
    assert_eq!(t.message.timeline[0].status, ActionStatus::Skipped);
}

#[test]
fn lost_connection_keeps_text_and_offers_retry() {
    let mut t = turn(Mode::Ask);
    t.apply(&WorkerToPanel::StreamReasoning {
        session_id: "s1".into(),
        delta: "Looking at the page".into(),
    });
    let mut shown = t.apply(&chunk("s1", "Some text"));
    let c = t.connection_lost();
    shown.extend(c.iter().cloned());
    assert_eq!(answer_html(&shown), "<p>Some text</p>");
    // The thinking streamed so far is kept with the message (history), as on Stop.
    assert_eq!(t.message.reasoning.as_deref(), Some("Looking at the page"));
    assert!(c
        .iter()
        .any(|c| matches!(c, Change::Error(card) if card.retry)));
    assert_eq!(t.message.status, MessageStatus::Interrupted);
}

#[test]
fn incomplete_stream_is_interrupted() {
    let mut t = turn(Mode::Ask);
    t.apply(&chunk("s1", "abc"));
    t.apply(&done("abc", FinalStatus::Incomplete));
    assert_eq!(t.message.status, MessageStatus::Interrupted);
    assert_eq!(t.message.text, "abc");
}

#[test]
fn tools_update_by_call_id() {
    let mut t = turn(Mode::Ask);
    let tool = |result: Option<&str>| WorkerToPanel::StreamTool {
        session_id: "s1".into(),
        tool: ToolActivity {
            tool_call_id: "c1".into(),
            name: "read_page".into(),
            args: "{}".into(),
            result: result.map(str::to_string),
        },
    };
    t.apply(&tool(None));
    let c = t.apply(&tool(Some("42 lines")));
    assert!(
        matches!(&c[0], Change::Tool { position: 0, tool } if tool.result.as_deref() == Some("42 lines"))
    );
    assert_eq!(t.message.tools.len(), 1);
}

#[test]
fn an_empty_successful_answer_is_a_failure_to_retry() {
    let mut t = turn(Mode::Ask);
    t.start();
    t.apply(&chunk("s1", "  \n"));
    let c = t.apply(&done("", FinalStatus::Succeeded));
    let card = c
        .iter()
        .find_map(|c| match c {
            Change::Error(card) => Some(card.clone()),
            _ => None,
        })
        .expect("an error card");
    assert_eq!(card.kind, ErrorKind::Empty);
    assert!(card.retry);
    assert_eq!(t.message.status, MessageStatus::Failed);
    assert_eq!(stored_error_card(&t.message), Some(card));
    // An answer with text is not empty.
    let mut t = turn(Mode::Ask);
    t.apply(&chunk("s1", "Hi"));
    t.apply(&done("Hi", FinalStatus::Succeeded));
    assert_eq!(t.message.status, MessageStatus::Done);
}

#[test]
fn the_done_action_is_the_answer_not_a_timeline_row() {
    let mut t = turn(Mode::Cobrowse);
    let status = |index: u32, action: Action| WorkerToPanel::ActionStatus {
        session_id: "s1".into(),
        step: 1,
        index,
        action,
        result: ActionResult {
            index,
            status: ActionStatus::Done,
            value: None,
            error: None,
            settle_ms: None,
            target_name: None,
        },
    };
    let c = t.apply(&status(
        0,
        Action::Click {
            selector: Selector::parse("#a").unwrap(),
        },
    ));
    assert!(matches!(c[0], Change::Timeline { position: 0, .. }));
    let done = Action::Done {
        response: "All set.".into(),
    };
    assert!(t
        .apply(&status(1, done.clone()))
        .iter()
        .all(|c| !matches!(c, Change::Timeline { .. })));
    assert_eq!(t.message.timeline.len(), 1);
    // A stored message from before keeps no Done row either.
    let mut stored = t.message.clone();
    stored.timeline.push(crate::ui::history::TimelineEntry {
        step: 1,
        index: 1,
        action: done,
        status: ActionStatus::Done,
        value: None,
        error: None,
        target_name: None,
    });
    let rows = timeline_rows(&stored);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].title, "Click");
}
