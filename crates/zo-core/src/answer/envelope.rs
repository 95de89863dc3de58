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

use crate::answer::normalize::{normalize, Dropped, Normalized};
use crate::wire::action::Action;
use serde::Serialize;
use serde_json::Value;

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

/// Parses one complete model answer (see the module doc).
pub fn parse_answer(text: &str) -> Envelope {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trimmed = text.trim();
    if let Ok(v) = serde_json::from_str::<Value>(trimmed) {
        return match action_json(&v, true) {
            Some(found) => found.into_envelope(Vec::new()),
            None => prose(text),
        };
    }
    if let Some((found, rest)) = fenced(text) {
        return found.into_envelope(rest);
    }
    if let Some((found, rest)) = embedded(text) {
        return found.into_envelope(rest);
    }
    prose(text)
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
fn action_json(v: &Value, allow_array: bool) -> Option<Found> {
    match v {
        Value::Object(o) => {
            let actions = o.get("actions")?;
            let normalized = match actions {
                Value::Array(entries) => normalize(entries),
                Value::Object(_) => normalize(std::slice::from_ref(actions)),
                other => Normalized {
                    actions: Vec::new(),
                    dropped: vec![Dropped {
                        entry: other.clone(),
                        reason: "\"actions\" must be a list of actions".to_string(),
                    }],
                },
            };
            let reasoning = match o.get("reasoning") {
                Some(Value::String(r)) if !r.trim().is_empty() => vec![r.trim().to_string()],
                _ => Vec::new(),
            };
            Some(Found {
                normalized,
                reasoning,
            })
        }
        Value::Array(entries)
            if allow_array && !entries.is_empty() && entries.iter().all(Value::is_object) =>
        {
            let normalized = normalize(entries);
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

fn lines(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let next = (end + 1).min(text.len());
        out.push(Line { start, end, next });
        start = if end == text.len() { end } else { next };
    }
    out
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
fn fenced_json(content: &str, ch: char) -> Option<Value> {
    let content = content.trim();
    serde_json::from_str(content).ok().or_else(|| {
        let unglued = content.trim_end_matches(ch);
        (unglued.len() < content.len())
            .then(|| serde_json::from_str(unglued.trim()).ok())
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

fn fence_blocks(text: &str) -> Vec<Block> {
    let lines = lines(text);
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some((ch, n)) = fence_open(&text[lines[i].start..lines[i].end]) else {
            i += 1;
            continue;
        };
        let close =
            (i + 1..lines.len()).find(|&j| fence_close(&text[lines[j].start..lines[j].end], ch, n));
        let (content_end, end) = match close {
            Some(j) => (lines[j].start, lines[j].next),
            None => (text.len(), text.len()),
        };
        blocks.push(Block {
            start: lines[i].start,
            end,
            content: (lines[i].next.min(content_end), content_end),
            ch,
        });
        i = close.map_or(lines.len(), |j| j + 1);
    }
    blocks
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
    if !text.contains("\"actions\"") {
        return None;
    }
    let blocks = fence_blocks(text);
    let in_block = |i: usize| blocks.iter().any(|b| b.start <= i && i < b.end);
    let mut found: Option<Found> = None;
    let mut rest = Vec::new();
    let mut last = 0;
    let mut attempts = 0;
    for (i, _) in text.match_indices('{') {
        if i < last || in_block(i) {
            continue;
        }
        attempts += 1;
        if attempts > MAX_EMBED_ATTEMPTS {
            break;
        }
        let mut values = serde_json::Deserializer::from_str(&text[i..]).into_iter::<Value>();
        let Some(Ok(v)) = values.next() else {
            continue;
        };
        if !matches!(v.get("actions"), Some(Value::Array(_) | Value::Object(_))) {
            continue;
        }
        let end = i + values.byte_offset();
        if let Some(f) = action_json(&v, false) {
            rest.push(&text[last..i]);
            last = end;
            found.get_or_insert_with(Found::default).merge(f);
        }
    }
    let found = found?;
    rest.push(&text[last..]);
    Some((found, rest))
}
