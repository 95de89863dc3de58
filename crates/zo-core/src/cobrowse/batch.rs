//! Bookkeeping of one action batch, without a DOM: which action runs next, the status of each,
//! and the rule that a batch stops at its first failure (or on cancellation) and marks every
//! action after it `skipped`. The content module asks this state machine what to report.

use crate::wire::protocol::{ActionError, ActionErrorCode, ActionResult, ActionStatus};

/// The state of a batch of `len` actions. It tracks statuses and errors only: what a finished
/// action reports besides (its value, its settle time) travels beside it, so the results it
/// gives carry neither.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchRun {
    slots: Vec<Slot>,
    /// Index of the action currently running, if any.
    current: Option<usize>,
    /// Index of the next action to start.
    next: usize,
    stopped: bool,
}

/// One action's status so far.
#[derive(Debug, Clone, PartialEq)]
struct Slot {
    status: ActionStatus,
    error: Option<ActionError>,
}

impl BatchRun {
    /// A batch of `len` actions, all pending.
    pub fn new(len: usize) -> BatchRun {
        let slots = (0..len)
            .map(|_| Slot {
                status: ActionStatus::Pending,
                error: None,
            })
            .collect();
        BatchRun {
            slots,
            current: None,
            next: 0,
            stopped: false,
        }
    }

    /// Action `i`'s result as it stands.
    fn result(&self, i: usize) -> ActionResult {
        let slot = &self.slots[i];
        ActionResult {
            index: index_u32(i),
            status: slot.status,
            value: None,
            error: slot.error.clone(),
            settle_ms: None,
            target_name: None,
        }
    }

    /// Starts the next action: returns its index and the `running` result to report, or
    /// `None` when the batch is over (all ran, or it stopped). Starting while an action is
    /// still running is refused (returns `None`).
    pub fn start_next(&mut self) -> Option<(usize, ActionResult)> {
        if self.stopped || self.current.is_some() || self.next >= self.slots.len() {
            return None;
        }
        let i = self.next;
        self.next += 1;
        self.current = Some(i);
        self.slots[i].status = ActionStatus::Running;
        Some((i, self.result(i)))
    }

    /// Records the outcome of the running action (done, or failed with an error). Returns the
    /// results to report, in order: the action's final result and, after a failure, every
    /// remaining action as skipped.
    pub fn finish_current(&mut self, outcome: Result<(), ActionError>) -> Vec<ActionResult> {
        let Some(i) = self.current.take() else {
            return Vec::new();
        };
        let failed = outcome.is_err();
        let slot = &mut self.slots[i];
        match outcome {
            Ok(()) => slot.status = ActionStatus::Done,
            Err(e) => {
                slot.status = ActionStatus::Failed;
                slot.error = Some(e);
            }
        }
        let mut out = vec![self.result(i)];
        if failed {
            out.extend(self.skip_rest());
        }
        out
    }

    /// Cancels the batch: the running action (if any) fails with `cancelled`, the rest are
    /// skipped. Returns the results to report.
    pub fn cancel(&mut self) -> Vec<ActionResult> {
        let mut out = Vec::new();
        if let Some(i) = self.current.take() {
            let slot = &mut self.slots[i];
            slot.status = ActionStatus::Failed;
            slot.error = Some(ActionError {
                code: ActionErrorCode::Cancelled,
                message: "the batch was cancelled".to_string(),
            });
            out.push(self.result(i));
        }
        out.extend(self.skip_rest());
        out
    }

    fn skip_rest(&mut self) -> Vec<ActionResult> {
        self.stopped = true;
        let from = self.next;
        self.next = self.slots.len();
        for slot in &mut self.slots[from..] {
            slot.status = ActionStatus::Skipped;
        }
        (from..self.slots.len()).map(|i| self.result(i)).collect()
    }

    /// True once every action has a final status.
    pub fn is_finished(&self) -> bool {
        self.current.is_none() && (self.stopped || self.next >= self.slots.len())
    }

    /// The results so far (final once [`BatchRun::is_finished`]).
    pub fn results(&self) -> Vec<ActionResult> {
        (0..self.slots.len()).map(|i| self.result(i)).collect()
    }
}

fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(code: ActionErrorCode) -> ActionError {
        ActionError {
            code,
            message: "x".into(),
        }
    }

    #[test]
    fn all_succeed_in_order() {
        let mut b = BatchRun::new(2);
        let (i, r) = b.start_next().unwrap();
        assert_eq!((i, r.status), (0, ActionStatus::Running));
        assert!(b.start_next().is_none(), "one action at a time");
        let out = b.finish_current(Ok(()));
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].status, ActionStatus::Done);
        assert_eq!(out[0].value, None, "values travel beside the run");
        assert!(!b.is_finished());
        let (i, _) = b.start_next().unwrap();
        assert_eq!(i, 1);
        b.finish_current(Ok(()));
        assert!(b.is_finished());
        assert!(b.start_next().is_none());
        assert!(b.results().iter().all(|r| r.status == ActionStatus::Done));
    }

    #[test]
    fn first_failure_skips_the_rest() {
        let mut b = BatchRun::new(4);
        b.start_next();
        b.finish_current(Ok(()));
        b.start_next();
        let out = b.finish_current(Err(err(ActionErrorCode::NotFound)));
        let statuses: Vec<_> = out.iter().map(|r| (r.index, r.status)).collect();
        assert_eq!(
            statuses,
            vec![
                (1, ActionStatus::Failed),
                (2, ActionStatus::Skipped),
                (3, ActionStatus::Skipped)
            ]
        );
        assert!(b.is_finished());
        assert!(b.start_next().is_none());
        let res = b.results();
        assert_eq!(
            res[1].error.as_ref().unwrap().code,
            ActionErrorCode::NotFound
        );
        assert_eq!(res[0].status, ActionStatus::Done);
    }

    #[test]
    fn cancel_fails_running_and_skips_rest() {
        let mut b = BatchRun::new(3);
        b.start_next();
        let out = b.cancel();
        assert_eq!(out[0].status, ActionStatus::Failed);
        assert_eq!(
            out[0].error.as_ref().unwrap().code,
            ActionErrorCode::Cancelled
        );
        assert_eq!(out.len(), 3);
        assert!(out[1..].iter().all(|r| r.status == ActionStatus::Skipped));
        assert!(b.is_finished());
        // A late outcome of the cancelled action changes nothing.
        assert!(b.finish_current(Ok(())).is_empty());
    }

    #[test]
    fn cancel_between_actions_and_empty_batch() {
        let mut b = BatchRun::new(2);
        b.start_next();
        b.finish_current(Ok(()));
        let out = b.cancel();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].index, 1);
        let mut e = BatchRun::new(0);
        assert!(e.is_finished());
        assert!(e.start_next().is_none());
    }
}
