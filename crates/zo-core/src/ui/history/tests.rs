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
        value: Some(crate::wire::json::RawJson::from_value(&json!("ok"))),
        error: None,
        target_name: None,
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
    let history = History::from_json(&stored.to_string());
    assert_eq!(history.chats.len(), 1);
    assert_eq!(
        history.active_chat_id, None,
        "unknown active chat is dropped"
    );
    for garbage in [
        "null",
        "[1, 2]",
        "",
        "{\"chats\": 3}",
        "{\"chats\": [",
        "\"x\"",
    ] {
        assert_eq!(History::from_json(garbage), History::default(), "{garbage}");
    }
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

/// A chat of `n` question/answer pairs whose answers each take about `bytes`.
fn long_chat(id: &str, updated: u64, n: usize, bytes: usize) -> Chat {
    let mut chat = chat_with(id, updated, "q");
    for i in 0..n {
        let mut m = Message::assistant(format!("{id}-a{i}"), Mode::Ask, "s".into(), "q".into());
        m.text = "x".repeat(bytes);
        m.status = MessageStatus::Done;
        chat.put_message(m, updated);
    }
    chat
}

fn stored_len(history: &History) -> usize {
    history.to_json().len()
}

#[test]
fn the_chat_being_saved_is_shortened_rather_than_evicting_the_others() {
    let mut history = History::default();
    // Three older chats of about 0.9 MB each: 2.7 MB of the 4 MB budget.
    for i in 0..3u64 {
        history.put_chat(long_chat(&format!("old{i}"), i, 6, 150_000));
    }
    assert_eq!(history.chats.len(), 3);
    let others = stored_len(&history);
    // The active chat grows past what is left: its oldest messages go, the others stay.
    let active = long_chat("active", 10, 12, 200_000);
    history.put_chat(active.clone());
    assert_eq!(history.chats.len(), 4, "no other chat was evicted");
    let kept = &history.get("active").unwrap().messages;
    assert!(kept.len() < active.messages.len());
    assert_eq!(
        kept.last(),
        active.messages.last(),
        "the newest message is kept"
    );
    assert!(json_len(&history.get("active").unwrap().to_json()) <= MAX_BYTES - others);
    assert!(json_len(&history.get("active").unwrap().to_json()) > CHAT_FLOOR_BYTES);
    assert!(stored_len(&history) <= MAX_BYTES);
}

#[test]
fn other_chats_are_evicted_only_to_give_the_saved_chat_its_floor() {
    let mut history = History::default();
    for i in 0..4u64 {
        history.put_chat(long_chat(&format!("old{i}"), i, 5, 190_000));
    }
    // 4 x ~0.95 MB: the new chat gets its floor by evicting the least recently updated.
    history.put_chat(long_chat("new", 10, 8, 190_000));
    assert!(history.get("old0").is_none());
    assert!(history.get("old3").is_some() && history.get("new").is_some());
    assert!(stored_len(&history) <= MAX_BYTES);
    assert!(json_len(&history.get("new").unwrap().to_json()) > CHAT_FLOOR_BYTES / 2);
}

#[test]
fn a_long_message_is_stored_cut_with_a_note() {
    let mut chat = chat_with("c", 0, "q");
    let mut m = Message::assistant("a".into(), Mode::Ask, "s".into(), "q".into());
    m.text = "é".repeat(3 * MAX_STORED_TEXT_BYTES);
    m.reasoning = Some("r".repeat(2 * MAX_STORED_REASONING_BYTES));
    m.quote = Some(crate::wire::Quote {
        kind: crate::wire::QuoteKind::Selection,
        text: "q".repeat(2 * MAX_STORED_TEXT_BYTES),
    });
    m.thoughts = vec!["t".repeat(3 * crate::ui::history::stored::MAX_STORED_THOUGHT_BYTES); 40];
    m.error = Some(StreamFailure {
        kind: FailureKind::Permanent,
        http_status: None,
        message: "Zo's answer is longer than 4 MiB".into(),
        partial_text: m.text.clone(),
    });
    for i in 0..MAX_STORED_TOOLS + 5 {
        m.tools.push(ToolActivity {
            tool_call_id: format!("t{i}"),
            name: "search".into(),
            args: "a".repeat(3 * MAX_STORED_FIELD_BYTES),
            result: None,
        });
    }
    let whole = json_len(&m.to_json());
    chat.put_message(m, 1);
    let stored = &chat.messages[1];
    assert!(stored.text.len() <= MAX_STORED_TEXT_BYTES && stored.text.ends_with('…'));
    assert!(stored.reasoning.as_ref().unwrap().len() <= MAX_STORED_REASONING_BYTES);
    assert!(
        stored.quote.as_ref().unwrap().text.len()
            <= crate::ui::history::stored::MAX_STORED_QUOTE_BYTES
    );
    assert!(stored.notes[0].contains("the page content asked about"));
    assert_eq!(stored.thoughts.len(), crate::ui::reasoning::MAX_THOUGHTS);
    assert!(stored.thoughts.iter().all(|t| t.len()
        <= crate::ui::history::stored::MAX_STORED_THOUGHT_BYTES
        && t.ends_with('…')));
    assert!(stored.error.as_ref().unwrap().partial_text.len() <= MAX_STORED_REASONING_BYTES);
    assert_eq!(stored.tools.len(), MAX_STORED_TOOLS);
    assert!(stored
        .tools
        .iter()
        .all(|t| t.args.len() <= MAX_STORED_FIELD_BYTES));
    assert_eq!(stored.notes.len(), 1);
    assert!(
        stored.notes[0].contains("the text (1.5 MB; the first 256 KB are kept)"),
        "{}",
        stored.notes[0]
    );
    assert!(
        json_len(&stored.to_json()) < CHAT_FLOOR_BYTES && json_len(&stored.to_json()) < whole / 5
    );
    // Saved again (as the panel does while it streams), it is not cut nor noted twice.
    let again = stored.clone();
    chat.put_message(again.clone(), 2);
    assert_eq!(chat.messages[1], again);
}

