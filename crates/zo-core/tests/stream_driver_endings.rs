//! The ask driver (`zo_core::stream::AskDriver`), how an ask ends: Stop wherever the ask is,
//! the query's final message, the conversation every attempt continues, replies that are JSON,
//! a web page or a redirect, and what earlier asks of a Co-browse task showed. Driven by hand as
//! the worker would (tests/common/driver.rs).

#![cfg(test)]

mod common;

use common::driver::*;
use common::sse;
use zo_core::stream::{AskOutcome, Shown};
use zo_core::wire::{
    Action, FailureKind, FinalResult, FinalStatus, Mode, StreamFailure, WorkerToPanel,
};

#[test]
fn stop_during_the_request() {
    let mut run = Run::new(Mode::Ask);
    let e = run.stop();
    assert!(has_close(&e), "the request in flight is aborted");
    match run.outcome() {
        AskOutcome::Stopped(r) => {
            assert_eq!(r.status, FinalStatus::Incomplete);
            assert!(r.text.is_empty());
        }
        other => panic!("{other:?}"),
    }
    // A head arriving late is ignored.
    assert!(run.driver.on_head(sse_head()).is_empty());
}

#[test]
fn stop_during_the_body_keeps_what_was_shown() {
    let mut run = Run::with(spec(Mode::Ask, Some("conv_old"), Shown::default()));
    run.head(sse_head());
    run.body(&sse::body(THINKING, "Zo is a per"), 8);
    let e = run.stop();
    assert!(has_close(&e));
    match run.outcome() {
        AskOutcome::Stopped(r) => {
            assert_eq!(r.text, "Zo is a per");
            assert_eq!(r.text, run.answer);
            assert_eq!(r.reasoning.as_deref(), Some(THINKING));
            assert_eq!(r.conversation_id.as_deref(), Some("conv_old"));
        }
        other => panic!("{other:?}"),
    }
    assert!(run.driver.on_body(b"more").is_empty());
    assert!(run.driver.on_end().is_empty());
}

#[test]
fn stop_during_the_backoff_sleep_sends_nothing_more() {
    let mut run = Run::new(Mode::Ask);
    run.head(head(503, "text/plain"));
    let e = run.stop();
    assert!(!has_close(&e), "nothing is in flight while sleeping");
    assert!(matches!(run.outcome(), AskOutcome::Stopped(_)));
    assert!(run.woke().is_empty(), "the sleep's end starts no attempt");
    assert_eq!(run.sends().len(), 1);
}

#[test]
fn the_final_message_of_a_query_and_of_a_stopped_one() {
    let answer = FinalResult {
        status: FinalStatus::Succeeded,
        text: "Zo is a personal computer.".into(),
        ..FinalResult::default()
    };
    let failure = StreamFailure {
        kind: FailureKind::Transient,
        http_status: Some(503),
        message: "Zo is temporarily unavailable (HTTP 503)".into(),
        partial_text: "Zo is a per".into(),
    };
    let done = |msg: WorkerToPanel| match msg {
        WorkerToPanel::StreamDone { session_id, result } => {
            assert_eq!(session_id, SID);
            result
        }
        other => panic!("{other:?}"),
    };
    // Not stopped: the answer, or the failure, as it is.
    assert_eq!(
        done(AskOutcome::Done(answer.clone()).final_message(SID, false)),
        answer
    );
    match AskOutcome::Failed(failure.clone()).final_message(SID, false) {
        WorkerToPanel::StreamError { session_id, error } => {
            assert_eq!(session_id, SID);
            assert_eq!(error, failure);
        }
        other => panic!("{other:?}"),
    }
    // Stopped: always STREAM_DONE, incomplete, "stopped", with the text shown so far.
    for (outcome, text) in [
        (AskOutcome::Done(answer.clone()), answer.text.as_str()),
        (AskOutcome::Failed(failure.clone()), "Zo is a per"),
        (
            AskOutcome::Stopped(FinalResult {
                status: FinalStatus::Incomplete,
                text: "Zo".into(),
                ..FinalResult::default()
            }),
            "Zo",
        ),
    ] {
        let result = done(outcome.final_message(SID, true));
        assert_eq!(result.status, FinalStatus::Incomplete);
        assert_eq!(result.error.as_deref(), Some(zo_core::stream::STOPPED));
        assert_eq!(result.text, text);
    }
    // A driver stopped by itself ends the same way.
    let mut run = Run::new(Mode::Ask);
    run.stop();
    let result = done(run.outcome().final_message(SID, true));
    assert_eq!(result.error.as_deref(), Some("stopped"));
}

#[test]
fn every_attempt_continues_the_conversation_as_it_was() {
    let mut run = Run::with(spec(Mode::Ask, Some("conv_old"), Shown::default()));
    run.head(sse_head());
    run.end();
    run.woke();
    let sends = run.sends();
    for (_, body) in &sends {
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["conversation_id"], "conv_old");
    }
    // A reply without a conversation id keeps the one the ask continued.
    let mut h = sse_head();
    h.conversation_id = None;
    run.head(h);
    run.body(&sse::answer("", "ok"), 64);
    assert_eq!(run.result().conversation_id.as_deref(), Some("conv_old"));
}

