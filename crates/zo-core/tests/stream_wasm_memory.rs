//! How much a wasm module's memory grows while one stream goes through the pipeline, measured
//! natively: the pipeline runs on the allocator Rust uses on wasm32 (dlmalloc) over a simulated
//! linear memory that grows in 64 KiB pages and never shrinks, as `memory.grow` does. Unlike
//! the bytes held (`stream_limits.rs`), this counts what the allocator cannot reuse: blocks a
//! growing buffer left behind, too small for its next size. The worker's benchmark measures
//! the same on the shipped module (`tests/bench/memory.ts`); the target is the same, 3x.

#![cfg(test)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use dlmalloc::Dlmalloc;
use zo_core::stream::{StreamPipeline, StreamUpdate};
use zo_core::wire::{FinalStatus, Mode};

// ------------------------------------------------------------------ simulated wasm memory

const PAGE: usize = 64 * 1024;
/// The simulated linear memory can grow to this (reserved natively, touched only as used).
const RESERVED: usize = 256 << 20;

/// `memory.grow` over a reserved native region: pages are handed out in order, never taken
/// back (the wasm allocator's own system layer does the same).
struct Pages {
    base: usize,
    grown: AtomicUsize,
}

// SAFETY: hands out disjoint, zeroed, page-aligned ranges of a region this test owns.
unsafe impl dlmalloc::Allocator for Pages {
    fn alloc(&self, size: usize) -> (*mut u8, usize, u32) {
        let size = size.div_ceil(PAGE) * PAGE;
        let at = self.grown.load(Ordering::Relaxed);
        if at + size > RESERVED {
            return (std::ptr::null_mut(), 0, 0);
        }
        self.grown.store(at + size, Ordering::Relaxed);
        ((self.base + at) as *mut u8, size, 0)
    }
    fn remap(&self, _: *mut u8, _: usize, _: usize, _: bool) -> *mut u8 {
        std::ptr::null_mut()
    }
    fn free_part(&self, _: *mut u8, _: usize, _: usize) -> bool {
        false
    }
    fn free(&self, _: *mut u8, _: usize) -> bool {
        false
    }
    fn can_release_part(&self, _: u32) -> bool {
        false
    }
    fn allocates_zeros(&self) -> bool {
        true
    }
    fn page_size(&self) -> usize {
        PAGE
    }
}

struct Heap {
    dl: Dlmalloc<Pages>,
    base: usize,
}

impl Heap {
    fn owns(&self, ptr: *mut u8) -> bool {
        (self.base..self.base + RESERVED).contains(&(ptr as usize))
    }
}

/// The simulated module's heap while a measurement runs.
static HEAP: Mutex<Option<Heap>> = Mutex::new(None);

thread_local! {
    /// This thread allocates from the simulated heap (the measured code runs here).
    static SIMULATED: Cell<bool> = const { Cell::new(false) };
}

fn simulated() -> bool {
    SIMULATED.try_with(Cell::get).unwrap_or(false)
}

/// Routes the measuring thread's allocations to the simulated heap, the rest to `System`;
/// frees and reallocations go to whichever owns the block.
struct Router;

