//! Resuming a step after a failure, on the user's request. When an action fails and actions of
//! the step are left after it, the machine pauses (the panel offers "Run the rest" and "Skip")
//! instead of going straight back to Zo: running the rest continues the step from the action
//! after the failed one, each action judged by the policy as usual; skipping marks them skipped
//! and ends the step, so Zo re-plans from the results as it would have without the offer.
//! The offer follows an action the page could not carry out (not found, covered, disabled...).
//! None is made after a refusal (the policy or the user said no: Zo re-plans), when the batch
//! was cut short (the page went away or cannot be scripted), when the task is ending, or when
//! all that is left is a `done`.

use super::{result, to_u32, Cobrowse, Command, Phase};
use crate::wire::action::Action;
use crate::wire::protocol::{ActionErrorCode, ActionStatus};

impl Cobrowse {
    /// After a batch `first..first + len` that failed: pause and offer the rest of the step, or
    /// None when there is nothing worth offering.
    pub(super) fn offer_resume(&mut self, first: usize, len: usize) -> Option<Vec<Command>> {
        if self.guard.ending().is_some() || self.step.interrupted.is_some() {
            return None;
        }
        let failed =
            (first..first + len).find(|&i| self.step.results[i].status == ActionStatus::Failed)?;
        let refused = self.step.results[failed]
            .error
            .as_ref()
            .is_some_and(|e| e.code == ActionErrorCode::Refused);
        if refused {
            return None;
        }
        let rest: Vec<usize> = (failed + 1..self.step.actions.len())
            .filter(|&i| self.step.results[i].status != ActionStatus::Done)
            .collect();
        let remaining = rest
            .iter()
            .filter(|&&i| !matches!(self.step.actions[i], Action::Done { .. }))
            .count();
        if remaining == 0 {
            return None;
        }
        self.phase = Phase::Paused { failed };
        // What the content module skipped when the batch stopped waits for the user now.
        let mut out: Vec<Command> = rest
            .into_iter()
            .map(|i| {
                self.step.results[i] = result(i, ActionStatus::Pending);
                self.status(i)
            })
            .collect();
        out.push(Command::OfferResume {
            step: self.asks,
            index: to_u32(failed),
            remaining: to_u32(remaining),
        });
        Some(out)
    }

    /// Whether the machine waits for the user's answer to a resume offer.
    pub fn is_paused(&self) -> bool {
        matches!(self.phase, Phase::Paused { .. })
    }

    /// The user's answer to [`Command::OfferResume`]: run the rest of the step (from the action
    /// after the failed one), or skip it and let Zo re-plan. Nothing when no offer waits.
    pub fn on_resume(&mut self, run_rest: bool) -> Vec<Command> {
        let Phase::Paused { failed } = self.phase else {
            return Vec::new();
        };
        if run_rest {
            // The step goes on: the failure alone is reported to Zo, not an interruption.
            self.step.interrupted = None;
            self.step.cursor = failed + 1;
            return self.advance();
        }
        let mut out = self.skip_rest(failed + 1, "skipped by you after an earlier failure");
        out.extend(self.end_step());
        out
    }
}
