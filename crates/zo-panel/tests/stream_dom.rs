//! The DOM of a streamed answer, delta by delta: after every delta its blocks equal, node for
//! node, a fresh parse of the blocks zo-core renders for the whole text so far, although open
//! blocks are updated in place when a delta only adds text and finished blocks keep their
//! nodes; and after a STREAM_REPLACE (a diverging retry), at once and for every delta after it.

#![cfg(test)]

mod common;

use common::*;
use serde_json::json;
use wasm_bindgen_test::*;
use web_sys::Element;
use zo_core::ui::markdown::render_blocks;

wasm_bindgen_test_configure!(run_in_browser);

const TEXT: &str = "Intro with **bold**, `code()`, a [link](https://example.com/x) and \
'quotes' & <tags> \"here\".\n\n## Heading & more <b>\n\n- item one\n- item *two* with text\n\
- item three\n\n1. first\n2. second &amp; third\n\n```rust\nlet x = 1 < 2 && \"a\";\n\
fn main() {}\n```\n\n> quoted line\n> second 'line'\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n\
Soft\nbreak, then _emphasis_ and ~~gone~~ and a last **bold";

fn assert_blocks_equal(answer: &Element, expected: &[String], after: &str) {
    let blocks = qa(answer, ".md-block");
    assert_eq!(blocks.len(), expected.len(), "after {after:?}");
    for (block, html) in blocks.iter().zip(expected) {
        let fresh = doc().create_element("div").unwrap();
        fresh.set_class_name("md-block");
        fresh.set_inner_html(html);
        assert!(
            block.is_equal_node(Some(&fresh)),
            "after {after:?}: {} != {html}",
            block.inner_html()
        );
    }
}

#[wasm_bindgen_test]
fn every_delta_leaves_the_dom_of_a_whole_rendering() {
    for size in [1, 3, 7] {
        let host = FakeHost::new();
        let (p, root) = panel(&host);
        let sid = p.send("mixed").unwrap();
        let mut text = String::new();
        let chars: Vec<char> = TEXT.chars().collect();
        for piece in chars.chunks(size) {
            let delta: String = piece.iter().collect();
            feed(&p, chunk(&sid, &delta));
            text.push_str(&delta);
            assert_blocks_equal(&last_answer(&root), &render_blocks(&text), &delta);
        }
        feed(&p, done(&sid, &text));
        assert_blocks_equal(&last_answer(&root), &render_blocks(&text), "done");
    }
}

#[wasm_bindgen_test]
fn finished_blocks_keep_their_nodes() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("keep").unwrap();
    feed(
        &p,
        chunk(&sid, "# Title\n\nFirst paragraph.\n\n- a\n- b\n\n"),
    );
    let answer = last_answer(&root);
    let first: Vec<web_sys::Node> = qa(&answer, ".md-block")
        .iter()
        .map(|b| b.first_child().unwrap())
        .collect();
    assert_eq!(first.len(), 3);
    for word in ["Then ", "more ", "text.\n\nAnd ", "another ", "**block**."] {
        feed(&p, chunk(&sid, word));
    }
    feed(&p, done(&sid, ""));
    for node in &first {
        assert!(node.is_connected(), "a finished block was rendered again");
    }
    assert_eq!(qa(&answer, ".md-block").len(), 5);
}

#[wasm_bindgen_test]
fn added_words_extend_the_open_text_in_place() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("words").unwrap();
    feed(&p, chunk(&sid, "Done.\n\nA paragraph that 'grows' &"));
    let paragraph = q(&last_answer(&root), ".md-block:last-child p").unwrap();
    let text = paragraph.first_child().unwrap();
    for word in [" word", " by", " <word>", " \"quoted\""] {
        feed(&p, chunk(&sid, word));
    }
    assert!(text.is_connected(), "the text node was replaced");
    assert_eq!(
        text.text_content().unwrap(),
        "A paragraph that 'grows' & word by <word> \"quoted\""
    );
    // Markup ends the in-place path: the block is re-rendered.
    feed(&p, chunk(&sid, " **bold**"));
    assert!(!text.is_connected());
    let now = q(&last_answer(&root), ".md-block:last-child p").unwrap();
    assert_eq!(
        now.query_selector("strong")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap(),
        "bold"
    );
}

