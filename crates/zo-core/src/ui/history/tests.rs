//! Tests of the stored chat history: caps, eviction, tolerant reading.

use super::*;
use crate::wire::action::{Action, Selector};
use crate::wire::protocol::FailureKind;
use serde_json::json;

fn chat_with(id: &str, updated: u64, input: &str) -> Chat {
    let mut chat = Chat::new(id.into(), Mode::Ask, updated);
    chat.put_message(
        Message::user(format!("{id}-u"), Mode::Ask, input.into()),
        updated,
    );
    chat
}

#[test]
fn round_trip_keeps_reasoning_tools_timeline_and_status() {
    let mut chat = chat_with("c1", 10, "Fill the form");
    let mut answer = Message::assistant("a1".into(), Mode::Cobrowse, "s1".into(), "Fill".into());
    answer.text = "Done.".into();
    answer.reasoning = Some("I will fill it.".into());
    answer.tools.push(ToolActivity {
        tool_call_id: "t1".into(),
        name: "web_search".into(),
        args: "{}".into(),
        result: Some("3 hits".into()),
    });
    answer.timeline.push(TimelineEntry {
        step: 1,
        index: 0,
        action: Action::Click {
            selector: Selector::parse("#go").unwrap(),
        },
        status: ActionStatus::Done,
        value: Some(json!("ok")),
        error: None,
    });
    answer.status = MessageStatus::Done;
    answer.elapsed_ms = Some(1234);
    chat.put_message(answer, 11);
    let mut history = History::default();
    history.put_chat(chat.clone());
    history.active_chat_id = Some("c1".into());
    let restored = History::from_json(&history.to_json());
    assert_eq!(restored, history);
    assert_eq!(restored.get("c1").unwrap().title, "Fill the form");
}

#[test]
fn streaming_messages_restore_as_interrupted() {
    let mut chat = chat_with("c1", 1, "q");
    chat.put_message(
        Message::assistant("a".into(), Mode::Ask, "s".into(), "q".into()),
        2,
    );
    let mut history = History::default();
    history.put_chat(chat);
    let restored = History::from_json(&history.to_json());
    assert_eq!(
        restored.get("c1").unwrap().messages[1].status,
        MessageStatus::Interrupted
    );
}

#[test]
fn oldest_chat_is_evicted_past_the_cap() {
    let mut history = History::default();
    for i in 0..MAX_CHATS as u64 {
        history.put_chat(chat_with(&format!("c{i}"), 100 + i, "x"));
    }
    // Touch c0 so it is no longer the oldest.
    history.put_chat(chat_with("c0", 1000, "x"));
    history.put_chat(chat_with("new", 2000, "x"));
    assert_eq!(history.chats.len(), MAX_CHATS);
    assert!(history.get("c0").is_some());
    assert!(history.get("c1").is_none(), "c1 was least recently updated");
    assert!(history.get("new").is_some());
}

#[test]
fn messages_are_capped_oldest_first() {
    let mut chat = Chat::new("c".into(), Mode::Ask, 0);
    for i in 0..(MAX_MESSAGES + 5) {
        chat.put_message(
            Message::user(format!("m{i}"), Mode::Ask, "t".into()),
            i as u64,
        );
    }
    assert_eq!(chat.messages.len(), MAX_MESSAGES);
    assert_eq!(chat.messages[0].id, "m5");
}

#[test]
fn put_message_replaces_by_id() {
    let mut chat = chat_with("c", 0, "q");
    let mut m = Message::assistant("a".into(), Mode::Ask, "s".into(), "q".into());
    chat.put_message(m.clone(), 1);
    m.text = "final".into();
    chat.put_message(m, 2);
    assert_eq!(chat.messages.len(), 2);
    assert_eq!(chat.messages[1].text, "final");
    assert_eq!(chat.updated_at, 2);
}

#[test]
fn delete_removes_chat_and_clears_active() {
    let mut history = History::default();
    history.put_chat(chat_with("a", 1, "x"));
    history.put_chat(chat_with("b", 2, "y"));
    history.active_chat_id = Some("a".into());
    assert!(history.delete("a"));
    assert!(!history.delete("a"));
    assert_eq!(history.active_chat_id, None);
    assert_eq!(history.summaries().len(), 1);
}

#[test]
fn empty_chats_are_not_stored() {
    let mut history = History::default();
    history.put_chat(Chat::new("e".into(), Mode::Ask, 1));
    assert!(history.chats.is_empty());
}

#[test]
fn damaged_chats_are_skipped_and_garbage_gives_empty() {
    let good = serde_json::to_value(chat_with("ok", 5, "hi")).unwrap();
    let stored = json!({"chats": [good, {"id": 3}, "nonsense"], "activeChatId": "gone"});
    let history = History::from_json(&stored);
    assert_eq!(history.chats.len(), 1);
    assert_eq!(
        history.active_chat_id, None,
        "unknown active chat is dropped"
    );
    assert_eq!(History::from_json(&json!(null)), History::default());
    assert_eq!(History::from_json(&json!([1, 2])), History::default());
}

#[test]
fn summaries_are_newest_first_and_titles_are_short() {
    let mut history = History::default();
    history.put_chat(chat_with("old", 1, "first question"));
    history.put_chat(chat_with("new", 9, &"long ".repeat(40)));
    let list = history.summaries();
    assert_eq!(list[0].id, "new");
    assert_eq!(list[0].title.chars().count(), TITLE_CHARS + 1);
    assert!(list[0].title.ends_with('…'));
    assert_eq!(title_for("\n\n  "), "New chat");
}

#[test]
fn errors_persist() {
    let mut chat = chat_with("c", 0, "q");
    let mut m = Message::assistant("a".into(), Mode::Ask, "s".into(), "q".into());
    m.status = MessageStatus::Failed;
    m.error = Some(StreamFailure {
        kind: FailureKind::Permanent,
        http_status: Some(401),
        message: "unauthorized".into(),
        partial_text: String::new(),
    });
    chat.put_message(m, 1);
    let mut history = History::default();
    history.put_chat(chat);
    let restored = History::from_json(&history.to_json());
    assert_eq!(restored, history);
}

#[test]
fn oldest_chats_are_evicted_past_the_byte_budget() {
    let mut history = History::default();
    let big = "x".repeat(MAX_BYTES / 3);
    for i in 0..4u64 {
        history.put_chat(chat_with(&format!("c{i}"), i, &big));
    }
    assert_eq!(history.chats.len(), 2);
    assert!(history.get("c0").is_none() && history.get("c1").is_none());
    assert!(history.get("c3").is_some());
    assert!(history.to_json().to_string().len() <= MAX_BYTES);
}
