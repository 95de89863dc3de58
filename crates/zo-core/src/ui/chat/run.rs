//! The Co-browse run of a turn: each action's row in the timeline (a row whose approval card
//! waits says it waits, whatever the page reported), the order of the rows and cards
//! ([`run_order`], told to the view whenever a row or card is added), what the status line
//! says while the run goes on, and the run of a stored message drawn again.

use super::{Change, Turn};
use crate::ui::history::{ApprovalRecord, Message, RunPlace, TimelineEntry};
use crate::ui::run_order::run_order;
use crate::ui::trust_view::approval_card;
use crate::ui::view::{self, Indicator, TimelineRow};
use crate::wire::action::Action;
use crate::wire::protocol::{ActionResult, ActionStatus};

impl Turn {
    pub(super) fn apply_action(
        &mut self,
        step: u32,
        index: u32,
        action: &Action,
        result: &ActionResult,
        changes: &mut Vec<Change>,
    ) {
        // The done action is the answer itself: the answer shows it, not a timeline row.
        if matches!(action, Action::Done { .. }) {
            return;
        }
        let timeline = &mut self.message.timeline;
        let at = timeline
            .iter()
            .position(|e| e.step == step && e.index == index);
        // A status sent before the action was checked does not know its element's name yet.
        let target_name = result
            .target_name
            .clone()
            .or_else(|| at.and_then(|p| timeline[p].target_name.clone()));
        let entry = TimelineEntry {
            step,
            index,
            action: action.clone(),
            status: result.status,
            value: result.value.clone(),
            error: result.error.clone(),
            target_name,
        };
        let position = match at {
            Some(p) => {
                timeline[p] = entry;
                p
            }
            None => {
                timeline.push(entry);
                timeline.len() - 1
            }
        };
        changes.push(Change::Timeline {
            position,
            row: self.row(position),
        });
        if at.is_none() {
            self.push_order(changes);
        }
        self.action_step = self.action_step.max(step);
        let expired = self.close_passed(RunPlace { step, index }, changes);
        if self.rendered_len == 0 || expired {
            let next = self.run_indicator();
            self.set_indicator(next, changes);
        }
    }

    /// The run went on past the cards about `at` or earlier without the user's answer (the
    /// worker stopped waiting for it: an approval denied, the rest of a step skipped): those
    /// cards no longer wait. True when one closed.
    fn close_passed(&mut self, at: RunPlace, changes: &mut Vec<Change>) -> bool {
        let mut closed = false;
        for (position, record) in self.message.approvals.iter().enumerate() {
            if record.decision.is_none()
                && record.at.is_some_and(|a| a <= at)
                && !approval_open(&self.message, record)
            {
                changes.push(Change::Approval {
                    position,
                    card: approval_card(record, false),
                });
                self.redraw_row(record.at, changes);
                closed = true;
            }
        }
        if let Some(position) = self.message.resumes.len().checked_sub(1) {
            let record = &self.message.resumes[position];
            if record.run_rest.is_none()
                && record.at < at
                && went_on_after(&self.message, record.at)
            {
                let card = super::resume::card(&self.message, position, false);
                changes.push(Change::Resume(card));
                closed = true;
            }
        }
        closed
    }

    /// Row `position` of the timeline as shown now.
    pub(super) fn row(&self, position: usize) -> TimelineRow {
        let e = &self.message.timeline[position];
        let mut row = view::timeline_row(&e.action, Some(&e.result()));
        row.waiting = self.approval_waits_at(RunPlace {
            step: e.step,
            index: e.index,
        });
        row
    }

    /// The row of the action at `at` again (its approval card was shown or answered).
    pub(super) fn redraw_row(&self, at: Option<RunPlace>, changes: &mut Vec<Change>) {
        let Some(at) = at else {
            return;
        };
        if let Some(position) = self
            .message
            .timeline
            .iter()
            .position(|e| e.step == at.step && e.index == at.index)
        {
            changes.push(Change::Timeline {
                position,
                row: self.row(position),
            });
        }
    }

    fn approval_waits_at(&self, at: RunPlace) -> bool {
        self.is_active()
            && self
                .message
                .approvals
                .iter()
                .any(|a| a.at == Some(at) && approval_open(&self.message, a))
    }

    /// The order of the run's rows and cards, for the view.
    pub(super) fn push_order(&self, changes: &mut Vec<Change>) {
        changes.push(Change::RunOrder(run_order(&self.message)));
    }

    /// What the status line says while the run goes on: what Zo waits for, if anything.
    pub(super) fn run_indicator(&self) -> Indicator {
        if self
            .message
            .approvals
            .iter()
            .any(|a| approval_open(&self.message, a))
        {
            Indicator::Approval
        } else if self.resume_waits() {
            Indicator::Choice
        } else {
            Indicator::Acting
        }
    }

    /// Stop: the actions that did not end are skipped.
    pub(super) fn skip_unfinished(&mut self, changes: &mut Vec<Change>) {
        for position in 0..self.message.timeline.len() {
            let entry = &mut self.message.timeline[position];
            if !entry.status.is_final() {
                entry.status = ActionStatus::Skipped;
                changes.push(Change::Timeline {
                    position,
                    row: self.row(position),
                });
            }
        }
    }
}

/// Whether the run went on after place `at`: an action after it started or ended. The worker
/// stops waiting for a card's answer after a while and goes on without it; this is how the
/// panel sees that it did.
pub(super) fn went_on_after(message: &Message, at: RunPlace) -> bool {
    message.timeline.iter().any(|e| {
        let place = RunPlace {
            step: e.step,
            index: e.index,
        };
        place > at && e.status != ActionStatus::Pending
    })
}

/// Whether approval request `a` still waits for the user's answer: not answered, and the run
/// has not gone on without it (its action ended, or a later one started). A request stored
/// before requests named their action waits until the turn ends.
pub(super) fn approval_open(message: &Message, a: &ApprovalRecord) -> bool {
    a.decision.is_none()
        && !a.at.is_some_and(|at| {
            went_on_after(message, at)
                || message
                    .timeline
                    .iter()
                    .any(|e| e.step == at.step && e.index == at.index && e.status.is_final())
        })
}

/// The rows of a stored message's timeline, for re-rendering from history.
pub fn timeline_rows(message: &Message) -> Vec<TimelineRow> {
    message
        .timeline
        .iter()
        .filter(|e| !matches!(e.action, Action::Done { .. }))
        .map(|e| view::timeline_row(&e.action, Some(&e.result())))
        .collect()
}

/// The run of a stored message, as the changes that draw it in an empty view: its rows, its
/// cards (none waits: the task ended) and their order, the same as it was live.
pub fn stored_run(message: &Message) -> Vec<Change> {
    let mut changes: Vec<Change> = timeline_rows(message)
        .into_iter()
        .enumerate()
        .map(|(position, row)| Change::Timeline { position, row })
        .collect();
    changes.extend(
        message
            .approvals
            .iter()
            .enumerate()
            .map(|(position, r)| Change::Approval {
                position,
                card: approval_card(r, false),
            }),
    );
    changes.extend(super::resume::cards(message, false).map(Change::Resume));
    changes.extend(super::send_offer::cards(message, false).map(Change::SendOffer));
    if !changes.is_empty() {
        changes.push(Change::RunOrder(run_order(message)));
    }
    changes
}
