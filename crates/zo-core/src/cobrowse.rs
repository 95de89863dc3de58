//! The Co-browse loop as a sans-IO state machine: the user's goal, Zo's answers, page snapshots,
//! batch results and navigations go in; commands for the worker come out (take a snapshot, ask
//! Zo, run a batch in the content module, navigate the tab, report an action's status, finish).
//!
//! One step = one ask to Zo. A step's actions are split at each `navigate`: the content module
//! runs the actions before it, the worker navigates and waits for the load, then the rest runs on
//! the new page. The first failure ends the step (the rest are skipped) and is reported back to
//! Zo in the follow-up prompt, with a fresh snapshot, in the same conversation. The loop ends at
//! a `done` action (its response is the answer), at a prose answer, at the step limit (never more
//! than `max_steps` asks, itself at most [`MAX_STEPS_CEILING`]), at Stop, or when actions were
//! refused too often. Inputs that do not fit the current phase (late results after Stop, a
//! duplicate answer) are ignored and produce no command.
//!
//! Containment ([`guard`]): the machine owns the task's [`TaskScope`]. Each navigate is judged
//! before the tab moves, and each content action before the page acts on it (the content
//! module's ACTION_CHECK, answered with [`Command::Verdict`]); an action the policy refuses, or
//! the user declines, fails as `refused` and goes back to Zo as its result. At most
//! [`MAX_ACTIONS_PER_ANSWER`] actions of an answer run ([`caps`]).

mod caps;
mod command;
mod guard;
#[cfg(test)]
mod tests;

pub use caps::{MAX_ACTIONS_PER_ANSWER, MAX_REFUSALS};
pub use command::{BatchOutcome, Command, FinishReason};

use crate::action::Action;
use crate::policy::TaskScope;
use crate::prompt::{self, FollowUp, PromptRequest, Screenshot, StepOutcome};
use crate::protocol::{
    ActionError, ActionErrorCode, ActionResult, ActionStatus, FinalResult, FinalStatus, Mode,
};
use crate::settings::MAX_STEPS_CEILING;
use crate::snapshot::PageSnapshot;
use crate::view;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Idle,
    AwaitSnapshot,
    AwaitAnswer,
    Running {
        first: usize,
        len: usize,
    },
    /// Waiting for the user's answer about the navigate at `index`.
    Approving {
        index: usize,
    },
    Navigating {
        index: usize,
    },
    Finished,
}

/// The actions of the current step and what happened to them.
#[derive(Debug, Clone, Default)]
struct Step {
    actions: Vec<Action>,
    results: Vec<ActionResult>,
    cursor: usize,
    interrupted: Option<String>,
    /// Actions the machine refused (by the policy or the user), with the error they fail with
    /// whatever the content module reports.
    refused: Vec<(usize, ActionError)>,
    /// Fills whose facts showed a secret field: their value is masked for the panel.
    secret: Vec<usize>,
}

