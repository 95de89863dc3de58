//! Envelope parsing: one complete model answer -> its actions, the dropped entries, the final
//! prose and the reasoning.
//!
//! Recognised, in this order (the first that applies wins):
//! 1. the whole answer (trimmed) is JSON: an object with an `actions` key (its optional
//!    `reasoning` string kept), or a bare array of objects of which at least one is an action;
//! 2. fenced blocks (3+ backticks or tildes, any language tag in any case, or none) whose
//!    content is such JSON; every such block is taken, in order; the rest is the prose;
//! 3. objects with an `actions` key embedded in prose (`Sure! {"actions":[...]} Good luck.`);
//!    the rest of the answer is the prose.
//!
//! Anything else is plain prose, returned untouched (but for a leading byte order mark). For an envelope, `actions` is the value
//! of `actions` run through [`normalize`] (a single object counts as a one-entry list; any
//! other value is one dropped entry), and the final `text` is the last non-blank
//! `done.response`, else the prose around the JSON, else the reasoning, else empty: raw JSON
//! never ends up in `text`.

use crate::answer::normalize::{normalize_nodes, Dropped, Normalized};
use crate::wire::action::Action;
use crate::wire::json::{parse_within, Node, RawJson, MAX_JSON_NODES};
use serde::Serialize;

/// `text` as JSON of bounded size (the model's answer may hold anything).
fn bounded(text: &str) -> Option<Node<'_>> {
    parse_within(text, MAX_JSON_NODES).ok()
}

/// A parsed model answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Envelope {
    pub actions: Vec<Action>,
    pub dropped: Vec<Dropped>,
    /// The final prose to show the user.
    pub text: String,
    pub reasoning: Option<String>,
    /// Whether action JSON was found (even if every entry was dropped).
    pub is_envelope: bool,
}

/// At most this many `{` are tried as the start of an embedded envelope, so a pathological
/// answer costs a bounded number of parse attempts.
const MAX_EMBED_ATTEMPTS: usize = 256;
/// The objects tried as embedded envelopes are scanned for their end at most this many times
/// the answer's length in all (nested candidates are scanned again).
const EMBED_SCAN_FACTOR: usize = 4;

/// Parses one complete model answer (see the module doc).
pub fn parse_answer(text: &str) -> Envelope {
    find_envelope(text).unwrap_or_else(|| prose(text.strip_prefix('\u{feff}').unwrap_or(text)))
}

/// The envelope of one complete model answer, `None` when it is plain prose (then nothing is
/// copied: the answer may be long).
pub(crate) fn find_envelope(text: &str) -> Option<Envelope> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed = text.trim();
    if let Some(v) = bounded(trimmed) {
        return action_json(&v, true).map(|found| found.into_envelope(Vec::new()));
    }
    if let Some((found, rest)) = fenced(text) {
        return Some(found.into_envelope(rest));
    }
    embedded(text).map(|(found, rest)| found.into_envelope(rest))
}

fn prose(text: &str) -> Envelope {
    Envelope {
        actions: Vec::new(),
        dropped: Vec::new(),
        text: text.to_string(),
        reasoning: None,
        is_envelope: false,
    }
}

/// Action JSON found so far.
#[derive(Default)]
struct Found {
    normalized: Normalized,
    reasoning: Vec<String>,
}

impl Found {
    fn merge(&mut self, other: Found) {
        self.normalized.actions.extend(other.normalized.actions);
        self.normalized.dropped.extend(other.normalized.dropped);
        self.reasoning.extend(other.reasoning);
    }

    fn into_envelope(self, prose_parts: Vec<&str>) -> Envelope {
        let prose = prose_parts
            .iter()
            .map(|p| p.trim())
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n");
        let reasoning = (!self.reasoning.is_empty()).then(|| self.reasoning.join("\n\n"));
        let done = self.normalized.actions.iter().rev().find_map(|a| match a {
            Action::Done { response } if !response.trim().is_empty() => Some(response.clone()),
            _ => None,
        });
        let text = done
            .or((!prose.is_empty()).then_some(prose))
            .or_else(|| reasoning.clone())
            .unwrap_or_default();
        Envelope {
            actions: self.normalized.actions,
            dropped: self.normalized.dropped,
            text,
            reasoning,
            is_envelope: true,
        }
    }
}

