//! How the panel shows a Co-browse task's containment, without a DOM: the line of the task's
//! origins, each approval request as a card (what will happen and where, why it asks, and the
//! answer once given), and the work-log notes.

use crate::ui::history::ApprovalRecord;
use crate::wire::approval::{Access, ScopeOrigin, Source};
use crate::wire::protocol::ApprovalDecision;

/// One origin of the task as a chip: `https://shop.example` with "where you started".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScopeChip {
    pub origin: String,
    /// Why it is there and what the task may do there, in a few words.
    pub note: String,
    pub read_only: bool,
}

/// The chips of a task's origin set, in order.
pub fn scope_chips(origins: &[ScopeOrigin]) -> Vec<ScopeChip> {
    origins
        .iter()
        .map(|o| {
            let why = match o.source {
                Source::Start => "where you started",
                Source::Named => "named in your message",
                Source::Allowed => "you allowed it",
                Source::Visited => "visited once",
            };
            let note = match o.access {
                Access::ReadWrite => why.to_string(),
                Access::ReadOnly => format!("{why}, read-only"),
            };
            ScopeChip {
                origin: o.origin.clone(),
                note,
                read_only: o.access == Access::ReadOnly,
            }
        })
        .collect()
}

/// The label before the chips.
pub const SCOPE_LABEL: &str = "Zo may act on";

/// Where an approval card stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardState {
    /// Waiting for the user: the buttons show.
    Waiting,
    Answered(ApprovalDecision),
    /// The task ended without an answer.
    Unanswered,
}

/// An approval request as a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovalCard {
    pub id: u32,
    /// What will happen and where ("Fill the password field “Password” on `https://bank.example`").
    pub title: String,
    /// Why it asks, one line each.
    pub reasons: Vec<String>,
    pub state: CardState,
    /// The answer in words once given ("Allowed once", "Denied", "Not answered").
    pub outcome: Option<&'static str>,
}

/// The heading of a card waiting for an answer; an answered card is headed by its answer.
pub const WAITING_HEADING: &str = "Approval needed";

impl ApprovalCard {
    /// The card's heading: "Approval needed" while it waits, then what was decided ("Allowed
    /// once", "Denied"...), so an answered card no longer asks.
    pub fn heading(&self) -> &'static str {
        self.outcome.unwrap_or(WAITING_HEADING)
    }

    /// What the decision meant, in a sentence, once there is one.
    pub fn decided(&self) -> Option<&'static str> {
        match self.state {
            CardState::Waiting => None,
            CardState::Answered(ApprovalDecision::Once) => Some("You allowed this once."),
            CardState::Answered(ApprovalDecision::Task) => {
                Some("You allowed this for the rest of the task.")
            }
            CardState::Answered(ApprovalDecision::Deny) => {
                Some("You denied this: Zo did not do it.")
            }
            CardState::Unanswered => Some("The task ended before you answered: Zo did not do it."),
        }
    }
}

/// The buttons of a waiting card, in order: (label, decision).
pub const CARD_BUTTONS: [(&str, ApprovalDecision); 3] = [
    ("Allow once", ApprovalDecision::Once),
    ("Allow for this task", ApprovalDecision::Task),
    ("Deny", ApprovalDecision::Deny),
];

/// The card of `record`; `live` while its task still runs (an unanswered request of a
/// finished task reads "Not answered").
pub fn approval_card(record: &ApprovalRecord, live: bool) -> ApprovalCard {
    let state = match (record.decision, live) {
        (Some(d), _) => CardState::Answered(d),
        (None, true) => CardState::Waiting,
        (None, false) => CardState::Unanswered,
    };
    let outcome = match state {
        CardState::Waiting => None,
        CardState::Answered(ApprovalDecision::Once) => Some("Allowed once"),
        CardState::Answered(ApprovalDecision::Task) => Some("Allowed for this task"),
        CardState::Answered(ApprovalDecision::Deny) => Some("Denied"),
        CardState::Unanswered => Some("Not answered"),
    };
    ApprovalCard {
        id: record.id,
        title: record.description.clone(),
        reasons: record.reasons.clone(),
        state,
        outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::approval::ApprovalKind;

    fn record(decision: Option<ApprovalDecision>) -> ApprovalRecord {
        ApprovalRecord {
            id: 1,
            kind: ApprovalKind::SecretFill,
            description: "Fill the password field \u{201c}Password\u{201d} on https://bank.example"
                .into(),
            origin: "https://bank.example".into(),
            reasons: vec!["it is a password field".into()],
            decision,
            destination: None,
            at: None,
        }
    }

    #[test]
    fn a_card_waits_then_says_the_answer() {
        let waiting = approval_card(&record(None), true);
        assert_eq!((waiting.state, waiting.outcome), (CardState::Waiting, None));
        assert_eq!(waiting.reasons, ["it is a password field"]);
        for (decision, words) in [
            (ApprovalDecision::Once, "Allowed once"),
            (ApprovalDecision::Task, "Allowed for this task"),
            (ApprovalDecision::Deny, "Denied"),
        ] {
            let card = approval_card(&record(Some(decision)), true);
            assert_eq!(card.outcome, Some(words));
        }
        let denied = approval_card(&record(Some(ApprovalDecision::Deny)), true);
        assert_eq!(
            denied.heading(),
            "Denied",
            "an answered card no longer asks"
        );
        assert_eq!(denied.decided(), Some("You denied this: Zo did not do it."));
        assert_eq!(waiting.heading(), WAITING_HEADING);
        assert_eq!(waiting.decided(), None);
        let ended = approval_card(&record(None), false);
        assert_eq!(
            (ended.state, ended.outcome),
            (CardState::Unanswered, Some("Not answered"))
        );
    }

    #[test]
    fn chips_say_why_each_origin_is_there() {
        let o = |origin: &str, access, source| ScopeOrigin {
            origin: origin.into(),
            access,
            source,
        };
        let chips = scope_chips(&[
            o("https://shop.example", Access::ReadWrite, Source::Start),
            o("https://docs.example", Access::ReadWrite, Source::Named),
            o("https://pay.example", Access::ReadWrite, Source::Allowed),
            o("https://other.example", Access::ReadOnly, Source::Visited),
        ]);
        let notes: Vec<_> = chips.iter().map(|c| c.note.as_str()).collect();
        assert_eq!(
            notes,
            [
                "where you started",
                "named in your message",
                "you allowed it",
                "visited once, read-only"
            ]
        );
        assert!(chips[3].read_only && !chips[0].read_only);
    }
}
