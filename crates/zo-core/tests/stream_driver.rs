//! The ask driver (`zo_core::stream::AskDriver`): every retry, resume, liveness and Stop case of
//! an ask, driven by hand as the worker would (response heads, body bytes, the end, errors,
//! timeouts, the end of a sleep, Stop), checking the effects it asks for and what the panel
//! would show from the messages it posts.

#![cfg(test)]

mod common;

use common::sse;
use proptest::prelude::*;
use zo_core::stream::{AskDriver, AskOutcome, AskSpec, Effect, ResponseHead, RetryPolicy, Shown};
use zo_core::wire::{
    Action, AskBody, FailureKind, FinalResult, FinalStatus, Mode, StreamFailure, TextPart,
    WorkerToPanel,
};

const SID: &str = "s1";
/// 2026-10-21T07:28:00Z.
const NOW: u64 = 1_792_567_680_000;

fn spec(mode: Mode, conversation: Option<&str>, shown: Shown) -> AskSpec {
    AskSpec {
        session_id: SID.into(),
        mode,
        body: AskBody {
            input: "What is Zo?".into(),
            conversation_id: conversation.map(str::to_string),
            model_name: Some("zo-fast".into()),
            persona_id: None,
            stream: false,
        },
        shown,
        policy: RetryPolicy::new(7),
    }
}

fn head(status: u16, content_type: &str) -> ResponseHead {
    ResponseHead {
        status,
        content_type: content_type.into(),
        conversation_id: Some("conv_new".into()),
        received_at_ms: NOW,
        ..ResponseHead::default()
    }
}

fn sse_head() -> ResponseHead {
    head(200, "text/event-stream; charset=utf-8")
}

/// The driver plus what the panel would show from its messages.
struct Run {
    driver: AskDriver,
    effects: Vec<Effect>,
    answer: String,
    thinking: String,
    replaces: Vec<(TextPart, String)>,
}

impl Run {
    fn new(mode: Mode) -> Run {
        Run::with(spec(mode, None, Shown::default()))
    }

    fn with(spec: AskSpec) -> Run {
        let shown = spec.shown.clone();
        let mut run = Run {
            driver: AskDriver::new(spec),
            effects: Vec::new(),
            answer: shown.answer,
            thinking: shown.thinking,
            replaces: Vec::new(),
        };
        let first = run.driver.start();
        run.take(first);
        run
    }

    /// Records `effects` and applies their messages to the screen; returns them.
    fn take(&mut self, effects: Vec<Effect>) -> Vec<Effect> {
        for effect in &effects {
            if let Effect::Post(msg) = effect {
                assert_eq!(msg.session_id(), SID);
                match msg {
                    WorkerToPanel::StreamChunk { delta, .. } => self.answer.push_str(delta),
                    WorkerToPanel::StreamReasoning { delta, .. } => self.thinking.push_str(delta),
                    WorkerToPanel::StreamReplace { part, text, .. } => {
                        self.replaces.push((*part, text.clone()));
                        match part {
                            TextPart::Answer => self.answer.clone_from(text),
                            TextPart::Reasoning => self.thinking.clone_from(text),
                        }
                    }
                    _ => {}
                }
            }
        }
        self.effects.extend(effects.iter().cloned());
        effects
    }

    fn head(&mut self, head: ResponseHead) -> Vec<Effect> {
        let e = self.driver.on_head(head);
        self.take(e)
    }

    /// Feeds `body` in chunks of `size` bytes; returns every effect.
    fn body(&mut self, body: &str, size: usize) -> Vec<Effect> {
        let mut all = Vec::new();
        for chunk in body.as_bytes().chunks(size.max(1)) {
            let e = self.driver.on_body(chunk);
            all.extend(self.take(e));
        }
        all
    }

    fn end(&mut self) -> Vec<Effect> {
        let e = self.driver.on_end();
        self.take(e)
    }

    fn woke(&mut self) -> Vec<Effect> {
        let e = self.driver.on_woke();
        self.take(e)
    }

    fn stop(&mut self) -> Vec<Effect> {
        let e = self.driver.stop();
        self.take(e)
    }

    fn timeout(&mut self) -> Vec<Effect> {
        let e = self.driver.on_timeout();
        self.take(e)
    }

    fn network_error(&mut self, message: &str) -> Vec<Effect> {
        let e = self.driver.on_network_error(message);
        self.take(e)
    }

    /// One whole successful attempt: head, `body` in chunks of `size`, end of body.
    fn attempt(&mut self, body: &str, size: usize) -> Vec<Effect> {
        let mut all = self.head(sse_head());
        all.extend(self.body(body, size));
        if !self.driver.is_done() {
            all.extend(self.end());
        }
        all
    }

