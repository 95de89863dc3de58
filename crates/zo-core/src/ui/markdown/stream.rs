//! The incremental renderer: the answer so far, its finished blocks, and the open tail that
//! each delta renders again.
//!
//! After each delta the open tail (the text after the last finished block) is parsed again;
//! the items that `boundary::settled` finds finished move into finished ranges
//! ("units") and are never rendered again, unless a definition that a later part of the
//! answer adds or changes resolves a reference in them (see `refs`): then that unit
//! alone is rendered again. The blocks of a push therefore equal those of rendering the
//! whole text so far.
//!
//! Linear work: a push may parse [`EAGER_BYTES`] plus the credit banked so far,
//! [`CREDIT_PER_BYTE`] per byte pushed. An open tail (or a finished range to render again)
//! larger than that waits until enough credit has been earned: a single paragraph of 100 KB
//! streamed in 24-byte deltas is rendered again each time it has grown by about an eighth,
//! and shows its previous rendering in between. An open fenced code block, the usual large
//! block, grows without parsing (`fence`). The total parsing work of a stream is at
//! most `EAGER_BYTES` per push plus `CREDIT_PER_BYTE` per byte; [`MarkdownStream::work`]
//! counts it. [`MarkdownStream::finish`] renders everything that is left, whatever it costs.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::blocks::BlockUpdate;
use super::boundary::{joined, line_start, settled};
use super::escape::escape_text;
use super::fence::{OpenFence, CODE_END};
use super::pass::{self, Item, ItemKind, Scope};
use super::refs::{Definitions, Key, Label, LinkTarget};

mod dirty;

/// Parsing each push may do without credit: open tails up to this size are rendered on
/// every push.
pub const EAGER_BYTES: usize = 4096;
/// Parsing credit earned per byte pushed.
pub const CREDIT_PER_BYTE: usize = 8;
/// Most credit banked beyond what the open tail needs: a long cheap stretch does not buy
/// many renderings of a later large block.
pub const MAX_CREDIT: usize = 64 * EAGER_BYTES;

/// A range of finished blocks that renders by itself.
#[derive(Debug, Clone)]
struct Unit {
    range: Range<usize>,
    first: u32,
    count: u32,
    /// Labels it refers to that no finished definition resolves yet.
    refs: Vec<Key>,
    /// It waits to be rendered again.
    dirty: bool,
}

/// Incremental Markdown renderer: feed deltas with [`MarkdownStream::push`], end with
/// [`MarkdownStream::finish`].
#[derive(Debug, Default, Clone)]
pub struct MarkdownStream {
    /// The answer so far, line ends normalized to `\n`.
    text: String,
    /// The last byte pushed was `\r` (an `\n` right after it belongs to the same line end).
    after_cr: bool,
    /// Where the open tail starts.
    stable: usize,
    units: Vec<Unit>,
    /// Finished blocks (ids below this).
    finished: u32,
    /// HTML of the open blocks as last reported.
    open: Vec<String>,
    defs: Definitions,
    /// Units referring to each label that no finished definition resolves yet.
    index: HashMap<Key, HashSet<usize>>,
    /// Units to render again (a definition changed) and their total size.
    dirty: Vec<usize>,
    dirty_bytes: usize,
    /// Text length when the tail was last rendered.
    rendered: usize,
    /// The open tail is a code block that grows without parsing.
    fence: Option<OpenFence>,
    credit: usize,
    work: u64,
}

impl MarkdownStream {
    pub fn new() -> Self {
        Self::default()
    }

    /// Bytes of Markdown parsed so far (each parse counts its whole input).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The answer so far (line ends normalized).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Appends text without rendering it (the next push or [`Self::finish`] does).
    pub fn load(&mut self, text: &str) {
        self.append(text);
    }

    /// Appends a delta and renders what changed (see the module doc for when a large open
    /// tail waits).
    pub fn push(&mut self, delta: &str) -> BlockUpdate {
        self.append(delta);
        let mut update = self.unchanged();
        let tail = if self.rendered == self.text.len() {
            0
        } else {
            self.text.len() - self.stable
        };
        self.credit = self
            .credit
            .saturating_add(delta.len().saturating_mul(CREDIT_PER_BYTE))
            .min(MAX_CREDIT.max(tail + self.dirty_bytes));
        if tail + self.dirty_bytes == 0 {
            return update;
        }
        if self.dirty.is_empty() && self.extend_fence(&mut update) {
            return update;
        }
        let available = EAGER_BYTES.saturating_add(self.credit);
        if tail > available {
            return update;
        }
        let mut budget = available - tail;
        if tail > 0 {
            self.render_tail(false, &mut update);
        }
        self.render_dirty(Some(&mut budget), &mut update);
        // What the push spent beyond its eager allowance comes out of the credit.
        let spent = available - budget;
        self.credit -= spent.saturating_sub(EAGER_BYTES).min(self.credit);
        update
    }

    /// End of the answer: everything is finished and rendered.
    pub fn finish(&mut self) -> BlockUpdate {
        let mut update = self.unchanged();
        if self.stable < self.text.len() || !self.open.is_empty() {
            self.render_tail(true, &mut update);
        }
        self.render_dirty(None, &mut update);
        update
    }

    /// Extends the open code block with the new text, when it is one that stays open.
    fn extend_fence(&mut self, update: &mut BlockUpdate) -> bool {
        let Some(fence) = &mut self.fence else {
            return false;
        };
        let (Some(added), Some(html)) = (fence.extend(&self.text), self.open.last_mut()) else {
            self.fence = None;
            return false;
        };
        let mut escaped = String::with_capacity(added.len());
        escape_text(&mut escaped, added);
        html.insert_str(html.len() - CODE_END.len(), &escaped);
        self.work += added.len() as u64;
        self.rendered = self.text.len();
        if !escaped.is_empty() {
            update.appended = Some((self.finished + self.open.len() as u32 - 1, escaped));
        }
        true
    }

