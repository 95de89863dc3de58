//! Everything the worker's handlers share: chrome.* access, the keepalive counter, the
//! conversation ids and the running sessions; and the stored settings and API key, read here
//! only. The key leaves this context only towards the API, and only once the user has let the
//! extension reach the API's host ([`WorkerCtx::credentials`]). Tests build one over an
//! in-memory [`crate::chrome::ChromeApi`].

use std::rc::Rc;

use zo_core::trust::site;
use zo_core::wire::{
    parse_json, split_legacy_key, ApiKey, JsonNode, Settings, SettingsError, SettingsView,
    API_KEY_KEY, SETTINGS_KEY,
};

use crate::chrome::{ChromeApi, ChromeError, StorageArea};
use crate::conversations::Conversations;
use crate::convert::warn;
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

/// What one ask needs to reach Zo.
pub struct Credentials {
    pub settings: Settings,
    pub api_key: ApiKey,
}

/// Stored JSON text read into a tree (None: nothing stored).
fn node_of(text: Option<&str>) -> Result<Option<JsonNode<'_>>, SettingsError> {
    text.map(parse_json)
        .transpose()
        .map_err(|e| SettingsError::Shape(e.to_string()))
}

fn storage_error(e: ChromeError) -> SettingsError {
    SettingsError::Shape(e.to_string())
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

    /// The JSON text stored under `key`, None when nothing is.
    async fn stored(&self, key: &'static str) -> Result<Option<String>, SettingsError> {
        self.chrome
            .storage_get(StorageArea::Local, key)
            .await
            .map_err(storage_error)
    }

    /// Settings written by an earlier version keep the key inside: moves it to its own entry
    /// (the key first, so a failure in between loses nothing) and writes the settings back
    /// without it. Runs at worker start and before every read, so a key written the old way
    /// never stays where the side panel's settings come from.
    pub async fn migrate_legacy_key(&self) -> Result<(), SettingsError> {
        let settings = self.stored(SETTINGS_KEY).await?;
        let key = self.stored(API_KEY_KEY).await?;
        let settings = node_of(settings.as_deref())?;
        let key = node_of(key.as_deref())?;
        let Some(migration) = split_legacy_key(settings.as_ref(), key.as_ref()) else {
            return Ok(());
        };
        if let Some(key) = migration.key {
            self.chrome
                .storage_set(StorageArea::Local, API_KEY_KEY, key.to_json())
                .await
                .map_err(storage_error)?;
        }
        self.chrome
            .storage_set(
                StorageArea::Local,
                SETTINGS_KEY,
                migration.settings.to_json(),
            )
            .await
            .map_err(storage_error)
    }

    async fn migrated(&self) {
        if let Err(e) = self.migrate_legacy_key().await {
            warn("moving the API key out of the settings", &e.to_string());
        }
    }

    /// The validated settings from chrome.storage.local (defaults when none are stored).
    pub async fn settings(&self) -> Result<Settings, SettingsError> {
        self.migrated().await;
        let stored = self.stored(SETTINGS_KEY).await?;
        Settings::from_node(node_of(stored.as_deref())?.as_ref())
    }

    /// The stored API key, if one is set.
    async fn api_key(&self) -> Result<Option<ApiKey>, SettingsError> {
        self.migrated().await;
        let stored = self.stored(API_KEY_KEY).await?;
        Ok(ApiKey::from_node(node_of(stored.as_deref())?.as_ref()))
    }

    /// What the extension's pages are told: the settings and whether a key is set.
    pub async fn settings_view(&self) -> Result<SettingsView, SettingsError> {
        let settings = self.settings().await?;
        let has_api_key = self.api_key().await?.is_some();
        Ok(SettingsView {
            settings,
            has_api_key,
        })
    }

    /// The settings and the key for an ask, once it is sure the key may go to the API's host:
    /// a base URL the settings rule accepts (https, or http on loopback) whose host the user
    /// let the extension reach (`chrome.permissions`). Otherwise the error to show.
    pub async fn credentials(&self) -> Result<Credentials, SettingsError> {
        let settings = self.settings().await?;
        let api_key = self.api_key().await?.ok_or(SettingsError::MissingApiKey)?;
        let not_granted = || SettingsError::HostNotGranted {
            origin: site::origin_of(&settings.api_base_url),
        };
        let pattern = site::host_pattern(&settings.api_base_url).ok_or_else(not_granted)?;
        // A permission that cannot be confirmed is not there.
        let granted = match self.chrome.host_permitted(&pattern).await {
            Ok(granted) => granted,
            Err(e) => {
                warn("checking the API host permission", &e.to_string());
                false
            }
        };
        if !granted {
            return Err(not_granted());
        }
        Ok(Credentials { settings, api_key })
    }
}