fn result(index: usize, status: ActionStatus) -> ActionResult {
    ActionResult {
        index: to_u32(index),
        status,
        value: None,
        error: None,
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The Co-browse loop of one query.
#[derive(Debug, Clone)]
pub struct Cobrowse {
    goal: String,
    max_steps: u32,
    asks: u32,
    conversation_id: Option<String>,
    phase: Phase,
    step: Step,
    /// The page as Zo last saw it: tells which fills target password fields.
    page: Option<PageSnapshot>,
    /// Where the task may act, and what the user allowed.
    scope: TaskScope,
    /// Approvals and refusals.
    guard: guard::Guard,
    /// The extension's notes about the last step, for the next follow-up prompt.
    notes: Vec<String>,
}

impl Cobrowse {
    /// A loop for `goal`, asking Zo at most `max_steps` times (at least once, at most
    /// [`MAX_STEPS_CEILING`]). Pass the chat's conversation id to continue it.
    pub fn new(goal: &str, max_steps: u32, conversation_id: Option<String>) -> Cobrowse {
        Cobrowse {
            goal: goal.to_string(),
            max_steps: max_steps.clamp(1, MAX_STEPS_CEILING),
            asks: 0,
            conversation_id,
            phase: Phase::Idle,
            step: Step::default(),
            page: None,
            scope: TaskScope::new("", goal),
            guard: guard::Guard::default(),
            notes: Vec::new(),
        }
    }

    /// Number of asks so far (the current step).
    pub fn step(&self) -> u32 {
        self.asks
    }

    pub fn max_steps(&self) -> u32 {
        self.max_steps
    }

    /// The Zo conversation the loop runs in, once known.
    pub fn conversation_id(&self) -> Option<&str> {
        self.conversation_id.as_deref()
    }

    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    /// Starts the loop on the tab at `tab_url` (the browser's address of the tab when the user
    /// asked, never the model's or the page's word): its origin is the task's first, read-write
    /// origin. Then the first snapshot.
    pub fn start(&mut self, tab_url: &str) -> Vec<Command> {
        if self.phase != Phase::Idle {
            return Vec::new();
        }
        self.scope = TaskScope::new(tab_url, &self.goal);
        self.phase = Phase::AwaitSnapshot;
        vec![
            Command::Scope {
                origins: self.scope.origins(),
            },
            Command::RequestSnapshot {
                text_budget: prompt::snapshot_text_budget(Mode::Cobrowse),
            },
        ]
    }

    /// A snapshot arrived (or could not be taken: the reason).
    pub fn on_snapshot(&mut self, page: Result<PageSnapshot, String>) -> Vec<Command> {
        if self.phase != Phase::AwaitSnapshot {
            return Vec::new();
        }
        let page_ref = page.as_ref().map_err(String::as_str);
        let prompt = if self.asks == 0 {
            prompt::build(&PromptRequest {
                mode: Mode::Cobrowse,
                input: &self.goal,
                page: page_ref,
                max_steps: self.max_steps,
                screenshot: Screenshot::None,
            })
        } else {
            let outcomes: Vec<StepOutcome<'_>> = self
                .step
                .actions
                .iter()
                .zip(&self.step.results)
                .map(|(action, result)| StepOutcome { action, result })
                .collect();
            prompt::cobrowse_followup(&FollowUp {
                goal: &self.goal,
                step: self.asks + 1,
                max_steps: self.max_steps,
                outcomes: &outcomes,
                interrupted: self.step.interrupted.as_deref(),
                page: page_ref,
                notes: &self.notes,
            })
        };
        self.notes.clear();
        self.page = page.ok();
        self.asks += 1;
        self.phase = Phase::AwaitAnswer;
        vec![Command::Ask {
            step: self.asks,
            prompt,
            conversation_id: self.conversation_id.clone(),
        }]
    }

    /// Zo's answer to the last ask ended (the stream's final result).
    pub fn on_answer(&mut self, answer: FinalResult) -> Vec<Command> {
        if self.phase != Phase::AwaitAnswer {
            return Vec::new();
        }
        if let Some(id) = answer.conversation_id.filter(|id| !id.is_empty()) {
            self.conversation_id = Some(id);
        }
        if answer.status != FinalStatus::Succeeded {
            self.phase = Phase::Finished;
            let message = answer.error.unwrap_or_else(|| match answer.status {
                FinalStatus::Failed => "Zo reported a failure".to_string(),
                _ => "Zo's answer ended before it was complete".to_string(),
            });
            return vec![Command::Fail { message }];
        }
        let mut actions = answer.actions;
        if let Some(done) = actions
            .iter()
            .position(|a| matches!(a, Action::Done { .. }))
        {
            // Anything after done would never be reached.
            actions.truncate(done + 1);
        }
        let capped = self.cap(&mut actions);
        if actions.is_empty() {
            self.phase = Phase::Finished;
            let text = if answer.text.trim().is_empty() {
                "Zo answered without actions or text.".to_string()
            } else {
                answer.text
            };
            return vec![Command::Finish {
                text,
                reason: FinishReason::Prose,
            }];
        }
        let results = (0..actions.len())
            .map(|i| result(i, ActionStatus::Pending))
            .collect();
        self.step = Step {
            actions,
            results,
            ..Step::default()
        };
        let mut out = capped;
        out.extend((0..self.step.actions.len()).map(|i| self.status(i)));
        out.extend(self.advance());
        out
    }

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
            out.extend(self.skip_rest(first + len, "an earlier action failed"));
            out.extend(self.end_step());
        }
        out
    }

    /// The tab finished loading after a navigate (`Ok(final url)`), or failed (`Err(reason)`).
    pub fn on_navigated(&mut self, outcome: Result<String, String>) -> Vec<Command> {
        let Phase::Navigating { index } = self.phase else {
            return Vec::new();
        };
        match outcome {
            Ok(url) => {
                self.step.results[index] = ActionResult {
                    value: Some(serde_json::json!({ "url": url })),
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

    /// The user pressed Stop: cancel what runs, skip what is pending, finish.
    pub fn stop(&mut self) -> Vec<Command> {
        if self.phase == Phase::Finished {
            return Vec::new();
        }
        let mut out = Vec::new();
        self.guard.pending = None;
        if matches!(self.phase, Phase::Running { .. }) {
            out.push(Command::CancelBatch);
        }
        if !matches!(
            self.phase,
            Phase::Idle | Phase::AwaitSnapshot | Phase::AwaitAnswer
        ) {
            out.extend(self.skip_rest(0, "stopped by the user"));
        }
        self.phase = Phase::Finished;
        out.push(Command::Finish {
            text: String::new(),
            reason: FinishReason::Stopped,
        });
        out
    }

    fn status(&self, index: usize) -> Command {
        let action = &self.step.actions[index];
        // The panel shows and stores this action: a password fill's value never goes there.
        let action = match action {
            Action::Fill { selector, .. } if self.step.secret.contains(&index) => Action::Fill {
                selector: selector.clone(),
                value: view::MASK.to_string(),
            },
            other => view::masked_action(other, self.page.as_ref()),
        };
        Command::Status {
            step: self.asks,
            index: to_u32(index),
            action,
            result: self.step.results[index].clone(),
        }
    }

    /// `r` (batch index) as action `index`'s result: an action the machine refused fails with
    /// the machine's reason, whatever the content module says.
    fn enforced(&self, index: usize, r: ActionResult) -> ActionResult {
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
    fn skip_rest(&mut self, from: usize, why: &str) -> Vec<Command> {
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

    /// Runs the step from its cursor: a content batch up to the next navigate or done, a
    /// navigate, the done, or the end of the step.
    fn advance(&mut self) -> Vec<Command> {
        let cursor = self.step.cursor;
        let Some(action) = self.step.actions.get(cursor) else {
            return self.end_step();
        };
        match action {
            Action::Navigate { .. } => self.decide(cursor, None, &[]),
            Action::Done { response } => {
                let text = response.clone();
                self.step.results[cursor] = result(cursor, ActionStatus::Done);
                self.phase = Phase::Finished;
                vec![
                    self.status(cursor),
                    Command::Finish {
                        text,
                        reason: FinishReason::Done,
                    },
                ]
            }
            _ => {
                let end = self.step.actions[cursor..]
                    .iter()
                    .position(|a| matches!(a, Action::Navigate { .. } | Action::Done { .. }))
                    .map_or(self.step.actions.len(), |p| cursor + p);
                self.phase = Phase::Running {
                    first: cursor,
                    len: end - cursor,
                };
                vec![Command::RunBatch {
                    step: self.asks,
                    first_index: to_u32(cursor),
                    actions: self.step.actions[cursor..end].to_vec(),
                }]
            }
        }
    }

    /// The navigate at `index` was allowed: the tab moves.
    fn navigate(&mut self, index: usize) -> Vec<Command> {
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
    fn navigation_refused(&mut self, index: usize, error: ActionError) -> Vec<Command> {
        self.step.results[index] = ActionResult {
            error: Some(error),
            ..result(index, ActionStatus::Failed)
        };
        let mut out = vec![self.status(index)];
        out.extend(self.skip_rest(index + 1, "an earlier action was refused"));
        out.extend(self.end_step());
        out
    }

    /// The step is over without a done: ask again, or stop at the step limit or when actions
    /// were refused too often.
    fn end_step(&mut self) -> Vec<Command> {
        if let Some((reason, text)) = self.guard.ending() {
            self.phase = Phase::Finished;
            return vec![Command::Finish { text, reason }];
        }
        if self.asks >= self.max_steps {
            self.phase = Phase::Finished;
            let failure = self.step.results.iter().find_map(|r| {
                r.error
                    .as_ref()
                    .filter(|_| r.status == ActionStatus::Failed)
            });
            let mut text = format!(
                "I stopped after {} steps (the step limit) without finishing the task.",
                self.max_steps
            );
            if let Some(err) = failure {
                text.push_str(&format!(" The last action that failed: {}", err.message));
            }
            return vec![Command::Finish {
                text,
                reason: FinishReason::StepLimit,
            }];
        }
        self.phase = Phase::AwaitSnapshot;
        vec![Command::RequestSnapshot {
            text_budget: u32::try_from(prompt::FOLLOWUP_BUDGET.page.text).unwrap_or(u32::MAX),
        }]
    }
}
