//! The run's order: cards between the rows where things happened, the same for the live
//! turn (the last order it told the view) and the message read back from the history.

use super::*;
use crate::ui::chat::Change;
use crate::ui::history::{Chat, History, Role};
use crate::ui::Turn;
use crate::wire::approval::ApprovalKind;
use crate::wire::protocol::{ActionStatus, Mode, WorkerToPanel};
use crate::wire::ApprovalDecision;

fn sid() -> String {
    "s1".into()
}

use crate::ui::chat::tests::action_status as status;

fn request(id: u32, step: u32, index: u32) -> WorkerToPanel {
    WorkerToPanel::ApprovalRequest {
        session_id: sid(),
        approval_id: id,
        kind: ApprovalKind::FormElsewhere,
        description: format!("Click #a{step}-{index}"),
        origin: "https://shop.example".into(),
        reasons: vec!["it submits a form".into()],
        destination: None,
        step,
        index,
    }
}

/// The last order the turn told the view.
fn last_order(all: &[Change]) -> Vec<RunItem> {
    all.iter()
        .rev()
        .find_map(|c| match c {
            Change::RunOrder(order) => Some(order.clone()),
            _ => None,
        })
        .expect("an order")
}

/// A task of two steps: step 1 announces 4 actions; action 2 asks for approval (allowed),
/// a send is blocked while action 3 runs, action 3 fails and the rest is offered (run);
/// step 2's first action asks again and the task is stopped while that card waits.
fn live_run() -> (Turn, Vec<Change>) {
    use ActionStatus::*;
    let mut t = Turn::new(Message::assistant(
        "m1".into(),
        Mode::Cobrowse,
        sid(),
        "buy".into(),
    ));
    let mut all = Vec::new();
    for i in 0..4 {
        all.extend(t.apply(&status(1, i, Pending)));
    }
    all.extend(t.apply(&status(1, 0, Done)));
    all.extend(t.apply(&status(1, 1, Running)));
    all.extend(t.apply(&request(1, 1, 1)));
    all.extend(t.answer_approval(1, ApprovalDecision::Once).unwrap().1);
    all.extend(t.apply(&status(1, 1, Done)));
    all.extend(t.apply(&status(1, 2, Running)));
    all.extend(t.apply(&WorkerToPanel::SendOffer {
        session_id: sid(),
        origin: "https://collector.example".into(),
    }));
    all.extend(t.apply(&status(1, 2, Failed)));
    all.extend(t.apply(&WorkerToPanel::ResumeOffer {
        session_id: sid(),
        step: 1,
        index: 2,
        remaining: 1,
    }));
    all.extend(t.answer_resume(true).unwrap().1);
    all.extend(t.apply(&status(1, 3, Done)));
    all.extend(t.apply(&status(2, 0, Pending)));
    all.extend(t.apply(&status(2, 1, Pending)));
    all.extend(t.apply(&status(2, 0, Running)));
    all.extend(t.apply(&request(2, 2, 0)));
    (t, all)
}

#[test]
fn cards_sit_after_the_row_of_their_action_in_the_order_things_happened() {
    use RunItem::*;
    let (_, all) = live_run();
    assert_eq!(
        last_order(&all),
        [
            Row(0),
            Row(1),
            Approval(0),
            Row(2),
            Resume(0),
            SendOffer(0),
            Row(3),
            Row(4),
            Approval(1),
            Row(5),
        ]
    );
}

#[test]
fn the_message_read_back_from_the_history_gives_the_order_shown_live() {
    let (mut t, _) = live_run();
    t.stop();
    let live = run_order(&t.message);
    let mut chat = Chat::new("c1".into(), Mode::Cobrowse, 1);
    chat.put_message(Message::user("u1".into(), Mode::Cobrowse, "buy".into()), 1);
    chat.put_message(t.message.clone(), 2);
    let mut history = History::default();
    history.put_chat(chat);
    let back = History::from_json(&history.to_json());
    let stored = back.chats[0]
        .messages
        .iter()
        .find(|m| m.role == Role::Assistant)
        .unwrap();
    assert_eq!(run_order(stored), live);
    // The stored run drawn again ends with that order too.
    let all = crate::ui::stored_run(stored);
    assert_eq!(last_order(&all), live);
    assert_eq!(live.len(), 10);
}

#[test]
fn a_row_under_a_waiting_card_waits_and_the_status_line_says_so() {
    let (mut t, all) = live_run();
    let row = all
        .iter()
        .rev()
        .find_map(|c| match c {
            Change::Timeline { position: 4, row } => Some(row.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(row.status, ActionStatus::Running, "the page said running");
    assert_eq!(row.state_name(), "waiting");
    assert_eq!(row.status_text(), "waiting for you");
    assert_eq!(
        t.indicator(),
        Some(&crate::ui::view::Indicator::Approval),
        "a later status does not hide that Zo waits for an approval"
    );
    let more = t.apply(&status(2, 1, ActionStatus::Pending));
    assert!(!more.contains(&Change::Indicator(crate::ui::view::Indicator::Acting)));
    let (_, answered) = t.answer_approval(2, ApprovalDecision::Deny).unwrap();
    let row = answered
        .iter()
        .find_map(|c| match c {
            Change::Timeline { position: 4, row } => Some(row.clone()),
            _ => None,
        })
        .expect("the row drawn again");
    assert_eq!(row.state_name(), "running");
}

#[test]
fn cards_of_unknown_rows_come_last_and_an_early_send_offer_first() {
    use crate::ui::history::{ApprovalRecord, SendOfferRecord};
    let (t, _) = live_run();
    let mut m = t.message.clone();
    m.approvals.push(ApprovalRecord {
        at: None,
        ..m.approvals[0].clone()
    });
    m.send_offers.push(SendOfferRecord {
        origin: "https://early.example".into(),
        after: None,
        allowed: false,
    });
    let order = run_order(&m);
    assert_eq!(order.first(), Some(&RunItem::SendOffer(1)));
    assert_eq!(order.last(), Some(&RunItem::Approval(2)));
    assert_eq!(order.len(), 12);
}
