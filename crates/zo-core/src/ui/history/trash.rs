//! Renaming a saved chat, and deleting one (or all, after a confirmation) with Undo: the
//! deleted chats are kept, with their places in the list, for [`UNDO_MS`]; Undo within that
//! time puts them back where they were. One deletion is undoable at a time (a second deletion
//! ends the first one's offer), as in the toasts of mail and chat apps. The deletion is stored
//! at once: a panel closed or reloaded within the Undo time keeps it (nothing deleted lingers
//! in storage).

use super::{title_for, Chat, History, Role, TITLE_CHARS};
use crate::page::text::{collapse_whitespace, ellipsize};

/// How long a deleted chat can be brought back, in ms (the panel's Undo toast).
pub const UNDO_MS: u64 = 8_000;

/// A deletion, kept for Undo.
#[derive(Debug, Clone, PartialEq)]
struct Deleted {
    what: Gone,
    /// Undo is offered until then (ms since the epoch).
    until: u64,
}

/// What a deletion took away.
#[derive(Debug, Clone, PartialEq)]
enum Gone {
    One {
        chat: Chat,
        /// Its index in the stored list.
        index: usize,
        /// It was the chat shown when the panel opens.
        was_active: bool,
    },
    /// "Delete all chats": the whole list, in its order, and the chat the panel opened with.
    All {
        chats: Vec<Chat>,
        active: Option<String>,
    },
}

/// What Undo brought back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Restored {
    /// The chat of this id.
    Chat(String),
    /// Every chat of a "Delete all": how many came back, and the one the panel opens with
    /// again (if it is among them and no other chat has been opened since).
    All {
        count: usize,
        active: Option<String>,
    },
}

/// The deletion that Undo can take back, if any.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trash {
    last: Option<Deleted>,
}

/// What the Undo toast shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoOffer {
    /// "Deleted “title”", or "Deleted 3 chats".
    pub text: String,
    /// The offer ends then (ms since the epoch).
    pub until: u64,
}

/// The question "Delete all chats" asks before it deletes `count` chats (None when there are
/// none: the button is not offered), and the label of the button that confirms.
pub fn delete_all_prompt(count: usize) -> Option<(String, &'static str)> {
    match count {
        0 => None,
        1 => Some((
            "Delete your one saved chat? You can undo this for a few seconds.".into(),
            "Delete",
        )),
        n => Some((
            format!("Delete all {n} saved chats? You can undo this for a few seconds."),
            "Delete all",
        )),
    }
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
            what: Gone::One {
                chat,
                index,
                was_active,
            },
            until: now.saturating_add(UNDO_MS),
        });
        self.offer(now)
    }

    /// Deletes every chat of `history` and keeps them for Undo until `now` + [`UNDO_MS`] (an
    /// earlier deletion can no longer be undone). The offer to show, or None when there was
    /// no chat.
    pub fn delete_all(&mut self, history: &mut History, now: u64) -> Option<UndoOffer> {
        if history.chats.is_empty() {
            return None;
        }
        self.last = Some(Deleted {
            what: Gone::All {
                chats: std::mem::take(&mut history.chats),
                active: history.active_chat_id.take(),
            },
            until: now.saturating_add(UNDO_MS),
        });
        self.offer(now)
    }

    /// The Undo offer standing at `now`.
    pub fn offer(&self, now: u64) -> Option<UndoOffer> {
        let d = self.last.as_ref().filter(|d| now < d.until)?;
        let text = match &d.what {
            Gone::One { chat, .. } => format!("Deleted “{}”", chat.title),
            Gone::All { chats, .. } if chats.len() == 1 => "Deleted 1 chat".to_string(),
            Gone::All { chats, .. } => format!("Deleted {} chats", chats.len()),
        };
        Some(UndoOffer {
            text,
            until: d.until,
        })
    }

    /// Undo: the last deleted chat back in `history` in its old place (and again the chat the
    /// panel opens with, if it was and no other chat has been opened since); after "Delete
    /// all", every chat back in its order, after the chats started since, within the caps.
    /// None when the offer is over (or there was none) or nothing could come back (a chat
    /// with its id exists again).
    pub fn undo(&mut self, history: &mut History, now: u64) -> Option<Restored> {
        let d = self.last.take().filter(|d| now < d.until)?;
        match d.what {
            Gone::One {
                chat,
                index,
                was_active,
            } => {
                let id = chat.id.clone();
                if history.get(&id).is_some() {
                    return None;
                }
                let index = index.min(history.chats.len());
                history.chats.insert(index, chat.clone());
                // Within the caps, as any chat stored (replaces the copy just inserted, in place).
                history.put_chat(chat);
                history.get(&id)?;
                if was_active && history.active_chat_id.is_none() {
                    history.active_chat_id = Some(id.clone());
                }
                Some(Restored::Chat(id))
            }
            Gone::All { chats, active } => {
                let mut count = 0;
                for chat in chats {
                    if history.get(&chat.id).is_some() {
                        continue;
                    }
                    history.chats.push(chat.clone());
                    history.put_chat(chat);
                    count += 1;
                }
                let active = active.filter(|id| history.get(id).is_some());
                if history.active_chat_id.is_none() {
                    history.active_chat_id.clone_from(&active);
                }
                let active = active.filter(|id| history.active_chat_id.as_deref() == Some(id));
                (count > 0).then_some(Restored::All { count, active })
            }
        }
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
mod tests;
