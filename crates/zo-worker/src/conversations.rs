//! Zo conversation id per chat (`zo_core::ui::conversations`: what is kept, how it is
//! stored, which go past the cap): loaded once from `chrome.storage.local`, kept in memory,
//! saved whenever one changes, so a worker or browser restart continues the same conversation.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use zo_core::ui::conversations::Conversations as Map;
pub use zo_core::ui::conversations::CONVERSATIONS_KEY;

use crate::chrome::{ChromeApi, StorageArea};
use crate::convert::warn;

/// The chat -> conversation id map, with its storage.
pub struct Conversations {
    chrome: Rc<dyn ChromeApi>,
    cache: RefCell<Map>,
    loaded: Cell<bool>,
}

impl Conversations {
    pub fn new(chrome: Rc<dyn ChromeApi>) -> Self {
        Conversations {
            chrome,
            cache: RefCell::new(Map::default()),
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
                    None => Map::default(),
                    Some(text) => Map::from_stored(&text).unwrap_or_else(|e| {
                        warn("stored conversations unreadable, starting afresh", &e);
                        Map::default()
                    }),
                };
                self.cache.borrow_mut().fill_from(stored);
                self.loaded.set(true);
            }
            Err(e) => warn("loading conversations", &e.to_string()),
        }
    }

    /// The conversation id of `chat_id`, if Zo gave one.
    pub async fn get(&self, chat_id: &str) -> Option<String> {
        self.load().await;
        self.cache.borrow().get(chat_id).map(str::to_string)
    }

    /// Remembers `conversation_id` for `chat_id` and persists the map.
    pub async fn set(&self, chat_id: &str, conversation_id: &str) {
        self.load().await;
        let snapshot = {
            let mut cache = self.cache.borrow_mut();
            let now = js_sys::Date::now().max(0.0) as u64;
            if !cache.set(chat_id, conversation_id, now) {
                return;
            }
            cache.to_stored()
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