#[test]
fn a_json_reply_is_one_whole_answer() {
    let mut run = Run::new(Mode::Ask);
    run.head(head(200, "application/json; charset=utf-8"));
    let reply = serde_json::json!({"output": TEXT, "conversation_id": "conv_json"}).to_string();
    run.body(&reply, 10);
    assert!(
        run.answer.is_empty(),
        "nothing is shown before the reply is whole"
    );
    run.end();
    assert_eq!(run.answer, TEXT);
    let result = run.result();
    assert_eq!(result.text, TEXT);
    assert_eq!(result.conversation_id.as_deref(), Some("conv_json"));
}

#[test]
fn a_json_reply_in_cobrowse_mode_is_read_like_a_streamed_one() {
    let envelope = r##"{"actions":[{"click":"#pricing"},{"done":{"response":"Opened."}}]}"##;
    let mut run = Run::new(Mode::Cobrowse);
    let mut h = head(200, "application/json");
    h.conversation_id = Some("conv_header".into());
    run.head(h);
    run.body(&serde_json::json!({ "output": envelope }).to_string(), 64);
    run.end();
    assert!(!run.answer.contains('{'), "{}", run.answer);
    let result = run.result();
    assert_eq!(result.text, "Opened.");
    assert_eq!(result.actions.len(), 2);
    assert!(matches!(result.actions[0], Action::Click { .. }));
    assert_eq!(result.conversation_id.as_deref(), Some("conv_header"));
}

#[test]
fn a_json_reply_that_goes_silent_or_breaks_off_is_retried() {
    let mut run = Run::new(Mode::Ask);
    run.head(head(200, "application/json"));
    run.body("{\"output\": \"Hal", 64);
    let e = run.timeout();
    assert!(has_close(&e), "the silent reply is released");
    assert!(run.reconnects()[0].3.contains("nothing for too long"));
    run.woke();
    run.head(head(200, "application/json"));
    run.body("{\"output\": \"Half an", 64);
    let e = run.network_error("connection reset");
    assert!(sleep_of(&e).is_some(), "a reply cut off is retried");
    assert!(run.answer.is_empty(), "nothing of a partial reply is shown");
    run.woke();
    run.head(head(200, "application/json"));
    run.body(
        &serde_json::json!({"output": "Half an answer, then all of it."}).to_string(),
        7,
    );
    run.end();
    assert_eq!(run.answer, "Half an answer, then all of it.");
    assert_eq!(run.sends().len(), 3);
}

#[test]
fn an_unreadable_json_reply_is_retried_and_an_oversized_one_is_not() {
    let mut run = Run::new(Mode::Ask);
    run.head(head(200, "application/json"));
    run.body("{\"output\": \"cut sho", 64);
    run.end();
    assert!(run.reconnects()[0].3.contains("could not be read"));
    run.woke();
    run.head(head(200, "application/json"));
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..=zo_core::stream::MAX_REPLY_BYTES >> 20 {
        let e = run.driver.on_body(&chunk);
        run.take(e);
    }
    let f = run.failure();
    assert_eq!(f.kind, FailureKind::Permanent);
    assert!(f.message.contains("larger than"), "{}", f.message);
    assert!(has_close(&run.effects));
}

#[test]
fn a_reply_that_is_neither_stream_nor_json_is_permanent() {
    let mut run = Run::new(Mode::Ask);
    run.head(head(200, "text/html; charset=utf-8"));
    let f = run.failure();
    assert_eq!(f.kind, FailureKind::Permanent);
    assert!(f.message.contains("text/html"), "{}", f.message);
    assert!(has_close(&run.effects));
    assert_eq!(run.sends().len(), 1);
}

#[test]
fn a_redirect_is_permanent() {
    let mut run = Run::new(Mode::Ask);
    let e = run.driver.on_redirect();
    run.take(e);
    let f = run.failure();
    assert_eq!(f.kind, FailureKind::Permanent);
    assert!(f.message.contains("redirect"), "{}", f.message);
}

#[test]
fn earlier_asks_of_the_query_are_part_of_a_replace() {
    let before = Shown {
        answer: "Step one done. ".into(),
        thinking: "Plan. ".into(),
    };
    let mut run = Run::with(spec(Mode::Ask, None, before));
    run.head(sse_head());
    run.body(&sse::body("Draft thought", "Draft answer text"), 64);
    run.end();
    run.woke();
    run.attempt(
        &sse::answer("Real thought here", "Real answer, longer than the draft"),
        64,
    );
    assert_eq!(
        run.answer,
        "Step one done. Real answer, longer than the draft"
    );
    assert_eq!(run.thinking, "Plan. Real thought here");
    assert!(run
        .replaces
        .iter()
        .all(|(_, t)| t.starts_with("Step one done. ") || t.starts_with("Plan. ")));
    assert_eq!(
        run.driver.shown(),
        Shown {
            answer: run.answer.clone(),
            thinking: run.thinking.clone(),
        }
    );
}

#[test]
fn cobrowse_action_json_is_never_posted() {
    let answer = "I will open pricing.\n```json\n{\"actions\":[{\"click\":\"#pricing\"},\
                  {\"done\":{\"response\":\"Opened.\"}}]}\n```\n";
    for size in [1, 3, 64] {
        let mut run = Run::new(Mode::Cobrowse);
        run.attempt(&sse::answer("", answer), size);
        assert!(
            !run.answer.contains('{') && !run.answer.contains("```"),
            "{}",
            run.answer
        );
        assert!(run.answer.starts_with("I will open pricing."));
        let result = run.result();
        assert_eq!(result.text, "Opened.");
        assert_eq!(result.actions.len(), 2);
    }
}