    fn sends(&self) -> Vec<(u32, String)> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Send { attempt, body } => Some((*attempt, body.clone())),
                _ => None,
            })
            .collect()
    }

    fn reconnects(&self) -> Vec<(u32, u32, u64, String)> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Post(WorkerToPanel::StreamReconnect {
                    attempt,
                    max,
                    delay_ms,
                    reason,
                    ..
                }) => Some((*attempt, *max, *delay_ms, reason.clone())),
                _ => None,
            })
            .collect()
    }

    fn outcome(&self) -> AskOutcome {
        let done: Vec<&AskOutcome> = self
            .effects
            .iter()
            .filter_map(|e| match e {
                Effect::Done(o) => Some(o),
                _ => None,
            })
            .collect();
        assert_eq!(done.len(), 1, "exactly one Done: {:?}", self.effects);
        done[0].clone()
    }

    fn result(&self) -> FinalResult {
        match self.outcome() {
            AskOutcome::Done(r) => r,
            other => panic!("not done: {other:?}"),
        }
    }

    fn failure(&self) -> StreamFailure {
        match self.outcome() {
            AskOutcome::Failed(f) => f,
            other => panic!("not failed: {other:?}"),
        }
    }
}

fn sleep_of(effects: &[Effect]) -> Option<u64> {
    effects.iter().find_map(|e| match e {
        Effect::Sleep { ms } => Some(*ms),
        _ => None,
    })
}

fn has_close(effects: &[Effect]) -> bool {
    effects.contains(&Effect::Close)
}

const THINKING: &str = "The user asks about Zo.";
const TEXT: &str = "Zo is a **personal** cloud computer.\n\n- with an AI assistant";

#[test]
fn a_streamed_answer_is_posted_and_ends_done() {
    let mut run = Run::new(Mode::Ask);
    let sends = run.sends();
    assert_eq!(sends.len(), 1);
    let body: serde_json::Value = serde_json::from_str(&sends[0].1).unwrap();
    assert_eq!(
        body,
        serde_json::json!({"input": "What is Zo?", "model_name": "zo-fast", "stream": true})
    );
    let effects = run.attempt(&sse::answer(THINKING, TEXT), 17);
    assert_eq!(run.answer, TEXT);
    assert_eq!(run.thinking, THINKING);
    // The terminal event ends the attempt: the response is released, diagnostics posted.
    assert!(has_close(&effects));
    assert!(effects.iter().any(|e| matches!(
        e,
        Effect::Post(WorkerToPanel::StreamDiagnostic { diagnostics, .. })
            if diagnostics["terminal"] == true
    )));
    let result = run.result();
    assert_eq!(result.status, FinalStatus::Succeeded);
    assert_eq!(result.text, TEXT);
    assert_eq!(result.conversation_id.as_deref(), Some("conv_new"));
    assert!(run.reconnects().is_empty());
    assert_eq!(run.driver.shown().answer, TEXT);
    // Nothing happens after the end.
    assert!(run.driver.on_body(b"event: x\n\n").is_empty());
    assert!(run.driver.stop().is_empty());
    assert!(run.driver.on_woke().is_empty());
}

#[test]
fn http_503_then_success() {
    let mut run = Run::new(Mode::Ask);
    let failed = run.head(head(503, "application/json"));
    assert!(has_close(&failed), "the error body is not read");
    let delay = sleep_of(&failed).expect("a backoff sleep");
    assert!((250..=500).contains(&delay), "{delay}");
    let r = run.reconnects();
    assert_eq!(r.len(), 1);
    assert_eq!((r[0].0, r[0].1, r[0].2), (2, 3, delay));
    assert!(r[0].3.contains("503"), "{}", r[0].3);
    // The next attempt starts only when the sleep ends, with the same body.
    assert_eq!(run.sends().len(), 1);
    let next = run.woke();
    assert!(matches!(next[..], [Effect::Send { attempt: 2, .. }]));
    assert_eq!(run.sends()[0].1, run.sends()[1].1);
    run.attempt(&sse::answer("", TEXT), 64);
    assert_eq!(run.answer, TEXT);
    assert_eq!(run.result().text, TEXT);
}

#[test]
fn http_429_waits_as_many_seconds_as_retry_after_says() {
    let mut run = Run::new(Mode::Ask);
    let mut h = head(429, "application/json");
    h.retry_after = Some("2".into());
    let failed = run.head(h);
    assert_eq!(sleep_of(&failed), Some(2000));
    assert_eq!(run.reconnects()[0].2, 2000);
}

