//! The whole pipeline on recorded streams (tests/fixtures/streams): results, chunking
//! independence (property test), privacy of FrontendModelRequest, and retries mid-answer.

#![cfg(test)]

use proptest::prelude::*;
use zo_core::stream::{StreamPipeline, StreamUpdate};
use zo_core::wire::{FinalResult, FinalStatus, Mode};

const LIVE: &[u8] = include_bytes!("../../../tests/fixtures/streams/live-thinking-tool.sse");
const FAILED: &[u8] = include_bytes!("../../../tests/fixtures/streams/failed.sse");
const LEGACY: &[u8] = include_bytes!("../../../tests/fixtures/streams/legacy.sse");
const COBROWSE: &[u8] = include_bytes!("../../../tests/fixtures/streams/cobrowse-envelope.sse");
const CUT: &[u8] = include_bytes!("../../../tests/fixtures/streams/cut.sse");

const LIVE_TEXT: &str = "Let me check the docs.\n\nVersion 2.0 was released on 12 March 2026 — see the changelog for details.";

/// What the panel would show: answer and thinking after applying every update.
#[derive(Debug, Default, PartialEq, Clone)]
struct Screen {
    answer: String,
    thinking: String,
    statuses: Vec<String>,
    tools: Vec<zo_core::wire::ToolActivity>,
    finals: Vec<FinalResult>,
}

impl Screen {
    fn apply(&mut self, updates: Vec<StreamUpdate>) {
        for u in updates {
            match u {
                StreamUpdate::Answer(s) => self.answer.push_str(&s),
                StreamUpdate::Thinking(s) => self.thinking.push_str(&s),
                StreamUpdate::Replace(s) => self.answer = s,
                StreamUpdate::ReplaceThinking(s) => self.thinking = s,
                StreamUpdate::Status(s) => self.statuses.push(s),
                StreamUpdate::Tool(t) => self.tools.push(t),
                StreamUpdate::Final(f) => self.finals.push(f),
            }
        }
    }
}

fn feed_chunks(p: &mut StreamPipeline, screen: &mut Screen, bytes: &[u8], size: usize) {
    for chunk in bytes.chunks(size.max(1)) {
        screen.apply(p.push_bytes(chunk));
    }
}

fn run(mode: Mode, bytes: &[u8], size: usize) -> (Screen, FinalResult) {
    let mut p = StreamPipeline::new(mode);
    let mut screen = Screen::default();
    feed_chunks(&mut p, &mut screen, bytes, size);
    let result = p.finish();
    (screen, result)
}

