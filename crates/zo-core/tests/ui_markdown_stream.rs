//! The streamed Markdown renderer against whole renderings: after every delta the blocks a
//! stream shows equal the blocks of the whole text so far, and at the end the blocks of the
//! whole answer, for answers built from the lines that make block boundaries hard (lazy
//! continuations, lists, setext underlines, fences, tables, link and footnote definitions
//! that come after their references, raw HTML, autolinks), cut at random places.

#![cfg(test)]

use proptest::prelude::*;
use zo_core::ui::markdown::{render_blocks, Blocks, MarkdownStream};

/// Lines an answer is made of.
const LINES: &[&str] = &[
    "",
    "",
    " ",
    "Foo bar",
    "baz *em* **strong** `code`",
    "===",
    "---",
    "***",
    "- a",
    "- b",
    "  - nested",
    "    indented",
    "1. one",
    "2. two",
    "3) three",
    "> quote",
    ">",
    "> - quoted item",
    "```",
    "```rust",
    "~~~",
    "    code line",
    "# Heading",
    "## Heading [foo]",
    "| a | b |",
    "|---|:-:|",
    "| 1 | 2 |",
    "[foo]: https://foo.example 'Title",
    "line' ",
    "[foo]: https://other.example",
    "[bar]:",
    "https://bar.example",
    "[foo] and [bar][] and [Foo][bar] and ![img][foo]",
    "see [foo]",
    "[^1]: A note",
    "    more of the note",
    "text with a note[^1] and [^2]",
    "[^2]: Second",
    "<div>",
    "</div>",
    "<!-- comment",
    "-->",
    "<pre>",
    "</pre>",
    "- [ ] task",
    "- [x] done",
    "www.example.com/path and a@b.example",
    "<https://auto.example>",
    "trailing backslash\\",
    "hard break  ",
    "\t- tab item",
    "  [foo]: https://indented.example",
    "\"title\"",
    "  ```",
    "   ~~~ x",
    "``",
    "`````",
    "\t```",
    "```` not closed",
    "> [foo]: https://quoted.example",
    "- [bar]: https://listed.example",
    "  > nested quote",
    "<table>",
    "[^1]:",
    "| x |",
    "Setext",
    "  ===",
    "[x]: <https://angle.example> \"t\"",
];

fn answer() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(LINES), 1..24).prop_map(|lines| lines.join("\n"))
}

/// Streams `text` in pieces of the given sizes (cycled), checking every step.
fn check_stream(text: &str, sizes: &[usize]) -> Result<(), TestCaseError> {
    let mut stream = MarkdownStream::new();
    let mut blocks = Blocks::default();
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    let mut k = 0;
    while at < chars.len() {
        let size = sizes[k % sizes.len()].max(1);
        k += 1;
        let end = (at + size).min(chars.len());
        let piece: String = chars[at..end].iter().collect();
        at = end;
        blocks.apply(&stream.push(&piece));
        let so_far: String = chars[..at].iter().collect();
        prop_assert_eq!(&blocks.0, &render_blocks(&so_far), "after {:?}", so_far);
    }
    blocks.apply(&stream.finish());
    prop_assert_eq!(&blocks.0, &render_blocks(text));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn streamed_blocks_equal_whole_blocks_after_every_delta(
        text in answer(),
        sizes in prop::collection::vec(1usize..12, 1..6),
    ) {
        check_stream(&text, &sizes)?;
    }
}

#[test]
fn definitions_after_their_references_update_finished_blocks() {
    let text = "See [docs] and [^n].\n\nMore text here.\n\nEnd.\n\n[docs]: https://docs.example\n\n[^n]: The note.\n";
    check_stream(text, &[3]).unwrap();
    let mut stream = MarkdownStream::new();
    let mut blocks = Blocks::default();
    for line in text.split_inclusive('\n') {
        blocks.apply(&stream.push(line));
    }
    blocks.apply(&stream.finish());
    assert!(
        blocks.0[0].contains("<a href=\"https://docs.example\""),
        "{:?}",
        blocks.0
    );
    assert!(blocks.0[0].contains("md-footnote-ref"), "{:?}", blocks.0);
}

#[test]
fn the_first_definition_of_a_label_wins_across_blocks() {
    let text = "[a]: https://first.example\n\nx [a]\n\n[a]: https://second.example\n\ny [a]\n";
    check_stream(text, &[1, 4]).unwrap();
    let html = render_blocks(text).concat();
    assert_eq!(html.matches("https://first.example").count(), 2, "{html}");
    assert!(!html.contains("second"), "{html}");
}

#[test]
fn a_definition_being_typed_changes_what_it_resolves() {
    // The reference is finished long before its definition arrives, then the definition's
    // URL grows delta by delta (and stops being a definition for a while).
    let text = "Cite [x].\n\nPara.\n\n[x]: https://x.example/a 'T' junk\n";
    check_stream(text, &[1]).unwrap();
    check_stream(text, &[2, 5]).unwrap();
}

#[test]
fn a_long_code_block_grows_by_appending() {
    let mut text = String::from("Intro.\n\n```rust\n");
    while text.len() < 50_000 {
        text.push_str("    let x = a < b && c > \"d\"; // ``` inside\n");
    }
    text.push_str("```\n\nAfter.\n");
    let mut md = MarkdownStream::new();
    let mut blocks = Blocks::default();
    let (mut appended, mut rendered) = (0, 0);
    for (i, piece) in text.as_bytes().chunks(24).enumerate() {
        let update = md.push(std::str::from_utf8(piece).unwrap());
        if update.appended.is_some() {
            appended += 1;
            assert!(update.changed.is_empty());
        } else if !update.changed.is_empty() {
            rendered += 1;
        }
        blocks.apply(&update);
        if i % 97 == 0 {
            assert_eq!(
                blocks.0,
                render_blocks(md.text()),
                "after {} bytes",
                md.text().len()
            );
        }
    }
    assert_eq!(blocks.0, render_blocks(&text), "before finish");
    blocks.apply(&md.finish());
    assert_eq!(blocks.0, render_blocks(&text));
    assert!(appended > 1900, "{appended} appends, {rendered} renderings");
    assert!(md.work() < 3 * text.len() as u64, "work {}", md.work());
}
