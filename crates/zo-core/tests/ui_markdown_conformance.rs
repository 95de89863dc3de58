//! The panel's Markdown renderer against the CommonMark 0.31.2 spec examples and the GitHub
//! Flavored Markdown extension examples (tests/fixtures/commonmark, tests/fixtures/gfm).
//!
//! Each example's expected HTML gets the panel's policy applied (links only for
//! http/https/mailto, images as links, code block bar, table box) and both sides are
//! normalized as CommonMark's test runner does. Outside the raw-HTML sections at least 99%
//! must match; in the raw-HTML sections ("HTML blocks", "Raw HTML") the raw HTML the spec
//! passes through must be shown as escaped text (comments left out), and nothing but the
//! panel's own tags may come out.

#![cfg(test)]

mod common;

use common::html_norm::{normalize, normalize_tokens};
use common::policy::{apply_policy, commonmark_expected, escaped, foreign_tags, passed_through};
use serde::Deserialize;
use zo_core::ui::markdown::render_html;

#[derive(Deserialize)]
struct Example {
    markdown: String,
    html: String,
    section: String,
    number: u32,
}

fn examples(json: &str) -> Vec<Example> {
    let mut all: Vec<Example> = serde_json::from_str(json).unwrap();
    for e in &mut all {
        // The spec writes tabs as arrows.
        e.markdown = e.markdown.replace('→', "\t");
        e.html = e.html.replace('→', "\t");
    }
    all
}

fn spec() -> Vec<Example> {
    examples(include_str!("../../../tests/fixtures/commonmark/spec.json"))
}

fn gfm() -> Vec<Example> {
    examples(include_str!("../../../tests/fixtures/gfm/extensions.json"))
}

const RAW_HTML_SECTIONS: [&str; 2] = ["HTML blocks", "Raw HTML"];

/// Whether the panel renders `e` as the spec does (under the panel's policy).
fn matches(e: &Example) -> Result<(), String> {
    let ours = render_html(&e.markdown);
    let want = if e.section.contains("extension") {
        normalize_tokens(&apply_policy(&e.markdown, &e.html))
    } else {
        commonmark_expected(e.number, &e.markdown, &e.html)
    };
    let got = normalize(&ours);
    if want == got {
        Ok(())
    } else {
        Err(format!(
            "example {} ({}):\n  markdown: {:?}\n  expected: {want}\n  got:      {got}",
            e.number, e.section, e.markdown
        ))
    }
}

#[test]
fn commonmark_examples_outside_raw_html_match() {
    let all = spec();
    assert_eq!(all.len(), 652, "CommonMark 0.31.2 has 652 examples");
    let checked: Vec<&Example> = all
        .iter()
        .filter(|e| !RAW_HTML_SECTIONS.contains(&e.section.as_str()))
        .collect();
    let failures: Vec<String> = checked.iter().filter_map(|e| matches(e).err()).collect();
    let passed = checked.len() - failures.len();
    let percent = 100.0 * passed as f64 / checked.len() as f64;
    println!(
        "CommonMark 0.31.2 outside raw HTML: {passed}/{} ({percent:.1}%)",
        checked.len()
    );
    for f in &failures {
        println!("{f}");
    }
    assert!(percent >= 99.0, "{percent:.1}% < 99%");
}

#[test]
fn raw_html_examples_render_as_escaped_text() {
    let all = spec();
    let raw: Vec<&Example> = all
        .iter()
        .filter(|e| RAW_HTML_SECTIONS.contains(&e.section.as_str()))
        .collect();
    assert_eq!(raw.len(), 64);
    let mut shown = 0;
    for e in raw {
        let ours = render_html(&e.markdown);
        let foreign = foreign_tags(&ours);
        assert!(
            foreign.is_empty(),
            "example {}: {foreign:?} in {ours}",
            e.number
        );
        for tag in passed_through(&e.markdown, &e.html) {
            if tag.starts_with("<!--") {
                assert!(
                    !ours.contains(&tag[..4]),
                    "example {}: comment {tag:?} shown in {ours}",
                    e.number
                );
            } else {
                assert!(
                    ours.contains(&escaped(&tag)),
                    "example {}: {tag:?} not shown as text in {ours}",
                    e.number
                );
                shown += 1;
            }
        }
    }
    assert!(shown > 50, "only {shown} raw tags checked");
    let failures: Vec<String> = all
        .iter()
        .filter(|e| RAW_HTML_SECTIONS.contains(&e.section.as_str()))
        .filter_map(|e| matches(e).err())
        .collect();
    println!(
        "raw HTML sections, equal to the spec with raw HTML as text: {}/64",
        64 - failures.len()
    );
    for f in &failures {
        println!("{f}");
    }
}

#[test]
fn gfm_extension_examples_match() {
    let all = gfm();
    assert_eq!(all.len(), 24);
    let failures: Vec<String> = all.iter().filter_map(|e| matches(e).err()).collect();
    for section in [
        "Tables (extension)",
        "Task list items (extension)",
        "Strikethrough (extension)",
        "Autolinks (extension)",
    ] {
        let n = all.iter().filter(|e| e.section == section).count();
        let failed = failures.iter().filter(|f| f.contains(section)).count();
        println!("GFM {section}: {}/{n}", n - failed);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_example_renders_the_same_streamed_in_small_deltas() {
    use zo_core::ui::markdown::{Blocks, MarkdownStream};
    for e in spec().iter().chain(gfm().iter()) {
        let whole = render_html(&e.markdown);
        let chars: Vec<char> = e.markdown.chars().collect();
        for size in [1, 2, 5] {
            let mut stream = MarkdownStream::new();
            let mut blocks = Blocks::default();
            for piece in chars.chunks(size) {
                blocks.apply(&stream.push(&piece.iter().collect::<String>()));
                let so_far = render_html(stream.text());
                assert_eq!(
                    blocks.html(),
                    so_far,
                    "example {} streamed by {size}: after {:?}",
                    e.number,
                    stream.text()
                );
            }
            blocks.apply(&stream.finish());
            assert_eq!(blocks.html(), whole, "example {} by {size}", e.number);
        }
    }
}
