//! Which Zo conversation each chat continues: the id Zo gave in its `x-conversation-id` header,
//! sent back as `conversation_id` on the chat's next ask. The worker keeps the map in
//! `chrome.storage.local` under [`CONVERSATIONS_KEY`] as `{chatId: {id, at}}` (`at`: when it
//! was last set, ms since the epoch), so a worker or browser restart continues the same
//! conversation. The newest [`MAX_CHATS`] are kept: as many chats as the history keeps, since an
//! older chat can no longer be continued. The worker only loads and saves the text.

use std::collections::HashMap;

use crate::ui::MAX_CHATS;
use crate::wire::json::{parse_within, Json, Node, Obj};

/// Storage key in `chrome.storage.local`.
pub const CONVERSATIONS_KEY: &str = "conversations";

/// Most JSON nodes read from the stored map (its chats and their two fields, with room for
/// what an earlier version kept besides).
const MAX_NODES: usize = 16 * MAX_CHATS;

#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    id: String,
    /// When it was last set (ms since the epoch), for eviction.
    at: u64,
}

/// The chat -> conversation id map.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conversations {
    map: HashMap<String, Entry>,
}

impl Conversations {
    /// The stored `{chatId: {id, at}}`. An error names the first entry that is not
    /// `{id: string, at: number}` (other fields are ignored); `at` may be whole or, as an
    /// earlier version wrote it, with a fraction (dropped). A map longer than the cap keeps its
    /// newest entries.
    pub fn from_stored(text: &str) -> Result<Conversations, String> {
        let node = parse_within(text, MAX_NODES).map_err(|e| e.to_string())?;
        let Node::Obj(fields) = &node else {
            return Err("not an object".to_string());
        };
        let mut map = HashMap::new();
        for (chat, entry) in fields {
            let id = entry.get("id").and_then(Node::as_str);
            let at = match entry.get("at") {
                Some(Node::Num(n)) => millis(n),
                _ => None,
            };
            let (Some(id), Some(at)) = (id, at) else {
                return Err(format!("entry {chat}: not {{id: string, at: number}}"));
            };
            map.insert(
                chat.to_string(),
                Entry {
                    id: id.to_string(),
                    at,
                },
            );
        }
        let mut out = Conversations { map };
        out.evict();
        Ok(out)
    }

    /// The conversation id of `chat_id`, if Zo gave one.
    pub fn get(&self, chat_id: &str) -> Option<&str> {
        self.map.get(chat_id).map(|e| e.id.as_str())
    }

    /// Remembers `conversation_id` for `chat_id`, set at `now_ms`; the least recently set go
    /// past the cap. False when it was already so (nothing to save).
    pub fn set(&mut self, chat_id: &str, conversation_id: &str, now_ms: u64) -> bool {
        if self.get(chat_id) == Some(conversation_id) {
            return false;
        }
        self.map.insert(
            chat_id.to_string(),
            Entry {
                id: conversation_id.to_string(),
                at: now_ms,
            },
        );
        self.evict();
        true
    }

    /// Adds what `older` holds for chats this map does not know (the map read from storage,
    /// under what was set since the worker started).
    pub fn fill_from(&mut self, older: Conversations) {
        for (chat, entry) in older.map {
            self.map.entry(chat).or_insert(entry);
        }
        self.evict();
    }

    /// The map as it is stored.
    pub fn to_stored(&self) -> Json {
        let mut out = Obj::new();
        for (chat, entry) in &self.map {
            let fields = Obj::new().str("id", &entry.id).uint("at", entry.at).done();
            out = out.json(chat, &fields);
        }
        out.done()
    }

    /// The least recently set go, one scan each, while past the cap: one after an insert
    /// (more only for a map an earlier version kept longer), so no sort is needed.
    fn evict(&mut self) {
        while self.map.len() > MAX_CHATS {
            let oldest = self
                .map
                .iter()
                .min_by_key(|(_, entry)| entry.at)
                .map(|(chat, _)| chat.clone());
            match oldest {
                Some(chat) => self.map.remove(&chat),
                None => break,
            };
        }
    }
}

