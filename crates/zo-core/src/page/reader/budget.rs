//! Fitting the page text to a character budget: blocks are kept whole from the start, and
//! when some are left out the text ends with the outline (the headings) of what was left
//! out, so Zo knows what exists and can ask for it. Only a block longer than a large room left
//! (a page that is one huge paragraph) is cut inside, at a word.

use super::render::{Block, BlockKind};

/// Most of the budget the outline of left-out headings may take (a fraction: 1/N).
const OUTLINE_SHARE: usize = 10;
/// A left-out block is cut inside when the room left is at least this share of the budget.
const LONG_BLOCK_SHARE: usize = 4;

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// Each block as it is written after the one before: separated by one line break between
/// items of a list or rows of a table, by a blank line otherwise.
fn pieces(blocks: &[Block]) -> Vec<String> {
    let mut prev = None;
    blocks
        .iter()
        .map(|b| {
            let sep = match (prev, b.kind) {
                (None, _) => "",
                (Some(BlockKind::Item), BlockKind::Item)
                | (Some(BlockKind::Row), BlockKind::Row) => "\n",
                _ => "\n\n",
            };
            prev = Some(b.kind);
            let mut s = String::from(sep);
            s.push_str(&b.line());
            s
        })
        .collect()
}

/// The blocks as page text within `budget` characters; true when something was left out.
pub fn fit(blocks: &[Block], budget: usize) -> (String, bool) {
    let pieces = pieces(blocks);
    let lens: Vec<usize> = pieces.iter().map(|p| chars(p)).collect();
    let total: usize = lens.iter().sum();
    if total <= budget {
        return (concat(&pieces), false);
    }
    // Keep blocks while they fit, then give back blocks until the outline of the rest fits.
    let max_outline = budget / OUTLINE_SHARE;
    let mut kept = 0;
    let mut used = 0;
    while kept < pieces.len() && used + lens[kept] <= budget {
        used += lens[kept];
        kept += 1;
    }
    let mut outline = outline_of(blocks, kept, total - used, max_outline);
    while kept > 1 && used + chars(&outline) > budget {
        kept -= 1;
        used -= lens[kept];
        outline = outline_of(blocks, kept, total - used, max_outline);
    }
    let mut text = concat(&pieces[..kept]);
    // A block longer than much of the room left (one huge paragraph) is cut inside, at a word.
    let room = budget.saturating_sub(used + chars(&outline));
    if kept < pieces.len() && room >= budget / LONG_BLOCK_SHARE {
        let part = cut_at_word(&pieces[kept], room);
        if !part.trim().is_empty() {
            text.push_str(part);
            outline = outline_of(blocks, kept + 1, total - used - chars(part), max_outline);
        }
    }
    text.push_str(&outline);
    (cut_at_word(&text, budget).to_string(), true)
}

fn concat(pieces: &[String]) -> String {
    let mut out = String::new();
    for p in pieces {
        out.push_str(p);
    }
    out
}

/// The note ending a cut text: how much was left out, and the headings of the blocks from
/// `from` on (as many as fit in `max` characters).
fn outline_of(blocks: &[Block], from: usize, left: usize, max: usize) -> String {
    let mut out = String::from("\n\n[Cut to fit: about ");
    out.push_str(&left.to_string());
    out.push_str(" more characters left out");
    let heads: Vec<&Block> = blocks
        .iter()
        .skip(from)
        .filter(|b| matches!(b.kind, BlockKind::Heading(_)))
        .collect();
    if heads.is_empty() {
        out.push_str(".]");
        return out;
    }
    out.push_str(", under these headings:]");
    for (i, h) in heads.iter().enumerate() {
        let line = h.line();
        if chars(&out) + chars(&line) + 1 > max {
            out.push_str("\n(and ");
            out.push_str(&(heads.len() - i).to_string());
            out.push_str(" more headings)");
            break;
        }
        out.push('\n');
        out.push_str(&line);
    }
    out
}

/// The longest start of `s` within `max` characters, ending at a space when there is one in
/// its last fifth.
fn cut_at_word(s: &str, max: usize) -> &str {
    let Some((at, _)) = s.char_indices().nth(max) else {
        return s;
    };
    let head = &s[..at];
    let floor = at - at / 5;
    // A byte scan: space and line break are ASCII, so the index is a character boundary.
    match head.bytes().rposition(|b| b == b' ' || b == b'\n') {
        Some(i) if i >= floor => head[..i].trim_end(),
        _ => head,
    }
}
