//! Containment by effect: while an allowed action acts, the content module watches what the
//! browser does because of it (a link followed, a form submitted, a window opened). An effect
//! whose facts differ from the ones the action was checked on comes here (EFFECT_CHECK) and is
//! judged as a click on the element the browser activates, with the grants the user gave for
//! the action: every rule of the policy applies to what really happens. An Ask becomes an
//! approval card as for actions; a refusal fails the action as `refused`.

use super::guard::Check;
use super::{Cobrowse, Command, Phase};
use crate::trust::policy::ApprovalRequest;
use crate::wire::action::{Action, Selector};
use crate::wire::facts::{EffectKind, TargetFacts};

/// What an effect is, for people: the start of its approval card.
fn what(kind: EffectKind) -> &'static str {
    match kind {
        EffectKind::Link => "The page would follow a link",
        EffectKind::Submit => "The page would submit a form",
        EffectKind::Window => "The page would open a new window",
    }
}

/// `request` about an effect of `kind`, said as such.
pub(super) fn described(kind: EffectKind, request: ApprovalRequest) -> ApprovalRequest {
    ApprovalRequest {
        description: format!("{}: {}", what(kind), request.description),
        ..request
    }
}

fn deny(batch_index: u32, reason: &str) -> Command {
    Command::EffectVerdict {
        batch_index,
        allow: false,
        reason: Some(reason.to_string()),
    }
}

impl Cobrowse {
    /// While action `batch_index` of the running batch acts, the browser is about to do
    /// `kind`, activating an element with `facts` (`page_url`: the tab's address from the
    /// browser). Answers with a [`Command::EffectVerdict`], or a [`Command::AskApproval`]
    /// whose answer ([`Cobrowse::on_approval`]) brings it. Facts equal to those the action
    /// was allowed on are allowed as they are (already judged and counted). An effect of an
    /// action that is not the one acting is denied.
    pub fn on_effect_check(
        &mut self,
        batch_index: u32,
        kind: EffectKind,
        facts: TargetFacts,
        page_url: &str,
    ) -> Vec<Command> {
        let Phase::Running { first, len } = self.phase else {
            return vec![deny(batch_index, "no batch of this task is running")];
        };
        let acting = self
            .guard
            .acting
            .as_ref()
            .filter(|a| a.batch_index == batch_index);
        let Some(acting) = acting else {
            return vec![deny(batch_index, "this action is not acting")];
        };
        if (batch_index as usize) >= len || self.guard.pending.is_some() {
            return vec![deny(batch_index, "this effect is not waiting for a check")];
        }
        if acting.facts.as_ref() == Some(&facts) {
            return vec![Command::EffectVerdict {
                batch_index,
                allow: true,
                reason: None,
            }];
        }
        let index = first + batch_index as usize;
        // The click is named by the action's element: a page-made effect has no selector.
        let selector = match self.step.actions[index].selector() {
            Some(s) => Ok(s.clone()),
            None => Selector::parse("body"),
        };
        let Ok(selector) = selector else {
            return vec![deny(batch_index, "this effect could not be described")];
        };
        let check = Check {
            batch_index,
            facts: Some(facts),
            page_url: page_url.to_string(),
            effect: Some((kind, Action::Click { selector })),
        };
        self.decide(index, Some(check), &[])
    }
}
