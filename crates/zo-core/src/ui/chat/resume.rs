//! After a failed action, the offer of the rest of the step: a card in the turn saying what
//! did not run, with "Run the rest" and "Skip". The user's click becomes the RESUME message for
//! the worker (whose machine decides what runs, each action still judged by the policy); the
//! card then says what was chosen, or that the task ended unanswered.

use super::run::went_on_after;
use super::{Change, Turn};
use crate::ui::history::{Message, ResumeRecord, RunPlace};
use crate::ui::view::Indicator;
use crate::wire::protocol::PanelToWorker;

/// The buttons of a waiting offer: label and whether it runs the rest.
pub const RESUME_BUTTONS: [(&str, bool); 2] = [("Run the rest", true), ("Skip", false)];

/// Where an offer stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResumeState {
    Waiting,
    /// The user chose: run the rest (true) or skip (false).
    Answered(bool),
    /// Not answered in time: the worker stopped waiting, skipped the rest and went on.
    Expired,
    /// The task ended before an answer.
    Closed,
}

/// The offer as the card shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResumeCard {
    /// Its place among the turn's offers.
    pub position: usize,
    pub state: ResumeState,
    /// "Action 2 failed".
    pub title: String,
    /// "3 more actions of this step did not run."
    pub detail: String,
    /// What happened, once no longer waiting.
    pub outcome: Option<&'static str>,
}

/// The card of `message`'s offer `position`; it may wait (`waits`: the task runs and it is the
/// last offer) while not answered and the run has not gone on without it (the worker stopped
/// waiting: the rest was skipped).
pub(super) fn card(message: &Message, position: usize, waits: bool) -> ResumeCard {
    let record = &message.resumes[position];
    let state = match record.run_rest {
        Some(run) => ResumeState::Answered(run),
        None if went_on_after(message, record.at) => ResumeState::Expired,
        None if waits => ResumeState::Waiting,
        None => ResumeState::Closed,
    };
    let noun = if record.remaining == 1 {
        "action"
    } else {
        "actions"
    };
    ResumeCard {
        position,
        state,
        title: format!("Action {} failed", record.number),
        detail: format!(
            "{} more {noun} of this step did not run. Run them anyway, or skip them and let Zo plan the next step?",
            record.remaining
        ),
        outcome: match state {
            ResumeState::Waiting => None,
            ResumeState::Answered(true) => Some("Running the rest."),
            ResumeState::Answered(false) => Some("Skipped: Zo plans the next step."),
            ResumeState::Expired => Some("Not answered in time: skipped, Zo planned the next step."),
            ResumeState::Closed => Some("Not answered: the task ended."),
        },
    }
}

/// The cards of `message`'s offers, `live` while its task runs.
pub(super) fn cards(message: &Message, live: bool) -> impl Iterator<Item = ResumeCard> + '_ {
    let last = message.resumes.len().checked_sub(1);
    (0..message.resumes.len()).map(move |i| card(message, i, live && Some(i) == last))
}

impl Turn {
    /// The worker offers the rest of step `step` after its action `index` failed. The card
    /// numbers the action as the timeline does, across the task's steps.
    pub(super) fn apply_offer(
        &mut self,
        step: u32,
        index: u32,
        remaining: u32,
        changes: &mut Vec<Change>,
    ) {
        if self.message.resumes.len() >= super::MAX_LOG_ENTRIES {
            return;
        }
        // Its row, when the panel heard of it (it always has: its failure came first).
        let row = self
            .message
            .timeline
            .iter()
            .position(|e| e.step == step && e.index == index)
            .map_or(index, |p| u32::try_from(p).unwrap_or(u32::MAX));
        // An earlier offer still unanswered (its wait timed out) no longer waits.
        if self.waiting_resume().is_some() {
            let position = self.message.resumes.len() - 1;
            let closed = card(&self.message, position, false);
            changes.push(Change::Resume(closed));
        }
        self.message.resumes.push(ResumeRecord {
            at: RunPlace { step, index },
            number: row.saturating_add(1),
            remaining,
            run_rest: None,
        });
        let position = self.message.resumes.len() - 1;
        changes.push(Change::Resume(card(&self.message, position, true)));
        self.push_order(changes);
        self.set_indicator(Indicator::Choice, changes);
    }

    /// The last offer, when it waits for the user.
    fn waiting_resume(&self) -> Option<&ResumeRecord> {
        self.message.resumes.last().filter(|r| {
            r.run_rest.is_none() && self.is_active() && !went_on_after(&self.message, r.at)
        })
    }

    pub(super) fn resume_waits(&self) -> bool {
        self.waiting_resume().is_some()
    }

    /// The user answered the waiting offer: the message for the worker and the card's change.
    /// Nothing when no offer waits or the turn ended.
    pub fn answer_resume(&mut self, run_rest: bool) -> Option<(PanelToWorker, Vec<Change>)> {
        self.waiting_resume()?;
        let position = self.message.resumes.len() - 1;
        let record = &mut self.message.resumes[position];
        record.run_rest = Some(run_rest);
        let mut changes = vec![Change::Resume(card(&self.message, position, true))];
        let next = self.run_indicator();
        self.set_indicator(next, &mut changes);
        Some((
            PanelToWorker::Resume {
                session_id: self.session_id().to_string(),
                run_rest,
            },
            changes,
        ))
    }

