//! Benchmark driver (tests/bench/pipeline.ts runs it): the stream pipeline natively, as a
//! reference for the wasm build. Reads an SSE body from stdin, pushes it through
//! [`zo_core::stream::StreamPipeline`] (Ask mode) in CHUNK-byte pieces (0: all at once) and
//! prints, as one JSON line, the median milliseconds of RUNS runs and the final text length.
//!
//! `cargo run --release -p zo-core --example bench_pipeline -- CHUNK RUNS < stream.sse`

use std::io::Read;
use std::time::Instant;

use zo_core::stream::StreamPipeline;
use zo_core::wire::Mode;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let chunk: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1024);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(7);
    let mut body = Vec::new();
    std::io::stdin()
        .read_to_end(&mut body)
        .map_err(|e| format!("stdin: {e}"))?;
    let size = if chunk == 0 { body.len().max(1) } else { chunk };
    let mut times = Vec::with_capacity(runs);
    let mut text_len = 0;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let mut pipeline = StreamPipeline::new(Mode::Ask);
        let mut updates = Vec::new();
        for piece in body.chunks(size) {
            updates.clear();
            pipeline.push_bytes_into(piece, &mut updates);
        }
        let result = pipeline.finish();
        times.push(start.elapsed().as_secs_f64() * 1e3);
        text_len = result.text.len();
    }
    times.sort_by(f64::total_cmp);
    let median = if times.len() % 2 == 1 {
        times[times.len() / 2]
    } else {
        (times[times.len() / 2 - 1] + times[times.len() / 2]) / 2.0
    };
    println!(
        "{{\"bytes\":{},\"chunk\":{},\"runs\":{},\"medianMs\":{:.3},\"textBytes\":{}}}",
        body.len(),
        chunk,
        times.len(),
        median,
        text_len
    );
    Ok(())
}
