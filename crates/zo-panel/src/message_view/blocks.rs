//! The block elements of a streamed Markdown answer, one `.md-block` per Markdown block.
//! Finished blocks are written once; only the open (last) block is rewritten per delta, in
//! place when the delta only adds text (see [`super::append`]).
//!
//! Blocks are created inside groups of [`GROUP`] consecutive blocks
//! (`.answer > .md-group > .md-block`). A delta changes only the last block, and layout
//! re-runs along its ancestors, each of which walks its children: with groups that is
//! O(groups + GROUP) boxes per delta instead of every block of a long answer, and the finished
//! groups reuse their cached layout. The groups are plain block boxes (no padding, border or
//! containment), so margins, text, selection and `innerText` are as without them.

use web_sys::{Document, Element};
use zo_core::markdown::BlockUpdate;

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
    /// The open block's id and the HTML it shows.
    shown: Option<(usize, String)>,
}

impl AnswerBlocks {
    pub fn new(doc: &Document, answer: &Element) -> AnswerBlocks {
        AnswerBlocks {
            doc: doc.clone(),
            answer: answer.clone(),
            groups: Vec::new(),
            blocks: Vec::new(),
            finished: 0,
            shown: None,
        }
    }

    /// Apply an incremental update of the answer.
    pub fn apply(&mut self, update: &BlockUpdate) -> DomResult<()> {
        for (id, html) in &update.finished {
            self.show(*id, html)?;
            self.finished = self.finished.max(*id as usize + 1);
        }
        match &update.open {
            Some((id, html)) => {
                self.show(*id, html)?;
                self.shown = Some((*id as usize, html.clone()));
            }
            None if update.deferred => {} // large open block: its last rendering stays
            None => {
                // The open block vanished (it was only whitespace): drop its element, and
                // its group when it was the group's only block.
                self.shown = None;
                while self.blocks.len() > self.finished {
                    if let Some(e) = self.blocks.pop() {
                        e.remove();
                    }
                    if self.groups.len() > self.blocks.len().div_ceil(GROUP) {
                        if let Some(g) = self.groups.pop() {
                            g.remove();
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Replace the whole answer with `html` (one block).
    pub fn replace(&mut self, html: &str) -> DomResult<()> {
        clear(&self.answer);
        self.groups.clear();
        self.blocks.clear();
        self.finished = 0;
        self.shown = None;
        if !html.is_empty() {
            self.block(0)?.set_inner_html(html);
        }
        Ok(())
    }

    /// Show `html` in block `id` (as an update of the open block when it is that block).
    fn show(&mut self, id: u32, html: &str) -> DomResult<()> {
        let e = self.block(id)?;
        match self.shown.take_if(|(open, _)| *open == id as usize) {
            Some((_, old)) => super::append::update(&e, &old, html),
            None => e.set_inner_html(html),
        }
        Ok(())
    }

    /// The element of block `id`, created (in order, with its group) when new.
    fn block(&mut self, id: u32) -> DomResult<Element> {
        let id = id as usize;
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
