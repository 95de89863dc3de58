//! Benchmark driver of the Markdown renderer (tests/bench/markdown.ts runs it). Each mode
//! prints one JSON line.
//!
//! - `stream DELTAS RUNS < answer.md`: streams the answer through
//!   [`zo_core::ui::markdown::MarkdownStream`] in DELTAS pieces; total time and the time of the
//!   first and last 1 000 deltas (medians of RUNS).
//! - `whole RUNS < answer.md`: zo-core's renderer vs pulldown-cmark's own HTML writer
//!   (`pulldown_cmark::html::push_html`, same options) on the whole answer, runs interleaved;
//!   the ratio is the median of each pair's ratio (the two runs of a pair see the same
//!   machine, which a ratio of medians does not ensure on a busy one).
//! - `hostile RUNS`: cmark's pathological inputs at about 100 KB, rendered whole (fastest of
//!   RUNS) and streamed in 24-byte deltas (bytes parsed per byte).
//! - `spec [OUTPUTS.json]`: how many CommonMark 0.31.2 examples zo-core renders as the spec
//!   does (under the panel's policy), and, given a JSON array of another renderer's HTML for
//!   each example, how many of those match the spec (plain comparison).
//!
//! `cargo run --release -p zo-core --example bench_markdown -- MODE ...`

use std::io::Read;
use std::time::Instant;

use pulldown_cmark::{html::push_html, Options, Parser};
use serde_json::{json, Value};
use zo_core::ui::markdown::{render_html, Blocks, MarkdownStream};

#[path = "../tests/common/hostile.rs"]
mod hostile;
#[path = "../tests/common/html_norm.rs"]
mod html_norm;
#[path = "../tests/common/policy.rs"]
mod policy;

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

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

fn stdin() -> Result<String, String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("stdin: {e}"))?;
    Ok(text)
}

fn arg(args: &[String], i: usize, default: usize) -> usize {
    args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default)
}

fn stream_mode(args: &[String]) -> Result<Value, String> {
    let deltas = arg(args, 0, 20_000);
    let runs = arg(args, 1, 5);
    let text = stdin()?;
    let pieces = split(&text, deltas);
    let window = 1000.min(deltas);
    let (mut totals, mut firsts, mut lasts) = (Vec::new(), Vec::new(), Vec::new());
    let (mut html_bytes, mut work) = (0, 0);
    for _ in 0..runs {
        let mut md = MarkdownStream::new();
        let mut blocks = Blocks::default();
        let mut each = Vec::with_capacity(pieces.len());
        let start = Instant::now();
        for piece in &pieces {
            let t = Instant::now();
            let u = md.push(piece);
            each.push(ms(t));
            blocks.apply(&u);
        }
        blocks.apply(&md.finish());
        totals.push(ms(start));
        html_bytes = blocks.html().len();
        work = md.work();
        firsts.push(each[..window].iter().sum());
        lasts.push(each[each.len() - window..].iter().sum());
    }
    Ok(json!({
        "chars": text.chars().count(), "deltas": pieces.len(), "runs": runs,
        "totalMs": median(totals), "first1000Ms": median(firsts), "last1000Ms": median(lasts),
        "htmlBytes": html_bytes, "workPerByte": work as f64 / text.len().max(1) as f64,
    }))
}

fn whole_mode(args: &[String]) -> Result<Value, String> {
    let runs = arg(args, 0, 21);
    let text = stdin()?;
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES;
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let (mut ours_bytes, mut theirs_bytes) = (0, 0);
    for run in 0..runs + 2 {
        let t = Instant::now();
        let html = render_html(&text);
        let a = ms(t);
        let t = Instant::now();
        let mut reference = String::new();
        push_html(&mut reference, Parser::new_ext(&text, options));
        let b = ms(t);
        // Two warm-up runs.
        if run >= 2 {
            ours.push(a);
            theirs.push(b);
            ratios.push(a / b);
        }
        ours_bytes = html.len();
        theirs_bytes = reference.len();
    }
    let (ours, theirs) = (median(ours), median(theirs));
    Ok(json!({
        "bytes": text.len(), "runs": runs, "oursMs": ours, "pushHtmlMs": theirs,
        "ratio": median(ratios), "oursHtmlBytes": ours_bytes, "pushHtmlBytes": theirs_bytes,
    }))
}

fn hostile_mode(args: &[String]) -> Result<Value, String> {
    let runs = arg(args, 0, 5);
    let mut rows = Vec::new();
    for (name, input) in hostile::patterns(100_000) {
        let mut best = f64::INFINITY;
        for _ in 0..runs {
            let t = Instant::now();
            let html = render_html(&input);
            best = best.min(ms(t));
            std::hint::black_box(html);
        }
        let mut md = MarkdownStream::new();
        let t = Instant::now();
        for piece in input.as_bytes().chunks(24) {
            // The patterns are ASCII.
            md.push(std::str::from_utf8(piece).map_err(|e| e.to_string())?);
        }
        md.finish();
        let streamed = ms(t);
        rows.push(json!({
            "name": name, "bytes": input.len(), "wholeMs": best, "streamedMs": streamed,
            "workPerByte": md.work() as f64 / input.len() as f64,
        }));
    }
    Ok(Value::Array(rows))
}

fn spec_mode(args: &[String]) -> Result<Value, String> {
    let spec: Vec<Value> =
        serde_json::from_str(include_str!("../../../tests/fixtures/commonmark/spec.json"))
            .map_err(|e| e.to_string())?;
    let field = |e: &Value, k: &str| e[k].as_str().unwrap_or("").replace('→', "\t");
    let raw_section = |e: &Value| {
        matches!(
            e["section"].as_str(),
            Some("HTML blocks") | Some("Raw HTML")
        )
    };
    let theirs: Option<Vec<Value>> = match args.first() {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            Some(serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?)
        }
        None => None,
    };
    let (mut ours, mut ours_outside, mut theirs_all, mut theirs_outside) = (0, 0, 0, 0);
    for (i, e) in spec.iter().enumerate() {
        let (md, expected) = (field(e, "markdown"), field(e, "html"));
        let number = e["number"].as_u64().unwrap_or(0) as u32;
        let ours_ok = html_norm::normalize(&render_html(&md))
            == policy::commonmark_expected(number, &md, &expected);
        let want = html_norm::normalize(&expected);
        let theirs_ok = theirs
            .as_ref()
            .and_then(|t| t.get(i))
            .and_then(Value::as_str)
            .is_some_and(|html| html_norm::normalize(html) == want);
        ours += usize::from(ours_ok);
        theirs_all += usize::from(theirs_ok);
        if !raw_section(e) {
            ours_outside += usize::from(ours_ok);
            theirs_outside += usize::from(theirs_ok);
        }
    }
    let outside = spec.iter().filter(|e| !raw_section(e)).count();
    Ok(json!({
        "examples": spec.len(), "outsideRawHtml": outside,
        "ours": ours, "oursOutsideRawHtml": ours_outside,
        "theirs": theirs.map(|_| theirs_all), "theirsOutsideRawHtml": theirs_outside,
    }))
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, rest) = args.split_first().ok_or("usage: bench_markdown MODE ...")?;
    let out = match mode.as_str() {
        "stream" => stream_mode(rest)?,
        "whole" => whole_mode(rest)?,
        "hostile" => hostile_mode(rest)?,
        "spec" => spec_mode(rest)?,
        other => return Err(format!("unknown mode {other:?}")),
    };
    println!("{out}");
    Ok(())
}
