//! Markdown answers in the panel: a code block's Copy button copies its code, a saved chat
//! renders as the answer streamed, with the side panel's stylesheet wide tables scroll
//! inside their box while long prose lines wrap, and links beyond ASCII keep the panel alive.

#![cfg(test)]

mod common;

use common::*;
use serde_json::json;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};
use zo_core::ui::markdown::render_blocks;

wasm_bindgen_test_configure!(run_in_browser);

const ANSWER: &str = "Run this:\n\n```rust\nfn main() {\n    println!(\"<hi> & bye\");\n}\n```\n\n\
                      Then `cargo run`.\n\n    indented code\n";

fn click(e: &Element) {
    e.dyn_ref::<HtmlElement>().unwrap().click();
}

/// Links whose address goes beyond ASCII (a bare URL before "…", a Wikipedia title with
/// accents) are links with the address percent-encoded, streamed a few bytes at a time; the
/// panel goes on answering afterwards.
#[wasm_bindgen_test]
fn links_beyond_ascii_render_and_the_panel_goes_on() {
    const LINKS: &str = "See https://other.example/collect?… and \
                         [Élysée](https://fr.wikipedia.org/wiki/Élysée) 😀.";
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("links").unwrap();
    let chars: Vec<char> = LINKS.chars().collect();
    for piece in chars.chunks(3) {
        feed(&p, chunk(&sid, &piece.iter().collect::<String>()));
    }
    feed(&p, done(&sid, LINKS));
    let hrefs: Vec<String> = qa(&last_answer(&root), "a")
        .iter()
        .filter_map(|a| a.get_attribute("href"))
        .collect();
    assert_eq!(
        hrefs,
        [
            "https://other.example/collect?%E2%80%A6",
            "https://fr.wikipedia.org/wiki/%C3%89lys%C3%A9e"
        ]
    );
    let next = p.send("still there?").unwrap();
    feed(&p, done(&next, "Yes."));
    assert_eq!(last_answer(&root).text_content().unwrap().trim(), "Yes.");
}

#[wasm_bindgen_test]
fn code_block_copy_copies_the_code_and_shows_its_language() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("code please").unwrap();
    for piece in ANSWER.as_bytes().chunks(5) {
        feed(&p, chunk(&sid, std::str::from_utf8(piece).unwrap()));
    }
    feed(&p, done(&sid, ANSWER));
    let answer = last_answer(&root);
    let codes = qa(&answer, ".md-code");
    assert_eq!(codes.len(), 2);
    let label = q(&codes[0], ".md-code-lang").unwrap();
    assert_eq!(label.text_content().unwrap(), "rust");
    assert!(
        q(&codes[1], ".md-code-lang").is_none(),
        "no language, no label"
    );

    click(&q(&codes[0], ".md-copy").unwrap());
    click(&q(&codes[1], ".md-copy").unwrap());
    assert_eq!(
        host.calls("copied"),
        vec![
            json!("fn main() {\n    println!(\"<hi> & bye\");\n}\n"),
            json!("indented code\n"),
        ]
    );
    let button = q(&codes[0], ".md-copy").unwrap();
    assert_eq!(button.text_content().unwrap(), "Copied");
    // The message's own Copy copies the whole answer as plain text, Copy Markdown as written.
    click(&q(&root, ".msg.assistant .msg-footer .copy").unwrap());
    assert_eq!(
        host.calls("copied").last().unwrap(),
        &json!("Run this:\n\nfn main() {\n    println!(\"<hi> & bye\");\n}\n\nThen cargo run.\n\nindented code")
    );
    click(&q(&root, ".msg.assistant .msg-footer .copy-md").unwrap());
    assert_eq!(host.calls("copied").last().unwrap(), &json!(ANSWER));
}

#[wasm_bindgen_test]
fn a_saved_chat_renders_as_it_streamed() {
    let text = "# Plan\n\nSee [docs] and https://example.com.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n\
                - [x] done\n- [ ] todo\n\n```js\nlet a = 1 < 2;\n```\n\n[docs]: https://docs.example\n";
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("plan").unwrap();
    for piece in text.as_bytes().chunks(3) {
        feed(&p, chunk(&sid, std::str::from_utf8(piece).unwrap()));
    }
    feed(&p, done(&sid, text));
    let streamed = last_answer(&root);
    let history: serde_json::Value = serde_json::from_str(&p.history_json()).unwrap();

    let host2 = FakeHost::new();
    let (_p2, root2) = panel_with(
        &host2,
        json!({"apiKey": "zo_sk_dev", "defaultMode": "ask"}),
        history,
    );
    let stored = last_answer(&root2);
    let blocks = render_blocks(text);
    let streamed_blocks = qa(&streamed, ".md-block");
    let stored_blocks = qa(&stored, ".md-block");
    assert_eq!(stored_blocks.len(), blocks.len());
    assert_eq!(streamed_blocks.len(), blocks.len());
    for ((a, b), html) in streamed_blocks.iter().zip(&stored_blocks).zip(&blocks) {
        assert!(
            a.is_equal_node(Some(b)),
            "{} != {}",
            a.inner_html(),
            b.inner_html()
        );
        assert_eq!(b.inner_html(), *html);
    }
    // The stored chat's code block has a working Copy button too.
    click(&q(&stored, ".md-copy").unwrap());
    assert_eq!(host2.calls("copied"), vec![json!("let a = 1 < 2;\n")]);
}

#[wasm_bindgen_test]
fn wide_tables_scroll_and_long_lines_wrap_in_the_bubble() {
    let d = doc();
    let style = d.create_element("style").unwrap();
    style.set_text_content(Some(include_str!("../../../extension/sidepanel.css")));
    d.body().unwrap().append_child(&style).unwrap();

    let host = FakeHost::new();
    let (p, root) = panel(&host);
    root.set_attribute("style", "width: 320px").unwrap();
    let columns: Vec<String> = (0..12).map(|i| format!("column {i}")).collect();
    let text = format!(
        "A long line: https://example.com/{}\n\nwordwordword{}\n\n| {} |\n|{}\n| {} |\n\n\
         ```\n{}\n```\n",
        "segment/".repeat(40),
        "x".repeat(300),
        columns.join(" | "),
        "---|".repeat(12),
        columns.join(" | "),
        "let x = 1; ".repeat(40),
    );
    let sid = p.send("wide").unwrap();
    feed(&p, chunk(&sid, &text));
    feed(&p, done(&sid, &text));
    let answer = last_answer(&root);

    // Nothing in the answer is wider than the answer itself...
    assert!(
        answer.scroll_width() <= answer.client_width(),
        "the answer overflows: {} > {}",
        answer.scroll_width(),
        answer.client_width()
    );
    // ...because prose wraps...
    for para in qa(&answer, "p") {
        assert!(
            para.scroll_width() <= para.client_width(),
            "{}",
            para.inner_html()
        );
        assert!(
            para.client_height() > 40,
            "a long line should take several lines"
        );
    }
    // ...and the table and the code scroll inside their own boxes.
    let table_box = q(&answer, ".md-table").unwrap();
    assert!(
        table_box.scroll_width() > table_box.client_width(),
        "the table should be wider than its box ({} <= {})",
        table_box.scroll_width(),
        table_box.client_width()
    );
    // Its cells keep their words whole (no wrapping at every character to fit the width).
    for th in qa(&answer, "th") {
        assert!(th.client_height() < 36, "{} wraps", th.inner_html());
    }
    let pre = q(&answer, ".md-code pre").unwrap();
    assert!(pre.scroll_width() > pre.client_width());
    style.remove();
}
