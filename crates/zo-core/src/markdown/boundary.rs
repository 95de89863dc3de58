//! Where finished blocks end. The open tail of a streamed answer is parsed as a list of
//! top-level items; an item is finished when no text appended later can change it or make it
//! merge with what follows. That holds once the next item has started on a complete line
//! (the line decides by itself that it starts a new top-level item: it is not a lazy
//! continuation, a setext underline, a table delimiter row, a list item of the same list or
//! a closing fence), except after a link reference definition directly followed by a
//! paragraph: later lines of that paragraph can still turn out to be the definition's title.
//! Then the two finish together, with the paragraph.

use super::pass::{Item, ItemKind};

/// The start of the line holding byte `at`.
pub(crate) fn line_start(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    memchr::memrchr(b'\n', &text.as_bytes()[..at]).map_or(0, |i| i + 1)
}

/// Whether the line before the one holding byte `at` is blank (spaces and tabs only).
fn blank_line_before(text: &str, at: usize) -> bool {
    let start = line_start(text, at);
    let Some(prev_end) = start.checked_sub(1) else {
        return false;
    };
    let prev = &text.as_bytes()[line_start(text, prev_end)..prev_end];
    prev.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r'))
}

/// Whether `next` must stay with `prev` in one range: a definition's title may still take
/// lines of the paragraph right after it.
pub(crate) fn joined(text: &str, prev: &Item, next: &Item) -> bool {
    prev.kind == ItemKind::Definition
        && next.kind == ItemKind::Paragraph
        && !blank_line_before(text, next.start)
}

/// How many of `items` (the open tail's, in order) are finished.
pub(crate) fn settled(text: &str, items: &[Item]) -> usize {
    (1..items.len())
        .rev()
        .find(|&i| {
            let next = &items[i];
            let complete = memchr::memchr(b'\n', &text.as_bytes()[next.start.min(text.len())..]);
            complete.is_some() && !joined(text, &items[i - 1], next)
        })
        .unwrap_or(0)
}
