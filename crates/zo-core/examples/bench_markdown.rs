//! Benchmark driver (tests/bench/markdown.ts runs it): streams a Markdown answer read from
//! stdin through [`zo_core::markdown::MarkdownStream`] in N deltas and prints, as one JSON
//! line, the total time and the time of the first and last 1 000 deltas (median of R runs).
//!
//! `cargo run --release -p zo-core --example bench_markdown -- DELTAS RUNS < answer.md`

use std::io::Read;
use std::time::Instant;

use zo_core::markdown::{Blocks, MarkdownStream};

fn split(text: &str, n: usize) -> Vec<&str> {
    let mut out = Vec::with_capacity(n);
    let mut start = 0;
    for i in 1..=n {
        let mut end = text.len() * i / n;
        while end < text.len() && !text.is_char_boundary(end) {
            end += 1;
        }
        out.push(&text[start..end.max(start)]);
        start = end.max(start);
    }
    out
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    match xs.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => xs[n / 2],
        n => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let deltas: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let runs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("stdin: {e}"))?;
    let pieces = split(&text, deltas);
    let window = 1000.min(deltas);
    let (mut totals, mut firsts, mut lasts) = (Vec::new(), Vec::new(), Vec::new());
    let mut html_bytes = 0usize;
    for _ in 0..runs {
        let mut md = MarkdownStream::new();
        let mut blocks = Blocks::default();
        let mut each = Vec::with_capacity(pieces.len());
        let start = Instant::now();
        for piece in &pieces {
            let t = Instant::now();
            let u = md.push(piece);
            each.push(t.elapsed().as_secs_f64() * 1e3);
            blocks.apply(&u);
        }
        blocks.apply(&md.finish());
        html_bytes = blocks.html().len();
        totals.push(start.elapsed().as_secs_f64() * 1e3);
        firsts.push(each[..window].iter().sum());
        lasts.push(each[each.len() - window..].iter().sum());
    }
    println!(
        "{{\"chars\":{},\"deltas\":{},\"runs\":{},\"totalMs\":{:.3},\"first1000Ms\":{:.3},\"last1000Ms\":{:.3},\"htmlBytes\":{}}}",
        text.chars().count(),
        pieces.len(),
        runs,
        median(totals),
        median(firsts),
        median(lasts),
        html_bytes
    );
    Ok(())
}
