//! The offers to let a Co-browse task's tabs send data to a site the network guard blocked:
//! a card per blocked origin saying what was blocked, with "Allow for this task". The task
//! never waits for it. The user's click becomes the ALLOW_SEND message for the worker (whose
//! network guard takes only an origin a blocked request went to); the card then says what was
//! chosen, or that the task ended first.

use super::{Change, Turn};
use crate::ui::history::{Message, RunPlace, SendOfferRecord};
use crate::wire::protocol::{ActionStatus, PanelToWorker};

/// Most offers one turn shows (the worker makes far fewer).
pub const MAX_SEND_OFFERS: usize = 16;

/// The button of a waiting offer.
pub const SEND_OFFER_BUTTON: &str = "Allow for this task";

/// Where an offer stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendOfferState {
    Waiting,
    Allowed,
    /// The task ended before an answer.
    Closed,
}

/// An offer as the card shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendOfferCard {
    /// Its place among the turn's offers (what the button's click names).
    pub position: usize,
    pub state: SendOfferState,
    /// "Blocked: sending data to https://collector.example".
    pub title: String,
    pub detail: &'static str,
    /// What happened, once no longer waiting.
    pub outcome: Option<&'static str>,
}

/// The card of offer `position`; it waits while the task runs (`live`) until allowed.
fn card(record: &SendOfferRecord, position: usize, live: bool) -> SendOfferCard {
    let state = match (record.allowed, live) {
        (true, _) => SendOfferState::Allowed,
        (false, true) => SendOfferState::Waiting,
        (false, false) => SendOfferState::Closed,
    };
    SendOfferCard {
        position,
        state,
        title: format!("Blocked: sending data to {}", record.origin),
        detail: "The page tried to send data to this site, outside this task. Allow it only \
                 if the task needs that site (a payment or sign-in service).",
        outcome: match state {
            SendOfferState::Waiting => None,
            SendOfferState::Allowed => Some("Allowed for this task."),
            SendOfferState::Closed => Some("Not allowed: the task ended."),
        },
    }
}

/// The cards of `message`'s offers, `live` while its task runs.
pub(super) fn cards(message: &Message, live: bool) -> impl Iterator<Item = SendOfferCard> + '_ {
    message
        .send_offers
        .iter()
        .enumerate()
        .map(move |(i, o)| card(o, i, live))
}

impl Turn {
    /// A send to `origin` was blocked: an offer, placed after the last action under way.
    pub(super) fn apply_send_offer(&mut self, origin: &str, changes: &mut Vec<Change>) {
        let offers = &self.message.send_offers;
        if offers.len() >= MAX_SEND_OFFERS || offers.iter().any(|o| o.origin == origin) {
            return;
        }
        let after = self
            .message
            .timeline
            .iter()
            .rev()
            .find(|e| e.status != ActionStatus::Pending)
            .map(|e| RunPlace {
                step: e.step,
                index: e.index,
            });
        self.message.send_offers.push(SendOfferRecord {
            origin: origin.to_string(),
            after,
            allowed: false,
        });
        let position = self.message.send_offers.len() - 1;
        changes.push(Change::SendOffer(card(
            &self.message.send_offers[position],
            position,
            true,
        )));
        self.push_order(changes);
    }

    /// The user allowed offer `position`: the message for the worker and the card's change.
    /// Nothing when the offer is unknown, already answered, or the turn ended.
    pub fn answer_send_offer(&mut self, position: usize) -> Option<(PanelToWorker, Vec<Change>)> {
        if !self.is_active() {
            return None;
        }
        let offer = self
            .message
            .send_offers
            .get_mut(position)
            .filter(|o| !o.allowed)?;
        offer.allowed = true;
        let msg = PanelToWorker::AllowSend {
            session_id: self.flow.id().to_string(),
            origin: offer.origin.clone(),
        };
        Some((msg, vec![Change::SendOffer(card(offer, position, true))]))
    }

    /// Every offer, as the view shows it (a view made again).
    pub(super) fn send_offer_cards(&self) -> impl Iterator<Item = Change> + '_ {
        cards(&self.message, self.is_active()).map(Change::SendOffer)
    }

    /// The turn ended (its status is set): waiting offers can no longer be answered.
    pub(super) fn close_send_offers(&mut self, changes: &mut Vec<Change>) {
        for (i, offer) in self.message.send_offers.iter().enumerate() {
            if !offer.allowed {
                changes.push(Change::SendOffer(card(offer, i, false)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::turn;
    use super::*;
    use crate::wire::protocol::{Mode, WorkerToPanel};

    fn offer(origin: &str) -> WorkerToPanel {
        WorkerToPanel::SendOffer {
            session_id: "s1".into(),
            origin: origin.into(),
        }
    }

    fn cards(changes: &[Change]) -> Vec<SendOfferCard> {
        changes
            .iter()
            .filter_map(|c| match c {
                Change::SendOffer(card) => Some(card.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn an_offer_is_shown_once_per_origin_and_allowed_once() {
        let mut t = turn(Mode::Cobrowse);
        let shown = cards(&t.apply(&offer("https://collector.example")));
        assert_eq!(shown.len(), 1);
        assert_eq!(shown[0].state, SendOfferState::Waiting);
        assert_eq!(
            shown[0].title,
            "Blocked: sending data to https://collector.example"
        );
        assert!(cards(&t.apply(&offer("https://collector.example"))).is_empty());
        let (msg, changes) = t.answer_send_offer(0).expect("waiting");
        assert_eq!(
            msg,
            PanelToWorker::AllowSend {
                session_id: "s1".into(),
                origin: "https://collector.example".into(),
            }
        );
        assert_eq!(cards(&changes)[0].outcome, Some("Allowed for this task."));
        assert!(t.answer_send_offer(0).is_none(), "answered already");
        assert!(t.answer_send_offer(7).is_none(), "no such offer");
    }

    #[test]
    fn offers_close_when_the_task_ends_and_are_bounded() {
        let mut t = turn(Mode::Cobrowse);
        for i in 0..100 {
            t.apply(&offer(&format!("https://o{i}.example")));
        }
        assert_eq!(t.send_offer_cards().count(), MAX_SEND_OFFERS);
        t.stop();
        assert!(t
            .send_offer_cards()
            .all(|c| matches!(c, Change::SendOffer(card) if card.state == SendOfferState::Closed)));
        assert!(t.answer_send_offer(0).is_none());
    }
}
