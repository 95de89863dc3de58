//! Hostile server input through the stream pipeline, natively: generates one of the streams
//! below in 64 KiB chunks (the whole body is never held), pushes it through
//! [`zo_core::stream::StreamPipeline`] and prints one JSON line with the heap peak (a counting
//! global allocator: bytes requested and not yet freed, at their highest), the CPU time and
//! how the stream ended.
//!
//! `cargo run --release -p zo-core --example hostile_streams -- CASE SIZE`
//!
//! | CASE | SIZE | the stream |
//! |---|---|---|
//! | `line` | MiB (fractions allowed) | one `data:` line that never ends |
//! | `event` | MiB | one `PartStartEvent` whose text is SIZE MiB, then `completed` |
//! | `event-lines` | MiB | one tool call event of SIZE MiB spread over 64 KiB data lines |
//! | `answer` | MiB | an answer of SIZE MiB in 1 KiB token deltas, then `completed` |
//! | `tools` | count | SIZE tool calls without ids, then SIZE results without ids |
//! | `fences` | count | a Co-browse answer: SIZE fenced blocks holding `{`, then prose naming "actions" |

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use zo_core::stream::StreamPipeline;
use zo_core::wire::Mode;

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = CURRENT.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to `System` unchanged; only counters are updated.
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
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // A moving realloc holds both blocks for a moment: count the new one before the
            // old one goes.
            grew(new_size);
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const CHUNK: usize = 64 * 1024;
const MIB: usize = 1024 * 1024;

/// Feeds a generated body to the pipeline in CHUNK-byte pieces.
struct Feeder {
    pipeline: StreamPipeline,
    buf: Vec<u8>,
    updates: Vec<zo_core::stream::StreamUpdate>,
    bytes: u64,
}

impl Feeder {
    fn write(&mut self, data: &[u8]) {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= CHUNK {
            self.flush();
        }
    }

    /// `n` bytes of `b`.
    fn fill(&mut self, b: u8, mut n: usize) {
        while n > 0 {
            let room = CHUNK - self.buf.len().min(CHUNK);
            let take = n.min(room.max(1));
            self.buf.resize(self.buf.len() + take, b);
            n -= take;
            if self.buf.len() >= CHUNK {
                self.flush();
            }
        }
    }

    fn flush(&mut self) {
        self.updates.clear();
        self.pipeline.push_bytes_into(&self.buf, &mut self.updates);
        self.bytes += self.buf.len() as u64;
        self.buf.clear();
    }
}

const COMPLETED: &[u8] = b"event: completed\ndata: {\"status\":\"succeeded\"}\n\n";

fn generate(case: &str, size: f64, f: &mut Feeder) -> Result<(), String> {
    let bytes = (size * MIB as f64) as usize;
    let count = size as usize;
    match case {
        "line" => {
            f.write(b"event: PartDeltaEvent\ndata: ");
            f.fill(b'a', bytes);
        }
        "event" => {
            f.write(
                b"event: PartStartEvent\ndata: {\"index\":0,\"part\":{\"part_kind\":\"text\",\"content\":\"",
            );
            f.fill(b'a', bytes);
            f.write(b"\"},\"metadata\":{\"zmid\":\"m1\"}}\n\n");
            f.write(COMPLETED);
        }
        "event-lines" => {
            f.write(b"event: FunctionToolCallEvent\ndata: {\"part\":{\"tool_name\":\"t\",\"tool_call_id\":\"c1\",\"args\":{\"k\":0\n");
            let line = 64 * 1024;
            for i in 0..(bytes / line).max(1) {
                f.write(format!("data: ,\"k{i}\":\"").as_bytes());
                f.fill(b'a', line - 16);
                f.write(b"\"\n");
            }
            f.write(b"data: }}}\n\n");
            f.write(COMPLETED);
        }
        "answer" => {
            let token = "a".repeat(1024);
            let event = format!(
                "event: PartDeltaEvent\ndata: {{\"delta\":{{\"content_delta\":\"{token}\",\"part_delta_kind\":\"text\"}},\"event_kind\":\"part_delta\",\"index\":0,\"metadata\":{{\"runner_id\":\"r\",\"zmid\":\"m1\"}}}}\n\n"
            );
            f.write(b"event: PartStartEvent\ndata: {\"index\":0,\"part\":{\"part_kind\":\"text\",\"content\":\"\"},\"metadata\":{\"zmid\":\"m1\"}}\n\n");
            for _ in 0..bytes / 1024 {
                f.write(event.as_bytes());
            }
            f.write(COMPLETED);
        }
        "tools" => {
            for _ in 0..count {
                f.write(b"event: FunctionToolCallEvent\ndata: {\"part\":{\"tool_name\":\"search\",\"args\":{\"q\":\"x\"}}}\n\n");
            }
            for _ in 0..count {
                f.write(b"event: FunctionToolResultEvent\ndata: {\"result\":{\"tool_name\":\"search\",\"content\":\"ok\"}}\n\n");
            }
            f.write(COMPLETED);
        }
        "fences" => {
            let start = b"event: PartStartEvent\ndata: {\"index\":0,\"part\":{\"part_kind\":\"text\",\"content\":\"Plan:\\n\"},\"metadata\":{\"zmid\":\"m1\"}}\n\n";
            f.write(start);
            let block = "```\\n{\\n```\\n".repeat(64);
            let event = format!(
                "event: PartDeltaEvent\ndata: {{\"delta\":{{\"content_delta\":\"{block}\",\"part_delta_kind\":\"text\"}},\"event_kind\":\"part_delta\",\"index\":0,\"metadata\":{{\"runner_id\":\"r\",\"zmid\":\"m1\"}}}}\n\n"
            );
            for _ in 0..count.div_ceil(64) {
                f.write(event.as_bytes());
            }
            f.write(b"event: PartDeltaEvent\ndata: {\"delta\":{\"content_delta\":\"say \\\"actions\\\" here\",\"part_delta_kind\":\"text\"},\"event_kind\":\"part_delta\",\"index\":0,\"metadata\":{\"runner_id\":\"r\",\"zmid\":\"m1\"}}\n\n");
            f.write(COMPLETED);
        }
        other => return Err(format!("unknown case {other:?}")),
    }
    f.flush();
    Ok(())
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let case = args.next().unwrap_or_else(|| "answer".to_string());
    let size: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10.0);
    let mode = if case == "fences" {
        Mode::Cobrowse
    } else {
        Mode::Ask
    };
    let start = Instant::now();
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let mut feeder = Feeder {
        pipeline: StreamPipeline::new(mode),
        buf: Vec::with_capacity(CHUNK + 256),
        updates: Vec::new(),
        bytes: 0,
    };
    generate(&case, size, &mut feeder)?;
    feeder.updates = Vec::new();
    let result = feeder.pipeline.finish();
    let elapsed = start.elapsed().as_secs_f64();
    let peak = PEAK.load(Ordering::Relaxed) - base;
    println!(
        "{}",
        serde_json::json!({
            "case": case,
            "size": size,
            "bodyBytes": feeder.bytes,
            "peakHeapBytes": peak,
            "peakHeapMiB": (peak as f64 / MIB as f64 * 10.0).round() / 10.0,
            "seconds": (elapsed * 1000.0).round() / 1000.0,
            "status": result.status,
            "textBytes": result.text.len(),
            "error": result.error,
        })
    );
    Ok(())
}