// SAFETY: each block is allocated, reallocated and freed by the same allocator (the heap owns
// the addresses of its region; everything else is `System`'s).
unsafe impl GlobalAlloc for Router {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if simulated() {
            if let Ok(mut heap) = HEAP.lock() {
                if let Some(heap) = heap.as_mut() {
                    return unsafe { heap.dl.malloc(layout.size(), layout.align()) };
                }
            }
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if let Ok(mut heap) = HEAP.lock() {
            if let Some(heap) = heap.as_mut().filter(|h| h.owns(ptr)) {
                unsafe { heap.dl.free(ptr, layout.size(), layout.align()) };
                return;
            }
        }
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if let Ok(mut heap) = HEAP.lock() {
            if let Some(heap) = heap.as_mut().filter(|h| h.owns(ptr)) {
                return unsafe {
                    heap.dl
                        .realloc(ptr, layout.size(), layout.align(), new_size)
                };
            }
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Router = Router;

/// How many bytes the simulated wasm memory grew while `f` ran on a fresh module heap. `f`
/// must drop everything it allocates (its result is plain data).
fn memory_growth<R: Copy>(f: impl FnOnce() -> R) -> (R, usize) {
    let layout = Layout::from_size_align(RESERVED, PAGE).unwrap();
    // SAFETY: a nonzero size; the region is given back below, once nothing lives in it.
    let region = unsafe { System.alloc_zeroed(layout) };
    assert!(!region.is_null());
    let base = region as usize;
    let pages = Pages {
        base,
        grown: AtomicUsize::new(0),
    };
    *HEAP.lock().unwrap() = Some(Heap {
        dl: Dlmalloc::new_with_allocator(pages),
        base,
    });
    // What a module holds before a stream starts: its first pages, partly used.
    SIMULATED.with(|s| s.set(true));
    let warm = vec![0u8; 1024];
    let before = heap_grown();
    let r = f();
    let grown = heap_grown() - before;
    drop(warm);
    SIMULATED.with(|s| s.set(false));
    *HEAP.lock().unwrap() = None;
    // SAFETY: allocated above with this layout; `f` dropped what it allocated.
    unsafe { System.dealloc(region, layout) };
    (r, grown)
}

fn heap_grown() -> usize {
    let heap = HEAP.lock().unwrap();
    let heap = heap.as_ref().unwrap();
    heap.dl.allocator().grown.load(Ordering::Relaxed)
}

// ------------------------------------------------------------------ streams

const CHUNK: usize = 64 * 1024;

/// What the worker does with a body (as the ask driver, and `zo_worker::bench_api`'s
/// `PipelineHandle`, do): each chunk copied into the module and pushed; its updates handed on
/// (dropped here) but the final result, kept; the pipeline's own final result only when the
/// body ended without one. Returns the status and the length of the final text.
fn run(body: &[u8]) -> (FinalStatus, usize) {
    let mut p = StreamPipeline::new(Mode::Ask);
    let mut updates: Vec<StreamUpdate> = Vec::new();
    let mut last = None;
    for chunk in body.chunks(CHUNK) {
        let copy = chunk.to_vec();
        p.push_bytes_into(&copy, &mut updates);
        drop(copy);
        for update in updates.drain(..) {
            if let StreamUpdate::Final(result) = update {
                last = Some(result);
            }
        }
    }
    drop(updates);
    let result = last.unwrap_or_else(|| p.finish());
    (result.status, result.text.len())
}

fn json(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

/// Markdown-like text of `n` bytes: paragraphs, list items, quotes, non-ASCII.
fn prose(n: usize) -> String {
    let lines = [
        "## A heading about the answer\n\n",
        "- An item with **bold** text, `code()` and a [link](https://example.com/x).\n",
        "A sentence of the answer, with \"quotes\", é and 日本語; then another one.\n\n",
    ];
    let mut s = String::with_capacity(n + 128);
    let mut i = 0;
    while s.len() < n {
        s.push_str(lines[i % lines.len()]);
        i += 1;
    }
    let mut end = n;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.truncate(end);
    s
}

const META: &str =
    r#""metadata":{"zmid":"zmid_00000000bench020","runner_id":"runner_000000bench0"}"#;

fn event(name: &str, data: &str) -> String {
    format!("event: {name}\ndata: {data}\n\n")
}

fn completed() -> String {
    event(
        "completed",
        r#"{"status":"completed","conversation_id":"conv_bench"}"#,
    )
}

/// An answer of `n` bytes in 1 KiB text deltas (the live shape), then `completed`.
fn delta_answer(n: usize) -> (Vec<u8>, usize) {
    let answer = prose(n);
    let mut body = event(
        "PartStartEvent",
        &format!(
            r#"{{"index":0,"part":{{"part_kind":"text","content":"","id":null}},"event_kind":"part_start",{META}}}"#
        ),
    );
    let chars: Vec<char> = answer.chars().collect();
    for piece in chars.chunks(1024) {
        let piece: String = piece.iter().collect();
        body.push_str(&event(
            "PartDeltaEvent",
            &format!(
                r#"{{"index":0,"delta":{{"part_delta_kind":"text","content_delta":{}}},"event_kind":"part_delta",{META}}}"#,
                json(&piece)
            ),
        ));
    }
    body.push_str(&completed());
    (body.into_bytes(), answer.len())
}

/// One event whose text part starts with the whole answer of about `n` bytes of JSON, then
/// `completed`; returns the body and its length.
fn single_event(n: usize) -> (Vec<u8>, usize) {
    let answer = prose(n * 9 / 10);
    let mut body = String::from(
        "id: 1\nevent: AgentRuntimeStreamChunk\ndata: {\"type\":\"status\",\"status\":\"running\"}\n\n",
    );
    body.push_str("id: 2\n");
    body.push_str(&event(
        "PartStartEvent",
        &format!(
            r#"{{"index":0,"part":{{"part_kind":"text","content":{},"id":null}},"previous_part_kind":null,"event_kind":"part_start",{META}}}"#,
            json(&answer)
        ),
    ));
    body.push_str("id: 3\n");
    body.push_str(&completed());
    let len = body.len();
    (body.into_bytes(), len)
}

/// What any stream may take besides its own: the chunk being read and the last page grown,
/// partly used.
const ALLOWANCE: usize = 2 * PAGE;

/// The growth per byte of `size`, beyond the allowance.
fn ratio(grown: usize, size: usize) -> f64 {
    grown.saturating_sub(ALLOWANCE) as f64 / size as f64
}

// ------------------------------------------------------------------ the bounds

#[test]
fn wasm_memory_grows_at_most_three_times_the_answer_or_the_event() {
    const MIB: usize = 1 << 20;
    let mut failures = Vec::new();
    let mut check = |name: &str, body: &[u8], size: usize, ok: FinalStatus, bound: f64| {
        let ((status, text), grown) = memory_growth(|| run(body));
        let r = ratio(grown, size);
        eprintln!("{name}: +{grown} B for {size} B ({r:.2}x beyond {ALLOWANCE} B), {status:?}, text {text} B");
        if status != ok || r > bound {
            failures.push(format!("{name}: {r:.2}x (bound {bound}x), {status:?}"));
        }
    };
    // Under the limits: answers up to the largest the text limit lets through.
    for n in [MIB / 2, 2 * MIB + MIB / 8, 3 * MIB + MIB * 6 / 10] {
        let (body, answer) = delta_answer(n);
        let name = format!("answer of {n} B");
        check(&name, &body, answer, FinalStatus::Succeeded, 3.0);
    }
    // One event up to the largest the line limit lets through. Its text is decoded in the
    // buffer that held its data, and, when the answer ends in the same push, not sent again
    // as an update before the final result: the assembled text and the result's are the two
    // copies left.
    for n in [300 << 10, 900 << 10, MIB - 4096] {
        let (body, len) = single_event(n);
        let name = format!("one event of {len} B");
        check(&name, &body, len, FinalStatus::Succeeded, 3.0);
    }
    // Past them: stopped, within 3x the stream's size.
    let (body, _) = delta_answer(10 * MIB);
    check(
        "answer of 10 MiB",
        &body,
        10 * MIB,
        FinalStatus::Failed,
        3.0,
    );
    let (body, _) = single_event(10 * MIB);
    check(
        "one event of 10 MiB",
        &body,
        10 * MIB,
        FinalStatus::Failed,
        3.0,
    );
    assert!(failures.is_empty(), "{failures:#?}");
}