#[test]
fn a_short_message_is_stored_as_is() {
    let mut chat = chat_with("c", 0, "q");
    let mut m = Message::assistant("a".into(), Mode::Ask, "s".into(), "q".into());
    m.text = "x".repeat(MAX_STORED_TEXT_BYTES);
    chat.put_message(m.clone(), 1);
    assert_eq!(chat.messages[1], m);
}

#[test]
fn a_failed_save_is_explained() {
    let full = save_failure_text("Error: QUOTA_BYTES quota exceeded");
    assert!(
        full.contains("storage is full") && full.contains("Delete old chats"),
        "{full}"
    );
    let other = save_failure_text("  disk on fire ");
    assert!(
        other.contains("(disk on fire)") && !other.contains("storage is full"),
        "{other}"
    );
}

fn answer_to(id: &str, input: &str) -> Message {
    let mut a = Message::assistant(id.into(), Mode::Ask, format!("s-{id}"), input.into());
    a.text = format!("answer {id}");
    a.status = MessageStatus::Done;
    a
}

#[test]
fn a_new_answer_takes_the_old_ones_place() {
    let mut chat = chat_with("c1", 10, "first");
    chat.put_message(answer_to("a1", "first"), 11);
    chat.put_message(Message::user("u2".into(), Mode::Ask, "second".into()), 12);
    chat.put_message(answer_to("a2", "second"), 13);
    assert!(chat.replace_message("a1", answer_to("a1b", "first"), 14));
    let ids: Vec<&str> = chat.messages.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["c1-u", "a1b", "u2", "a2"]);
    assert_eq!(chat.updated_at, 14);
    assert!(!chat.replace_message("missing", answer_to("x", "q"), 15));
    assert_eq!(chat.question_of("a2").map(|m| m.id.as_str()), Some("u2"));
    assert_eq!(chat.question_of("a1b").map(|m| m.id.as_str()), Some("c1-u"));
    assert_eq!(chat.question_of("c1-u"), None);
}

#[test]
fn editing_a_question_drops_what_followed_it() {
    let mut chat = chat_with("c1", 10, "first question");
    chat.put_message(answer_to("a1", "first question"), 11);
    chat.put_message(Message::user("u2".into(), Mode::Ask, "second".into()), 12);
    chat.put_message(answer_to("a2", "second"), 13);
    assert_eq!(chat.edit_question("u2", "   ", 14), None);
    assert_eq!(chat.edit_question("a1", "not a question", 14), None);
    let dropped = chat.edit_question("c1-u", " better question ", 14).unwrap();
    assert_eq!(dropped, ["a1", "u2", "a2"]);
    assert_eq!(chat.messages.len(), 1);
    assert_eq!(chat.messages[0].text, "better question");
    // The title came from the old first question: it follows the new one.
    assert_eq!(chat.title, "better question");
    chat.title = "Named".into();
    chat.edit_question("c1-u", "third", 15);
    assert_eq!(chat.title, "Named");
}

#[test]
fn an_answer_that_ran_off_screen_is_saved_into_its_own_chat() {
    let mut history = History::default();
    history.put_chat(chat_with("a", 10, "first"));
    history.put_chat(chat_with("b", 11, "second"));
    let mut answer = answer_to("a1", "first");
    answer.text = "Still streaming".into();
    assert!(history.put_message("a", answer.clone(), 20));
    answer.text = "Still streaming, more".into();
    assert!(history.put_message("a", answer, 21));
    let a = history.get("a").expect("chat a");
    assert_eq!(a.messages.len(), 2);
    assert_eq!(a.messages[1].text, "Still streaming, more");
    assert_eq!(a.updated_at, 21);
    assert_eq!(history.get("b").map(|c| c.messages.len()), Some(1));
    assert!(!history.put_message("gone", answer_to("x", "q"), 22));
    assert!(history.get("gone").is_none());
}
