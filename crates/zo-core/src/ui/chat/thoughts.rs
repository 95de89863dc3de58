//! The reasoning of a turn as kept: each Co-browse step's, as the worker told it, or the
//! reasoning of an answer asked in one step; the live thinking it replaces.

use super::{Change, Turn};
use crate::ui::reasoning::thought_views;

impl Turn {
    /// The worker kept step `step`'s reasoning: it replaces the thinking streamed for it.
    pub(super) fn keep_thought(&mut self, step: u32, text: &str, changes: &mut Vec<Change>) {
        let Some(slot) = (step as usize)
            .checked_sub(1)
            .filter(|&s| s < crate::ui::reasoning::MAX_THOUGHTS)
        else {
            return;
        };
        if self.thoughts.len() <= slot {
            self.thoughts.resize(slot + 1, String::new());
        }
        self.thoughts[slot] = text.trim().to_string();
        self.reasoning_live.clear();
        self.message.thoughts.clone_from(&self.thoughts);
        changes.push(Change::Thoughts(thought_views(&self.message)));
    }

    /// Ends the reasoning: a Co-browse task's steps keep theirs (thinking of a step that did
    /// not end, e.g. stopped, is that step's); an answer of one ask keeps `last` (the final
    /// result's reasoning) or else the thinking streamed.
    pub(super) fn finalize_reasoning(&mut self, last: Option<&str>, changes: &mut Vec<Change>) {
        let live = self.reasoning_live.trim().to_string();
        self.reasoning_live.clear();
        if self.thoughts.is_empty() {
            let text = last
                .map(str::trim)
                .filter(|r| !r.is_empty())
                .map(str::to_string)
                .or_else(|| Some(live).filter(|l| !l.is_empty()));
            let Some(text) = text else {
                return;
            };
            self.message.reasoning = Some(text);
        } else {
            let slot = self.thoughts.len().max(self.action_step as usize);
            if !live.is_empty() && slot < crate::ui::reasoning::MAX_THOUGHTS {
                self.thoughts.resize(slot, String::new());
                self.thoughts.push(live);
            }
            self.message.reasoning = None;
            self.message.thoughts.clone_from(&self.thoughts);
        }
        changes.push(Change::Thoughts(thought_views(&self.message)));
    }
}