/// Whether `v` is action JSON: an object with `actions`, or (when `allow_array`) a non-empty
/// array of objects at least one of which normalizes to an action.
fn action_json(v: &Node, allow_array: bool) -> Option<Found> {
    match v {
        Node::Obj(_) => {
            let actions = v.get("actions")?;
            let normalized = match actions {
                Node::Arr(entries) => normalize_nodes(entries),
                Node::Obj(_) => normalize_nodes(std::slice::from_ref(actions)),
                other => Normalized {
                    actions: Vec::new(),
                    dropped: vec![Dropped {
                        entry: RawJson::of(other),
                        reason: "\"actions\" must be a list of actions".to_string(),
                    }],
                },
            };
            let reasoning = match v.get("reasoning") {
                Some(Node::Str(r)) if !r.trim().is_empty() => vec![r.trim().to_string()],
                _ => Vec::new(),
            };
            Some(Found {
                normalized,
                reasoning,
            })
        }
        Node::Arr(entries)
            if allow_array
                && !entries.is_empty()
                && entries.iter().all(|e| matches!(e, Node::Obj(_))) =>
        {
            let normalized = normalize_nodes(entries);
            (!normalized.actions.is_empty()).then_some(Found {
                normalized,
                reasoning: Vec::new(),
            })
        }
        _ => None,
    }
}

/// One line of the answer: `[start, end)` without its line end, `next` the next line's start.
struct Line {
    start: usize,
    end: usize,
    next: usize,
}

/// The lines of `text`, in order (nothing is collected: the answer may be long).
fn lines(text: &str) -> impl Iterator<Item = Line> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let end =
            memchr::memchr(b'\n', &text.as_bytes()[start..]).map_or(text.len(), |i| start + i);
        let next = (end + 1).min(text.len());
        let line = Line { start, end, next };
        start = if end == text.len() { end } else { next };
        Some(line)
    })
}

/// A fence opening line: up to 3 spaces, then 3+ backticks or tildes, then an info string
/// (for backticks, one without backticks). Returns the fence char and its length.
fn fence_open(line: &str) -> Option<(char, usize)> {
    let body = line.trim_end_matches('\r');
    let indent = body.len() - body.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let body = &body[indent..];
    let ch = body.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let n = body.len() - body.trim_start_matches(ch).len();
    if n < 3 || (ch == '`' && body[n..].contains('`')) {
        return None;
    }
    Some((ch, n))
}

fn fence_close(line: &str, ch: char, n: usize) -> bool {
    let body = line.trim();
    let count = body.len() - body.trim_start_matches(ch).len();
    count >= n && body[count..].trim().is_empty()
}

/// The JSON of a fenced block's content; tolerates a closing fence glued to the JSON's end.
fn fenced_json(content: &str, ch: char) -> Option<Node<'_>> {
    let content = content.trim();
    bounded(content).or_else(|| {
        let unglued = content.trim_end_matches(ch);
        (unglued.len() < content.len())
            .then(|| bounded(unglued.trim()))
            .flatten()
    })
}

/// A fenced block: `[start, end)` from its opening line to after its closing line, and its
/// content `[content.0, content.1)`. An unterminated block runs to the end of the answer.
struct Block {
    start: usize,
    end: usize,
    content: (usize, usize),
    ch: char,
}