#[test]
fn live_stream_with_thinking_and_a_tool() {
    let (screen, result) = run(Mode::Ask, LIVE, LIVE.len());
    assert_eq!(result.status, FinalStatus::Succeeded);
    assert_eq!(result.text, LIVE_TEXT);
    assert_eq!(screen.answer, LIVE_TEXT);
    assert_eq!(
        screen.thinking,
        "The user wants the release date. I should search the docs first."
    );
    assert_eq!(result.reasoning.as_deref(), Some(screen.thinking.as_str()));
    assert_eq!(screen.statuses, vec!["running".to_string()]);
    assert_eq!(result.conversation_id.as_deref(), Some("conv_5e0b2a71"));
    let tool = screen.tools.last().cloned().unwrap_or_default();
    assert_eq!(tool.tool_call_id, "call_8f2a");
    assert_eq!(tool.name, "web_search");
    assert_eq!(tool.args, r#"{"query": "release date 2.0", "limit": 3}"#);
    assert_eq!(
        tool.result.as_deref(),
        Some("Version 2.0 was released on 12 March 2026.")
    );
    assert_eq!(screen.finals, vec![result]);
}

#[test]
fn every_chunk_size_gives_the_same_screen() {
    let (whole, whole_result) = run(Mode::Ask, LIVE, LIVE.len());
    for size in 1..=200 {
        let (screen, result) = run(Mode::Ask, LIVE, size);
        assert_eq!(screen, whole, "chunk size {size}");
        assert_eq!(result, whole_result);
    }
}

#[test]
fn model_request_content_never_leaves_the_pipeline() {
    let mut p = StreamPipeline::new(Mode::Ask);
    // Stop in the middle of the first FrontendModelRequest: the parser holds part of it.
    let mid = LIVE.windows(7).position(|w| w == b"hunter2").unwrap_or(0);
    let mut updates = p.push_bytes(&LIVE[..mid + 3]);
    let debug_mid = format!("{p:?}");
    assert!(!debug_mid.contains("PRIVATE-PROMPT"), "{debug_mid}");
    updates.extend(p.push_bytes(&LIVE[mid + 3..]));
    let shown = format!(
        "{updates:?} {p:?} {:?} {} {:?}",
        p.finish(),
        p.diagnostics().as_str(),
        p.decode_errors()
    );
    for secret in ["PRIVATE-PROMPT", "hunter2", "secrets.txt"] {
        assert!(!shown.contains(secret), "{secret} leaked");
    }
    let d = p.diagnostics().to_value();
    assert_eq!(d["droppedModelRequests"], 2);
    assert_eq!(
        d["events"]["PartDeltaEvent"].as_u64().map(|n| n > 10),
        Some(true)
    );
    assert_eq!(d["terminal"], true);
    assert_eq!(d["bytes"], LIVE.len() as u64);
    assert_eq!(p.server_retry_ms(), Some(3000));
    assert!(!p.last_event_id().is_empty());
}

#[test]
fn failed_event() {
    let (screen, result) = run(Mode::Ask, FAILED, 7);
    assert_eq!(result.status, FinalStatus::Failed);
    assert_eq!(
        result.error.as_deref(),
        Some("The model provider returned an error")
    );
    assert_eq!(result.text, "I started writing an answer but");
    assert_eq!(screen.answer, result.text);
}

#[test]
fn legacy_stream_with_bom_and_crlf() {
    for size in [1, 2, 3, LEGACY.len()] {
        let (screen, result) = run(Mode::Ask, LEGACY, size);
        assert_eq!(result.status, FinalStatus::Succeeded);
        assert_eq!(
            result.text,
            "Hello from the old API. It still streams fine."
        );
        assert_eq!(screen.answer, result.text);
    }
}

#[test]
fn cobrowse_envelope_streamed_token_by_token() {
    for size in [1, 5, 64, COBROWSE.len()] {
        let (screen, result) = run(Mode::Cobrowse, COBROWSE, size);
        assert_eq!(screen.answer, "", "raw JSON reached the answer");
        assert_eq!(result.status, FinalStatus::Succeeded);
        assert_eq!(result.text, "I opened the pricing page for you.");
        let actions = serde_json::to_value(&result.actions).unwrap_or_default();
        assert_eq!(actions[0]["type"], "click");
        assert_eq!(actions[0]["selector"], "#pricing");
    }
}

#[test]
fn cut_stream_is_incomplete_and_keeps_its_text() {
    let mut p = StreamPipeline::new(Mode::Ask);
    let mut screen = Screen::default();
    feed_chunks(&mut p, &mut screen, CUT, 13);
    assert!(!p.is_terminal());
    let result = p.finish();
    assert_eq!(result.status, FinalStatus::Incomplete);
    assert_eq!(result.text, "This answer is cut off before the end");
    assert_eq!(screen.answer, result.text);
    assert!(screen.finals.is_empty());
}

#[test]
fn invalid_json_is_counted_and_the_stream_goes_on() {
    let body = b"event: PartStartEvent\ndata: {\"index\":0,\"part\":{\"part_kind\":\"text\",\"content\":\"A\"}}\n\nevent: PartDeltaEvent\ndata: {broken\n\nevent: Mystery\ndata: {}\n\nevent: PartDeltaEvent\ndata: {\"index\":0,\"delta\":{\"part_delta_kind\":\"text\",\"content_delta\":\"B\"}}\n\nevent: completed\ndata: {\"status\":\"completed\"}\n\n";
    let (screen, result) = run(Mode::Ask, body, 9);
    assert_eq!(result.text, "AB");
    assert_eq!(screen.answer, "AB");
    let mut p = StreamPipeline::new(Mode::Ask);
    p.push_bytes(body);
    assert_eq!(p.diagnostics().to_value()["invalidJson"], 1);
    assert_eq!(p.diagnostics().to_value()["unknownEvents"], 1);
    assert_eq!(p.decode_errors().len(), 1);
}

/// Cuts `first` after `cut` bytes, then retries with `second` in a resuming pipeline.
fn retried(
    mode: Mode,
    first: &[u8],
    cut: usize,
    second: &[u8],
    size: usize,
) -> (Screen, FinalResult) {
    let mut p = StreamPipeline::new(mode);
    let mut screen = Screen::default();
    feed_chunks(&mut p, &mut screen, &first[..cut.min(first.len())], size);
    let _ = p.finish();
    let mut next = p.next_attempt();
    feed_chunks(&mut next, &mut screen, second, size);
    let result = next.finish();
    (screen, result)
}

#[test]
fn retry_after_a_cut_neither_duplicates_nor_loses_text() {
    for cut in (0..LIVE.len()).step_by(97) {
        let (screen, result) = retried(Mode::Ask, LIVE, cut, LIVE, 31);
        assert_eq!(screen.answer, LIVE_TEXT, "cut at {cut}");
        assert_eq!(result.text, LIVE_TEXT);
        assert!(screen.thinking.starts_with("The user wants"));
        assert_eq!(
            screen.thinking.matches("The user wants").count(),
            1,
            "cut at {cut}"
        );
    }
}

#[test]
fn retry_with_a_different_answer_replaces_the_shown_text_once() {
    let second = b"event: PartStartEvent\ndata: {\"index\":0,\"part\":{\"part_kind\":\"text\",\"content\":\"Something\"}}\n\nevent: PartDeltaEvent\ndata: {\"index\":0,\"delta\":{\"part_delta_kind\":\"text\",\"content_delta\":\" else entirely, and much longer than before.\"}}\n\nevent: completed\ndata: {\"status\":\"completed\"}\n\n";
    let (screen, result) = retried(Mode::Ask, FAILED, FAILED.len() - 200, second, 5);
    assert_eq!(
        screen.answer,
        "Something else entirely, and much longer than before."
    );
    assert_eq!(result.text, screen.answer);
}

fn cut_points(len: usize, cuts: &[usize]) -> Vec<usize> {
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (len + 1)).collect();
    points.sort_unstable();
    points.dedup();
    points
}

