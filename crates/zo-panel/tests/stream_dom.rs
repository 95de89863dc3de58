//! The DOM of a streamed answer, delta by delta: every block equals a fresh parse of the HTML
//! zo-core renders for it (node for node), although the open block is updated in place when a
//! delta only adds text.

mod common;

use common::*;
use wasm_bindgen_test::*;
use web_sys::Element;
use zo_core::markdown::MarkdownStream;

wasm_bindgen_test_configure!(run_in_browser);

const TEXT: &str = "Intro with **bold**, `code()`, a [link](https://example.com/x) and \
'quotes' & <tags> \"here\".\n\n## Heading & more <b>\n\n- item one\n- item *two* with text\n\
- item three\n\n1. first\n2. second &amp; third\n\n```rust\nlet x = 1 < 2 && \"a\";\n\
fn main() {}\n```\n\n> quoted line\n> second 'line'\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n\
Soft\nbreak, then _emphasis_ and ~~gone~~ and a last **bold";

/// The blocks zo-core renders for `deltas` so far: (html by block id).
struct Expected {
    md: MarkdownStream,
    blocks: Vec<String>,
    finished: usize,
}

impl Expected {
    fn push(&mut self, delta: &str) {
        let update = self.md.push(delta);
        for (id, html) in update.finished {
            self.set(id as usize, html);
            self.finished = self.finished.max(id as usize + 1);
        }
        match update.open {
            Some((id, html)) => self.set(id as usize, html),
            None if update.deferred => {}
            None => self.blocks.truncate(self.finished),
        }
    }

    fn set(&mut self, id: usize, html: String) {
        if self.blocks.len() <= id {
            self.blocks.resize(id + 1, String::new());
        }
        self.blocks[id] = html;
    }
}

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
fn every_delta_leaves_the_dom_of_a_fresh_rendering() {
    for size in [1, 3, 7] {
        let host = FakeHost::new();
        let (p, root) = panel(&host);
        let sid = p.send("mixed").unwrap();
        let mut expected = Expected {
            md: MarkdownStream::new(),
            blocks: Vec::new(),
            finished: 0,
        };
        let chars: Vec<char> = TEXT.chars().collect();
        for piece in chars.chunks(size) {
            let delta: String = piece.iter().collect();
            feed(&p, chunk(&sid, &delta));
            expected.push(&delta);
            assert_blocks_equal(&last_answer(&root), &expected.blocks, &delta);
        }
    }
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