#[test]
fn http_429_with_an_http_date_waits_until_that_date() {
    // By the server's own clock (its Date header), 4 s from now.
    let mut run = Run::new(Mode::Ask);
    let mut h = head(429, "application/json");
    h.retry_after = Some("Wed, 21 Oct 2026 07:28:05 GMT".into());
    h.date = Some("Wed, 21 Oct 2026 07:28:01 GMT".into());
    assert_eq!(sleep_of(&run.head(h)), Some(4000));
    // Without a Date header, from when the response arrived.
    let mut run = Run::new(Mode::Ask);
    let mut h = head(503, "application/json");
    h.retry_after = Some("Wed, 21 Oct 2026 07:28:03 GMT".into());
    h.received_at_ms = NOW + 500;
    assert_eq!(sleep_of(&run.head(h)), Some(2500));
    // A date an hour away is not waited for.
    let mut run = Run::new(Mode::Ask);
    let mut h = head(429, "application/json");
    h.retry_after = Some("Wed, 21 Oct 2026 08:28:00 GMT".into());
    run.head(h);
    let f = run.failure();
    assert_eq!(f.kind, FailureKind::Transient);
    assert!(f.message.contains("3600 s"), "{}", f.message);
    assert_eq!(run.sends().len(), 1);
}

#[test]
fn http_401_is_permanent() {
    let mut run = Run::new(Mode::Ask);
    let effects = run.head(head(401, "application/json"));
    assert!(sleep_of(&effects).is_none());
    let f = run.failure();
    assert_eq!((f.kind, f.http_status), (FailureKind::Permanent, Some(401)));
    assert!(f.message.contains("API key"), "{}", f.message);
    assert_eq!(run.sends().len(), 1);
    assert!(run.reconnects().is_empty());
}

#[test]
fn retries_are_exhausted_after_three_attempts() {
    let mut run = Run::new(Mode::Ask);
    for attempt in 1..=3 {
        assert_eq!(run.driver.attempt(), attempt);
        run.head(head(500, "text/plain"));
        if attempt < 3 {
            run.woke();
        }
    }
    let f = run.failure();
    assert_eq!((f.kind, f.http_status), (FailureKind::Transient, Some(500)));
    assert!(f.message.contains("3 attempts"), "{}", f.message);
    assert_eq!(run.sends().len(), 3);
    let attempts: Vec<(u32, u32)> = run.reconnects().iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(attempts, vec![(2, 3), (3, 3)]);
}

#[test]
fn a_cut_then_the_same_answer_shows_nothing_twice() {
    let full = sse::answer(THINKING, TEXT);
    let cut = full.len() * 2 / 3;
    let mut run = Run::new(Mode::Ask);
    run.head(sse_head());
    run.body(&full[..cut], 11);
    let shown_before = run.answer.clone();
    assert!(!shown_before.is_empty() && shown_before.len() < TEXT.len());
    let ended = run.end();
    assert!(!has_close(&ended), "the body already ended");
    assert!(ended.iter().any(|e| matches!(
        e,
        Effect::Post(WorkerToPanel::StreamDiagnostic { diagnostics, .. })
            if diagnostics["terminal"] == false
    )));
    assert!(run.reconnects()[0].3.contains("ended before"));
    run.woke();
    run.attempt(&full, 5);
    assert_eq!(run.answer, TEXT);
    assert_eq!(run.thinking, THINKING);
    assert!(run.replaces.is_empty());
    assert_eq!(run.result().text, TEXT);
}

#[test]
fn a_diverging_retry_replaces_what_was_shown_at_once() {
    let draft_thinking = "(First draft) The user asks about Zo.";
    let draft = "(First draft) Zo is a cloud computer";
    let mut run = Run::new(Mode::Ask);
    run.head(sse_head());
    run.body(&sse::body(draft_thinking, draft), 9);
    run.network_error("connection reset");
    assert_eq!(run.answer, draft);
    assert_eq!(run.thinking, draft_thinking);
    run.woke();
    run.head(sse_head());
    // Stream the real answer until the driver has seen as much as was shown.
    let real = sse::answer(THINKING, TEXT);
    let mut posted_replace_at = None;
    for (n, chunk) in real.as_bytes().chunks(7).enumerate() {
        let e = run.driver.on_body(chunk);
        let e = run.take(e);
        if posted_replace_at.is_none()
            && e.iter().any(|x| {
                matches!(
                    x,
                    Effect::Post(WorkerToPanel::StreamReplace {
                        part: TextPart::Answer,
                        ..
                    })
                )
            })
        {
            posted_replace_at = Some(n);
        }
    }
    assert!(
        posted_replace_at.is_some(),
        "the answer was replaced while streaming, not at the end"
    );
    assert_eq!(run.answer, TEXT);
    assert_eq!(run.thinking, THINKING);
    // One replace per text, each the whole text shown at that moment.
    let answers: Vec<&String> = run
        .replaces
        .iter()
        .filter(|(p, _)| *p == TextPart::Answer)
        .map(|(_, t)| t)
        .collect();
    assert_eq!(answers.len(), 1);
    assert!(TEXT.starts_with(answers[0].as_str()) && answers[0].len() >= draft.len());
    assert_eq!(
        run.replaces
            .iter()
            .filter(|(p, _)| *p == TextPart::Reasoning)
            .count(),
        1
    );
    assert_eq!(run.result().text, TEXT);
}

