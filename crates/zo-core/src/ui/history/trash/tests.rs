use super::*;
use crate::ui::history::Message;
use crate::wire::protocol::Mode;

fn chat(id: &str, at: u64, question: &str) -> Chat {
    let mut c = Chat::new(id.into(), Mode::Ask, at);
    c.put_message(
        Message::user(format!("{id}-q"), Mode::Ask, question.into()),
        at,
    );
    c
}

fn history() -> History {
    History {
        chats: vec![
            chat("a", 1, "First"),
            chat("b", 2, "Second"),
            chat("c", 3, "Third"),
        ],
        active_chat_id: Some("b".into()),
    }
}

fn ids(h: &History) -> Vec<&str> {
    h.chats.iter().map(|c| c.id.as_str()).collect()
}

#[test]
fn renaming_collapses_cuts_and_a_blank_name_goes_back_to_the_question() {
    let mut h = history();
    assert_eq!(
        h.rename("b", "  Trip\n plans  ").as_deref(),
        Some("Trip plans")
    );
    assert_eq!(h.get("b").map(|c| c.title.as_str()), Some("Trip plans"));
    let long = "x".repeat(TITLE_CHARS + 10);
    let title = h.rename("b", &long).unwrap_or_default();
    assert_eq!(title.chars().count(), TITLE_CHARS + 1);
    assert!(title.ends_with('…'));
    assert_eq!(h.rename("b", "   ").as_deref(), Some("Second"));
    assert_eq!(h.rename("nope", "x"), None);
    // A rename does not move the chat in the list.
    assert_eq!(h.get("b").map(|c| c.updated_at), Some(2));
}

#[test]
fn a_deleted_chat_comes_back_in_its_place_on_undo() {
    let mut h = history();
    let mut trash = Trash::default();
    let offer = trash.delete(&mut h, "b", 100).expect("an offer");
    assert_eq!(offer.text, "Deleted “Second”");
    assert_eq!(offer.until, 100 + UNDO_MS);
    assert_eq!(ids(&h), ["a", "c"]);
    assert_eq!(h.active_chat_id, None);
    assert_eq!(
        trash.undo(&mut h, 100 + UNDO_MS - 1),
        Some(Restored::Chat("b".into()))
    );
    assert_eq!(ids(&h), ["a", "b", "c"]);
    assert_eq!(h.active_chat_id.as_deref(), Some("b"));
    assert_eq!(h.get("b").map(|c| c.title.as_str()), Some("Second"));
    // Another chat opened since stays the one the panel opens with.
    trash.delete(&mut h, "b", 200);
    h.active_chat_id = Some("a".into());
    assert_eq!(trash.undo(&mut h, 201), Some(Restored::Chat("b".into())));
    assert_eq!(h.active_chat_id.as_deref(), Some("a"));
    // Once undone, there is nothing more to undo.
    assert_eq!(trash.undo(&mut h, 101), None);
    assert_eq!(trash.offer(101), None);
}

#[test]
fn undo_ends_with_its_time_and_with_the_next_deletion() {
    let mut h = history();
    let mut trash = Trash::default();
    trash.delete(&mut h, "a", 0);
    assert!(!trash.expire(UNDO_MS - 1));
    assert!(trash.offer(UNDO_MS - 1).is_some());
    assert!(trash.expire(UNDO_MS));
    assert!(!trash.expire(UNDO_MS + 1));
    assert_eq!(trash.undo(&mut h, UNDO_MS - 1), None);
    assert_eq!(ids(&h), ["b", "c"]);

    trash.delete(&mut h, "b", 10);
    trash.delete(&mut h, "c", 11);
    assert_eq!(trash.undo(&mut h, 12), Some(Restored::Chat("c".into())));
    assert_eq!(ids(&h), ["c"]);
    // Late: the offer is over even if expire was not called.
    trash.delete(&mut h, "c", 20);
    assert_eq!(trash.undo(&mut h, 20 + UNDO_MS), None);
    assert!(h.chats.is_empty());
    assert_eq!(trash.delete(&mut h, "nope", 30), None);
}

