//! Tests of answers that run in their own chat, on screen or not.

use super::*;
use crate::ui::chat::tests::answer_html;
use crate::ui::chat::Change;
use crate::ui::history::{Message, MessageStatus};
use crate::ui::markdown::render_blocks;
use crate::wire::approval::ApprovalKind;
use crate::wire::protocol::{FinalResult, FinalStatus};

fn turn(msg_id: &str, session: &str, mode: Mode) -> Turn {
    Turn::new(Message::assistant(
        msg_id.into(),
        mode,
        session.into(),
        "question".into(),
    ))
}

fn chunk(sid: &str, delta: &str) -> WorkerToPanel {
    WorkerToPanel::StreamChunk {
        session_id: sid.into(),
        delta: delta.into(),
    }
}

fn done(sid: &str) -> WorkerToPanel {
    WorkerToPanel::StreamDone {
        session_id: sid.into(),
        result: FinalResult {
            status: FinalStatus::Succeeded,
            ..Default::default()
        },
    }
}

/// Applies `msg` to the run it belongs to, as the panel does; the chat it went to.
fn deliver(runs: &mut Runs, msg: &WorkerToPanel) -> Option<String> {
    let run = runs.route(msg)?;
    run.turn.apply(msg);
    Some(run.chat_id.clone())
}

#[test]
fn each_update_goes_to_the_chat_of_its_session() {
    let mut runs = Runs::default();
    runs.start("chat-a", turn("ma", "sa", Mode::Ask), 0);
    runs.start("chat-b", turn("mb", "sb", Mode::Ask), 1);
    assert_eq!(
        deliver(&mut runs, &chunk("sa", "Alpha ")).as_deref(),
        Some("chat-a")
    );
    assert_eq!(
        deliver(&mut runs, &chunk("sb", "Beta")).as_deref(),
        Some("chat-b")
    );
    assert_eq!(
        deliver(&mut runs, &chunk("sa", "one")).as_deref(),
        Some("chat-a")
    );
    assert_eq!(deliver(&mut runs, &chunk("nobody", "x")), None);
    let text = |runs: &Runs, chat: &str| runs.of_chat(chat).map(|r| r.turn.message.text.clone());
    assert_eq!(text(&runs, "chat-a").as_deref(), Some("Alpha one"));
    assert_eq!(text(&runs, "chat-b").as_deref(), Some("Beta"));

    // A finished answer takes nothing more, and leaves the list when the panel removes it.
    assert_eq!(deliver(&mut runs, &done("sa")).as_deref(), Some("chat-a"));
    assert_eq!(
        runs.of_chat("chat-a").map(|r| r.turn.message.status),
        Some(MessageStatus::Done)
    );
    assert_eq!(deliver(&mut runs, &chunk("sa", "late")), None);
    let ended = runs.remove("sa").expect("the run");
    assert_eq!(ended.turn.message.text, "Alpha one");
    assert!(runs.of_chat("chat-a").is_none());
    assert_eq!(
        runs.of_session("sb").map(|r| r.chat_id.as_str()),
        Some("chat-b")
    );
    assert_eq!(
        runs.of_message("mb").map(|r| r.chat_id.as_str()),
        Some("chat-b")
    );
    assert!(runs.remove("sa").is_none());
}

#[test]
fn one_answer_per_chat_and_one_cobrowse_task_at_a_time() {
    let mut runs = Runs::default();
    assert_eq!(runs.may_start("a", Mode::Cobrowse), Ok(()));
    runs.start("a", turn("m1", "s1", Mode::Cobrowse), 0);
    assert_eq!(runs.may_start("a", Mode::Ask), Err(SendBlocked::ChatBusy));
    assert_eq!(runs.may_start("b", Mode::Ask), Ok(()));
    assert_eq!(
        runs.may_start("b", Mode::Cobrowse),
        Err(SendBlocked::CobrowseRunning)
    );
    runs.start("b", turn("m2", "s2", Mode::Ask), 0);
    assert_eq!(
        runs.may_start("b", Mode::Summarize),
        Err(SendBlocked::ChatBusy)
    );
    assert_eq!(runs.may_start("c", Mode::Ask), Ok(()));
    runs.remove("s1");
    assert_eq!(runs.may_start("c", Mode::Cobrowse), Ok(()));
    assert!(!SendBlocked::CobrowseRunning.message().is_empty());
}

