//! Where finished blocks end. The open tail of a streamed answer is parsed as a list of
//! top-level items; an item is finished when no text appended later can change it or make it
//! merge with what follows. That holds once the next item has started on a complete line
//! (the line decides by itself that it starts a new top-level item: it is not a lazy
//! continuation, a setext underline, a table delimiter row, a list item of the same list or
//! a closing fence; a table needs its delimiter row complete too), or, whatever the next
//! line becomes, once a blank line separates them and the item is not a list, footnote or
//! indented code block (which a later indented line may continue); except right after a link reference definition: a definition is read
//! from the start of a paragraph, whose next lines (a paragraph or a setext heading after
//! the definition, indented or not) can still turn out to be its title. Items that follow a
//! definition without a blank line finish together with it.

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

/// Whether `next` must stay with `prev` in one range: the lines right after a definition
/// belong to the paragraph the definition was read from (they are continuation lines,
/// whatever they became: a paragraph, a setext heading...), and later lines can still turn
/// them into the definition's title.
pub(crate) fn joined(text: &str, prev: ItemKind, next: &Item) -> bool {
    prev == ItemKind::Definition && !blank_line_before(text, next.start)
}

/// Whether the lines that decide what `item` is are complete: its first line, and for a
/// table also the delimiter row (until then the table may turn out to be paragraph text,
/// which would not have interrupted the block before it).
fn decided(text: &str, item: &Item) -> bool {
    let lines = if item.kind == ItemKind::Table { 2 } else { 1 };
    let rest = text.as_bytes().get(item.start..).unwrap_or_default();
    memchr::memchr_iter(b'\n', rest).nth(lines - 1).is_some()
}

/// Whether the item before `next` is finished.
fn finished_before(text: &str, prev: ItemKind, next: &Item) -> bool {
    // After a blank line nothing merges with the item before, unless an indented line can
    // still continue it (then `next`'s line must be complete to tell).
    (prev != ItemKind::Open && blank_line_before(text, next.start))
        || (decided(text, next) && !joined(text, prev, next))
}

/// How many of `items` (the open tail's, in order) are finished.
pub(crate) fn settled(text: &str, items: &[Item]) -> usize {
    (1..items.len())
        .rev()
        .find(|&i| finished_before(text, items[i - 1].kind, &items[i]))
        .unwrap_or(0)
}
