//! A turn shown again: the user left the chat while its answer ran and came back. The view
//! is drawn afresh from what the turn holds (each step's reasoning kept, the live thinking,
//! tools, origins, timeline, cards, the offer of the rest of a step, notes, the answer rendered by a fresh Markdown stream so later text continues
//! it), then the turn goes on streaming into that view.

use super::{Change, Turn};
use crate::ui::chat::timeline_rows;
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
        for (position, row) in timeline_rows(&self.message).into_iter().enumerate() {
            changes.push(Change::Timeline { position, row });
        }
        for (position, record) in self.message.approvals.iter().enumerate() {
            changes.push(Change::Approval {
                position,
                card: approval_card(record, true),
            });
        }
        if let Some(offer) = &self.offer {
            changes.push(Change::Resume(offer.card()));
        }
        changes.extend(self.send_offer_cards());
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
