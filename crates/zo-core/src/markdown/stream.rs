//! The incremental renderer: the answer so far, its finished blocks, and the open tail that
//! each delta renders again.
//!
//! After each delta the open tail (the text after the last finished block) is parsed again;
//! the items that [`super::boundary::settled`] finds finished move into finished ranges
//! ("units") and are never rendered again, unless a definition that a later part of the
//! answer adds or changes resolves a reference in them (see [`super::refs`]): then that unit
//! alone is rendered again. The blocks of a push therefore equal those of rendering the
//! whole text so far.
//!
//! Linear work: a push may parse [`EAGER_BYTES`] plus the credit banked so far,
//! [`CREDIT_PER_BYTE`] per byte pushed. An open tail (or a finished range to render again)
//! larger than that waits until enough credit has been earned: a single paragraph of 100 KB
//! streamed in 24-byte deltas is rendered again each time it has grown by about an eighth,
//! and shows its previous rendering in between. An open fenced code block, the usual large
//! block, grows without parsing ([`super::fence`]). The total parsing work of a stream is at
//! most `EAGER_BYTES` per push plus `CREDIT_PER_BYTE` per byte; [`MarkdownStream::work`]
//! counts it. [`MarkdownStream::finish`] renders everything that is left, whatever it costs.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::boundary::{joined, line_start, settled};
use super::escape::escape_text;
use super::fence::{OpenFence, CODE_END};
use super::pass::{self, Item, ItemKind, Scope};
use super::refs::{Definitions, Key, Label, LinkTarget};

/// Parsing each push may do without credit: open tails up to this size are rendered on
/// every push.
pub const EAGER_BYTES: usize = 4096;
/// Parsing credit earned per byte pushed.
pub const CREDIT_PER_BYTE: usize = 8;
/// Most credit banked beyond what the open tail needs: a long cheap stretch does not buy
/// many renderings of a later large block.
pub const MAX_CREDIT: usize = 64 * EAGER_BYTES;

/// What a push or [`MarkdownStream::finish`] changed in the answer's blocks.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BlockUpdate {
    /// Blocks whose HTML is new or different, by id, in ascending order.
    pub changed: Vec<(u32, String)>,
    /// How many blocks the answer has now (ids `0..len`); blocks from `len` on are gone.
    pub len: u32,
    /// Blocks below this id are finished: they change again only when a definition later in
    /// the answer resolves a reference in them.
    pub finished: u32,
    /// Blocks were removed (the answer had more than `len` before).
    pub removed: bool,
    /// Escaped text that block `id` (an open code block) gained at its end, before its
    /// closing tags (see [`closing_tags_start`]): its new HTML without resending the block.
    pub appended: Option<(u32, String)>,
}

impl BlockUpdate {
    /// Nothing changed.
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty() && !self.removed && self.appended.is_none()
    }
}

/// Where the run of closing tags that ends `html` starts (`"</li></ul>"` in
/// `"<ul><li>a</li></ul>"`).
pub fn closing_tags_start(html: &str) -> usize {
    let mut start = html.len();
    while let Some(rest) = html[..start].strip_suffix('>') {
        let Some(open) = rest.rfind("</") else {
            break;
        };
        let name = &rest[open + 2..];
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            break;
        }
        start = open;
    }
    start
}

/// The blocks an answer shows, kept up to date from [`BlockUpdate`]s (what the panel's DOM
/// holds, as strings).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Blocks(pub Vec<String>);

impl Blocks {
    pub fn apply(&mut self, update: &BlockUpdate) {
        for (id, html) in &update.changed {
            let id = *id as usize;
            if self.0.len() <= id {
                self.0.resize(id + 1, String::new());
            }
            self.0[id].clone_from(html);
        }
        if let Some((id, text)) = &update.appended {
            if let Some(html) = self.0.get_mut(*id as usize) {
                html.insert_str(closing_tags_start(html), text);
            }
        }
        self.0.truncate(update.len as usize);
    }

    /// All blocks' HTML, joined.
    pub fn html(&self) -> String {
        self.0.concat()
    }
}

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

    fn mark_dirty(&mut self, unit: usize) {
        if let Some(u) = self.units.get_mut(unit) {
            if !u.dirty {
                u.dirty = true;
                self.dirty.push(unit);
                self.dirty_bytes += u.range.len();
            }
        }
    }

    /// Renders again the units whose references resolve differently now, in order, while
    /// `budget` allows (all of them without a budget). Their blocks come before any other
    /// change of the update (they are older).
    fn render_dirty(&mut self, mut budget: Option<&mut usize>, update: &mut BlockUpdate) {
        if self.dirty.is_empty() {
            return;
        }
        self.dirty.sort_unstable();
        let mut changed: Vec<(u32, String)> = Vec::new();
        let mut done = 0;
        for &unit in &self.dirty {
            let Some(u) = self.units.get(unit).cloned() else {
                done += 1;
                continue;
            };
            let cost = u.range.len();
            if let Some(budget) = budget.as_deref_mut() {
                if cost > *budget {
                    break;
                }
                *budget -= cost;
            }
            done += 1;
            self.dirty_bytes -= cost.min(self.dirty_bytes);
            let pass = pass::run(&self.text, u.range.clone(), &self.defs, Scope::Finished);
            self.work += pass.parsed as u64;
            let mut blocks: Vec<String> = Vec::new();
            let mut refs: Vec<Key> = Vec::new();
            for item in pass.items {
                refs.extend(item.refs.into_iter().filter(|k| !self.defs.is_final(k)));
                if !item.html.is_empty() {
                    blocks.push(item.html);
                }
            }
            // The block structure does not depend on definitions: the same number of blocks.
            // Should it differ, the extra HTML joins the last block.
            let count = u.count as usize;
            if blocks.len() > count && count > 0 {
                let extra: String = blocks.drain(count..).collect();
                if let Some(last) = blocks.last_mut() {
                    last.push_str(&extra);
                }
            }
            blocks.resize(count, String::new());
            for (j, html) in blocks.into_iter().enumerate() {
                changed.push((u.first + j as u32, html));
            }
            for key in &u.refs {
                if let Some(units) = self.index.get_mut(key) {
                    units.remove(&unit);
                }
            }
            for key in &refs {
                self.index.entry(key.clone()).or_default().insert(unit);
            }
            if let Some(stored) = self.units.get_mut(unit) {
                stored.refs = refs;
                stored.dirty = false;
            }
        }
        self.dirty.drain(..done);
        update.changed.splice(0..0, changed);
    }
}
