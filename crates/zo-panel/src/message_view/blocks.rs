//! The block elements of a streamed Markdown answer, one `.md-block` per Markdown block
//! (zo-core's [`BlockUpdate`]s say which changed). A finished block is written once and keeps
//! its DOM nodes; an open block that changes is updated in place when the change only adds
//! text (see [`super::append`]) and rewritten otherwise.
//!
//! Blocks are created inside groups of [`GROUP`] consecutive blocks
//! (`.answer > .md-group > .md-block`). A delta changes only the last blocks, and layout
//! re-runs along their ancestors, each of which walks its children: with groups that is
//! O(groups + GROUP) boxes per delta instead of every block of a long answer, and the finished
//! groups reuse their cached layout. The groups are plain block boxes (no padding, border or
//! containment), so margins, text, selection and `innerText` are as without them.

use web_sys::{Document, Element};
use zo_core::ui::markdown::BlockUpdate;

use crate::dom::{append, clear, el, DomResult};

/// Blocks per group. Layout of a delta walks about `blocks / GROUP + GROUP` boxes.
pub const GROUP: usize = 32;

pub struct AnswerBlocks {
    doc: Document,
    answer: Element,
    /// Group elements; group `g` holds blocks `g * GROUP ..`.
    groups: Vec<Element>,
    /// Block elements, indexed by block id.
    blocks: Vec<Element>,
    /// Blocks with id below this are finished.
    finished: usize,
    /// The HTML the open blocks (ids `finished..`) show.
    open: Vec<String>,
}

impl AnswerBlocks {
    pub fn new(doc: &Document, answer: &Element) -> AnswerBlocks {
        AnswerBlocks {
            doc: doc.clone(),
            answer: answer.clone(),
            groups: Vec::new(),
            blocks: Vec::new(),
            finished: 0,
            open: Vec::new(),
        }
    }

    /// Apply an incremental update of the answer.
    pub fn apply(&mut self, update: &BlockUpdate) -> DomResult<()> {
        for (id, html) in &update.changed {
            let id = *id as usize;
            let e = self.block(id)?;
            match id.checked_sub(self.finished) {
                Some(i) if i < self.open.len() => {
                    super::append::update(&e, &self.open[i], html);
                    self.open[i].clone_from(html);
                }
                Some(i) => {
                    e.set_inner_html(html);
                    self.open.resize(i, String::new());
                    self.open.push(html.clone());
                }
                None => e.set_inner_html(html),
            }
        }
        if let Some((id, escaped)) = &update.appended {
            let id = *id as usize;
            let e = self.block(id)?;
            match id
                .checked_sub(self.finished)
                .and_then(|i| self.open.get_mut(i))
            {
                Some(html) => super::append::append(&e, html, escaped),
                None => return Err(crate::dom::DomError::Missing("open answer block")),
            }
        }
        self.truncate(update.len as usize);
        let finished = update.finished as usize;
        if finished > self.finished {
            let done = (finished - self.finished).min(self.open.len());
            self.open.drain(..done);
            self.finished = finished;
        }
        Ok(())
    }

    /// Replace the whole answer with `blocks`, all finished.
    pub fn replace(&mut self, blocks: &[String]) -> DomResult<()> {
        clear(&self.answer);
        self.groups.clear();
        self.blocks.clear();
        self.open.clear();
        for (id, html) in blocks.iter().enumerate() {
            self.block(id)?.set_inner_html(html);
        }
        self.finished = blocks.len();
        Ok(())
    }

    /// Removes the blocks from `len` on, and groups left empty.
    fn truncate(&mut self, len: usize) {
        while self.blocks.len() > len {
            if let Some(e) = self.blocks.pop() {
                e.remove();
            }
            if self.groups.len() > self.blocks.len().div_ceil(GROUP) {
                if let Some(g) = self.groups.pop() {
                    g.remove();
                }
            }
        }
        self.open.truncate(len.saturating_sub(self.finished));
    }

    /// The element of block `id`, created (in order, with its group) when new.
    fn block(&mut self, id: usize) -> DomResult<Element> {
        while self.blocks.len() <= id {
            if self.blocks.len() == self.groups.len() * GROUP {
                let g = el(&self.doc, "div", "md-group")?;
                append(&self.answer, &g)?;
                self.groups.push(g);
            }
            let e = el(&self.doc, "div", "md-block")?;
            if let Some(g) = self.groups.last() {
                append(g, &e)?;
            }
            self.blocks.push(e);
        }
        match self.blocks.get(id) {
            Some(e) => Ok(e.clone()),
            None => Err(crate::dom::DomError::Missing("answer block")),
        }
    }
}