fn replace(sid: &str, part: &str, text: &str) -> serde_json::Value {
    json!({"type": "STREAM_REPLACE", "sessionId": sid, "part": part, "text": text})
}

#[wasm_bindgen_test]
fn a_replace_shows_the_new_answer_at_once_and_streaming_goes_on() {
    for size in [1, 5] {
        let host = FakeHost::new();
        let (p, root) = panel(&host);
        let sid = p.send("retry").unwrap();
        let draft = "# First draft\n\n- one\n- two\n\nA paragraph that was ";
        feed(&p, chunk(&sid, draft));
        assert_blocks_equal(&last_answer(&root), &render_blocks(draft), "draft");
        let mut text = TEXT[..TEXT.len() / 2].to_string();
        while !text.is_char_boundary(text.len()) {
            text.pop();
        }
        feed(&p, replace(&sid, "answer", &text));
        assert_blocks_equal(&last_answer(&root), &render_blocks(&text), "the replace");
        let rest: Vec<char> = TEXT[text.len()..].chars().collect();
        for piece in rest.chunks(size) {
            let delta: String = piece.iter().collect();
            feed(&p, chunk(&sid, &delta));
            text.push_str(&delta);
            assert_blocks_equal(&last_answer(&root), &render_blocks(&text), &delta);
        }
        feed(&p, done(&sid, &text));
        assert_blocks_equal(&last_answer(&root), &render_blocks(TEXT), "done");
        assert!(!last_answer(&root)
            .text_content()
            .unwrap()
            .contains("First draft"));
    }
}

#[wasm_bindgen_test]
fn a_replace_leaves_nothing_of_the_draft() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("retry").unwrap();
    let draft = "# First draft\n\n- one\n- two\n\nA paragraph.\n\n```\ncode\n```\n\nMore ";
    feed(&p, chunk(&sid, draft));
    assert_blocks_equal(&last_answer(&root), &render_blocks(draft), "draft");
    // The retry's text so far is only a line break: nothing of the draft may stay.
    feed(&p, replace(&sid, "answer", "\n"));
    assert_blocks_equal(&last_answer(&root), &[], "the replace");
    feed(&p, chunk(&sid, "Short answer."));
    assert_blocks_equal(
        &last_answer(&root),
        &render_blocks("\nShort answer."),
        "after the replace",
    );
    assert!(!last_answer(&root)
        .text_content()
        .unwrap()
        .contains("First draft"));
}

#[wasm_bindgen_test]
fn a_replace_of_the_reasoning_swaps_the_live_thinking() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("think").unwrap();
    feed(
        &p,
        json!({"type": "STREAM_REASONING", "sessionId": sid, "delta": "(First draft) I think"}),
    );
    let thinking = q(&root, ".msg.assistant:last-child .thinking-text").unwrap();
    assert_eq!(thinking.text_content().unwrap(), "(First draft) I think");
    feed(&p, replace(&sid, "reasoning", "I reckon"));
    feed(
        &p,
        json!({"type": "STREAM_REASONING", "sessionId": sid, "delta": ", twice"}),
    );
    assert_eq!(thinking.text_content().unwrap(), "I reckon, twice");
    // Another session's replace changes nothing.
    feed(&p, replace("other", "reasoning", "Intruder"));
    feed(&p, replace("other", "answer", "Intruder"));
    assert_eq!(thinking.text_content().unwrap(), "I reckon, twice");
    feed(&p, done(&sid, "Answer."));
    let saved = p.history_json();
    assert!(saved.contains("I reckon, twice"), "{saved}");
    assert!(
        !saved.contains("First draft") && !saved.contains("Intruder"),
        "{saved}"
    );
}