#[test]
fn the_list_shows_running_chats_and_those_waiting_for_the_user() {
    let mut runs = Runs::default();
    assert!(runs.states().is_empty());
    runs.start("a", turn("m1", "s1", Mode::Ask), 0);
    runs.start("b", turn("m2", "s2", Mode::Cobrowse), 0);
    for r in runs.iter_mut() {
        r.turn.start();
    }
    deliver(
        &mut runs,
        &WorkerToPanel::ApprovalRequest {
            session_id: "s2".into(),
            approval_id: 1,
            kind: ApprovalKind::SecretFill,
            description: "Fill the password".into(),
            origin: "https://bank.example".into(),
            reasons: vec![],
            destination: None,
            step: 1,
            index: 0,
        },
    );
    assert_eq!(
        runs.states(),
        vec![
            ("a".to_string(), ChatState::Running),
            ("b".to_string(), ChatState::NeedsYou)
        ]
    );
}

#[test]
fn coming_back_to_a_running_answer_shows_it_and_it_goes_on_streaming() {
    let mut runs = Runs::default();
    runs.start("a", turn("m1", "s1", Mode::Ask), 0);
    let run = runs.of_chat_mut("a").expect("run");
    run.turn.start();
    // Streamed while the chat was off screen: nobody drew these changes.
    for delta in ["# Title\n\nFirst para", "graph.\n\nSecond ", "one"] {
        deliver(&mut runs, &chunk("s1", delta));
    }
    let run = runs.of_chat_mut("a").expect("run");
    let mut shown = run.turn.reattach();
    assert!(shown.iter().any(|c| matches!(c, Change::Indicator(_))));
    shown.extend(run.turn.apply(&chunk("s1", " goes on.")));
    shown.extend(run.turn.apply(&done("s1")));
    assert_eq!(
        answer_html(&shown),
        render_blocks("# Title\n\nFirst paragraph.\n\nSecond one goes on.").concat()
    );
    assert!(shown.contains(&Change::Finished(MessageStatus::Done)));
    // An ended turn has nothing to reattach.
    assert!(run.turn.reattach().is_empty());
}

#[test]
fn reattaching_draws_the_live_thinking_tools_and_cards() {
    let mut runs = Runs::default();
    runs.start("a", turn("m1", "s1", Mode::Cobrowse), 0);
    deliver(
        &mut runs,
        &WorkerToPanel::TaskNote {
            session_id: "s1".into(),
            text: "a note".into(),
        },
    );
    deliver(
        &mut runs,
        &WorkerToPanel::StepThought {
            session_id: "s1".into(),
            step: 1,
            text: "Step one: find the form".into(),
        },
    );
    deliver(
        &mut runs,
        &WorkerToPanel::StreamReasoning {
            session_id: "s1".into(),
            delta: "Looking at the form".into(),
        },
    );
    let run = runs.of_chat_mut("a").expect("run");
    let changes = run.turn.reattach();
    let thoughts = changes
        .iter()
        .position(|c| matches!(c, Change::Thoughts(t) if t.len() == 1))
        .expect("the kept step's reasoning");
    let live = changes
        .iter()
        .position(|c| c == &Change::ReasoningReplaced("Looking at the form".into()))
        .expect("the live thinking");
    assert!(
        thoughts < live,
        "the live thinking shows after the steps kept"
    );
    assert!(changes.contains(&Change::Note {
        position: 0,
        text: "a note".into()
    }));
    assert_eq!(answer_html(&changes), "");
}
