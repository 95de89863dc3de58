//! A turn shown again: the user left the chat while its answer ran and came back. The view
//! is drawn afresh from what the turn holds (each step's reasoning kept, the live thinking,
//! tools, origins, the run's rows and cards in their order, notes, the answer rendered by a fresh Markdown stream so later text continues
//! it), then the turn goes on streaming into that view.

use super::run::approval_open;
use super::{Change, Turn};
use crate::ui::markdown::MarkdownStream;
use crate::ui::reasoning::thought_views;
use crate::ui::trust_view::{approval_card, scope_chips};

impl Turn {
    /// The changes that bring a new, empty view to where this turn is. Nothing for a turn
    /// that ended (its stored message is drawn instead).
    pub fn reattach(&mut self) -> Vec<Change> {
        let mut changes = Vec::new();
        if !self.is_active() {
            return changes;
        }
        if !self.thoughts.is_empty() {
            changes.push(Change::Thoughts(thought_views(&self.message)));
        }
        if !self.reasoning_live.is_empty() {
            changes.push(Change::ReasoningReplaced(self.reasoning_live.clone()));
        }
        for (position, tool) in self.message.tools.iter().enumerate() {
            changes.push(Change::Tool {
                position,
                tool: tool.clone(),
            });
        }
        if !self.message.scope.is_empty() {
            changes.push(Change::Scope(scope_chips(&self.message.scope)));
        }
        for position in 0..self.message.timeline.len() {
            changes.push(Change::Timeline {
                position,
                row: self.row(position),
            });
        }
        for (position, record) in self.message.approvals.iter().enumerate() {
            changes.push(Change::Approval {
                position,
                card: approval_card(record, approval_open(&self.message, record)),
            });
        }
        changes.extend(super::resume::cards(&self.message, true).map(Change::Resume));
        changes.extend(self.send_offer_cards());
        if !self.message.timeline.is_empty()
            || !self.message.approvals.is_empty()
            || !self.message.resumes.is_empty()
            || !self.message.send_offers.is_empty()
        {
            self.push_order(&mut changes);
        }
        for (position, text) in self.message.notes.iter().enumerate() {
            changes.push(Change::Note {
                position,
                text: text.clone(),
            });
        }
        self.md = MarkdownStream::new();
        self.rendered_len = 0;
        changes.push(Change::AnswerCleared);
        self.render_answer(&mut changes);
        if let Some(indicator) = self.indicator.clone() {
            changes.push(Change::Indicator(indicator));
        }
        changes
    }
}
