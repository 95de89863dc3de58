//! The Co-browse containment part of a turn: the task's origin set, approval requests (a card
//! each, answered by the user's click) and work-log notes, kept in the message so a saved chat
//! shows them again.

use super::run::approval_open;
use super::{Change, Turn};
use crate::ui::history::ApprovalRecord;
use crate::ui::trust_view::{approval_card, scope_chips};
use crate::ui::view::Indicator;
use crate::wire::approval::ScopeOrigin;
use crate::wire::protocol::{ApprovalDecision, PanelToWorker};

/// Most approval cards and notes one message keeps (the worker sends far fewer).
pub const MAX_LOG_ENTRIES: usize = 200;

impl Turn {
    pub(super) fn apply_scope(&mut self, origins: &[ScopeOrigin], changes: &mut Vec<Change>) {
        self.message.scope = origins.to_vec();
        changes.push(Change::Scope(scope_chips(origins)));
    }

    /// A request for the user's approval: its card after its action's row, which now says it
    /// waits; the status line says Zo waits for an approval.
    pub(super) fn apply_request(&mut self, record: ApprovalRecord, changes: &mut Vec<Change>) {
        let approvals = &mut self.message.approvals;
        let (position, added) = match approvals.iter().position(|a| a.id == record.id) {
            Some(p) => (p, false),
            None if approvals.len() < MAX_LOG_ENTRIES => {
                approvals.push(record);
                (approvals.len() - 1, true)
            }
            None => return,
        };
        changes.push(Change::Approval {
            position,
            card: approval_card(&approvals[position], true),
        });
        if added {
            self.push_order(changes);
        }
        self.redraw_row(self.message.approvals[position].at, changes);
        self.set_indicator(Indicator::Approval, changes);
    }

    pub(super) fn apply_note(&mut self, text: &str, changes: &mut Vec<Change>) {
        if self.message.notes.len() >= MAX_LOG_ENTRIES {
            return;
        }
        self.message.notes.push(text.to_string());
        changes.push(Change::Note {
            position: self.message.notes.len() - 1,
            text: text.to_string(),
        });
    }

    /// The user answered approval request `id`: the message for the worker and the card's
    /// change. Nothing when the request is unknown, already answered, or the turn ended.
    pub fn answer_approval(
        &mut self,
        id: u32,
        decision: ApprovalDecision,
    ) -> Option<(PanelToWorker, Vec<Change>)> {
        if !self.is_active() {
            return None;
        }
        let session_id = self.session_id().to_string();
        let position = self
            .message
            .approvals
            .iter()
            .position(|a| a.id == id && approval_open(&self.message, a))?;
        let record = &mut self.message.approvals[position];
        record.decision = Some(decision);
        let card = approval_card(record, true);
        let at = record.at;
        let mut changes = vec![Change::Approval { position, card }];
        self.redraw_row(at, &mut changes);
        let next = self.run_indicator();
        self.set_indicator(next, &mut changes);
        Some((
            PanelToWorker::Approval {
                session_id,
                approval_id: id,
                decision,
            },
            changes,
        ))
    }

    /// The site access (a host match pattern) the user grants along with allowing request
    /// `id`: the site of its destination, when it takes the tab to one. Asked for in the same
    /// click, before the decision goes to the worker, so Zo can read the page it goes to.
    pub fn site_access_for(&self, id: u32, decision: ApprovalDecision) -> Option<String> {
        if decision == ApprovalDecision::Deny {
            return None;
        }
        let record = self
            .message
            .approvals
            .iter()
            .find(|a| a.id == id && approval_open(&self.message, a))?;
        crate::trust::site::host_pattern(record.destination.as_deref()?)
    }