/// The fenced blocks of `text`, in order, found in one pass over its lines.
fn fence_blocks(text: &str) -> impl Iterator<Item = Block> + '_ {
    let mut lines = lines(text);
    std::iter::from_fn(move || {
        let (open, ch, n) = lines
            .by_ref()
            .find_map(|l| fence_open(&text[l.start..l.end]).map(|(ch, n)| (l, ch, n)))?;
        let close = lines
            .by_ref()
            .find(|l| fence_close(&text[l.start..l.end], ch, n));
        let (content_end, end) = match close {
            Some(l) => (l.start, l.next),
            None => (text.len(), text.len()),
        };
        Some(Block {
            start: open.start,
            end,
            content: (open.next.min(content_end), content_end),
            ch,
        })
    })
}

fn fenced(text: &str) -> Option<(Found, Vec<&str>)> {
    let mut found: Option<Found> = None;
    let mut rest = Vec::new();
    let mut last = 0;
    for b in fence_blocks(text) {
        let content = &text[b.content.0..b.content.1];
        if let Some(f) = fenced_json(content, b.ch).and_then(|v| action_json(&v, true)) {
            rest.push(&text[last..b.start]);
            last = b.end;
            found.get_or_insert_with(Found::default).merge(f);
        }
    }
    let found = found?;
    rest.push(&text[last..]);
    Some((found, rest))
}

/// Envelopes in prose; code inside fenced blocks is not searched, and `actions` must hold a
/// list or an object there.
fn embedded(text: &str) -> Option<(Found, Vec<&str>)> {
    embedded_counted(text, &mut 0)
}

/// [`embedded`], adding to `work` the `{` and fenced blocks it looked at and the bytes it
/// scanned (a linear-cost guarantee: at most a few times the answer's length, whatever the
/// answer).
fn embedded_counted<'t>(text: &'t str, work: &mut usize) -> Option<(Found, Vec<&'t str>)> {
    if !text.contains("\"actions\"") {
        return None;
    }
    // `{` positions only increase: the blocks are walked along with them, once.
    let blocks_seen = std::cell::Cell::new(0);
    let mut blocks = fence_blocks(text)
        .inspect(|_| blocks_seen.set(blocks_seen.get() + 1))
        .peekable();
    let scan_budget = EMBED_SCAN_FACTOR * text.len();
    let mut budget = scan_budget;
    let mut found: Option<Found> = None;
    let mut rest = Vec::new();
    let mut last = 0;
    let mut attempts = 0;
    for (i, _) in text.match_indices('{') {
        *work += 1;
        if i < last {
            continue;
        }
        while blocks.next_if(|b| b.end <= i).is_some() {}
        if blocks.peek().is_some_and(|b| b.start <= i) {
            continue;
        }
        attempts += 1;
        if attempts > MAX_EMBED_ATTEMPTS {
            break;
        }
        let Some(end) = object_end(text, i, &mut budget) else {
            if budget == 0 {
                break;
            }
            continue;
        };
        let Some(v) = bounded(&text[i..end]) else {
            continue;
        };
        if !matches!(v.get("actions"), Some(Node::Arr(_) | Node::Obj(_))) {
            continue;
        }
        if let Some(f) = action_json(&v, false) {
            rest.push(&text[last..i]);
            last = end;
            found.get_or_insert_with(Found::default).merge(f);
        }
    }
    drop(blocks);
    *work += blocks_seen.get() + (scan_budget - budget);
    let found = found?;
    rest.push(&text[last..]);
    Some((found, rest))
}

/// The end (exclusive) of the object that opens at `start` (a `{`): brackets matched outside
/// strings. `None` when what follows the `{` cannot start a JSON object's member (a `{` in
/// prose), when the text ends first, or when `budget` (bytes, shared by all calls) runs out.
fn object_end(text: &str, start: usize, budget: &mut usize) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let mut opened = false;
    for (at, &b) in text.as_bytes().iter().enumerate().skip(start) {
        *budget = budget.checked_sub(1)?;
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        if opened && !b.is_ascii_whitespace() {
            // The first member's key, or the end of an empty object.
            opened = false;
            if !matches!(b, b'"' | b'}') {
                return None;
            }
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => {
                opened = depth == 0;
                depth += 1;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(at + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests;