    /// The turn ended (its status is set): a waiting offer can no longer be answered.
    pub(super) fn close_offer(&mut self, changes: &mut Vec<Change>) {
        if let Some(position) = self.message.resumes.len().checked_sub(1) {
            if self.message.resumes[position].run_rest.is_none() {
                changes.push(Change::Resume(card(&self.message, position, false)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{action_status, turn};
    use super::*;
    use crate::wire::protocol::ActionStatus;
    use crate::wire::protocol::{Mode, WorkerToPanel};

    fn offer(remaining: u32) -> WorkerToPanel {
        WorkerToPanel::ResumeOffer {
            session_id: "s1".into(),
            step: 1,
            index: 1,
            remaining,
        }
    }

    fn cards(changes: &[Change]) -> Vec<ResumeCard> {
        changes
            .iter()
            .filter_map(|c| match c {
                Change::Resume(card) => Some(card.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_failed_action_is_numbered_across_the_task_as_its_row() {
        let mut t = turn(Mode::Cobrowse);
        // Three actions in step 1, then the second of step 2 fails.
        for i in 0..3 {
            t.apply(&action_status(1, i, ActionStatus::Done));
        }
        t.apply(&action_status(2, 0, ActionStatus::Done));
        t.apply(&action_status(2, 1, ActionStatus::Failed));
        let c = t.apply(&WorkerToPanel::ResumeOffer {
            session_id: "s1".into(),
            step: 2,
            index: 1,
            remaining: 1,
        });
        assert_eq!(
            cards(&c)[0].title,
            "Action 5 failed",
            "the fifth row, not step 2's second"
        );
    }

    #[test]
    fn an_offer_shows_a_card_and_the_click_answers_the_worker_once() {
        let mut t = turn(Mode::Cobrowse);
        let c = t.apply(&offer(3));
        let card = &cards(&c)[0];
        assert_eq!(card.state, ResumeState::Waiting);
        assert_eq!(card.title, "Action 2 failed");
        assert!(card
            .detail
            .starts_with("3 more actions of this step did not run."));
        assert!(
            c.contains(&Change::Indicator(Indicator::Choice)),
            "the status line says Zo waits for the choice, not an approval"
        );
        let (msg, c) = t.answer_resume(true).unwrap();
        assert_eq!(
            msg,
            PanelToWorker::Resume {
                session_id: "s1".into(),
                run_rest: true
            }
        );
        assert_eq!(cards(&c)[0].outcome, Some("Running the rest."));
        assert!(t.answer_resume(false).is_none(), "answered once");
    }

    #[test]
    fn skip_says_so_and_an_unanswered_offer_closes_with_the_turn() {
        let mut t = turn(Mode::Cobrowse);
        t.apply(&offer(1));
        let (msg, c) = t.answer_resume(false).unwrap();
        assert!(matches!(
            msg,
            PanelToWorker::Resume {
                run_rest: false,
                ..
            }
        ));
        assert_eq!(
            cards(&c)[0].outcome,
            Some("Skipped: Zo plans the next step.")
        );
        let mut t = turn(Mode::Cobrowse);
        t.apply(&offer(1));
        assert!(cards(&t.apply(&offer(1)))[0]
            .detail
            .starts_with("1 more action of"));
        let c = t.stop();
        assert_eq!(cards(&c)[0].state, ResumeState::Closed);
        assert!(t.answer_resume(true).is_none());
    }

    #[test]
    fn a_turn_shown_again_shows_its_offer_still_waiting() {
        let mut t = turn(Mode::Cobrowse);
        t.apply(&offer(2));
        let again = cards(&t.reattach());
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].state, ResumeState::Waiting);
        assert!(turn(Mode::Cobrowse)
            .reattach()
            .iter()
            .all(|c| !matches!(c, Change::Resume(_))));
    }

    #[test]
    fn an_offer_the_run_went_on_without_reads_skipped_live_and_stored() {
        let status = |index: u32, status: ActionStatus| action_status(1, index, status);
        let mut t = turn(Mode::Cobrowse);
        for i in 0..3 {
            t.apply(&status(i, ActionStatus::Pending));
        }
        t.apply(&status(0, ActionStatus::Done));
        t.apply(&status(1, ActionStatus::Failed));
        t.apply(&offer(1));
        assert!(t.resume_waits());
        // The worker's wait ran out: it skipped the rest and went on.
        let c = t.apply(&status(2, ActionStatus::Skipped));
        let card = &cards(&c)[0];
        assert_eq!(card.state, ResumeState::Expired);
        assert_eq!(
            card.outcome,
            Some("Not answered in time: skipped, Zo planned the next step.")
        );
        assert!(c.contains(&Change::Indicator(Indicator::Acting)));
        assert!(t.answer_resume(true).is_none());
        // Ended, and drawn again from the history: the same words, not "the task ended".
        assert_eq!(cards(&t.stop())[0].state, ResumeState::Expired);
        let stored: Vec<ResumeCard> = super::cards(&t.message, false).collect();
        assert_eq!(stored[0].state, ResumeState::Expired);
    }
}
