//! Fitting the page text to a character budget: blocks are kept whole from the start, and
//! when some are left out the text ends with the outline (the headings) of what was left
//! out, so Zo knows what exists and can ask for it. Only a block longer than a large room left
//! (a page that is one huge paragraph) is cut inside, at a word.

use super::render::{Block, BlockKind};

/// Most of the budget the outline of left-out headings may take (a fraction: 1/N).
const OUTLINE_SHARE: usize = 4;
/// A left-out block is cut inside when the room left is at least this share of the budget.
const LONG_BLOCK_SHARE: usize = 4;

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// The separator before a block that follows `prev`: one line break between items of a list
/// or rows of a table, a blank line otherwise.
fn separator(prev: Option<BlockKind>, kind: BlockKind) -> &'static str {
    match (prev, kind) {
        (None, _) => "",
        (Some(BlockKind::Item), BlockKind::Item) | (Some(BlockKind::Row), BlockKind::Row) => "\n",
        _ => "\n\n",
    }
}

/// The blocks as page text within `budget` characters; true when something was left out.
pub fn fit(blocks: &[Block], budget: usize) -> (String, bool) {
    let lines: Vec<String> = blocks.iter().map(Block::line).collect();
    let mut lens = Vec::with_capacity(lines.len());
    let mut total = 0;
    let mut prev = None;
    for (b, l) in blocks.iter().zip(&lines) {
        let n = chars(separator(prev, b.kind)) + chars(l);
        lens.push(n);
        total += n;
        prev = Some(b.kind);
    }
    if total <= budget {
        return (join(blocks, &lines, blocks.len()), false);
    }
    // Keep blocks while they fit, then give back blocks until the outline of the rest fits.
    let mut kept = 0;
    let mut used = 0;
    while kept < lines.len() && used + lens[kept] <= budget {
        used += lens[kept];
        kept += 1;
    }
    let mut outline = outline_of(blocks, &lines, kept, total - used, budget / OUTLINE_SHARE);
    while kept > 1 && used + chars(&outline) > budget {
        kept -= 1;
        used -= lens[kept];
        outline = outline_of(blocks, &lines, kept, total - used, budget / OUTLINE_SHARE);
    }
    let mut text = join(blocks, &lines, kept);
    // A block longer than much of the room left (one huge paragraph) is cut inside, at a word.
    let room = budget.saturating_sub(used + chars(&outline) + 2);
    if kept < lines.len() && room >= budget / LONG_BLOCK_SHARE {
        let (part, _) = crate::page::budget_text(&lines[kept], room);
        if !part.is_empty() {
            if kept > 0 {
                text.push_str("\n\n");
            }
            let left = total.saturating_sub(used + chars(&part));
            text.push_str(&part);
            outline = outline_of(blocks, &lines, kept + 1, left, budget / OUTLINE_SHARE);
        }
    }
    text.push_str(&outline);
    (cut_to(text, budget), true)
}

fn join(blocks: &[Block], lines: &[String], n: usize) -> String {
    let mut out = String::new();
    let mut prev = None;
    for (b, l) in blocks.iter().zip(lines).take(n) {
        out.push_str(separator(prev, b.kind));
        out.push_str(l);
        prev = Some(b.kind);
    }
    out
}

/// The note ending a cut text: how much was left out, and the headings of the left-out
/// blocks (as many as fit in `max` characters).
fn outline_of(blocks: &[Block], lines: &[String], from: usize, left: usize, max: usize) -> String {
    let heads: Vec<&String> = blocks
        .iter()
        .zip(lines)
        .skip(from)
        .filter(|(b, _)| matches!(b.kind, BlockKind::Heading(_)))
        .map(|(_, l)| l)
        .collect();
    let mut out = if heads.is_empty() {
        format!("\n\n[Cut to fit: about {left} more characters left out.]")
    } else {
        format!("\n\n[Cut to fit: about {left} more characters left out, under these headings:]")
    };
    for (i, h) in heads.iter().enumerate() {
        if chars(&out) + chars(h) + 1 > max {
            out.push_str(&format!("\n(and {} more headings)", heads.len() - i));
            break;
        }
        out.push('\n');
        out.push_str(h);
    }
    out
}

/// `text` cut to `budget` characters (only reached when the outline note alone is long).
fn cut_to(text: String, budget: usize) -> String {
    match text.char_indices().nth(budget) {
        Some((at, _)) => text[..at].to_string(),
        None => text,
    }
}
