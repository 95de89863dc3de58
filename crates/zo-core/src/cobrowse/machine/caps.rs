//! The Co-browse caps that hold whatever the model answers: at most
//! [`MAX_ACTIONS_PER_ANSWER`] actions of one answer run (the rest are dropped, and both Zo and
//! the panel are told how many and why), and a task ends after [`MAX_REFUSALS`] refused or
//! declined actions. The step ceiling is `crate::wire::settings::MAX_STEPS_CEILING`; the
//! navigation cap is `crate::trust::policy::MAX_NAVIGATIONS`.

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