fn run_cuts(mode: Mode, bytes: &[u8], cuts: &[usize]) -> (Screen, FinalResult) {
    let mut p = StreamPipeline::new(mode);
    let mut screen = Screen::default();
    let mut last = 0;
    for point in cut_points(bytes.len(), cuts) {
        screen.apply(p.push_bytes(&bytes[last..point]));
        last = point;
    }
    screen.apply(p.push_bytes(&bytes[last..]));
    let result = p.finish();
    (screen, result)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_result_does_not_depend_on_chunking(
        which in 0usize..5,
        cobrowse in any::<bool>(),
        cuts in proptest::collection::vec(any::<usize>(), 0..40),
    ) {
        let bytes = [LIVE, FAILED, LEGACY, COBROWSE, CUT][which];
        let mode = if cobrowse { Mode::Cobrowse } else { Mode::Ask };
        let whole = run_cuts(mode, bytes, &[]);
        let chunked = run_cuts(mode, bytes, &cuts);
        prop_assert_eq!(chunked, whole);
    }
}

// ------------------------------------------------------------------ a large answer and its end

/// One text part's start holding `text`, then `completed`.
fn one_event_answer(text: &str) -> Vec<u8> {
    let content = serde_json::Value::String(text.to_string());
    format!(
        "event: PartStartEvent\ndata: {{\"index\":0,\"part\":{{\"part_kind\":\"text\",\"content\":{content}}}}}\n\n\
         event: completed\ndata: {{\"status\":\"completed\"}}\n\n"
    )
    .into_bytes()
}

/// A text of `n` bytes that JSON escapes in places (quotes, newlines, a tab, non-ASCII).
fn escaped_prose(n: usize) -> String {
    "A \"quoted\" word,\ta tab, é and 日本; a new line.\n"
        .repeat(n / 40 + 1)
        .chars()
        .take(n)
        .collect()
}

/// What the panel shows at the end: the streamed text, or the final result's text when it
/// has one (it replaces what streamed).
fn shown_at_end(screen: &Screen) -> &str {
    match screen.finals.last() {
        Some(f) if !f.text.is_empty() => &f.text,
        _ => &screen.answer,
    }
}