#[test]
fn undo_puts_the_chat_back_at_the_end_when_the_list_shrank() {
    let mut h = history();
    let mut trash = Trash::default();
    trash.delete(&mut h, "c", 0);
    h.chats.clear();
    assert_eq!(trash.undo(&mut h, 1), Some(Restored::Chat("c".into())));
    assert_eq!(ids(&h), ["c"]);
    trash.delete(&mut h, "c", 2);
    trash.dismiss();
    assert_eq!(trash.undo(&mut h, 3), None);
}

#[test]
fn delete_all_asks_first_with_the_count_and_is_not_offered_without_chats() {
    assert_eq!(delete_all_prompt(0), None);
    let (one, confirm) = delete_all_prompt(1).unwrap_or_default();
    assert_eq!(
        one,
        "Delete your one saved chat? You can undo this for a few seconds."
    );
    assert_eq!(confirm, "Delete");
    let (many, confirm) = delete_all_prompt(12).unwrap_or_default();
    assert_eq!(
        many,
        "Delete all 12 saved chats? You can undo this for a few seconds."
    );
    assert_eq!(confirm, "Delete all");
}

#[test]
fn delete_all_empties_the_history_and_undo_brings_every_chat_back_exactly() {
    let mut h = history();
    h.chats[1].title = "Renamed".into();
    let before = h.clone();
    let mut trash = Trash::default();
    let offer = trash.delete_all(&mut h, 50).expect("an offer");
    assert_eq!(offer.text, "Deleted 3 chats");
    assert_eq!(offer.until, 50 + UNDO_MS);
    assert!(h.chats.is_empty());
    assert_eq!(h.active_chat_id, None);
    // Stored as deleted at once: the JSON written now holds no chat.
    assert!(!h.to_json().contains("Renamed"));
    let back = trash.undo(&mut h, 50 + UNDO_MS - 1);
    assert_eq!(
        back,
        Some(Restored::All {
            count: 3,
            active: Some("b".into())
        })
    );
    assert_eq!(h, before);
    assert_eq!(trash.undo(&mut h, 51), None);
}

#[test]
fn undo_of_delete_all_keeps_chats_started_since_and_ends_with_its_time() {
    let mut h = history();
    let mut trash = Trash::default();
    trash.delete_all(&mut h, 0);
    // A new question asked meanwhile: its chat stays first, and stays the one opened.
    h.put_chat(chat("new", 10, "Meanwhile"));
    h.active_chat_id = Some("new".into());
    assert_eq!(
        trash.undo(&mut h, 20),
        Some(Restored::All {
            count: 3,
            active: None
        })
    );
    assert_eq!(ids(&h), ["new", "a", "b", "c"]);
    assert_eq!(h.active_chat_id.as_deref(), Some("new"));

    // One chat left: the offer says so; too late, nothing comes back.
    let mut one = History {
        chats: vec![chat("x", 1, "Only")],
        active_chat_id: None,
    };
    let offer = trash.delete_all(&mut one, 100);
    assert_eq!(offer.map(|o| o.text).as_deref(), Some("Deleted 1 chat"));
    assert_eq!(trash.undo(&mut one, 100 + UNDO_MS), None);
    assert!(one.chats.is_empty());
    // Nothing to delete: no offer, and the earlier one is not disturbed.
    trash.delete_all(&mut h, 200);
    assert_eq!(trash.delete_all(&mut one, 201), None);
    assert!(trash.offer(201).is_some());
    // A single delete after "Delete all" ends the bulk offer.
    let mut again = history();
    trash.delete(&mut again, "a", 202);
    assert_eq!(
        trash.undo(&mut again, 203),
        Some(Restored::Chat("a".into()))
    );
    assert!(h.chats.is_empty());
}
