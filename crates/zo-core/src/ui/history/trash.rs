//! Renaming a saved chat, and deleting one with Undo: the deleted chat is kept, with its
//! place in the list, for [`UNDO_MS`]; Undo within that time puts it back where it was. One
//! deletion is undoable at a time (a second deletion ends the first one's offer), as in the
//! toasts of mail and chat apps.

use super::{title_for, Chat, History, Role, TITLE_CHARS};
use crate::page::text::{collapse_whitespace, ellipsize};

/// How long a deleted chat can be brought back, in ms (the panel's Undo toast).
pub const UNDO_MS: u64 = 8_000;

/// A deleted chat, kept for Undo.
#[derive(Debug, Clone, PartialEq)]
struct Deleted {
    chat: Chat,
    /// Its index in the stored list.
    index: usize,
    /// It was the chat shown when the panel opens.
    was_active: bool,
    /// Undo is offered until then (ms since the epoch).
    until: u64,
}

/// The deletion that Undo can take back, if any.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trash {
    last: Option<Deleted>,
}

/// What the Undo toast shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoOffer {
    pub chat_id: String,
    /// "Deleted “title”".
    pub text: String,
    /// The offer ends then (ms since the epoch).
    pub until: u64,
}

impl History {
    /// Renames chat `id`: whitespace collapsed, cut to [`TITLE_CHARS`]; a blank title goes
    /// back to the one taken from its first question. The new title, or None when there is
    /// no such chat.
    pub fn rename(&mut self, id: &str, title: &str) -> Option<String> {
        let chat = self.chats.iter_mut().find(|c| c.id == id)?;
        chat.title = renamed(chat, title);
        Some(chat.title.clone())
    }
}

/// The title `chat` gets when renamed to `title` (see [`History::rename`]).
fn renamed(chat: &Chat, title: &str) -> String {
    let title = collapse_whitespace(title);
    if title.is_empty() {
        let first = chat.messages.iter().find(|m| m.role == Role::User);
        title_for(first.map_or("", |m| m.text.as_str()))
    } else {
        ellipsize(&title, TITLE_CHARS)
    }
}

impl Trash {
    /// Deletes chat `id` from `history` and keeps it for Undo until `now` + [`UNDO_MS`] (an
    /// earlier deletion can no longer be undone). The offer to show, or None when there is no
    /// such chat.
    pub fn delete(&mut self, history: &mut History, id: &str, now: u64) -> Option<UndoOffer> {
        let index = history.chats.iter().position(|c| c.id == id)?;
        let chat = history.chats.remove(index);
        let was_active = history.active_chat_id.as_deref() == Some(id);
        if was_active {
            history.active_chat_id = None;
        }
        self.last = Some(Deleted {
            chat,
            index,
            was_active,
            until: now.saturating_add(UNDO_MS),
        });
        self.offer(now)
    }

    /// The Undo offer standing at `now`.
    pub fn offer(&self, now: u64) -> Option<UndoOffer> {
        let d = self.last.as_ref().filter(|d| now < d.until)?;
        Some(UndoOffer {
            chat_id: d.chat.id.clone(),
            text: format!("Deleted “{}”", d.chat.title),
            until: d.until,
        })
    }

    /// Undo: the last deleted chat back in `history` in its old place (and again the chat the
    /// panel opens with, if it was and no other chat has been opened since). Its id, or None when the offer is over (or there was
    /// none) or a chat with its id exists again.
    pub fn undo(&mut self, history: &mut History, now: u64) -> Option<String> {
        let d = self.last.take().filter(|d| now < d.until)?;
        let id = d.chat.id.clone();
        if history.get(&id).is_some() {
            return None;
        }
        let index = d.index.min(history.chats.len());
        history.chats.insert(index, d.chat.clone());
        // Within the caps, as any chat stored (replaces the copy just inserted, in place).
        history.put_chat(d.chat);
        history.get(&id)?;
        if d.was_active && history.active_chat_id.is_none() {
            history.active_chat_id = Some(id.clone());
        }
        Some(id)
    }

    /// Ends the offer once its time is over: true when it just ended (hide the toast).
    pub fn expire(&mut self, now: u64) -> bool {
        if self.last.as_ref().is_some_and(|d| now >= d.until) {
            self.last = None;
            return true;
        }
        false
    }

    /// Ends the offer now (the toast was dismissed).
    pub fn dismiss(&mut self) {
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
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
        assert_eq!(trash.undo(&mut h, 100 + UNDO_MS - 1).as_deref(), Some("b"));
        assert_eq!(ids(&h), ["a", "b", "c"]);
        assert_eq!(h.active_chat_id.as_deref(), Some("b"));
        assert_eq!(h.get("b").map(|c| c.title.as_str()), Some("Second"));
        // Another chat opened since stays the one the panel opens with.
        trash.delete(&mut h, "b", 200);
        h.active_chat_id = Some("a".into());
        assert_eq!(trash.undo(&mut h, 201).as_deref(), Some("b"));
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
        assert_eq!(trash.undo(&mut h, 12).as_deref(), Some("c"));
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
        assert_eq!(trash.undo(&mut h, 1).as_deref(), Some("c"));
        assert_eq!(ids(&h), ["c"]);
        trash.delete(&mut h, "c", 2);
        trash.dismiss();
        assert_eq!(trash.undo(&mut h, 3), None);
    }
}
