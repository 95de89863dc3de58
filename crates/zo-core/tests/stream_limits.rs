//! The stream's limits through the whole pipeline: each one hit by a hostile stream ends it
//! with a permanent, plain error and keeps what was shown; and the heap a stream takes, measured
//! by a counting allocator, stays within a small multiple of its largest event.

#![cfg(test)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use zo_core::stream::{
    LimitExceeded, StreamPipeline, StreamUpdate, MAX_BODY_BYTES, MAX_EVENT_DATA_BYTES,
    MAX_LINE_BYTES, MAX_PARTS, MAX_TEXT_BYTES, MAX_TOOLS, MAX_TOOL_ARGS_BYTES,
};
use zo_core::wire::{FinalResult, FinalStatus, Mode};

// ------------------------------------------------------------------ heap measurement

/// Counts the bytes this thread holds (each test runs on its own thread) and their peak.
struct Counting;

thread_local! {
    static HELD: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grew(by: usize) {
    let _ = HELD.try_with(|held| {
        let now = held.get() + by as isize;
        held.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn shrank(by: usize) {
    let _ = HELD.try_with(|held| held.set(held.get() - by as isize));
}

// SAFETY: every call is forwarded to `System` unchanged; only this thread's counters change.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        shrank(layout.size());
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // A moving reallocation holds both blocks for a moment.
            grew(new_size);
            shrank(layout.size());
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The most bytes `f` made this thread hold at once, beyond what it held before.
fn peak_of<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let base = HELD.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let r = f();
    let peak = PEAK.with(Cell::get) - base;
    (r, peak.max(0) as usize)
}

// ------------------------------------------------------------------ streams

const CHUNK: usize = 64 * 1024;

/// Feeds `body` in `CHUNK`-byte pieces as the worker does (each push's updates handed on and
/// dropped before the next push); returns the answer shown, the final results and the
/// pipeline.
fn stream(mode: Mode, body: &[u8]) -> (String, Vec<FinalResult>, StreamPipeline) {
    let mut shown = String::new();
    let (finals, p) = feed(mode, body, |s| shown.push_str(s));
    (shown, finals, p)
}

/// Like [`stream`], keeping only the length of what was shown at the end (measuring the
/// pipeline's heap, not a copy the caller would keep): the streamed text, or the final
/// result's when it has one (the panel shows that); the final results keep their status only.
fn stream_len(mode: Mode, body: &[u8]) -> (usize, Vec<FinalStatus>) {
    let mut shown = 0;
    let (finals, _) = feed(mode, body, |s| shown += s.len());
    let last = finals.last().map_or(0, |f| f.text.len());
    (
        if last > 0 { last } else { shown },
        finals.iter().map(|f| f.status).collect(),
    )
}

fn feed(mode: Mode, body: &[u8], mut show: impl FnMut(&str)) -> (Vec<FinalResult>, StreamPipeline) {
    let mut p = StreamPipeline::new(mode);
    let mut finals = Vec::new();
    let mut updates = Vec::new();
    for chunk in body.chunks(CHUNK) {
        p.push_bytes_into(chunk, &mut updates);
        for u in updates.drain(..) {
            match u {
                StreamUpdate::Answer(s) => show(&s),
                StreamUpdate::Final(f) => finals.push(f),
                _ => {}
            }
        }
    }
    (finals, p)
}

fn event(name: &str, data: &str) -> String {
    format!("event: {name}\ndata: {data}\n\n")
}

fn json(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

fn part_start(kind: &str, content: &str) -> String {
    event(
        "PartStartEvent",
        &format!(
            r#"{{"index":0,"part":{{"part_kind":"{kind}","content":{},"id":null}},"previous_part_kind":null,"event_kind":"part_start","metadata":{{"zmid":"z1","runner_id":"r1"}}}}"#,
            json(content)
        ),
    )
}

fn delta(kind: &str, content: &str) -> String {
    event(
        "PartDeltaEvent",
        &format!(
            r#"{{"delta":{{"content_delta":{},"part_delta_kind":"{kind}"}},"event_kind":"part_delta","index":0,"metadata":{{"runner_id":"r1","zmid":"z1"}}}}"#,
            json(content)
        ),
    )
}

const COMPLETED: &str = "event: completed\ndata: {\"status\":\"completed\"}\n\n";

/// Markdown-like text of `n` bytes with characters JSON escapes (quotes, newlines, tabs).
fn prose(n: usize) -> String {
    let line = "A line of the answer, with \"quotes\", a\ttab and é; then a new line.\n";
    let mut s = line.repeat(n / line.len() + 1);
    let mut end = n;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.truncate(end);
    s
}

/// The stream ended by `limit`: one final result, status Failed, the limit's message, and
/// the shown text kept as the result's text.
fn assert_stopped(shown: &str, finals: &[FinalResult], p: &StreamPipeline, limit: LimitExceeded) {
    assert_eq!(p.limit_exceeded(), Some(limit));
    assert_eq!(finals.len(), 1, "one final result");
    let f = &finals[0];
    assert_eq!(f.status, FinalStatus::Failed);
    assert_eq!(f.error.as_deref(), Some(limit.describe().as_str()));
    assert_eq!(f.text, shown);
}

// ------------------------------------------------------------------ each limit

#[test]
fn a_line_past_the_limit_ends_the_stream_and_keeps_the_answer() {
    let mut body = part_start("text", "Hello").into_bytes();
    body.extend(b"event: PartDeltaEvent\ndata: ");
    body.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 1));
    body.extend(delta("text", " never shown").as_bytes());
    body.extend(COMPLETED.as_bytes());
    let (shown, finals, mut p) = stream(Mode::Ask, &body);
    assert_eq!(shown, "Hello");
    assert_stopped(&shown, &finals, &p, LimitExceeded::Line);
    assert_eq!(p.finish(), finals[0], "finish repeats the result");
    assert!(p.limit_exceeded().unwrap().describe().contains("1 MiB"));
}

#[test]
fn an_event_past_the_data_limit_ends_the_stream() {
    let mut body = part_start("text", "Hi").into_bytes();
    body.extend(b"event: FunctionToolCallEvent\n");
    let line = format!("data: {}\n", "y".repeat(MAX_LINE_BYTES - 16));
    for _ in 0..=MAX_EVENT_DATA_BYTES / line.len() {
        body.extend(line.as_bytes());
    }
    body.extend(b"\n");
    body.extend(COMPLETED.as_bytes());
    let (shown, finals, p) = stream(Mode::Ask, &body);
    assert_stopped(&shown, &finals, &p, LimitExceeded::EventData);
    assert_eq!(shown, "Hi");
}

#[test]
fn an_answer_past_the_text_limit_ends_the_stream_with_the_text_so_far() {
    let token = prose(1000);
    let mut body = part_start("text", "").into_bytes();
    for _ in 0..MAX_TEXT_BYTES / token.len() + 2 {
        body.extend(delta("text", &token).as_bytes());
    }
    body.extend(COMPLETED.as_bytes());
    for mode in [Mode::Ask, Mode::Cobrowse] {
        let (shown, finals, p) = stream(mode, &body);
        assert_stopped(&shown, &finals, &p, LimitExceeded::Answer);
        assert!(shown.len() <= MAX_TEXT_BYTES);
        assert!(shown.len() > MAX_TEXT_BYTES - token.len() - 1);
    }
}

#[test]
fn reasoning_past_the_text_limit_ends_the_stream() {
    let token = prose(1000);
    let mut body = part_start("thinking", "").into_bytes();
    for _ in 0..MAX_TEXT_BYTES / token.len() + 2 {
        body.extend(delta("thinking", &token).as_bytes());
    }
    let (shown, finals, p) = stream(Mode::Ask, &body);
    assert_stopped(&shown, &finals, &p, LimitExceeded::Reasoning);
    let reasoning = finals[0].reasoning.as_deref().unwrap_or_default();
    assert!(reasoning.len() <= MAX_TEXT_BYTES && reasoning.len() > MAX_TEXT_BYTES - 1001);
}

#[test]
fn a_body_past_the_limit_ends_the_stream() {
    // Comments are never held, so only the body limit stops this stream.
    let comment = format!(":{}\n", "k".repeat(CHUNK - 2));
    let mut body = part_start("text", "Kept").into_bytes();
    while (body.len() as u64) <= MAX_BODY_BYTES {
        body.extend(comment.as_bytes());
    }
    body.extend(COMPLETED.as_bytes());
    let (shown, finals, p) = stream(Mode::Ask, &body);
    assert_stopped(&shown, &finals, &p, LimitExceeded::Body);
    assert_eq!(shown, "Kept");
    assert_eq!(p.diagnostics().to_value()["bytes"], MAX_BODY_BYTES);
}

#[test]
fn too_many_parts_end_the_stream() {
    let mut body = Vec::new();
    for i in 0..=MAX_PARTS {
        body.extend(
            event(
                "PartStartEvent",
                &format!(r#"{{"index":{i},"part":{{"part_kind":"text","content":"p"}},"metadata":{{"zmid":"z"}}}}"#),
            )
            .as_bytes(),
        );
    }
    let (shown, finals, p) = stream(Mode::Ask, &body);
    assert_stopped(&shown, &finals, &p, LimitExceeded::Parts);
}

#[test]
fn tool_calls_past_the_list_limit_are_counted_not_listed() {
    let mut body = Vec::new();
    for _ in 0..MAX_TOOLS + 50 {
        body.extend(
            event(
                "FunctionToolCallEvent",
                r#"{"part":{"tool_name":"search","args":{"q":"x"}}}"#,
            )
            .as_bytes(),
        );
    }
    body.extend(COMPLETED.as_bytes());
    let (_, finals, p) = stream(Mode::Ask, &body);
    assert_eq!(finals[0].status, FinalStatus::Succeeded);
    assert_eq!(p.tools().len(), MAX_TOOLS);
    assert_eq!(p.diagnostics().to_value()["toolsDropped"], 50);
}

#[test]
fn the_prompt_echo_is_never_held_nor_limited() {
    let echo = format!(
        r#"{{"kind":"request","parts":[{}]}}"#,
        json(&"p".repeat(3 * MAX_LINE_BYTES))
    );
    let mut body = event("FrontendModelRequest", &echo).into_bytes();
    body.extend(part_start("text", "Answer").as_bytes());
    body.extend(COMPLETED.as_bytes());
    let ((shown, finals, p), peak) = peak_of(|| stream(Mode::Ask, &body));
    assert_eq!(shown, "Answer");
    assert_eq!(finals[0].status, FinalStatus::Succeeded);
    assert_eq!(p.limit_exceeded(), None);
    assert_eq!(p.diagnostics().to_value()["droppedModelRequests"], 1);
    assert!(peak < 512 * 1024, "held {peak} bytes for a skipped echo");
}

#[test]
fn nothing_after_the_terminal_event_counts() {
    let mut body = part_start("text", "Done").into_bytes();
    body.extend(COMPLETED.as_bytes());
    body.extend(format!("data: {}\n", "z".repeat(MAX_LINE_BYTES + 1)).as_bytes());
    let (shown, finals, mut p) = stream(Mode::Ask, &body);
    assert_eq!(shown, "Done");
    assert_eq!(finals.len(), 1);
    assert_eq!(finals[0].status, FinalStatus::Succeeded);
    assert_eq!(p.limit_exceeded(), None);
    assert_eq!(p.finish().status, FinalStatus::Succeeded);
}

// ------------------------------------------------------------------ heap per stream

/// A stream whose answer comes in one event of about `n` bytes, then `completed`.
fn one_event_answer(n: usize, shape: &str) -> (Vec<u8>, usize) {
    let text = prose(n);
    let ev = match shape {
        "start" => part_start("text", &text),
        // Braces in every line: the Co-browse gate judges each one (its copying path).
        "braces" => part_start("text", &text.replace("a new line", "a {new} line")),
        _ => format!("{}{}", part_start("text", ""), delta("text", &text)),
    };
    let data = ev.len();
    (format!("{ev}{COMPLETED}").into_bytes(), data)
}

#[test]
fn one_large_event_peaks_under_three_times_its_size() {
    for shape in ["start", "delta", "braces"] {
        for mode in [Mode::Ask, Mode::Cobrowse] {
            let (body, event_bytes) = one_event_answer(900 * 1024, shape);
            let ((shown, finals), peak) = peak_of(|| stream_len(mode, &body));
            assert_eq!(finals, [FinalStatus::Succeeded]);
            assert!(shown > 900 * 1000);
            let ratio = peak as f64 / event_bytes as f64;
            eprintln!("{shape} {mode:?}: peak {peak} B for a {event_bytes} B event ({ratio:.2}x)");
            assert!(
                ratio <= 3.0,
                "{shape} {mode:?}: peak {peak} B for a {event_bytes} B event ({ratio:.2}x)"
            );
        }
    }
}

#[test]
fn a_large_event_over_many_lines_peaks_under_three_times_its_size() {
    // A tool call whose arguments (an object of long strings) span 7 MiB of data lines: the
    // data buffer, the JSON tree and the arguments shown (cut) must not add up past 3x.
    let mut body = b"event: FunctionToolCallEvent\ndata: {\"part\":{\"tool_name\":\"t\",\"tool_call_id\":\"c1\",\"args\":{\"k\":0\n".to_vec();
    let long = "a".repeat(CHUNK - 32);
    for i in 0..(7 << 20) / CHUNK {
        body.extend(format!("data: ,\"k{i}\":\"{long}\"\n").as_bytes());
    }
    body.extend(b"data: }}}\n\n");
    let event_bytes = body.len();
    body.extend(COMPLETED.as_bytes());
    let ((_, finals, p), peak) = peak_of(|| stream(Mode::Ask, &body));
    assert_eq!(finals[0].status, FinalStatus::Succeeded);
    let args = &p.tools()[0].args;
    assert!(args.starts_with("{\"k\":0,\"k0\":\"aaa"), "{}", &args[..40]);
    assert!(args.len() <= MAX_TOOL_ARGS_BYTES + 3 && args.ends_with('…'));
    drop(p);
    let ratio = peak as f64 / event_bytes as f64;
    eprintln!("tool call over lines: peak {peak} B for a {event_bytes} B event ({ratio:.2}x)");
    assert!(
        ratio <= 3.0,
        "peak {peak} B for a {event_bytes} B event ({ratio:.2}x)"
    );
}

#[test]
fn a_long_answer_is_held_at_most_two_and_a_half_times() {
    // Sizes just past a power of two are the worst for a text that grows by doubling (its
    // slack nearly equals it); with growth by half its length, the answer, its slack and the
    // final result's copy stay within 2.5 times the answer.
    let token = prose(1024);
    for target in [(2 << 20) + (100 << 10), 3 << 20] {
        let n = target / token.len();
        let mut body = part_start("text", "").into_bytes();
        for _ in 0..n {
            body.extend(delta("text", &token).as_bytes());
        }
        body.extend(COMPLETED.as_bytes());
        let answer = n * token.len();
        for mode in [Mode::Ask, Mode::Cobrowse] {
            let ((shown, finals), peak) = peak_of(|| stream_len(mode, &body));
            assert_eq!(finals, [FinalStatus::Succeeded]);
            assert_eq!(shown, answer);
            let ratio = peak as f64 / answer as f64;
            eprintln!("{mode:?} answer of {answer} B: peak {peak} B ({ratio:.2}x)");
            assert!(
                ratio <= 2.5,
                "{mode:?}: peak {peak} B for a {answer} B answer ({ratio:.2}x)"
            );
        }
    }
}

#[test]
fn hostile_streams_are_held_within_their_limits() {
    // An endless line, and an event of empty objects (a JSON tree 30 times its text).
    let mut line = b"event: PartDeltaEvent\ndata: ".to_vec();
    line.extend(std::iter::repeat_n(b'x', 16 * MAX_LINE_BYTES));
    let mut objects =
        b"event: FunctionToolCallEvent\ndata: {\"part\":{\"tool_name\":\"t\",\"args\":[{}\n"
            .to_vec();
    let row = format!("data: {}\n", ",{}".repeat((MAX_LINE_BYTES - 16) / 3));
    for _ in 0..7 {
        objects.extend(row.as_bytes());
    }
    objects.extend(b"data: ]}}\n\n");
    objects.extend(COMPLETED.as_bytes());
    let event_bytes = objects.len();
    for (name, body, bound) in [
        ("endless line", line, 3 * MAX_LINE_BYTES),
        ("empty objects", objects, 3 * event_bytes),
    ] {
        let (_, peak) = peak_of(|| stream_len(Mode::Ask, &body));
        assert!(peak <= bound, "{name}: peak {peak} B, bound {bound} B");
    }
}