#[test]
fn a_shorter_diverging_answer_replaces_at_its_end() {
    let mut run = Run::new(Mode::Ask);
    run.head(sse_head());
    run.body(&sse::body("", "A long first draft of the answer"), 64);
    run.end();
    run.woke();
    run.attempt(&sse::answer("", "Short."), 64);
    assert_eq!(run.answer, "Short.");
    assert_eq!(run.replaces, vec![(TextPart::Answer, "Short.".to_string())]);
}

#[test]
fn a_failed_event_is_permanent_and_keeps_the_partial_text() {
    let mut run = Run::new(Mode::Ask);
    let mut body = sse::body("", "Half an ans");
    body.push_str(&sse::failed("The model provider returned an error"));
    run.attempt(&body, 13);
    let f = run.failure();
    assert_eq!(f.kind, FailureKind::Permanent);
    assert!(f.message.contains("model provider"), "{}", f.message);
    assert_eq!(f.partial_text, "Half an ans");
    assert_eq!(run.sends().len(), 1);
}

#[test]
fn a_liveness_timeout_before_the_head_or_in_the_body_is_retried() {
    let mut run = Run::new(Mode::Ask);
    let e = run.timeout();
    assert!(has_close(&e) && sleep_of(&e).is_some());
    assert!(run.reconnects()[0].3.contains("nothing for too long"));
    run.woke();
    run.head(sse_head());
    run.body(&sse::body("", "Some"), 64);
    let e = run.timeout();
    assert!(has_close(&e), "the silent response is released");
    assert!(sleep_of(&e).is_some());
    run.woke();
    run.attempt(&sse::answer("", "Some text"), 4);
    assert_eq!(run.answer, "Some text");
    assert_eq!(run.sends().len(), 3);
}

#[test]
fn a_network_error_before_the_head_is_retried() {
    let mut run = Run::new(Mode::Ask);
    run.network_error("connection refused");
    assert!(run.reconnects()[0].3.contains("connection refused"));
    run.woke();
    run.attempt(&sse::answer("", "Hi"), 64);
    assert_eq!(run.result().text, "Hi");
}

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

/// Streams `first` (events without their terminal one) up to `cut` bytes, then the
/// connection breaks; the retry streams `second` whole.
fn retried(first: &str, cut: usize, second: &str, size: usize) -> Run {
    let mut run = Run::new(Mode::Ask);
    run.head(sse_head());
    let cut = (0..=cut.min(first.len()))
        .rev()
        .find(|&i| first.is_char_boundary(i))
        .unwrap_or(0);
    run.body(&first[..cut], size);
    run.network_error("reset");
    run.woke();
    run.attempt(second, size);
    run
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the cut and the chunking, a retry with the same answer shows it exactly once.
    #[test]
    fn a_retried_answer_is_shown_exactly_once(
        text in "[a-z ]{1,40}",
        thinking in "[a-z ]{0,20}",
        cut in 0usize..2000,
        size in 1usize..40,
    ) {
        let run = retried(
            &sse::body(&thinking, &text),
            cut,
            &sse::answer(&thinking, &text),
            size,
        );
        prop_assert_eq!(&run.answer, &text);
        prop_assert_eq!(&run.thinking, &thinking);
        prop_assert!(run.replaces.is_empty());
    }

    /// A retry that says something else ends with exactly its text on screen, replacing at
    /// most once per text.
    #[test]
    fn a_diverging_retry_ends_with_its_own_text(
        first in "[a-z ]{1,40}",
        second in "[A-Z ]{1,40}",
        cut in 0usize..2000,
        size in 1usize..40,
    ) {
        let run = retried(&sse::body("", &first), cut, &sse::answer("", &second), size);
        prop_assert_eq!(&run.answer, &second);
        prop_assert!(run.replaces.len() <= 1, "{:?}", run.replaces);
        prop_assert_eq!(run.result().text, second);
    }
}
