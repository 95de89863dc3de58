//! A Co-browse task's containment in its message: the line of origins the task may act on,
//! one card per approval request (what will happen and where, why it asks, and Allow once /
//! Allow for this task / Deny as real buttons, so Tab and Enter reach them), and the
//! work-log notes; after a failed action, the offer of the rest of the step ("Run the rest",
//! "Skip"); after a blocked send, the offer to allow that site for the task. The cards sit in
//! the run's list ([`super::run`]), where the panel listens for their buttons.

use web_sys::{Document, Element};
use zo_core::ui::run_order::RunItem;
use zo_core::ui::{
    ApprovalCard, CardState, ResumeCard, ResumeState, ScopeChip, SendOfferCard, SendOfferState,
    CARD_BUTTONS, RESUME_BUTTONS, SCOPE_LABEL, SEND_OFFER_BUTTON,
};
use zo_core::wire::WireName;

use super::sections::replace_or_append;
use super::MessageView;
use crate::dom::{append, clear, el, set_attr, set_hidden, text_el, toggle_class, DomResult};

/// Attribute of a card button: the decision it sends.
pub const DECISION_ATTR: &str = "data-decision";
/// Attribute of a card and its buttons: the request's id.
pub const APPROVAL_ATTR: &str = "data-approval-id";

/// Attribute of a resume offer's button: `run` (run the rest) or `skip`.
pub const RESUME_ATTR: &str = "data-resume";

/// Attribute of a send offer's button: the offer's position in the turn.
pub const SEND_OFFER_ATTR: &str = "data-send-offer";

/// The two containers, hidden until used: origins, notes.
pub(super) fn build(doc: &Document) -> DomResult<(Element, Element)> {
    let scope = el(doc, "div", "scope")?;
    set_hidden(&scope, true);
    let notes = el(doc, "ul", "notes")?;
    set_attr(&notes, "aria-label", "Notes")?;
    set_hidden(&notes, true);
    Ok((scope, notes))
}

impl MessageView {
    pub(super) fn show_scope(&self, chips: &[ScopeChip]) -> DomResult<()> {
        clear(&self.scope);
        set_hidden(&self.scope, chips.is_empty());
        if chips.is_empty() {
            return Ok(());
        }
        append(
            &self.scope,
            &text_el(&self.doc, "span", "scope-label", SCOPE_LABEL)?,
        )?;
        let list = el(&self.doc, "ul", "scope-list")?;
        set_attr(&list, "aria-label", SCOPE_LABEL)?;
        for chip in chips {
            let item = el(&self.doc, "li", "scope-chip")?;
            toggle_class(&item, "read-only", chip.read_only);
            set_attr(&item, "title", &chip.note)?;
            append(
                &item,
                &text_el(&self.doc, "span", "scope-origin", &chip.origin)?,
            )?;
            append(
                &item,
                &text_el(
                    &self.doc,
                    "span",
                    "scope-note",
                    &format!(" ({})", chip.note),
                )?,
            )?;
            append(&list, &item)?;
        }
        append(&self.scope, &list)
    }

    pub(super) fn show_card(&self, position: usize, card: &ApprovalCard) -> DomResult<()> {
        let waiting = card.state == CardState::Waiting;
        let root = el(&self.doc, "section", "approval")?;
        let id = card.id.to_string();
        set_attr(&root, APPROVAL_ATTR, &id)?;
        set_attr(
            &root,
            "data-state",
            if waiting { "waiting" } else { "closed" },
        )?;
        set_attr(&root, "role", "group")?;
        set_attr(
            &root,
            "aria-label",
            &format!("{}: {}", card.heading(), card.title),
        )?;
        append(
            &root,
            &text_el(&self.doc, "div", "approval-label", card.heading())?,
        )?;
        append(
            &root,
            &text_el(&self.doc, "p", "approval-title", &card.title)?,
        )?;
        let reasons = el(&self.doc, "ul", "approval-reasons")?;
        for r in &card.reasons {
            append(&reasons, &text_el(&self.doc, "li", "", r)?)?;
        }
        append(&root, &reasons)?;
        if waiting {
            let actions = el(&self.doc, "div", "approval-actions")?;
            for (label, decision) in CARD_BUTTONS {
                let class = match decision {
                    zo_core::wire::ApprovalDecision::Deny => "btn danger",
                    zo_core::wire::ApprovalDecision::Once => "btn primary",
                    zo_core::wire::ApprovalDecision::Task => "btn",
                };
                let b = text_el(&self.doc, "button", class, label)?;
                set_attr(&b, "type", "button")?;
                set_attr(&b, DECISION_ATTR, decision.wire_name())?;
                set_attr(&b, APPROVAL_ATTR, &id)?;
                append(&actions, &b)?;
            }
            append(&root, &actions)?;
        }
        if let Some(decided) = card.decided() {
            let line = text_el(&self.doc, "p", "approval-outcome", decided)?;
            if let CardState::Answered(d) = card.state {
                set_attr(&line, DECISION_ATTR, d.wire_name())?;
            }
            append(&root, &line)?;
        }
        self.put_item(RunItem::Approval(position), &self.card_item(&root)?)
    }