/// A time in ms as stored: whole (`1733100000000`), or with a fraction, dropped.
fn millis(n: &str) -> Option<u64> {
    let whole = n.split_once('.').map_or(n, |(whole, _)| whole);
    whole.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_id_is_read_back_after_a_round_trip_through_storage() {
        let mut c = Conversations::default();
        assert!(c.set("chat-1", "conv-a", 1_733_100_000_000));
        assert!(!c.set("chat-1", "conv-a", 1_733_100_000_500), "nothing new");
        assert!(c.set("chat-1", "conv-b", 1_733_100_001_000));
        let stored = c.to_stored();
        let back = Conversations::from_stored(stored.as_str()).unwrap();
        assert_eq!(back.get("chat-1"), Some("conv-b"));
        assert_eq!(back, c);
        assert_eq!(back.get("chat-2"), None);
    }

    #[test]
    fn an_earlier_versions_times_with_a_fraction_are_read() {
        let c = Conversations::from_stored(
            r#"{"chat-1":{"id":"conv-a","at":1733100000000.0,"extra":true}}"#,
        )
        .unwrap();
        assert_eq!(c.get("chat-1"), Some("conv-a"));
        assert_eq!(
            c.to_stored().as_str(),
            r#"{"chat-1":{"id":"conv-a","at":1733100000000}}"#
        );
    }

    #[test]
    fn an_entry_of_another_shape_is_an_error_that_names_it() {
        let e = Conversations::from_stored(r#"{"chat-9":{"id":7,"at":1}}"#).unwrap_err();
        assert!(e.contains("chat-9"), "{e}");
        assert!(Conversations::from_stored("[1,2]").is_err());
        assert!(Conversations::from_stored("{").is_err());
    }

    #[test]
    fn the_least_recently_set_chats_go_past_the_cap() {
        let mut c = Conversations::default();
        for i in 0..MAX_CHATS as u64 {
            c.set(&format!("chat-{i}"), "conv", 1_000 + i);
        }
        assert_eq!(c.map.len(), MAX_CHATS);
        // Chat 0, the oldest, is set again: chat 1 is now the least recently set.
        c.set("chat-0", "conv-new", 10_000);
        c.set("chat-new", "conv", 10_001);
        assert_eq!(c.map.len(), MAX_CHATS);
        assert_eq!(c.get("chat-0"), Some("conv-new"));
        assert_eq!(c.get("chat-1"), None);
        assert!(c.get("chat-new").is_some());
    }

    #[test]
    fn a_stored_map_past_the_cap_keeps_its_newest_and_a_huge_one_is_refused() {
        let mut text = String::from("{");
        for i in 0..MAX_CHATS + 3 {
            if i > 0 {
                text.push(',');
            }
            text.push_str(&format!(r#""c{i}":{{"id":"v{i}","at":{i}}}"#));
        }
        text.push('}');
        let c = Conversations::from_stored(&text).unwrap();
        assert_eq!(c.map.len(), MAX_CHATS);
        assert_eq!(c.get("c0"), None);
        assert_eq!(c.get("c2"), None);
        assert!(c.get("c3").is_some());
        let huge = format!("[{}0]", "0,".repeat(MAX_NODES + 1));
        assert!(Conversations::from_stored(&huge).is_err());
    }

    #[test]
    fn what_was_set_since_start_wins_over_the_stored_map() {
        let mut live = Conversations::default();
        live.set("chat-1", "conv-live", 5);
        let stored = Conversations::from_stored(
            r#"{"chat-1":{"id":"conv-old","at":1},"chat-2":{"id":"conv-2","at":2}}"#,
        )
        .unwrap();
        live.fill_from(stored);
        assert_eq!(live.get("chat-1"), Some("conv-live"));
        assert_eq!(live.get("chat-2"), Some("conv-2"));
    }
}
