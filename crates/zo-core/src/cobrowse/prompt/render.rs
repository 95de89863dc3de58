//! Budgeted text rendering for prompts: character-exact truncation and the untrusted page
//! block: URL, title, the compact one-line-per-element rendering of a [`PageSnapshot`] and its
//! text, every piece encoded by [`fence::encode`] inside the fence. Values of secret fields are
//! never rendered, whatever the snapshot holds.

use super::fence;
use crate::page::reader::TextKind;
use crate::page::secret_field::SecretKind;
use crate::page::text::collapse_whitespace;
use crate::wire::snapshot::{OmittedLinks, PageSnapshot, SnapshotElement};

/// Marker appended to text cut to fit a budget.
pub const CUT_MARK: &str = "…";

/// Longest label or value shown for one element.
const FIELD_MAX: usize = 80;
/// Elements whose selector is longer than this are left out: a cut selector would be wrong.
const SELECTOR_MAX: usize = 200;
/// Longest URL or title shown.
pub const HEADER_MAX: usize = 300;

/// Number of characters (Unicode scalar values): the unit of every prompt budget.
pub fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// `s` cut to at most `max` characters, ending in [`CUT_MARK`] when it was cut.
pub fn truncate(s: &str, max: usize) -> String {
    if max == 0 {
        return String::new();
    }
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some(_) => {
            // Keep max - 1 characters and the mark.
            let keep = s.char_indices().nth(max - 1).map_or(s.len(), |(i, _)| i);
            let mut out = String::with_capacity(keep + CUT_MARK.len());
            out.push_str(&s[..keep]);
            out.push_str(CUT_MARK);
            out
        }
    }
}

/// Untrusted text as one line for the page block: whitespace collapsed, encoded, cut to `max`.
pub fn line(s: &str, max: usize) -> String {
    truncate(&fence::encode(&collapse_whitespace(s)), max)
}

/// A short quoted field: one line, cut to [`FIELD_MAX`], inner quotes escaped.
fn quoted(s: &str) -> String {
    let line = line(s, FIELD_MAX);
    format!("\"{}\"", line.replace('\\', "\\\\").replace('"', "\\\""))
}

/// One element on one line: `#email input[email] "Email" value="a@b.c"`; a secret field shows
/// what it is instead of its value: `#pw input[password] "Password" (password)`.
/// `None` when the element cannot be shown faithfully: its selector is empty, too long, on
/// several lines, or holds text the fence encoding would change (Zo must be able to use it
/// as it reads it).
pub fn element_line(el: &SnapshotElement) -> Option<String> {
    let selector = el.selector.trim();
    if selector.is_empty()
        || char_len(selector) > SELECTOR_MAX
        || selector.contains('\n')
        || fence::encode(selector) != selector
    {
        return None;
    }
    let mut line = format!("{selector} {}", self::line(&el.tag, FIELD_MAX));
    if let Some(t) = el.input_type.as_deref().filter(|t| !t.trim().is_empty()) {
        line.push_str(&format!("[{}]", self::line(t, FIELD_MAX)));
    }
    if let Some(role) = el.role.as_deref().filter(|r| !r.trim().is_empty()) {
        line.push_str(&format!(" role={}", self::line(role, FIELD_MAX)));
    }
    if !el.label.trim().is_empty() {
        line.push(' ');
        line.push_str(&quoted(&el.label));
    }
    if let Some(kind) = el.secret_kind() {
        line.push_str(match kind {
            SecretKind::Password => " (password)",
            SecretKind::Payment => " (payment card detail)",
            SecretKind::OneTimeCode => " (one-time code)",
        });
    } else if let Some(v) = el.value.as_deref() {
        line.push_str(" value=");
        line.push_str(&quoted(v));
    }
    if el.disabled {
        line.push_str(" disabled");
    }
    Some(line)
}

