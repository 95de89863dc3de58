//! The chrome.* surface the worker's shared context uses, behind a trait so tests (where
//! chrome.* is absent) substitute their own (`tests/fakes/memory_chrome.rs`).
//! [`BrowserChrome`] calls the typed bindings of `zo_chrome`.

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
