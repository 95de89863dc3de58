//! Containment in the Co-browse machine: the task's policy judges each navigate before the tab
//! moves and each content action when the content module checks it (ACTION_CHECK, with the
//! facts about its element and the tab's address from the browser). An "Ask" becomes an
//! approval request for the user; their answer (allow once, allow for this task, deny) decides.
//!
//! The facts and once-grants of the action allowed last are remembered (`Acting`): what the
//! browser then does while it acts is judged with them (`effect`).
//!
//! A refused or declined action fails as `refused` with a plain reason: Zo gets it as that
//! action's result and may re-plan. Repeated refusals end the task: [`MAX_REFUSALS`] in one
//! task, or the same action refused twice. Nobody answering a request in time ends it too.

use super::caps::MAX_REFUSALS;
use super::{to_u32, Cobrowse, Command, FinishReason, Phase};
use crate::trust::policy::{field_secret, ApprovalRequest};
use crate::trust::policy::{Grant, Proposal, TaskScope, Verdict};
use crate::wire::action::Action;
use crate::wire::facts::{EffectKind, TargetFacts};
use crate::wire::protocol::{ActionError, ActionErrorCode, ApprovalDecision};

/// What the Co-browse machine remembers about approvals and refusals of one task.
#[derive(Debug, Clone, Default)]
pub(super) struct Guard {
    /// The request waiting for the user's answer.
    pub(super) pending: Option<Pending>,
    next_id: u32,
    /// Refusals and denials so far.
    count: u32,
    /// The actions refused so far.
    refused: Vec<Action>,
    /// Set when the task must end at the end of the step.
    end: Option<(FinishReason, String)>,
    /// The content action allowed last: its effects are judged with what it was allowed on.
    pub(super) acting: Option<Acting>,
}

/// A content action that was allowed and acts now.
#[derive(Debug, Clone)]
pub(super) struct Acting {
    pub(super) batch_index: u32,
    /// The facts it was checked on.
    pub(super) facts: Option<TargetFacts>,
    /// The grants the user gave for it alone.
    pub(super) once: Vec<Grant>,
}

impl Guard {
    /// Why the task ends now, if it must.
    pub(super) fn ending(&self) -> Option<(FinishReason, String)> {
        self.end.clone()
    }

    /// Counts a refusal of `action`; past the limits the task is to end.
    fn note(&mut self, action: &Action, message: &str) {
        self.count += 1;
        let again = self.refused.contains(action);
        self.refused.push(action.clone());
        if self.end.is_some() {
            return;
        }
        let why = if again {
            "the same action was refused or declined twice".to_string()
        } else if self.count >= MAX_REFUSALS {
            format!("{} actions were refused or declined", self.count)
        } else {
            return;
        };
        self.end = Some((
            FinishReason::Refused,
            format!("I stopped this task: {why}. The last one: {message}"),
        ));
    }
}

/// An approval request waiting for the user.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    id: u32,
    /// The action's index in the step.
    index: usize,
    request: ApprovalRequest,
    /// The content check it answers; `None` for a navigate.
    check: Option<Check>,
}

/// A content module's check of one action, or of an effect of it.
#[derive(Debug, Clone)]
pub(super) struct Check {
    pub(super) batch_index: u32,
    pub(super) facts: Option<TargetFacts>,
    pub(super) page_url: String,
    /// Set for an effect check: what it is and the click it is judged as.
    pub(super) effect: Option<(EffectKind, Action)>,
}

impl Check {
    /// The verdict on this check: [`Command::Verdict`], or [`Command::EffectVerdict`].
    pub(super) fn verdict(&self, allow: bool, reason: Option<String>) -> Command {
        let batch_index = self.batch_index;
        match self.effect {
            None => Command::Verdict {
                batch_index,
                allow,
                reason,
            },
            Some(_) => Command::EffectVerdict {
                batch_index,
                allow,
                reason,
            },
        }
    }
}

fn proposal<'a>(action: &'a Action, check: Option<&'a Check>) -> Proposal<'a> {
    let action = check
        .and_then(|c| c.effect.as_ref())
        .map_or(action, |e| &e.1);
    match (action, check) {
        (Action::Navigate { url }, _) => Proposal::Navigate { url: url.as_str() },
        (action, check) => Proposal::Act {
            action,
            page_url: check.map_or("", |c| c.page_url.as_str()),
            facts: check.and_then(|c| c.facts.as_ref()),
        },
    }
}

fn deny(batch_index: u32, reason: &str) -> Command {
    Command::Verdict {
        batch_index,
        allow: false,
        reason: Some(reason.to_string()),
    }
}

impl Cobrowse {
    /// The task's scope (origin set, grants, navigations).
    pub fn scope(&self) -> &TaskScope {
        &self.scope
    }

