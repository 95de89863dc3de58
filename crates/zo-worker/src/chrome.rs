//! The chrome.* surface the worker uses, behind a trait so tests (where chrome.* is absent)
//! substitute [`MemoryChrome`]. [`call`] reaches any other chrome.* API by path, awaiting
//! the Promise it returns; other modules (tabs, scripting) build on it.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

use futures::future::LocalBoxFuture;
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::convert::{js_error_text, js_to_json, to_js};

/// A chrome.* call failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChromeError {
    #[error("chrome.{0} is not available here")]
    Unavailable(String),
    #[error("chrome.{api} failed: {message}")]
    Failed { api: String, message: String },
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
    fn name(self) -> &'static str {
        match self {
            StorageArea::Local => "local",
            StorageArea::Session => "session",
        }
    }
}

/// What the streaming code needs from chrome.*.
pub trait ChromeApi {
    /// `chrome.storage.<area>.get(key)[key]`, `null` when absent.
    fn storage_get(
        &self,
        area: StorageArea,
        key: &'static str,
    ) -> LocalBoxFuture<'_, Result<serde_json::Value, ChromeError>>;
    /// `chrome.storage.<area>.set({key: value})`.
    fn storage_set(
        &self,
        area: StorageArea,
        key: &'static str,
        value: serde_json::Value,
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
    ) -> LocalBoxFuture<'_, Result<serde_json::Value, ChromeError>> {
        Box::pin(async move {
            let got = call(&["storage", area.name(), "get"], &[JsValue::from_str(key)]).await?;
            let value = Reflect::get(&got, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED);
            js_to_json(&value).map_err(|message| ChromeError::Failed {
                api: format!("storage.{}.get", area.name()),
                message,
            })
        })
    }

    fn storage_set(
        &self,
        area: StorageArea,
        key: &'static str,
        value: serde_json::Value,
    ) -> LocalBoxFuture<'_, Result<(), ChromeError>> {
        Box::pin(async move {
            let api = format!("storage.{}.set", area.name());
            let obj = to_js(&serde_json::json!({ key: value }))
                .map_err(|message| ChromeError::Failed { api, message })?;
            call(&["storage", area.name(), "set"], &[obj]).await?;
            Ok(())
        })
    }

    fn keepalive_ping(&self) -> LocalBoxFuture<'_, Result<(), ChromeError>> {
        Box::pin(async move {
            call(&["runtime", "getPlatformInfo"], &[]).await?;
            Ok(())
        })
    }

    fn host_permitted(&self, pattern: &str) -> LocalBoxFuture<'_, Result<bool, ChromeError>> {
        let query = to_js(&serde_json::json!({ "origins": [pattern] }));
        Box::pin(async move {
            let query = query.map_err(|message| ChromeError::Failed {
                api: "permissions.contains".into(),
                message,
            })?;
            let granted = call(&["permissions", "contains"], &[query]).await?;
            Ok(granted.as_bool() == Some(true))
        })
    }
}

/// Calls `chrome.<path>(...args)` with the right `this`, awaiting the result when it is a
/// Promise. Errors (missing API, thrown exception, rejected promise) are returned, never thrown.
pub async fn call(path: &[&str], args: &[JsValue]) -> Result<JsValue, ChromeError> {
    let api = path.join(".");
    let unavailable = || ChromeError::Unavailable(api.clone());
    let failed = |err: &JsValue| ChromeError::Failed {
        api: api.clone(),
        message: js_error_text(err),
    };
    let (method, parents) = path.split_last().ok_or_else(unavailable)?;
    let mut this = Reflect::get(&js_sys::global(), &JsValue::from_str("chrome"))
        .ok()
        .filter(|v| v.is_object())
        .ok_or_else(unavailable)?;
    for name in parents {
        this = Reflect::get(&this, &JsValue::from_str(name))
            .ok()
            .filter(|v| v.is_object())
            .ok_or_else(unavailable)?;
    }
    let function: Function = Reflect::get(&this, &JsValue::from_str(method))
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or_else(unavailable)?;
    let array: js_sys::Array = args.iter().collect();
    let result = function.apply(&this, &array).map_err(|e| failed(&e))?;
    if result.is_instance_of::<Promise>() {
        JsFuture::from(Promise::from(result))
            .await
            .map_err(|e| failed(&e))
    } else {
        Ok(result)
    }
}

/// In-memory chrome.* for tests: storage in a map, keepalive pings counted, host permissions
/// all granted unless [`MemoryChrome::only_hosts`] restricts them.
#[derive(Default)]
pub struct MemoryChrome {
    storage: RefCell<HashMap<(StorageArea, &'static str), serde_json::Value>>,
    pings: Cell<u64>,
    /// None: every host is granted.
    hosts: RefCell<Option<HashSet<String>>>,
}

impl MemoryChrome {
    pub fn new() -> Self {
        Self::default()
    }

    /// Stores `value` under `key` (e.g. the settings a test wants).
    pub fn put(&self, area: StorageArea, key: &'static str, value: serde_json::Value) {
        self.storage.borrow_mut().insert((area, key), value);
    }

    /// The stored value, `null` when absent.
    pub fn get(&self, area: StorageArea, key: &'static str) -> serde_json::Value {
        self.storage
            .borrow()
            .get(&(area, key))
            .cloned()
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
    ) -> LocalBoxFuture<'_, Result<serde_json::Value, ChromeError>> {
        let value = self.get(area, key);
        Box::pin(async move { Ok(value) })
    }

    fn storage_set(
        &self,
        area: StorageArea,
        key: &'static str,
        value: serde_json::Value,
    ) -> LocalBoxFuture<'_, Result<(), ChromeError>> {
        self.put(area, key, value);
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