    /// The turn ended (its status is set): requests still waiting read "Not answered", and
    /// their rows no longer wait.
    pub(super) fn close_approvals(&mut self, changes: &mut Vec<Change>) {
        for (position, record) in self.message.approvals.iter().enumerate() {
            if record.decision.is_none() {
                changes.push(Change::Approval {
                    position,
                    card: approval_card(record, false),
                });
                self.redraw_row(record.at, changes);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::history::{Message, MessageStatus};
    use crate::ui::trust_view::{ApprovalCard, CardState};
    use crate::wire::approval::{Access, ApprovalKind, Source};
    use crate::wire::protocol::{ActionStatus, FinalResult, FinalStatus, Mode, WorkerToPanel};

    fn turn() -> Turn {
        Turn::new(Message::assistant(
            "m1".into(),
            Mode::Cobrowse,
            "s1".into(),
            "log in".into(),
        ))
    }

    fn request(id: u32) -> WorkerToPanel {
        WorkerToPanel::ApprovalRequest {
            session_id: "s1".into(),
            approval_id: id,
            kind: ApprovalKind::SecretFill,
            description: "Fill the password field on https://bank.example".into(),
            origin: "https://bank.example".into(),
            reasons: vec!["it is a password field".into()],
            destination: None,
            step: 1,
            index: 0,
        }
    }

    #[test]
    fn allowing_a_navigation_asks_for_its_site_and_nothing_else_does() {
        let mut t = turn();
        t.apply(&request(1));
        t.apply(&WorkerToPanel::ApprovalRequest {
            session_id: "s1".into(),
            approval_id: 2,
            kind: ApprovalKind::Navigate,
            description: "Go to https://other.example/a".into(),
            origin: "https://other.example".into(),
            reasons: vec!["it leaves the task's sites".into()],
            destination: Some("https://other.example".into()),
            step: 1,
            index: 1,
        });
        assert_eq!(t.site_access_for(1, ApprovalDecision::Once), None);
        assert_eq!(t.site_access_for(2, ApprovalDecision::Deny), None);
        for d in [ApprovalDecision::Once, ApprovalDecision::Task] {
            assert_eq!(
                t.site_access_for(2, d).as_deref(),
                Some("https://other.example/*")
            );
        }
        t.answer_approval(2, ApprovalDecision::Once);
        assert_eq!(
            t.site_access_for(2, ApprovalDecision::Once),
            None,
            "answered"
        );
    }

    fn card(changes: &[Change]) -> (usize, CardState) {
        changes
            .iter()
            .find_map(|c| match c {
                Change::Approval { position, card } => Some((*position, card.state)),
                _ => None,
            })
            .expect("an approval change")
    }

    #[test]
    fn a_request_shows_a_waiting_card_and_the_answer_goes_to_the_worker() {
        let mut t = turn();
        let shown = t.apply(&request(7));
        assert_eq!(card(&shown), (0, CardState::Waiting));
        assert!(shown.contains(&Change::Indicator(Indicator::Approval)));
        let (msg, changes) = t.answer_approval(7, ApprovalDecision::Task).unwrap();
        assert_eq!(
            msg,
            PanelToWorker::Approval {
                session_id: "s1".into(),
                approval_id: 7,
                decision: ApprovalDecision::Task
            }
        );
        assert_eq!(
            card(&changes),
            (0, CardState::Answered(ApprovalDecision::Task))
        );
        assert!(
            t.answer_approval(7, ApprovalDecision::Deny).is_none(),
            "answered once"
        );
        assert!(t.answer_approval(8, ApprovalDecision::Deny).is_none());
        assert_eq!(
            t.message.approvals[0].decision,
            Some(ApprovalDecision::Task)
        );
    }

    #[test]
    fn waiting_cards_read_not_answered_when_the_turn_ends() {
        let mut t = turn();
        t.apply(&request(1));
        let changes = t.stop();
        assert_eq!(card(&changes), (0, CardState::Unanswered));
        assert!(t.answer_approval(1, ApprovalDecision::Once).is_none());
        assert_eq!(t.message.status, MessageStatus::Stopped);
    }

    #[test]
    fn scope_and_notes_are_kept_in_the_message() {
        let mut t = turn();
        let origins = vec![ScopeOrigin {
            origin: "https://bank.example".into(),
            access: Access::ReadWrite,
            source: Source::Start,
        }];
        let changes = t.apply(&WorkerToPanel::TaskScope {
            session_id: "s1".into(),
            origins: origins.clone(),
        });
        assert!(matches!(&changes[..], [Change::Scope(chips)] if chips.len() == 1));
        t.apply(&WorkerToPanel::TaskNote {
            session_id: "s1".into(),
            text: "Zo proposed 300 actions".into(),
        });
        t.apply(&WorkerToPanel::StreamDone {
            session_id: "s1".into(),
            result: FinalResult {
                status: FinalStatus::Succeeded,
                text: "ok".into(),
                ..FinalResult::default()
            },
        });
        assert_eq!(t.message.scope, origins);
        assert_eq!(t.message.notes, ["Zo proposed 300 actions"]);
        // Another session's requests never reach this turn.
        let mut other = turn();
        let foreign = WorkerToPanel::TaskNote {
            session_id: "s2".into(),
            text: "x".into(),
        };
        assert!(other.apply(&foreign).is_empty());
    }

    #[test]
    fn a_saved_message_shows_its_cards_answered_or_not() {
        let mut t = turn();
        t.apply(&request(1));
        t.apply(&request(2));
        t.answer_approval(1, ApprovalDecision::Deny);
        t.stop();
        let json = serde_json::to_value(&t.message).unwrap();
        let stored: Message = serde_json::from_value(json).unwrap();
        let states: Vec<_> = super::super::stored_run(&stored)
            .into_iter()
            .filter_map(|c| match c {
                Change::Approval { card, .. } => Some(card.state),
                _ => None,
            })
            .collect();
        assert_eq!(
            states,
            [
                CardState::Answered(ApprovalDecision::Deny),
                CardState::Unanswered
            ]
        );
    }

    fn status(index: u32, status: ActionStatus) -> WorkerToPanel {
        crate::ui::chat::tests::action_status(1, index, status)
    }

    #[test]
    fn a_request_the_run_went_on_without_no_longer_waits() {
        let mut t = turn();
        t.apply(&status(0, ActionStatus::Pending));
        t.apply(&request(1));
        // The next action announced as pending: the worker still waits.
        t.apply(&status(1, ActionStatus::Pending));
        assert!(t.message.approvals[0].decision.is_none());
        // The worker stopped waiting (no answer in time): the action ended refused.
        let changes = t.apply(&status(0, ActionStatus::Failed));
        assert_eq!(card(&changes), (0, CardState::Unanswered));
        assert!(changes.contains(&Change::Indicator(Indicator::Acting)));
        assert!(
            changes
                .iter()
                .any(|c| matches!(c, Change::Timeline { position: 0, row } if !row.waiting)),
            "its row no longer says it waits"
        );
        assert!(t.answer_approval(1, ApprovalDecision::Once).is_none());
        assert!(t.reattach().iter().all(|c| !matches!(
            c,
            Change::Approval {
                card: ApprovalCard {
                    state: CardState::Waiting,
                    ..
                },
                ..
            }
        )));
    }
}
