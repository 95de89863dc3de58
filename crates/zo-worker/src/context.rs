//! Everything the worker's handlers share: chrome.* access, the keepalive counter, the
//! conversation ids and the running sessions. Tests build one over [`crate::chrome::MemoryChrome`].

use std::rc::Rc;

use zo_core::settings::{Settings, SettingsError, SETTINGS_KEY};

use crate::chrome::{ChromeApi, StorageArea};
use crate::conversations::Conversations;
use crate::keepalive::KeepAlive;
use crate::session::Sessions;

/// Shared worker state. Cheap to clone (all fields are reference counted).
#[derive(Clone)]
pub struct WorkerCtx {
    pub chrome: Rc<dyn ChromeApi>,
    pub keepalive: KeepAlive,
    pub conversations: Rc<Conversations>,
    pub sessions: Rc<Sessions>,
}

impl WorkerCtx {
    /// A context over `chrome`, pinging every `keepalive_interval_ms` while work runs.
    pub fn new(chrome: Rc<dyn ChromeApi>, keepalive_interval_ms: u32) -> Self {
        WorkerCtx {
            keepalive: KeepAlive::new(chrome.clone(), keepalive_interval_ms),
            conversations: Rc::new(Conversations::new(chrome.clone())),
            sessions: Rc::new(Sessions::new()),
            chrome,
        }
    }

    /// The validated settings from chrome.storage.local (defaults when none are stored).
    pub async fn settings(&self) -> Result<Settings, SettingsError> {
        let value = self
            .chrome
            .storage_get(StorageArea::Local, SETTINGS_KEY)
            .await
            .map_err(|e| SettingsError::Shape(e.to_string()))?;
        Settings::from_json(value)
    }
}
