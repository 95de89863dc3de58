//! Zo conversation id per chat: taken from the `x-conversation-id` response header and sent
//! as `conversation_id` on the chat's next ask. Kept in memory and in `chrome.storage.local`
//! (key `conversations`, `{chatId: {id, at}}`, the newest [`MAX_CHATS`] kept: as many chats as
//! the panel's history keeps, since an older chat can no longer be continued) so a worker
//! restart or a browser restart continues the same Zo conversation.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use zo_core::wire::{parse_json, Json, JsonNode, Obj};

use crate::chrome::{ChromeApi, StorageArea};
use crate::convert::warn;

use zo_core::ui::MAX_CHATS;

/// Storage key in chrome.storage.local.
pub const CONVERSATIONS_KEY: &str = "conversations";

#[derive(Debug, Clone, PartialEq)]
struct Entry {
    id: String,
    /// When it was last set (ms since the epoch), for pruning.
    at: u64,
}

/// The chat -> conversation id map.
pub struct Conversations {
    chrome: Rc<dyn ChromeApi>,
    cache: RefCell<HashMap<String, Entry>>,
    loaded: Cell<bool>,
}

impl Conversations {
    pub fn new(chrome: Rc<dyn ChromeApi>) -> Self {
        Conversations {
            chrome,
            cache: RefCell::new(HashMap::new()),
            loaded: Cell::new(false),
        }
    }

    async fn load(&self) {
        if self.loaded.get() {
            return;
        }
        match self
            .chrome
            .storage_get(StorageArea::Local, CONVERSATIONS_KEY)
            .await
        {
            Ok(value) => {
                let stored = match value {
                    None => HashMap::new(),
                    Some(text) => read_stored(&text).unwrap_or_else(|e| {
                        warn("stored conversations unreadable, starting afresh", &e);
                        HashMap::new()
                    }),
                };
                let mut cache = self.cache.borrow_mut();
                for (chat, entry) in stored {
                    cache.entry(chat).or_insert(entry);
                }
                self.loaded.set(true);
            }
            Err(e) => warn("loading conversations", &e.to_string()),
        }
    }

    /// The conversation id of `chat_id`, if Zo gave one.
    pub async fn get(&self, chat_id: &str) -> Option<String> {
        self.load().await;
        self.cache.borrow().get(chat_id).map(|e| e.id.clone())
    }

    /// Remembers `conversation_id` for `chat_id` and persists the map.
    pub async fn set(&self, chat_id: &str, conversation_id: &str) {
        self.load().await;
        let snapshot = {
            let mut cache = self.cache.borrow_mut();
            if cache.get(chat_id).is_some_and(|e| e.id == conversation_id) {
                return;
            }
            cache.insert(
                chat_id.to_string(),
                Entry {
                    id: conversation_id.to_string(),
                    at: js_sys::Date::now().max(0.0) as u64,
                },
            );
            // The oldest go, one scan each: one past the cap after an insert (more only when
            // an earlier version kept more), so no sort is needed.
            while cache.len() > MAX_CHATS {
                let oldest = cache
                    .iter()
                    .min_by_key(|(_, entry)| entry.at)
                    .map(|(chat, _)| chat.clone());
                match oldest {
                    Some(chat) => cache.remove(&chat),
                    None => break,
                };
            }
            stored_json(&cache)
        };
        if let Err(e) = self
            .chrome
            .storage_set(StorageArea::Local, CONVERSATIONS_KEY, snapshot)
            .await
        {
            warn("saving conversations", &e.to_string());
        }
    }
}

// The stored map is read and written field by field, with zo-core's hand JSON reader and
// writer (the worker carries no serde_json).

/// The stored `{chatId: {id, at}}`: an error names the first entry that is not
/// `{id: string, at: number}` (other fields are ignored).
fn read_stored(text: &str) -> Result<HashMap<String, Entry>, String> {
    let node = parse_json(text).map_err(|e| e.to_string())?;
    let JsonNode::Obj(map) = &node else {
        return Err("not an object".to_string());
    };
    let mut out = HashMap::new();
    for (chat, entry) in map {
        let id = entry.get("id").and_then(JsonNode::as_str);
        let at = match entry.get("at") {
            Some(JsonNode::Num(n)) => millis(n),
            _ => None,
        };
        match (id, at) {
            (Some(id), Some(at)) => {
                out.insert(
                    chat.to_string(),
                    Entry {
                        id: id.to_string(),
                        at,
                    },
                );
            }
            _ => return Err(format!("entry {chat}: not {{id: string, at: number}}")),
        }
    }
    Ok(out)
}

/// A time in ms as stored: whole (`1733100000000`), or as an earlier version wrote it
/// (`1733100000000.0`); the fraction is dropped.
fn millis(n: &str) -> Option<u64> {
    let whole = n.split_once('.').map_or(n, |(whole, _)| whole);
    whole.parse().ok()
}

/// `cache` as it is stored.
fn stored_json(cache: &HashMap<String, Entry>) -> Json {
    let mut map = Obj::new();
    for (chat, entry) in cache {
        let fields = Obj::new().str("id", &entry.id).uint("at", entry.at).done();
        map = map.json(chat, &fields);
    }
    map.done()
}