    /// The offer of the rest of a step after a failure: what did not run, and "Run the rest"
    /// and "Skip" while it waits; what was chosen after.
    pub(super) fn show_resume(&self, card: &ResumeCard) -> DomResult<()> {
        let waiting = card.state == ResumeState::Waiting;
        let root = self.offer_card(
            "resume-offer",
            &card.title,
            &card.detail,
            card.outcome,
            |actions| {
                if !waiting {
                    return Ok(false);
                }
                for (label, run) in RESUME_BUTTONS {
                    let class = if run { "btn primary" } else { "btn" };
                    let b = text_el(&self.doc, "button", class, label)?;
                    set_attr(&b, "type", "button")?;
                    set_attr(&b, RESUME_ATTR, if run { "run" } else { "skip" })?;
                    append(actions, &b)?;
                }
                Ok(true)
            },
        )?;
        self.put_item(RunItem::Resume(card.position), &self.card_item(&root)?)
    }

    /// An offer to let the task send data to a blocked site: what was blocked, and "Allow for
    /// this task" while it waits; what was chosen after.
    pub(super) fn show_send_offer(&self, card: &SendOfferCard) -> DomResult<()> {
        let waiting = card.state == SendOfferState::Waiting;
        let root = self.offer_card(
            "send-offer",
            &card.title,
            card.detail,
            card.outcome,
            |actions| {
                if !waiting {
                    return Ok(false);
                }
                let b = text_el(&self.doc, "button", "btn", SEND_OFFER_BUTTON)?;
                set_attr(&b, "type", "button")?;
                set_attr(&b, SEND_OFFER_ATTR, &card.position.to_string())?;
                append(actions, &b)?;
                Ok(true)
            },
        )?;
        self.put_item(RunItem::SendOffer(card.position), &self.card_item(&root)?)
    }

    /// An offer's card (class `approval <kind>`): its title, detail, the buttons `buttons`
    /// adds (it returns whether the offer still waits) and the outcome once answered.
    fn offer_card(
        &self,
        kind: &str,
        title: &str,
        detail: &str,
        outcome: Option<&str>,
        buttons: impl FnOnce(&Element) -> DomResult<bool>,
    ) -> DomResult<Element> {
        let root = el(&self.doc, "section", &format!("approval {kind}"))?;
        set_attr(&root, "role", "group")?;
        set_attr(&root, "aria-label", title)?;
        append(&root, &text_el(&self.doc, "p", "approval-title", title)?)?;
        append(&root, &text_el(&self.doc, "p", "resume-detail", detail)?)?;
        let actions = el(&self.doc, "div", "approval-actions")?;
        let waiting = buttons(&actions)?;
        set_attr(
            &root,
            "data-state",
            if waiting { "waiting" } else { "closed" },
        )?;
        if waiting {
            append(&root, &actions)?;
        }
        if let Some(outcome) = outcome {
            append(
                &root,
                &text_el(&self.doc, "p", "approval-outcome", outcome)?,
            )?;
        }
        Ok(root)
    }

    pub(super) fn show_note(&self, position: usize, text: &str) -> DomResult<()> {
        set_hidden(&self.notes, false);
        let item = text_el(&self.doc, "li", "note", text)?;
        replace_or_append(&self.notes, position, &item)
    }
}
