//! Hostile Markdown: cmark's pathological inputs (nested emphasis, mismatched openers and
//! closers, nested brackets, long runs of `[a`, `*a `, `(http://`, deep block quotes and
//! lists...) render with their text intact, and streamed in 24-byte deltas the parsing work
//! (`MarkdownStream::work`) grows linearly with the answer; any text made of link starts,
//! Markdown punctuation and characters beyond ASCII renders, whole or streamed, without a
//! panic. Times are measured by the bench (`./build.sh bench`), not here.

#![cfg(test)]

mod common;

use common::hostile::patterns;
use zo_core::ui::markdown::html::MAX_NESTING;
use zo_core::ui::markdown::stream::CREDIT_PER_BYTE;
use zo_core::ui::markdown::{render_html, Blocks, MarkdownStream};

/// The text of rendered HTML: tags removed, the renderer's entities decoded.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

fn stream(text: &str, delta: usize) -> (String, u64, usize) {
    let mut md = MarkdownStream::new();
    let mut blocks = Blocks::default();
    let mut at = 0;
    let mut pushes = 0;
    while at < text.len() {
        let mut end = (at + delta).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        blocks.apply(&md.push(&text[at..end]));
        pushes += 1;
        at = end;
    }
    blocks.apply(&md.finish());
    (blocks.html(), md.work(), pushes)
}

#[test]
fn pathological_inputs_keep_their_text() {
    for (name, input) in patterns(100_000) {
        let html = render_html(&input);
        let shown = text_of(&html);
        match name {
            "nested strong emph" => {
                let k = 100_000 / 14;
                assert_eq!(html.matches("<em>a <strong>a ").count(), k, "{name}");
                assert_eq!(html.matches(" a</strong> a</em>").count(), k, "{name}");
            }
            "nested block quotes" => {
                assert_eq!(html.matches("<blockquote>").count(), MAX_NESTING, "{name}");
                assert!(shown.trim() == "a", "{name}");
            }
            "deeply nested lists" | "deep list markers on one line" => {
                let containers = html.matches("<ul>").count() + html.matches("<li>").count();
                assert_eq!(containers, MAX_NESTING, "{name}");
            }
            "many references" => {
                assert!(html.starts_with("<p>[0] [0]"), "{name}");
                assert!(html.ends_with("[0]</p>"), "{name}");
            }
            _ => {
                let want: String = input.split_whitespace().collect();
                let got: String = shown.split_whitespace().collect();
                assert_eq!(got.len(), want.len(), "{name}: text lost or added");
            }
        }
    }
}

#[test]
fn streamed_in_small_deltas_the_work_grows_linearly() {
    // Every pattern, streamed: the same HTML as a whole rendering, a bounded work per byte
    // (mostly the eager renderings of the first kilobytes, see `EAGER_BYTES`).
    for (name, input) in patterns(32_000) {
        let (html, work, _) = stream(&input, 24);
        assert_eq!(html, render_html(&input), "{name}: streamed != whole");
        let per_byte = work as f64 / input.len() as f64;
        assert!(
            per_byte <= 50.0,
            "{name}: {per_byte:.1} bytes parsed per byte"
        );
    }
    // Twice the answer, at most about twice the work (never the square).
    let growth = [
        "nested strong emph",
        "link openers without closers",
        "*a runs",
        "nested brackets",
        "nested block quotes",
    ];
    for ((name, small), (_, large)) in patterns(32_000).into_iter().zip(patterns(64_000)) {
        if !growth.contains(&name) {
            continue;
        }
        let (work_small, work_large) = (stream(&small, 24).1, stream(&large, 24).1);
        let marginal = (work_large - work_small) as f64 / (large.len() - small.len()) as f64;
        assert!(
            marginal <= 3.0 * CREDIT_PER_BYTE as f64,
            "{name}: {work_small} -> {work_large} bytes parsed, {marginal:.1} per added byte"
        );
    }
}

#[test]
fn a_realistic_answer_reparses_only_its_small_tail() {
    let para = "Some *text* with `code`, a [link](https://example.com/x) and more words.\n\n";
    let mut text = String::new();
    let mut k = 0;
    while text.len() < 100_000 {
        k += 1;
        match k % 5 {
            0 => text.push_str("## A heading\n\n"),
            1 => text.push_str("- one item\n- two items with **bold**\n\n"),
            2 => text.push_str("```rust\nfn main() {\n    println!(\"hi\");\n}\n```\n\n"),
            _ => text.push_str(para),
        }
    }
    let mut md = MarkdownStream::new();
    let mut finished = 0;
    for piece in text.as_bytes().chunks(24) {
        let update = md.push(std::str::from_utf8(piece).unwrap());
        // Blocks once finished are never sent again.
        assert!(update.changed.iter().all(|(id, _)| *id >= finished));
        finished = update.finished;
    }
    md.finish();
    let per_byte = md.work() as f64 / text.len() as f64;
    assert!(per_byte < 12.0, "{per_byte:.1} bytes parsed per byte");
}

mod any_text {
    use proptest::prelude::*;
    use zo_core::ui::markdown::{render_html, MarkdownStream};

    /// Text made of what makes the renderer work hardest: link and autolink starts, Markdown
    /// punctuation, and characters of one to four UTF-8 bytes right against them.
    fn text() -> impl Strategy<Value = String> {
        let piece = prop::sample::select(vec![
            "https://",
            "http://a.example/",
            "www.",
            "mailto:",
            "a@b.example",
            "<",
            ">",
            "[",
            "]",
            "(",
            ")",
            "![",
            "](",
            "*",
            "_",
            "`",
            "~",
            "|",
            "#",
            "\\",
            "&",
            ";",
            "?",
            "=",
            "/",
            ".",
            " ",
            "\n",
            "\n\n",
            "> ",
            "- ",
            "1. ",
            "é",
            "…",
            "日",
            "😀",
            "\u{300}",
            "x",
            "9",
        ]);
        prop::collection::vec(piece, 0..80).prop_map(|p| p.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1_000))]

        /// Whatever the text, rendering it whole or streamed in small deltas never panics (a
        /// panic in the side panel's wasm would end the panel).
        #[test]
        fn any_text_renders_whole_and_streamed(text in text(), size in 1usize..9) {
            let _ = render_html(&text);
            let mut stream = MarkdownStream::new();
            let chars: Vec<char> = text.chars().collect();
            for piece in chars.chunks(size) {
                let piece: String = piece.iter().collect();
                let _ = stream.push(&piece);
            }
            let _ = stream.finish();
        }
    }
}
