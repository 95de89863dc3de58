//! The Co-browse caps that hold whatever the model answers: at most
//! [`MAX_ACTIONS_PER_ANSWER`] actions of one answer run, and at most the task's action cap
//! over all its answers (the settings' `maxActions`, 60 unless lowered, never above
//! [`crate::wire::MAX_ACTIONS_CEILING`]): the rest are dropped, and both Zo and the panel are
//! told how many and why; an answer after the cap is used ends the task. A task ends after
//! [`MAX_REFUSALS`] refused or declined actions. The step ceiling is
//! `crate::wire::settings::MAX_STEPS_CEILING`; the navigation cap is the scope's
//! (`crate::trust::policy::TaskScope::with_max_navigations`).

use super::{Cobrowse, Command};
use crate::wire::action::Action;

/// Most actions of one answer that run.
pub const MAX_ACTIONS_PER_ANSWER: usize = 20;
/// Refused or declined actions after which the task ends.
pub const MAX_REFUSALS: u32 = 3;

impl Cobrowse {
    /// Keeps the first [`MAX_ACTIONS_PER_ANSWER`] of `actions`; when some were dropped, notes
    /// it for the next follow-up prompt and returns the panel's note.
    pub(super) fn cap(&mut self, actions: &mut Vec<Action>) -> Vec<Command> {
        let mut out = self.cap_answer(actions);
        // A closing `done` is the answer, not an action on the page: it never counts.
        let done = match actions.last() {
            Some(Action::Done { .. }) => actions.pop(),
            _ => None,
        };
        let left = self.max_actions.saturating_sub(self.actions_run) as usize;
        let total = actions.len();
        if total > left {
            actions.truncate(left);
            let max = self.max_actions;
            let dropped = total - left;
            self.notes.push(format!(
                "This task may run at most {max} actions in all: the other {dropped} actions of \
                 your last answer were dropped. Reply with done and say what is left undone."
            ));
            out.push(Command::Note {
                text: format!(
                    "This task reached its cap of {max} actions: {dropped} more were not run."
                ),
            });
            if actions.is_empty() {
                self.task_capped = true;
            }
        } else {
            actions.extend(done);
        }
        self.actions_run += u32::try_from(actions.len()).unwrap_or(u32::MAX);
        out
    }

    /// Keeps the first [`MAX_ACTIONS_PER_ANSWER`] of one answer's `actions`.
    fn cap_answer(&mut self, actions: &mut Vec<Action>) -> Vec<Command> {
        let total = actions.len();
        if total <= MAX_ACTIONS_PER_ANSWER {
            return Vec::new();
        }
        actions.truncate(MAX_ACTIONS_PER_ANSWER);
        let dropped = total - MAX_ACTIONS_PER_ANSWER;
        self.notes.push(format!(
            "Your last answer had {total} actions: only the first {MAX_ACTIONS_PER_ANSWER} were \
             run and the other {dropped} were dropped, because one answer may have at most \
             {MAX_ACTIONS_PER_ANSWER} actions. Send the next actions in your next answer."
        ));
        vec![Command::Note {
            text: format!(
                "Zo proposed {total} actions in one answer: only the first \
                 {MAX_ACTIONS_PER_ANSWER} ran, the other {dropped} were dropped."
            ),
        }]
    }
}
