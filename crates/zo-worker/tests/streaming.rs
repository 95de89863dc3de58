//! The worker's streaming code in a real service worker (no `window`, no chrome.*) against
//! `zo-dev serve`: every fault of issue 3, retries without loss or duplication, a diverging
//! retry replacing what was shown, the chat's conversation id, diagnostics, missing settings,
//! a JSON reply to a streaming request and a reply that is not Zo's.

#![cfg(test)]

mod fakes;

mod common;

use common::*;
use serde_json::Value;
use wasm_bindgen_test::*;
use zo_core::wire::{FailureKind, TextPart, WorkerToPanel};

wasm_bindgen_test_configure!(run_in_service_worker);

/// Asks `text` plus `directives` and returns the messages; the reference is `text` alone.
async fn run(h: &Harness, text: &str, directives: &str) -> (Vec<WorkerToPanel>, String) {
    let session = unique("s");
    let input = format!("{text} {directives}");
    h.ask(&session, &unique("chat"), &input);
    let msgs = h.finished(&session).await;
    let reference = reference_text(text).await;
    assert!(!reference.is_empty());
    (msgs, reference)
}

#[wasm_bindgen_test]
async fn plain_answer_streams_whole_and_once() {
    let h = Harness::default();
    let key = unique("plain");
    let (msgs, reference) = run(&h, "Tell me about streams", &format!("[[zo:key={key}]]")).await;
    assert_complete(&msgs, &reference);
    assert!(reconnects(&msgs).is_empty());
    // Thinking arrives as STREAM_REASONING, separate from the answer.
    assert!(msgs
        .iter()
        .any(|m| matches!(m, WorkerToPanel::StreamReasoning { .. })));
    // Diagnostics name events and fields, never values.
    let diag = msgs
        .iter()
        .find_map(|m| match m {
            WorkerToPanel::StreamDiagnostic { diagnostics, .. } => {
                Some(diagnostics.as_str().to_string())
            }
            _ => None,
        })
        .expect("a STREAM_DIAGNOSTIC");
    assert!(diag.contains("PartDeltaEvent"), "{diag}");
    assert!(
        !diag.contains("streams"),
        "diagnostics leaked a value: {diag}"
    );
    assert!(
        !diag.contains("conv_"),
        "diagnostics leaked a value: {diag}"
    );
    // The request carried the Bearer key and stream:true.
    let reqs = requests_with(&key).await;
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["authorization"], "valid");
    assert_eq!(reqs[0]["body"]["stream"], true);
}

#[wasm_bindgen_test]
async fn conversation_id_is_kept_per_chat_and_sent_next_time() {
    let h = Harness::default();
    let key = unique("conv");
    let chat = unique("chat");
    let first = unique("s");
    h.ask(&first, &chat, &format!("one [[zo:key={key}]]"));
    let result = done(&h.finished(&first).await);
    let conversation = result.conversation_id.clone().expect("conversation id");
    let second = unique("s");
    h.ask(&second, &chat, &format!("two [[zo:key={key}]]"));
    done(&h.finished(&second).await);
    // Another chat starts its own conversation.
    let third = unique("s");
    h.ask(&third, &unique("chat"), &format!("three [[zo:key={key}]]"));
    done(&h.finished(&third).await);
    let reqs = requests_with(&key).await;
    assert_eq!(reqs.len(), 3);
    assert!(reqs[0]["body"].get("conversation_id").is_none());
    assert_eq!(
        reqs[1]["body"]["conversation_id"],
        Value::from(conversation.clone())
    );
    assert!(reqs[2]["body"].get("conversation_id").is_none());
    // Persisted for a worker restart.
    let stored = h
        .chrome
        .get(zo_worker::chrome::StorageArea::Local, "conversations");
    assert_eq!(stored[&chat]["id"], Value::from(conversation));
}

#[wasm_bindgen_test]
async fn http_401_is_permanent() {
    let h = Harness::default();
    let (msgs, _) = run(
        &h,
        "auth",
        &format!("[[zo:fault=401]] [[zo:key={}]]", unique("k")),
    )
    .await;
    assert_single_final(&msgs);
    let e = error(&msgs);
    assert_eq!(e.kind, FailureKind::Permanent);
    assert_eq!(e.http_status, Some(401));
    // The server's words, read from the refused request's body.
    assert_eq!(
        e.message,
        "Zo rejected the API key (HTTP 401): Invalid API key (simulated by zo-dev serve)"
    );
    assert!(reconnects(&msgs).is_empty());
}