/// The line standing for a region's links left out: how many, where, and how to reach them.
pub fn omitted_line(o: &OmittedLinks) -> String {
    let selector = o.selector.trim();
    let shown = !selector.is_empty()
        && char_len(selector) <= SELECTOR_MAX
        && !selector.contains('\n')
        && fence::encode(selector) == selector;
    let mut line = format!("… {} more links in {}", o.count, o.region.phrase());
    if shown {
        line.push_str(&format!(
            " ({selector}), not listed: scroll to it or extract it to see them"
        ));
    } else {
        line.push_str(", not listed");
    }
    line
}

/// Element lines within `budget` characters (newlines included), with the lines of links
/// left out where the snapshot placed them; says how many elements the budget left out.
pub fn elements_block(
    elements: &[SnapshotElement],
    omitted: &[OmittedLinks],
    budget: usize,
) -> String {
    let mut out = String::new();
    let mut used = 0;
    let mut shown = 0;
    let mut next = 0;
    let mut full = false;
    let push = |out: &mut String, used: &mut usize, line: &str, room: usize| {
        let len = char_len(line) + 1;
        if *used + len + room > budget {
            return false;
        }
        out.push_str(line);
        out.push('\n');
        *used += len;
        true
    };
    for (i, el) in elements.iter().enumerate() {
        // Keep room for the "more elements" note when something is left out.
        let note_room = if elements.len() - i > 1 { 40 } else { 0 };
        while let Some(o) = omitted.get(next).filter(|o| o.after as usize <= i) {
            next += 1;
            if !push(&mut out, &mut used, &omitted_line(o), note_room) {
                full = true;
                break;
            }
        }
        if full {
            break;
        }
        let Some(line) = element_line(el) else {
            continue;
        };
        if !push(&mut out, &mut used, &line, note_room) {
            break;
        }
        shown += 1;
    }
    if !full {
        for o in &omitted[next.min(omitted.len())..] {
            if !push(&mut out, &mut used, &omitted_line(o), 0) {
                break;
            }
        }
    }
    let left = elements.len() - shown;
    if left > 0 {
        let note = format!("({left} more elements not shown)\n");
        if used + char_len(&note) <= budget {
            out.push_str(&note);
        }
    }
    out
}

/// What each page section may use, in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageBudget {
    pub elements: usize,
    pub text: usize,
}

/// The untrusted block of a prompt: the fence lines around `preamble` (lines already encoded
/// with [`fence::encode`]: a follow-up's results) and the page (URL, title, elements when
/// budgeted, the text excerpt), or why there is no page.
pub fn page_block(preamble: &str, page: Result<&PageSnapshot, &str>, budget: PageBudget) -> String {
    let mut out = format!("{}\n{preamble}", fence::OPEN);
    match page {
        Ok(page) => page_body(&mut out, page, budget),
        Err(reason) => {
            out.push_str("The page's content is unavailable: ");
            out.push_str(&line(reason, 300));
            out.push('\n');
        }
    }
    out.push_str(fence::CLOSE);
    out.push('\n');
    out
}

fn page_body(out: &mut String, page: &PageSnapshot, budget: PageBudget) {
    out.push_str(&format!(
        "URL: {}\nTitle: {}\n",
        line(&page.url, HEADER_MAX),
        line(&page.title, HEADER_MAX)
    ));
    if budget.elements > 0 {
        let block = elements_block(&page.elements, &page.omitted, budget.elements);
        if block.is_empty() {
            out.push_str("Interactive elements: none found\n");
        } else {
            out.push_str("Interactive elements (selector tag[type] \"label\" value=...):\n");
            out.push_str(&block);
        }
    }
    if budget.text > 0 {
        let text = page.text.trim();
        if text.is_empty() {
            out.push_str("Text: (none)\n");
        } else {
            let cut = truncate(&fence::encode(text), budget.text);
            let what = match page.text_kind {
                TextKind::Article => "the page's main article, as a reader view extracts it",
                TextKind::Page => {
                    "the page's visible text, what is in view first; no article was found"
                }
            };
            let note = if page.text_truncated || cut.ends_with(CUT_MARK) {
                "; excerpt, cut to fit"
            } else {
                ""
            };
            out.push_str(&format!("Text ({what}{note}):\n{cut}\n"));
        }
    }
}
