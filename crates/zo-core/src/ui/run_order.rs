//! The order of a Co-browse run as the panel shows it: the timeline's rows and, between them,
//! the cards (approval requests, the offers of the rest of a step after a failure, the offers
//! to let the task's tabs send data to a blocked site), each card right after the row of the
//! action it is about, so the run reads in the order things happened. Decided from the
//! message alone: the live turn and the message drawn again from the history give the same
//! order.

use crate::ui::history::{Message, RunPlace};
use crate::wire::action::Action;

/// One item of a run, by its position in its own list: `Row(i)` is the `i`th row shown (the
/// timeline's entries but `done`), `Approval(i)` the message's `i`th approval record, and so on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunItem {
    Row(usize),
    Approval(usize),
    Resume(usize),
    SendOffer(usize),
}

/// The places of the rows shown, in order (the timeline's entries but `done`, which the
/// answer shows).
pub(crate) fn row_places(message: &Message) -> impl Iterator<Item = RunPlace> + '_ {
    message
        .timeline
        .iter()
        .filter(|e| !matches!(e.action, Action::Done { .. }))
        .map(|e| RunPlace {
            step: e.step,
            index: e.index,
        })
}

/// The run's rows and cards in the order shown. A card follows the row of its action; cards
/// after one row keep the order things happen to an action (approvals asked before it ran,
/// then the offer after it failed, then offers to send data made while it was under way),
/// each kind in arrival order. A send offer made before any action is first; a card whose row
/// is not known (a request of a chat stored before requests named their action, a row cut
/// from the stored history) comes after every row.
pub fn run_order(message: &Message) -> Vec<RunItem> {
    let places: Vec<RunPlace> = row_places(message).collect();
    let rows = places.len();
    // Slot 0 is before the first row, slot i + 1 just after row i, slot rows + 1 the end.
    let slot = |at: Option<RunPlace>, unknown: usize| match at {
        Some(at) => places
            .iter()
            .position(|p| *p == at)
            .map_or(rows + 1, |i| i + 1),
        None => unknown,
    };
    let mut keyed: Vec<(usize, u8, RunItem)> = Vec::new();
    keyed.extend((0..rows).map(|i| (i + 1, 0, RunItem::Row(i))));
    for (i, a) in message.approvals.iter().enumerate() {
        keyed.push((slot(a.at, rows + 1), 1, RunItem::Approval(i)));
    }
    for (i, r) in message.resumes.iter().enumerate() {
        keyed.push((slot(Some(r.at), rows + 1), 2, RunItem::Resume(i)));
    }
    for (i, o) in message.send_offers.iter().enumerate() {
        keyed.push((slot(o.after, 0), 3, RunItem::SendOffer(i)));
    }
    // Stable: items of one slot and kind stay in arrival order.
    keyed.sort_by_key(|(slot, kind, _)| (*slot, *kind));
    keyed.into_iter().map(|(_, _, item)| item).collect()
}

#[cfg(test)]
mod tests;
