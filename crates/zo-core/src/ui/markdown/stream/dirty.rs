//! Finished ranges rendered again: a definition added or changed later in the answer resolves
//! a reference in them differently (see [`crate::ui::markdown::refs`]).

use super::{pass, BlockUpdate, Key, MarkdownStream, Scope};

impl MarkdownStream {
    pub(super) fn mark_dirty(&mut self, unit: usize) {
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
    pub(super) fn render_dirty(
        &mut self,
        mut budget: Option<&mut usize>,
        update: &mut BlockUpdate,
    ) {
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