#[test]
fn a_large_answer_ending_in_the_same_push_is_shown_by_its_final_result_alone() {
    let text = escaped_prose(300 * 1024);
    let body = one_event_answer(&text);
    let mut p = StreamPipeline::new(Mode::Ask);
    let mut screen = Screen::default();
    screen.apply(p.push_bytes(&body));
    // No update repeats the answer the final result carries, and none of it is lost.
    assert_eq!(screen.answer, "");
    assert_eq!(screen.finals.len(), 1);
    assert_eq!(screen.finals[0].status, FinalStatus::Succeeded);
    assert_eq!(screen.finals[0].text, text);
    // Counted as shown: a retry or an error after it would not repeat nor lose it.
    assert_eq!(p.shown_answer(), text);
}

#[test]
fn a_large_answer_is_streamed_when_its_end_comes_in_a_later_push() {
    let text = escaped_prose(300 * 1024);
    let body = one_event_answer(&text);
    let at = body.len() - "event: completed\ndata: {\"status\":\"completed\"}\n\n".len();
    let mut p = StreamPipeline::new(Mode::Ask);
    let mut screen = Screen::default();
    feed_chunks(&mut p, &mut screen, &body[..at], 64 * 1024);
    assert_eq!(screen.answer, text);
    screen.apply(p.push_bytes(&body[at..]));
    assert_eq!(screen.finals[0].text, text);
}

#[test]
fn small_answers_and_co_browse_answers_stream_as_updates_even_when_they_end_in_the_push() {
    // Small: the updates are cheap, and the panel renders them as they come.
    let small = escaped_prose(2000);
    let (screen, _) = run(Mode::Ask, &one_event_answer(&small), usize::MAX);
    assert_eq!(screen.answer, small);
    // Co-browse: the final result's text is the envelope's, not the streamed text.
    let large = escaped_prose(300 * 1024);
    let (screen, _) = run(Mode::Cobrowse, &one_event_answer(&large), usize::MAX);
    assert_eq!(screen.answer, large);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Whatever the chunking, a large one-event answer ends up on screen whole, once.
    #[test]
    fn a_large_answer_is_shown_whole_whatever_the_chunking(size in 1_000usize..400_000) {
        let text = escaped_prose(200 * 1024);
        let (screen, result) = run(Mode::Ask, &one_event_answer(&text), size);
        prop_assert_eq!(shown_at_end(&screen), text.as_str());
        prop_assert_eq!(result.text, text);
    }
}

/// A large one-event answer whose JSON holds escapes at every offset of an 8-byte word
/// (`\u` ones for 2-, 3- and 4-byte characters among them), raw multibyte characters and
/// invalid UTF-8, cut into chunks of every small size: the same text as read whole, its
/// invalid bytes each one U+FFFD, as the UTF-8 decoder makes them.
#[test]
fn a_large_escaped_answer_with_invalid_utf8_is_read_alike_at_any_chunking() {
    let mut json = Vec::new();
    let mut expected = String::new();
    let mut lead = 0;
    while json.len() < 70 * 1024 {
        lead = (lead + 1) % 9;
        json.extend("x".repeat(lead).as_bytes());
        expected.push_str(&"x".repeat(lead));
        json.extend(br#"\"q\" \\ \n\t\/ \u00e9\u65e5\ud83d\ude80 "#);
        expected.push_str("\"q\" \\ \n\t/ é日🚀 ");
        json.extend("naïve 日本 🚀 ".as_bytes());
        expected.push_str("naïve 日本 🚀 ");
        // A lone continuation byte and a cut 3-byte character: one U+FFFD each.
        json.extend(b"\x80|\xe6\x97|");
        expected.push_str("\u{FFFD}|\u{FFFD}|");
    }
    let mut body = b"event: PartStartEvent\ndata: {\"index\":0,\"part\":{\"part_kind\":\"text\",\"content\":\"".to_vec();
    body.extend(&json);
    body.extend(b"\"}}\n\nevent: completed\ndata: {\"status\":\"completed\"}\n\n");
    for size in [1, 2, 3, 5, 7, 8, 9, 16, 1021, 4096, 65_537, usize::MAX] {
        let (screen, result) = run(Mode::Ask, &body, size);
        assert_eq!(result.status, FinalStatus::Succeeded, "chunks of {size}");
        assert_eq!(result.text, expected, "chunks of {size}");
        assert_eq!(shown_at_end(&screen), expected, "chunks of {size}");
    }
}
