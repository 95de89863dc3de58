//! One step of the task: Zo's answer becomes the step's actions (cut at `done`, capped), run
//! from the step's cursor (a content batch up to the next navigate or done, a navigate, the
//! done), each reported to the panel with secrets masked; a step that ends without `done` asks
//! again, or finishes at the step limit.

use super::{mask, result, to_u32, Cobrowse, Command, FinishReason, Phase, Step, MASK};
use crate::cobrowse::prompt;
use crate::wire::action::Action;
use crate::wire::protocol::{ActionStatus, FinalResult, FinalStatus};

impl Cobrowse {
    /// Zo's answer to the last ask ended (the stream's final result).
    pub fn on_answer(&mut self, answer: FinalResult) -> Vec<Command> {
        if self.phase != Phase::AwaitAnswer {
            return Vec::new();
        }
        if let Some(id) = answer.conversation_id.filter(|id| !id.is_empty()) {
            self.conversation_id = Some(id);
        }
        let thought = answer
            .reasoning
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|text| Command::Thought {
                step: self.asks,
                text: text.to_string(),
            });
        if answer.status != FinalStatus::Succeeded {
            self.phase = Phase::Finished;
            let message = answer.error.unwrap_or_else(|| match answer.status {
                FinalStatus::Failed => "Zo reported a failure".to_string(),
                _ => "Zo's answer ended before it was complete".to_string(),
            });
            let mut out: Vec<Command> = thought.into_iter().collect();
            out.push(Command::Fail { message });
            return out;
        }
        let mut out: Vec<Command> = thought.into_iter().collect();
        let mut actions = answer.actions;
        if let Some(done) = actions
            .iter()
            .position(|a| matches!(a, Action::Done { .. }))
        {
            // Anything after done would never be reached.
            actions.truncate(done + 1);
        }
        let capped = self.cap(&mut actions);
        if self.task_capped {
            self.phase = Phase::Finished;
            out.extend(capped);
            out.push(Command::Finish {
                text: format!(
                    "I stopped this task: it ran {} actions, the most one task may run.",
                    self.max_actions
                ),
                reason: FinishReason::StepLimit,
            });
            return out;
        }
        if actions.is_empty() {
            self.phase = Phase::Finished;
            let text = if answer.text.trim().is_empty() {
                "Zo answered without actions or text.".to_string()
            } else {
                answer.text
            };
            out.push(Command::Finish {
                text,
                reason: FinishReason::Prose,
            });
            return out;
        }
        let results = (0..actions.len())
            .map(|i| result(i, ActionStatus::Pending))
            .collect();
        self.step = Step {
            actions,
            results,
            ..Step::default()
        };
        out.extend(capped);
        out.extend((0..self.step.actions.len()).map(|i| self.status(i)));
        out.extend(self.advance());
        out
    }

    pub(super) fn status(&self, index: usize) -> Command {
        let action = &self.step.actions[index];
        let mut result = self.step.results[index].clone();
        // The name comes from the facts the machine checked, never from the page's report.
        result.target_name = self
            .step
            .names
            .iter()
            .find(|(i, _)| *i == index)
            .map(|(_, name)| name.clone());
        // The panel shows and stores this action: a secret fill's value never goes there, nor
        // anything its result says about the field.
        let secret = match action {
            Action::Fill { selector, .. } => {
                self.step.secret.contains(&index)
                    || mask::is_secret_target(selector.as_str(), self.page.as_ref())
            }
            _ => false,
        };
        let action = match action {
            Action::Fill { selector, .. } if secret => {
                result.value = None;
                Action::Fill {
                    selector: selector.clone(),
                    value: MASK.to_string(),
                }
            }
            other => other.clone(),
        };
        Command::Status {
            step: self.asks,
            index: to_u32(index),
            action,
            result,
        }
    }

    /// Runs the step from its cursor: a content batch up to the next navigate or done, a
    /// navigate, the done, or the end of the step.
    pub(super) fn advance(&mut self) -> Vec<Command> {
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

    /// The step is over without a done: ask again, or stop at the step limit or when actions
    /// were refused too often.
    pub(super) fn end_step(&mut self) -> Vec<Command> {
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