    fn unchanged(&self) -> BlockUpdate {
        BlockUpdate {
            changed: Vec::new(),
            len: self.finished + self.open.len() as u32,
            finished: self.finished,
            removed: false,
            appended: None,
        }
    }

    /// Appends `delta` with `\r\n` and `\r` line ends turned into `\n`.
    fn append(&mut self, delta: &str) {
        let mut rest = delta;
        if self.after_cr {
            rest = rest.strip_prefix('\n').unwrap_or(rest);
        }
        if !rest.is_empty() {
            self.after_cr = rest.ends_with('\r');
        }
        if !rest.contains('\r') {
            self.text.push_str(rest);
            return;
        }
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\r' {
                chars.next_if_eq(&'\n');
                self.text.push('\n');
            } else {
                self.text.push(c);
            }
        }
    }

    /// Parses the open tail, finishes the items that are settled and reports the blocks that
    /// changed. `at_end`: everything is settled.
    fn render_tail(&mut self, at_end: bool, update: &mut BlockUpdate) {
        let range = self.stable..self.text.len();
        let pass = pass::run(&self.text, range, &self.defs, Scope::Tail);
        self.work += pass.parsed as u64;
        self.rendered = self.text.len();
        let settled = if at_end {
            pass.items.len()
        } else {
            settled(&self.text, &pass.items)
        };
        let cut = match pass.items.get(settled) {
            Some(item) => line_start(&self.text, item.start),
            None if at_end => self.text.len(),
            None => self.stable,
        };

        // Definitions: those before the cut are final, the rest belong to the open tail.
        // (The parser keeps one definition per label: the first.)
        let mut finished_links = Vec::new();
        let mut tail_links: HashMap<Label, LinkTarget> = HashMap::new();
        for def in pass.links {
            if def.start < cut {
                finished_links.push((def.label, def.target));
            } else {
                tail_links.entry(def.label).or_insert(def.target);
            }
        }
        let (done, open): (Vec<_>, Vec<_>) = pass.notes.into_iter().partition(|(_, at)| *at < cut);
        let finished_notes: Vec<Label> = done.into_iter().map(|(l, _)| l).collect();
        let tail_notes: HashSet<Label> = open.into_iter().map(|(l, _)| l).collect();
        let newly_final: Vec<Key> = finished_links
            .iter()
            .map(|(l, _)| Key::Link(l.clone()))
            .chain(finished_notes.iter().cloned().map(Key::Note))
            .collect();
        let changed = self
            .defs
            .update(finished_links, finished_notes, tail_links, tail_notes);
        let touched: Vec<usize> = changed
            .iter()
            .filter_map(|key| self.index.get(key))
            .flatten()
            .copied()
            .collect();
        for unit in touched {
            self.mark_dirty(unit);
        }
        for key in &newly_final {
            if self.defs.is_final(key) {
                self.index.remove(key);
            }
        }

        let old_open = std::mem::take(&mut self.open);
        let old_finished = self.finished;
        let mut items = pass.items.into_iter();
        let done: Vec<Item> = items.by_ref().take(settled).collect();
        self.finish_units(done, cut, &old_open, old_finished, update);
        self.stable = cut;
        let open: Vec<Item> = items.collect();
        self.fence = match open.as_slice() {
            [item]
                if !at_end
                    && item.kind == ItemKind::Fence
                    && item.html.ends_with(CODE_END)
                    && line_start(&self.text, item.start) == item.start =>
            {
                OpenFence::detect(&self.text, item.start)
            }
            _ => None,
        };
        for html in open.into_iter().map(|i| i.html).filter(|h| !h.is_empty()) {
            let id = self.finished + self.open.len() as u32;
            let old = old_open.get((id - old_finished) as usize);
            if old != Some(&html) {
                update.changed.push((id, html.clone()));
            }
            self.open.push(html);
        }
        update.finished = self.finished;
        let len = self.finished + self.open.len() as u32;
        update.removed |= len < update.len;
        update.len = len;
    }

    /// Turns settled items into units (split where items may be rendered apart).
    fn finish_units(
        &mut self,
        items: Vec<Item>,
        cut: usize,
        old_open: &[String],
        old_finished: u32,
        update: &mut BlockUpdate,
    ) {
        let mut start = self.stable;
        let mut first_block = self.finished;
        let mut refs: Vec<Key> = Vec::new();
        let mut items = items.into_iter().peekable();
        while let Some(item) = items.next() {
            let kind = item.kind;
            refs.extend(item.refs.into_iter().filter(|k| !self.defs.is_final(k)));
            if !item.html.is_empty() {
                let id = self.finished;
                if old_open.get((id - old_finished) as usize) != Some(&item.html) {
                    update.changed.push((id, item.html));
                }
                self.finished += 1;
            }
            // A unit ends before the next item unless that one is joined to this one.
            let end = match items.peek() {
                Some(next) if joined(&self.text, kind, next) => continue,
                Some(next) => line_start(&self.text, next.start),
                None => cut,
            };
            let refs = std::mem::take(&mut refs);
            let unit = self.units.len();
            for key in &refs {
                self.index.entry(key.clone()).or_default().insert(unit);
            }
            self.units.push(Unit {
                range: start..end,
                first: first_block,
                count: self.finished - first_block,
                refs,
                dirty: false,
            });
            start = end;
            first_block = self.finished;
        }
    }
}