    /// The content module checks action `batch_index` of the running batch before acting:
    /// `facts` about its element (none for actions without one), `page_url` the tab's address
    /// from the browser. Answers with a [`Command::Verdict`], or a [`Command::AskApproval`]
    /// whose answer ([`Cobrowse::on_approval`]) brings the verdict. A check that does not
    /// belong to the running batch is denied.
    pub fn on_action_check(
        &mut self,
        batch_index: u32,
        facts: Option<TargetFacts>,
        page_url: &str,
    ) -> Vec<Command> {
        let Phase::Running { first, len } = self.phase else {
            return vec![deny(batch_index, "no batch of this task is running")];
        };
        let in_batch = (batch_index as usize) < len;
        if !in_batch || self.guard.pending.is_some() {
            return vec![deny(batch_index, "this action is not waiting for a check")];
        }
        let index = first + batch_index as usize;
        if let (Action::Fill { .. }, Some(f)) = (&self.step.actions[index], &facts) {
            let ty = f.input_type.as_deref().unwrap_or("");
            if field_secret(ty, &f.autocomplete, &f.name).is_some() {
                self.step.secret.push(index);
            }
        }
        self.step.pages.push((index, page_url.to_string()));
        if let Some(name) = facts
            .as_ref()
            .map(|f| f.name.trim())
            .filter(|n| !n.is_empty())
        {
            self.step.names.retain(|(i, _)| *i != index);
            self.step.names.push((index, name.to_string()));
        }
        let check = Check {
            batch_index,
            facts,
            page_url: page_url.to_string(),
            effect: None,
        };
        self.guard.acting = None;
        self.decide(index, Some(check), &[])
    }

    /// The user's answer to approval request `id` (`None`: no answer in time, which ends the
    /// task). Answers for another request, or after Stop, are ignored.
    pub fn on_approval(&mut self, id: u32, decision: Option<ApprovalDecision>) -> Vec<Command> {
        if self.guard.pending.as_ref().map(|p| p.id) != Some(id) {
            return Vec::new();
        }
        let Some(p) = self.guard.pending.take() else {
            return Vec::new();
        };
        match decision {
            None => {
                let message = format!("No answer to the request: {}.", p.request.description);
                self.guard.end = Some((
                    FinishReason::NoAnswer,
                    format!(
                        "I stopped this task: nobody answered the request \u{201c}{}\u{201d}.",
                        p.request.description
                    ),
                ));
                self.refuse(p.index, p.check, message, false)
            }
            Some(ApprovalDecision::Deny) => {
                let message = format!("You declined: {}.", p.request.description);
                self.refuse(p.index, p.check, message, true)
            }
            Some(ApprovalDecision::Once) => {
                let once: Vec<Grant> = p.request.concerns.iter().map(|c| c.grant()).collect();
                self.decide(p.index, p.check, &once)
            }
            Some(ApprovalDecision::Task) => {
                self.scope.grant_task(&p.request);
                let mut out = vec![Command::Scope {
                    origins: self.scope.origins(),
                }];
                out.extend(self.decide(p.index, p.check, &[]));
                out
            }
        }
    }

    /// Judges action `index` (a navigate when `check` is `None`) with the `once` grants.
    pub(super) fn decide(
        &mut self,
        index: usize,
        check: Option<Check>,
        once: &[Grant],
    ) -> Vec<Command> {
        let action = &self.step.actions[index];
        let mut once = once.to_vec();
        if let (
            Some(acting),
            Some(Check {
                effect: Some(_), ..
            }),
        ) = (&self.guard.acting, &check)
        {
            once.extend(acting.once.iter().cloned());
        }
        match self.scope.judge(&proposal(action, check.as_ref()), &once) {
            Verdict::Allow => self.proceed(index, check, once),
            Verdict::Refuse(refusal) => {
                let message = format!("Not allowed: {refusal}.");
                self.refuse(index, check, message, true)
            }
            Verdict::Ask(request) => {
                self.guard.next_id += 1;
                let id = self.guard.next_id;
                let request = match check.as_ref().and_then(|c| c.effect.as_ref()) {
                    Some((kind, _)) => super::effect::described(*kind, request),
                    None => request,
                };
                if check.is_none() {
                    self.phase = Phase::Approving { index };
                }
                self.guard.pending = Some(Pending {
                    id,
                    index,
                    request: request.clone(),
                    check,
                });
                vec![Command::AskApproval {
                    id,
                    step: self.asks,
                    index: to_u32(index),
                    request,
                }]
            }
        }
    }

    /// Action `index` (or its effect) is allowed with the `once` grants: it counts
    /// (navigations) and goes ahead.
    fn proceed(&mut self, index: usize, check: Option<Check>, once: Vec<Grant>) -> Vec<Command> {
        let mut out = Vec::new();
        let action = &self.step.actions[index];
        if self.scope.record(&proposal(action, check.as_ref())) {
            out.push(Command::Scope {
                origins: self.scope.origins(),
            });
        }
        match check {
            Some(c) => {
                out.push(c.verdict(true, None));
                if c.effect.is_none() {
                    self.guard.acting = Some(Acting {
                        batch_index: c.batch_index,
                        facts: c.facts,
                        once,
                    });
                }
            }
            None => out.extend(self.navigate(index)),
        }
        out
    }

    /// Action `index` fails as refused with `message` (counted towards ending the task when
    /// `counts`).
    fn refuse(
        &mut self,
        index: usize,
        check: Option<Check>,
        message: String,
        counts: bool,
    ) -> Vec<Command> {
        if counts {
            let action = self.step.actions[index].clone();
            self.guard.note(&action, &message);
        }
        let hint = "An action was refused or declined (see its result): do not try it again. \
                    Find another way, or reply with done and say what is left undone.";
        if !self.notes.iter().any(|n| n == hint) {
            self.notes.push(hint.to_string());
        }
        let error = ActionError {
            code: ActionErrorCode::Refused,
            message: message.clone(),
        };
        match check {
            Some(c) => {
                self.step.refused.push((index, error));
                vec![c.verdict(false, Some(message))]
            }
            None => self.navigation_refused(index, error),
        }
    }
}