#[wasm_bindgen_test]
async fn http_400_is_permanent() {
    let h = Harness::default();
    let key = unique("k400");
    let (msgs, _) = run(&h, "bad", &format!("[[zo:fault=400]] [[zo:key={key}]]")).await;
    let e = error(&msgs);
    assert_eq!(e.kind, FailureKind::Permanent);
    assert_eq!(e.http_status, Some(400));
    assert!(reconnects(&msgs).is_empty());
    assert_eq!(
        requests_with(&key).await.len(),
        1,
        "a permanent failure is not retried"
    );
}

#[wasm_bindgen_test]
async fn http_429_honours_retry_after_then_succeeds() {
    let h = Harness::default();
    let key = unique("k429");
    let (msgs, reference) = run(
        &h,
        "rate",
        &format!("[[zo:fault=429]] [[zo:times=1]] [[zo:retry-after=1]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
    let r = reconnects(&msgs);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!((r[0].0, r[0].1, r[0].2), (2, 3, 1000));
    assert_eq!(requests_with(&key).await.len(), 2);
}

#[wasm_bindgen_test]
async fn http_500_twice_then_success() {
    let h = Harness::default();
    let key = unique("k500");
    let (msgs, reference) = run(
        &h,
        "five hundred",
        &format!("[[zo:fault=500]] [[zo:times=2]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
    let attempts: Vec<(u32, u32)> = reconnects(&msgs).iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(attempts, vec![(2, 3), (3, 3)]);
}

#[wasm_bindgen_test]
async fn http_503_then_success() {
    let h = Harness::default();
    let key = unique("k503");
    let (msgs, reference) = run(
        &h,
        "unavailable",
        &format!("[[zo:fault=503]] [[zo:times=1]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
    assert_eq!(reconnects(&msgs).len(), 1);
}

#[wasm_bindgen_test]
async fn http_503_always_gives_up_after_three_attempts() {
    let h = Harness::default();
    let key = unique("k503x");
    let (msgs, _) = run(&h, "down", &format!("[[zo:fault=503]] [[zo:key={key}]]")).await;
    let e = error(&msgs);
    assert_eq!(e.kind, FailureKind::Transient);
    assert_eq!(e.http_status, Some(503));
    assert_eq!(reconnects(&msgs).len(), 2);
    assert_eq!(requests_with(&key).await.len(), 3);
}

#[wasm_bindgen_test]
async fn cut_mid_stream_then_success_loses_and_duplicates_nothing() {
    let h = Harness::default();
    let key = unique("cut");
    let (msgs, reference) = run(
        &h,
        "Cut me off [[zo:scenario=plain]]",
        &format!("[[zo:fault=cut]] [[zo:times=1]] [[zo:after=8]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
    assert_eq!(reconnects(&msgs).len(), 1);
    // Some text was shown before the cut, so the retry really had to skip what was shown.
    let before: String = msgs
        .iter()
        .take_while(|m| !matches!(m, WorkerToPanel::StreamReconnect { .. }))
        .filter_map(|m| match m {
            WorkerToPanel::StreamChunk { delta, .. } => Some(delta.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        !before.is_empty() && before.len() < reference.len(),
        "{before:?}"
    );
    // The retry continued the same (absent) conversation, not the cut attempt's new one.
    let reqs = requests_with(&key).await;
    assert_eq!(reqs.len(), 2);
    assert!(
        reqs[1]["body"].get("conversation_id").is_none(),
        "{:?}",
        reqs[1]
    );
}

#[wasm_bindgen_test]
async fn cut_while_thinking_repeats_no_reasoning() {
    let h = Harness::default();
    let key = unique("cutthink");
    let (msgs, reference) = run(
        &h,
        "Think first [[zo:scenario=thinking]]",
        &format!("[[zo:fault=cut]] [[zo:times=1]] [[zo:after=3]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
    assert_eq!(reconnects(&msgs).len(), 1);
    let reasoning: String = msgs
        .iter()
        .filter_map(|m| match m {
            WorkerToPanel::StreamReasoning { delta, .. } => Some(delta.as_str()),
            _ => None,
        })
        .collect();
    let shown_before_cut = msgs
        .iter()
        .take_while(|m| !matches!(m, WorkerToPanel::StreamReconnect { .. }))
        .any(|m| matches!(m, WorkerToPanel::StreamReasoning { .. }));
    assert!(
        shown_before_cut,
        "the cut must come after some thinking: {msgs:?}"
    );
    assert_eq!(Some(reasoning), done(&msgs).reasoning);
}

#[wasm_bindgen_test]
async fn hang_is_caught_by_liveness_and_retried() {
    let h = Harness::new(2_000, 20_000);
    let key = unique("hang");
    let (msgs, reference) = run(
        &h,
        "Hang on",
        &format!("[[zo:fault=hang]] [[zo:times=1]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
    let r = reconnects(&msgs);
    assert_eq!(r.len(), 1);
    assert!(r[0].3.contains("nothing"), "{r:?}");
    // The hung connection was closed by the worker.
    let reqs = finished_requests(&key, 2).await;
    assert_eq!(reqs[0]["clientClosedEarly"], true, "{:?}", reqs[0]);
}

#[wasm_bindgen_test]
async fn malformed_lines_do_not_lose_text() {
    let h = Harness::default();
    let key = unique("malformed");
    let (msgs, reference) = run(
        &h,
        "Odd lines",
        &format!("[[zo:fault=malformed]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
}

#[wasm_bindgen_test]
async fn invalid_json_events_are_skipped() {
    let h = Harness::default();
    let key = unique("badjson");
    let (msgs, reference) = run(
        &h,
        "Bad data",
        &format!("[[zo:fault=badjson]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
}

#[wasm_bindgen_test]
async fn failed_event_is_permanent_and_keeps_partial_text() {
    let h = Harness::default();
    let key = unique("failed");
    let (msgs, _) = run(&h, "Fail", &format!("[[zo:fault=failed]] [[zo:key={key}]]")).await;
    let e = error(&msgs);
    assert_eq!(e.kind, FailureKind::Permanent);
    assert!(reconnects(&msgs).is_empty());
    assert_eq!(e.partial_text, chunks(&msgs));
    assert_eq!(requests_with(&key).await.len(), 1);
}

#[wasm_bindgen_test]
async fn a_line_past_the_limit_is_a_permanent_error_that_keeps_the_text() {
    let h = Harness::default();
    let key = unique("oversized");
    let (msgs, _) = run(
        &h,
        "Too long",
        &format!("[[zo:fault=oversized]] [[zo:key={key}]]"),
    )
    .await;
    let e = error(&msgs);
    assert_eq!(e.kind, FailureKind::Permanent);
    // The limit's own message, not a failure reported by Zo.
    assert!(
        e.message.starts_with("Zo sent a line longer than 1 MiB"),
        "{}",
        e.message
    );
    assert!(reconnects(&msgs).is_empty());
    assert!(!chunks(&msgs).is_empty());
    assert_eq!(e.partial_text, chunks(&msgs));
    assert_eq!(requests_with(&key).await.len(), 1);
}

#[wasm_bindgen_test]
async fn one_byte_writes_give_the_same_text() {
    let h = Harness::default();
    let key = unique("bytewise");
    let (msgs, reference) = run(
        &h,
        "Byte by byte",
        &format!("[[zo:fault=bytewise]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
}

#[wasm_bindgen_test]
async fn multibyte_characters_split_across_writes_survive() {
    let h = Harness::default();
    let key = unique("utf8");
    let (msgs, reference) = run(
        &h,
        "Ünïcödé 你好 🚀",
        &format!("[[zo:fault=split-utf8]] [[zo:key={key}]]"),
    )
    .await;
    assert!(reference.chars().any(|c| c.len_utf8() > 1));
    assert_complete(&msgs, &reference);
    assert!(!chunks(&msgs).contains('\u{FFFD}'));
}

#[wasm_bindgen_test]
async fn a_json_reply_to_a_streaming_request_is_read_whole() {
    let h = Harness::default();
    let key = unique("json");
    let (msgs, reference) = run(
        &h,
        "No stream please",
        &format!("[[zo:reply=json]] [[zo:key={key}]]"),
    )
    .await;
    assert_complete(&msgs, &reference);
    assert!(done(&msgs).conversation_id.is_some());
    let reqs = requests_with(&key).await;
    assert_eq!(reqs.len(), 1);
    assert_eq!(
        reqs[0]["body"]["stream"], true,
        "the worker always asks for a stream"
    );
}

#[wasm_bindgen_test]
async fn a_web_page_instead_of_zo_is_a_clear_permanent_error() {
    let h = Harness::default();
    let key = unique("html");
    let (msgs, _) = run(&h, "Hello", &format!("[[zo:reply=html]] [[zo:key={key}]]")).await;
    let e = error(&msgs);
    assert_eq!(e.kind, FailureKind::Permanent);
    assert!(e.message.contains("text/html"), "{}", e.message);
    assert!(reconnects(&msgs).is_empty());
    assert_eq!(requests_with(&key).await.len(), 1);
}

#[wasm_bindgen_test]
async fn a_diverging_retry_replaces_the_shown_text_at_once() {
    let h = Harness::default();
    let key = unique("diverge");
    let (msgs, reference) = run(
        &h,
        "Think first [[zo:scenario=thinking]]",
        &format!("[[zo:fault=diverge]] [[zo:times=1]] [[zo:after=12]] [[zo:key={key}]]"),
    )
    .await;
    assert_eq!(reconnects(&msgs).len(), 1);
    // The first draft was shown, then replaced while the retry streamed, not at the end.
    let before: String = msgs
        .iter()
        .take_while(|m| !matches!(m, WorkerToPanel::StreamReconnect { .. }))
        .filter_map(|m| match m {
            WorkerToPanel::StreamReasoning { delta, .. } => Some(delta.as_str()),
            _ => None,
        })
        .collect();
    assert!(before.starts_with("(First draft)"), "{before:?}");
    let replace = msgs
        .iter()
        .position(|m| {
            matches!(
                m,
                WorkerToPanel::StreamReplace {
                    part: TextPart::Reasoning,
                    ..
                }
            )
        })
        .expect("a STREAM_REPLACE of the reasoning");
    let first_answer_chunk = msgs
        .iter()
        .position(|m| matches!(m, WorkerToPanel::StreamChunk { .. }))
        .expect("answer text");
    assert!(
        replace < first_answer_chunk,
        "replaced at once, not at DONE"
    );
    // What the panel ends up with is the real answer, once.
    let mut thinking = String::new();
    let mut answer = String::new();
    for m in &msgs {
        match m {
            WorkerToPanel::StreamReasoning { delta, .. } => thinking.push_str(delta),
            WorkerToPanel::StreamChunk { delta, .. } => answer.push_str(delta),
            WorkerToPanel::StreamReplace { part, text, .. } => match part {
                TextPart::Answer => answer.clone_from(text),
                TextPart::Reasoning => thinking.clone_from(text),
            },
            _ => {}
        }
    }
    assert_eq!(answer, reference);
    let result = done(&msgs);
    assert_eq!(result.text, reference);
    assert_eq!(Some(thinking), result.reasoning);
    assert!(!result.text.contains("First draft"));
}

#[wasm_bindgen_test]
async fn a_json_reply_past_the_answer_limit_is_a_permanent_error() {
    let h = Harness::default();
    let key = unique("replybig");
    let (msgs, _) = run(
        &h,
        "Too much",
        &format!("[[zo:reply=json]] [[zo:fault=oversized]] [[zo:key={key}]]"),
    )
    .await;
    let e = error(&msgs);
    assert_eq!(e.kind, FailureKind::Permanent);
    assert!(
        e.message.starts_with("Zo's answer is longer than 4 MiB"),
        "{}",
        e.message
    );
    assert!(reconnects(&msgs).is_empty());
    assert_eq!(requests_with(&key).await.len(), 1);
}

#[wasm_bindgen_test]
async fn missing_api_key_is_a_clear_permanent_error_without_a_request() {
    let h = Harness::default();
    h.chrome.put(
        zo_worker::chrome::StorageArea::Local,
        "apiKey",
        serde_json::Value::Null,
    );
    let key = unique("nokey");
    let session = unique("s");
    h.ask(
        &session,
        &unique("chat"),
        &format!("hello [[zo:key={key}]]"),
    );
    let msgs = h.finished(&session).await;
    let e = error(&msgs);
    assert_eq!(e.kind, FailureKind::Permanent);
    assert!(e.message.contains("API key"), "{}", e.message);
    assert!(requests_with(&key).await.is_empty());
}
