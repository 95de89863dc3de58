//! The ask driver (`zo_core::stream::AskDriver`), its attempts: every retry, resume and
//! liveness case of an ask (HTTP statuses, `Retry-After`, cuts, a retry that says the same or
//! something else, `failed` events, timeouts, network errors), and properties over cut points
//! and chunkings. Driven by hand as the worker would (tests/common/driver.rs).

#![cfg(test)]

mod common;

use common::driver::*;
use common::sse;
use proptest::prelude::*;
use zo_core::stream::Effect;
use zo_core::wire::{FailureKind, FinalStatus, Mode, TextPart, WorkerToPanel};

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
            if diagnostics.to_value()["terminal"] == true
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
    let mut effects = run.head(head(401, "application/json"));
    // Its body is read for the server's words before the ask ends.
    assert!(effects.is_empty(), "{effects:?}");
    effects.extend(run.body(r#"{"detail":"Missing or invalid API key"}"#, 7));
    effects.extend(run.end());
    assert!(sleep_of(&effects).is_none());
    assert!(!has_close(&effects), "the body ended by itself");
    let f = run.failure();
    assert_eq!(
        f.message,
        "Zo rejected the API key (HTTP 401): Missing or invalid API key"
    );
    assert_eq!((f.kind, f.http_status), (FailureKind::Permanent, Some(401)));
    assert!(f.message.contains("API key"), "{}", f.message);
    assert_eq!(run.sends().len(), 1);
    assert!(run.reconnects().is_empty());
}

#[test]
fn a_refused_requests_body_is_read_within_a_bound() {
    // A body without words people can read: the status alone.
    let mut run = Run::new(Mode::Ask);
    run.head(head(403, "text/html"));
    run.body("<html>forbidden</html>", 5);
    run.end();
    assert_eq!(run.failure().message, "access denied by Zo (HTTP 403)");
    // A body that never ends is not waited for past its bound: released at once.
    let mut run = Run::new(Mode::Ask);
    run.head(head(400, "application/json"));
    let effects = run.body(&" ".repeat(10_000), 1024);
    assert!(has_close(&effects));
    assert_eq!(run.failure().http_status, Some(400));
    // Cut off, timed out or stopped while reading it: still the status's failure, once.
    let mut run = Run::new(Mode::Ask);
    run.head(head(404, "application/json"));
    run.network_error("reset");
    assert_eq!(run.failure().http_status, Some(404));
    let mut run = Run::new(Mode::Ask);
    run.head(head(422, "application/json"));
    assert!(has_close(&run.timeout()));
    assert_eq!(run.failure().http_status, Some(422));
    let mut run = Run::new(Mode::Ask);
    run.head(head(401, "application/json"));
    assert!(has_close(&run.stop()));
    assert!(matches!(
        run.outcome(),
        zo_core::stream::AskOutcome::Stopped(_)
    ));
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
            if diagnostics.to_value()["terminal"] == false
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
