//! The step's navigations: a navigate allowed by the policy moves the tab (the worker loads
//! the URL and reports the load), a refused one fails and ends the step.

use super::{result, to_u32, Cobrowse, Command, Phase};
use crate::wire::action::Action;
use crate::wire::json::{Obj, RawJson};
use crate::wire::protocol::{ActionError, ActionErrorCode, ActionResult, ActionStatus};

impl Cobrowse {
    /// The tab finished loading after a navigate (`Ok(final url)`), or failed (`Err(reason)`).
    pub fn on_navigated(&mut self, outcome: Result<String, String>) -> Vec<Command> {
        let Phase::Navigating { index } = self.phase else {
            return Vec::new();
        };
        match outcome {
            Ok(url) => {
                self.step.results[index] = ActionResult {
                    value: Some(RawJson::from(Obj::new().str("url", &url).done())),
                    ..result(index, ActionStatus::Done)
                };
                let mut out = vec![self.status(index)];
                self.step.cursor = index + 1;
                out.extend(self.advance());
                out
            }
            Err(message) => {
                self.step.results[index] = ActionResult {
                    error: Some(ActionError {
                        code: ActionErrorCode::Navigation,
                        message,
                    }),
                    ..result(index, ActionStatus::Failed)
                };
                let mut out = vec![self.status(index)];
                out.extend(self.skip_rest(index + 1, "the navigation failed"));
                out.extend(self.end_step());
                out
            }
        }
    }

    /// The navigate at `index` was allowed: the tab moves.
    pub(super) fn navigate(&mut self, index: usize) -> Vec<Command> {
        let Some(Action::Navigate { url }) = self.step.actions.get(index) else {
            return Vec::new();
        };
        let url = url.clone();
        self.phase = Phase::Navigating { index };
        self.step.results[index] = result(index, ActionStatus::Running);
        vec![
            self.status(index),
            Command::Navigate {
                step: self.asks,
                index: to_u32(index),
                url,
            },
        ]
    }

    /// The navigate at `index` was refused or declined: it fails, the rest is skipped.
    pub(super) fn navigation_refused(&mut self, index: usize, error: ActionError) -> Vec<Command> {
        self.step.results[index] = ActionResult {
            error: Some(error),
            ..result(index, ActionStatus::Failed)
        };
        let mut out = vec![self.status(index)];
        out.extend(self.skip_rest(index + 1, "an earlier action was refused"));
        out.extend(self.end_step());
        out
    }
}
