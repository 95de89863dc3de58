//! A step's results as the content module reports them: live progress of the running batch,
//! its end (actions without a final result failed or were skipped), actions the machine refused
//! kept failed whatever the page reports, and the rest of a step skipped after a failure.
//! What an `extract` read is learned under the origin of the page it read it on, so the policy
//! knows where that text came from.

use super::{result, to_u32, BatchOutcome, Cobrowse, Command, Phase};
use crate::wire::action::Action;
use crate::wire::protocol::{ActionError, ActionErrorCode, ActionResult, ActionStatus};

impl Cobrowse {
    /// Live progress of one action of the running batch (batch index): the panel's status.
    pub fn on_action_progress(&mut self, progress: ActionResult) -> Vec<Command> {
        let Phase::Running { first, len } = self.phase else {
            return Vec::new();
        };
        let batch_index = progress.index as usize;
        if batch_index >= len {
            return Vec::new();
        }
        let index = first + batch_index;
        if self.step.results[index].status.is_final() {
            return Vec::new();
        }
        self.step.results[index] = self.enforced(index, progress);
        self.learn_extracted(index);
        vec![self.status(index)]
    }

    /// The running batch ended.
    pub fn on_batch_done(&mut self, outcome: BatchOutcome) -> Vec<Command> {
        let Phase::Running { first, len } = self.phase else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for r in outcome.results {
            let batch_index = r.index as usize;
            if batch_index >= len {
                continue;
            }
            let index = first + batch_index;
            let known = self.step.results[index].status;
            let r = self.enforced(index, r);
            if known.is_final() && (!r.status.is_final() || known == r.status) {
                continue;
            }
            self.step.results[index] = r;
            self.learn_extracted(index);
            out.push(self.status(index));
        }
        // Actions without a final result did not finish: the first of them failed (unless the
        // content module already reported a failure), the others were never run.
        let reason = outcome.interrupted.clone();
        let why = reason
            .clone()
            .unwrap_or_else(|| "the content module returned no result".to_string());
        let mut failure_known = self.step.results[first..first + len]
            .iter()
            .any(|r| r.status == ActionStatus::Failed);
        for index in first..first + len {
            let known = self.step.results[index].status;
            if known.is_final() {
                continue;
            }
            let (status, code, message) = if !failure_known {
                failure_known = true;
                let code = if known == ActionStatus::Running {
                    ActionErrorCode::Detached
                } else {
                    ActionErrorCode::Internal
                };
                (ActionStatus::Failed, code, why.clone())
            } else {
                (
                    ActionStatus::Skipped,
                    ActionErrorCode::Cancelled,
                    format!("not run: {why}"),
                )
            };
            self.step.results[index] = ActionResult {
                error: Some(ActionError { code, message }),
                ..result(index, status)
            };
            out.push(self.status(index));
        }
        let ok = self.step.results[first..first + len]
            .iter()
            .all(|r| r.status == ActionStatus::Done);
        // All done counts even when the port then closed (a click that loaded a new page).
        if ok {
            self.step.cursor = first + len;
            out.extend(self.advance());
        } else {
            self.step.interrupted = reason;
            match self.offer_resume(first, len) {
                Some(offer) => out.extend(offer),
                None => {
                    out.extend(self.skip_rest(first + len, "an earlier action failed"));
                    out.extend(self.end_step());
                }
            }
        }
        out
    }

    /// When action `index` is an extract that read a value: that value came from the page its
    /// check was made on.
    fn learn_extracted(&mut self, index: usize) {
        if !matches!(self.step.actions.get(index), Some(Action::Extract { .. })) {
            return;
        }
        let Some(value) = self.step.results[index].value.as_ref() else {
            return;
        };
        if let Some((_, url)) = self.step.pages.iter().find(|(i, _)| *i == index) {
            self.scope.learn(url, value.as_str());
        }
    }

    /// `r` (batch index) as action `index`'s result: an action the machine refused fails with
    /// the machine's reason, whatever the content module says.
    pub(super) fn enforced(&self, index: usize, r: ActionResult) -> ActionResult {
        let refused = self.step.refused.iter().find(|(i, _)| *i == index);
        match refused {
            Some((_, error)) if r.status.is_final() => ActionResult {
                error: Some(error.clone()),
                ..result(index, ActionStatus::Failed)
            },
            _ => ActionResult {
                index: to_u32(index),
                ..r
            },
        }
    }

    /// Marks every action from `from` on that has no final status as skipped.
    pub(super) fn skip_rest(&mut self, from: usize, why: &str) -> Vec<Command> {
        let mut out = Vec::new();
        for index in from..self.step.actions.len() {
            if self.step.results[index].status.is_final() {
                continue;
            }
            self.step.results[index] = ActionResult {
                error: Some(ActionError {
                    code: ActionErrorCode::Cancelled,
                    message: format!("not run: {why}"),
                }),
                ..result(index, ActionStatus::Skipped)
            };
            out.push(self.status(index));
        }
        out
    }
}
