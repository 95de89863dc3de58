//! The chrome.* surface the worker's shared context uses, behind a trait so tests (where
//! chrome.* is absent) substitute [`MemoryChrome`]. [`BrowserChrome`] calls the typed
//! bindings of `zo_chrome`.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

use futures::future::LocalBoxFuture;
use wasm_bindgen::JsValue;

use crate::convert::{js_to_text, text_to_js};
use zo_core::wire::Json;

/// A chrome.* call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("chrome.{api} failed: {message}")]
pub struct ChromeError {
    pub api: &'static str,
    pub message: String,
}

impl ChromeError {
    /// The failure of `api` from what it threw or rejected with.
    pub fn js(api: &'static str, err: &JsValue) -> ChromeError {
        ChromeError {
            api,
            message: zo_chrome::error_text(err),
        }
    }
}

/// chrome.storage areas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StorageArea {
    /// Survives browser restarts (settings, history, conversation ids).
    Local,
    /// Survives worker restarts within a browser session.
    Session,
}

impl StorageArea {
    fn get_api(self) -> &'static str {
        match self {
            StorageArea::Local => "storage.local.get",
            StorageArea::Session => "storage.session.get",
        }
    }

    fn set_api(self) -> &'static str {
        match self {
            StorageArea::Local => "storage.local.set",
            StorageArea::Session => "storage.session.set",
        }
    }
}

/// What the streaming code needs from chrome.*.
pub trait ChromeApi {
    /// `chrome.storage.<area>.get(key)[key]` as JSON text, None when absent.
    fn storage_get(
        &self,
        area: StorageArea,
        key: &'static str,
    ) -> LocalBoxFuture<'_, Result<Option<String>, ChromeError>>;
    /// `chrome.storage.<area>.set({key: value})`, the value given as JSON text.
    fn storage_set(
        &self,
        area: StorageArea,
        key: &'static str,
        value: Json,
    ) -> LocalBoxFuture<'_, Result<(), ChromeError>>;
    /// A cheap extension API call that resets the service worker's idle timer.
    fn keepalive_ping(&self) -> LocalBoxFuture<'_, Result<(), ChromeError>>;
    /// `chrome.permissions.contains({origins: [pattern]})`: whether the user let the extension
    /// reach that host (a match pattern such as `https://api.zo.computer/*`).
    fn host_permitted(&self, pattern: &str) -> LocalBoxFuture<'_, Result<bool, ChromeError>>;
}

/// The real chrome.* of the extension's service worker.
#[derive(Debug, Default, Clone, Copy)]
pub struct BrowserChrome;

impl ChromeApi for BrowserChrome {
    fn storage_get(
        &self,
        area: StorageArea,
        key: &'static str,
    ) -> LocalBoxFuture<'_, Result<Option<String>, ChromeError>> {
        Box::pin(async move {
            let api = area.get_api();
            let value = match area {
                StorageArea::Local => zo_chrome::storage::local_get(key).await,
                StorageArea::Session => zo_chrome::storage::session_get(key).await,
            }
            .map_err(|e| ChromeError::js(api, &e))?;
            js_to_text(&value).map_err(|message| ChromeError { api, message })
        })
    }

    fn storage_set(
        &self,
        area: StorageArea,
        key: &'static str,
        value: Json,
    ) -> LocalBoxFuture<'_, Result<(), ChromeError>> {
        Box::pin(async move {
            let api = area.set_api();
            let value =
                text_to_js(value.as_str()).map_err(|message| ChromeError { api, message })?;
            match area {
                StorageArea::Local => zo_chrome::storage::local_set(key, &value).await,
                StorageArea::Session => zo_chrome::storage::session_set(key, &value).await,
            }
            .map_err(|e| ChromeError::js(api, &e))?;
            Ok(())
        })
    }

    fn keepalive_ping(&self) -> LocalBoxFuture<'_, Result<(), ChromeError>> {
        Box::pin(async move {
            zo_chrome::get_platform_info()
                .await
                .map_err(|e| ChromeError::js("runtime.getPlatformInfo", &e))?;
            Ok(())
        })
    }

    fn host_permitted(&self, pattern: &str) -> LocalBoxFuture<'_, Result<bool, ChromeError>> {
        let pattern = pattern.to_string();
        Box::pin(async move {
            zo_chrome::permissions::contains_origin(&pattern)
                .await
                .map_err(|e| ChromeError::js("permissions.contains", &e))
        })
    }
}

/// In-memory chrome.* for tests: storage in a map, keepalive pings counted, host permissions
/// all granted unless [`MemoryChrome::only_hosts`] restricts them.
#[derive(Default)]
pub struct MemoryChrome {
    /// JSON text by area and key.
    storage: RefCell<HashMap<(StorageArea, &'static str), String>>,
    pings: Cell<u64>,
    /// None: every host is granted.
    hosts: RefCell<Option<HashSet<String>>>,
}

impl MemoryChrome {
    pub fn new() -> Self {
        Self::default()
    }

    /// Stores `value` under `key` (e.g. the settings a test wants; `null` removes it).
    pub fn put(&self, area: StorageArea, key: &'static str, value: serde_json::Value) {
        if value.is_null() {
            self.storage.borrow_mut().remove(&(area, key));
        } else {
            self.storage
                .borrow_mut()
                .insert((area, key), value.to_string());
        }
    }

    /// The stored value, `null` when absent.
    pub fn get(&self, area: StorageArea, key: &'static str) -> serde_json::Value {
        self.storage
            .borrow()
            .get(&(area, key))
            .and_then(|text| serde_json::from_str(text).ok())
            .unwrap_or(serde_json::Value::Null)
    }

    /// How many keepalive pings were made.
    pub fn pings(&self) -> u64 {
        self.pings.get()
    }

    /// From now on only these host permissions (match patterns) are granted.
    pub fn only_hosts(&self, patterns: &[&str]) {
        *self.hosts.borrow_mut() = Some(patterns.iter().map(|p| p.to_string()).collect());
    }
}

impl ChromeApi for MemoryChrome {
    fn storage_get(
        &self,
        area: StorageArea,
        key: &'static str,
    ) -> LocalBoxFuture<'_, Result<Option<String>, ChromeError>> {
        let value = self.storage.borrow().get(&(area, key)).cloned();
        Box::pin(async move { Ok(value) })
    }

    fn storage_set(
        &self,
        area: StorageArea,
        key: &'static str,
        value: Json,
    ) -> LocalBoxFuture<'_, Result<(), ChromeError>> {
        if value.as_str() == "null" {
            self.storage.borrow_mut().remove(&(area, key));
        } else {
            self.storage
                .borrow_mut()
                .insert((area, key), value.into_string());
        }
        Box::pin(async { Ok(()) })
    }

    fn keepalive_ping(&self) -> LocalBoxFuture<'_, Result<(), ChromeError>> {
        self.pings.set(self.pings.get() + 1);
        Box::pin(async { Ok(()) })
    }

    fn host_permitted(&self, pattern: &str) -> LocalBoxFuture<'_, Result<bool, ChromeError>> {
        let granted = self
            .hosts
            .borrow()
            .as_ref()
            .is_none_or(|hosts| hosts.contains(pattern));
        Box::pin(async move { Ok(granted) })
    }
}
