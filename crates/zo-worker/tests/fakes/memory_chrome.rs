//! In-memory chrome.* for the worker's tests, behind the worker's `ChromeApi` trait.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

use futures::future::LocalBoxFuture;
use zo_core::wire::Json;
use zo_worker::chrome::{ChromeApi, ChromeError, StorageArea};

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
