//! [`ChromeTabs`]: [`TabApi`] over the real chrome.tabs / chrome.scripting of the service
//! worker. Ports and onUpdated listeners are wrapped so their closures live exactly as long as
//! the Rust value, and are removed (port disconnected) when it drops.

use std::cell::RefCell;

use futures::channel::mpsc::{unbounded, UnboundedReceiver, UnboundedSender};
use futures::future::{poll_fn, LocalBoxFuture};
use futures::StreamExt;
use js_sys::{Function, Reflect};
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use zo_core::wire::{ContentToWorker, WorkerToContent, CONTENT_PORT};

use super::{ContentChannel, LoadWatch, TabApi, TabError, TabInfo};
use crate::chrome::{call, ChromeError};
use crate::convert::{js_error_text, js_to_json, to_js, warn};

/// The content script file, relative to the extension root.
pub const CONTENT_SCRIPT: &str = "extension/content.js";

/// Why the content script could not go into a page of a site the user has not allowed.
pub const NO_SITE_ACCESS: &str = "Zo Co-browse is not allowed on this site: send your \
     question again from the side panel and allow the site when Chrome asks";

/// The real chrome.* tabs API.
#[derive(Debug, Default, Clone, Copy)]
pub struct ChromeTabs;

fn chrome_err(e: crate::chrome::ChromeError) -> TabError {
    TabError::Chrome(e.to_string())
}

fn js(value: serde_json::Value) -> Result<JsValue, TabError> {
    to_js(&value).map_err(TabError::Chrome)
}

/// A message from the content side: a `ContentToWorker` as JSON text, read by zo-core's codec.
pub fn parse_content_message(msg: &JsValue) -> ContentToWorker {
    let parsed = match msg.as_string() {
        Some(text) => ContentToWorker::from_json(&text).map_err(|e| e.to_string()),
        None => Err("not JSON text".to_string()),
    };
    parsed.unwrap_or_else(|e| ContentToWorker::ContentError {
        message: format!("unreadable message from the content script: {e}"),
    })
}

/// A message for the content side, as JSON text (what the content module reads).
fn content_text(msg: &WorkerToContent) -> Result<JsValue, TabError> {
    serde_json::to_string(msg)
        .map(|text| JsValue::from_str(&text))
        .map_err(|e| TabError::Chrome(e.to_string()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawTab {
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    pending_url: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    window_id: Option<i32>,
    #[serde(default)]
    active: bool,
}

fn tab_info(value: &JsValue) -> Result<TabInfo, TabError> {
    let json = js_to_json(value).map_err(TabError::Chrome)?;
    if json.is_null() {
        // tabs.update may resolve without the tab's details.
        return Ok(TabInfo::default());
    }
    let raw: RawTab = serde_json::from_value(json)
        .map_err(|e| TabError::Chrome(format!("unexpected tab object: {e}")))?;
    Ok(TabInfo {
        // Where the tab is going while it loads, else where it is.
        url: raw.pending_url.or(raw.url).unwrap_or_default(),
        status: raw.status.unwrap_or_default(),
        window_id: raw.window_id.unwrap_or(-2),
        active: raw.active,
    })
}

fn event_target(obj: &JsValue, event: &str) -> Option<JsValue> {
    Reflect::get(obj, &JsValue::from_str(event))
        .ok()
        .filter(|v| v.is_object())
}

fn listen(obj: &JsValue, event: &str, f: &Function, add: bool) -> Result<(), String> {
    let target = event_target(obj, event).ok_or_else(|| format!("{event} missing"))?;
    let method = if add { "addListener" } else { "removeListener" };
    let m: Function = Reflect::get(&target, &JsValue::from_str(method))
        .ok()
        .and_then(|m| m.dyn_into().ok())
        .ok_or_else(|| format!("{event}.{method} missing"))?;
    m.call1(&target, f)
        .map(|_| ())
        .map_err(|e| js_error_text(&e))
}

/// A `content` port to a tab.
struct ChromeContentPort {
    port: JsValue,
    rx: RefCell<UnboundedReceiver<ContentToWorker>>,
    on_message: Closure<dyn FnMut(JsValue)>,
    on_disconnect: Closure<dyn FnMut(JsValue)>,
}

impl ChromeContentPort {
    fn new(port: JsValue) -> Result<ChromeContentPort, TabError> {
        let (tx, rx): (UnboundedSender<ContentToWorker>, _) = unbounded();
        let tx_msg = tx.clone();
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |msg: JsValue| {
            let _ = tx_msg.unbounded_send(parse_content_message(&msg));
        });
        let on_disconnect = Closure::<dyn FnMut(JsValue)>::new(move |_port: JsValue| {
            tx.close_channel();
        });
        listen(
            &port,
            "onMessage",
            on_message.as_ref().unchecked_ref(),
            true,
        )
        .and_then(|_| {
            listen(
                &port,
                "onDisconnect",
                on_disconnect.as_ref().unchecked_ref(),
                true,
            )
        })
        .map_err(TabError::Chrome)?;
        Ok(ChromeContentPort {
            port,
            rx: RefCell::new(rx),
            on_message,
            on_disconnect,
        })
    }
}

impl ContentChannel for ChromeContentPort {
    fn post(&self, msg: &WorkerToContent) -> Result<(), TabError> {
        let obj = content_text(msg)?;
        let post: Function = Reflect::get(&self.port, &JsValue::from_str("postMessage"))
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or(TabError::Disconnected)?;
        post.call1(&self.port, &obj)
            .map(|_| ())
            .map_err(|_| TabError::Disconnected)
    }

    fn recv(&self) -> LocalBoxFuture<'_, Option<ContentToWorker>> {
        Box::pin(poll_fn(move |cx| self.rx.borrow_mut().poll_next_unpin(cx)))
    }
}

impl Drop for ChromeContentPort {
    fn drop(&mut self) {
        let _ = listen(
            &self.port,
            "onMessage",
            self.on_message.as_ref().unchecked_ref(),
            false,
        );
        let _ = listen(
            &self.port,
            "onDisconnect",
            self.on_disconnect.as_ref().unchecked_ref(),
            false,
        );
        let disconnect: Option<Function> =
            Reflect::get(&self.port, &JsValue::from_str("disconnect"))
                .ok()
                .and_then(|f| f.dyn_into().ok());
        if let Some(disconnect) = disconnect {
            if let Err(e) = disconnect.call0(&self.port) {
                warn("content port disconnect", &js_error_text(&e));
            }
        }
    }
}

/// A `chrome.tabs.onUpdated` listener for one tab.
struct ChromeLoadWatch {
    on_updated: Closure<dyn FnMut(JsValue, JsValue, JsValue)>,
    rx: RefCell<UnboundedReceiver<String>>,
}

impl LoadWatch for ChromeLoadWatch {
    fn complete(&self) -> LocalBoxFuture<'_, Option<String>> {
        Box::pin(poll_fn(move |cx| self.rx.borrow_mut().poll_next_unpin(cx)))
    }
}

fn on_updated_target() -> Option<JsValue> {
    let chrome = Reflect::get(&js_sys::global(), &JsValue::from_str("chrome")).ok()?;
    let tabs = event_target(&chrome, "tabs")?;
    Some(tabs)
}

impl Drop for ChromeLoadWatch {
    fn drop(&mut self) {
        if let Some(tabs) = on_updated_target() {
            let _ = listen(
                &tabs,
                "onUpdated",
                self.on_updated.as_ref().unchecked_ref(),
                false,
            );
        }
    }
}

impl TabApi for ChromeTabs {
    fn ping(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<String, TabError>> {
        Box::pin(async move {
            let msg = content_text(&WorkerToContent::Ping)?;
            let answer = call(&["tabs", "sendMessage"], &[JsValue::from(tab_id), msg])
                .await
                .map_err(chrome_err)?;
            match parse_content_message(&answer) {
                ContentToWorker::Pong { build } => Ok(build),
                other => Err(TabError::Content(format!("expected PONG, got {other:?}"))),
            }
        })
    }

    fn inject(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<(), TabError>> {
        Box::pin(async move {
            let details = js(serde_json::json!({
                "target": { "tabId": tab_id },
                "files": [CONTENT_SCRIPT],
            }))?;
            call(&["scripting", "executeScript"], &[details])
                .await
                .map_err(|e| match &e {
                    // The user has not allowed the extension on this site (yet).
                    ChromeError::Failed { message, .. }
                        if message.contains("must request permission") =>
                    {
                        TabError::Chrome(NO_SITE_ACCESS.to_string())
                    }
                    _ => chrome_err(e),
                })?;
            Ok(())
        })
    }

    fn connect(
        &self,
        tab_id: i32,
    ) -> LocalBoxFuture<'_, Result<Box<dyn ContentChannel>, TabError>> {
        Box::pin(async move {
            let info = js(serde_json::json!({ "name": CONTENT_PORT }))?;
            let port = call(&["tabs", "connect"], &[JsValue::from(tab_id), info])
                .await
                .map_err(chrome_err)?;
            let port: Box<dyn ContentChannel> = Box::new(ChromeContentPort::new(port)?);
            Ok(port)
        })
    }

    fn get(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<TabInfo, TabError>> {
        Box::pin(async move {
            let tab = call(&["tabs", "get"], &[JsValue::from(tab_id)])
                .await
                .map_err(chrome_err)?;
            tab_info(&tab)
        })
    }

    fn update_url(&self, tab_id: i32, url: &str) -> LocalBoxFuture<'_, Result<TabInfo, TabError>> {
        let props = js(serde_json::json!({ "url": url }));
        Box::pin(async move {
            let tab = call(&["tabs", "update"], &[JsValue::from(tab_id), props?])
                .await
                .map_err(chrome_err)?;
            tab_info(&tab)
        })
    }

    fn watch_load(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<Box<dyn LoadWatch>, TabError>> {
        Box::pin(async move {
            let (tx, rx) = unbounded::<String>();
            let on_updated = Closure::<dyn FnMut(JsValue, JsValue, JsValue)>::new(
                move |id: JsValue, change: JsValue, tab: JsValue| {
                    if id.as_f64() != Some(f64::from(tab_id)) {
                        return;
                    }
                    let status = Reflect::get(&change, &JsValue::from_str("status"))
                        .ok()
                        .and_then(|s| s.as_string());
                    if status.as_deref() == Some("complete") {
                        let url = Reflect::get(&tab, &JsValue::from_str("url"))
                            .ok()
                            .and_then(|u| u.as_string())
                            .unwrap_or_default();
                        let _ = tx.unbounded_send(url);
                    }
                },
            );
            let tabs = on_updated_target()
                .ok_or_else(|| TabError::Chrome("chrome.tabs is not available here".into()))?;
            listen(
                &tabs,
                "onUpdated",
                on_updated.as_ref().unchecked_ref(),
                true,
            )
            .map_err(TabError::Chrome)?;
            let watch: Box<dyn LoadWatch> = Box::new(ChromeLoadWatch {
                on_updated,
                rx: RefCell::new(rx),
            });
            Ok(watch)
        })
    }

    fn capture(&self, window_id: i32, quality: u8) -> LocalBoxFuture<'_, Result<String, TabError>> {
        Box::pin(async move {
            let options = js(serde_json::json!({ "format": "jpeg", "quality": quality }))?;
            let url = call(
                &["tabs", "captureVisibleTab"],
                &[JsValue::from(window_id), options],
            )
            .await
            .map_err(chrome_err)?;
            url.as_string()
                .ok_or_else(|| TabError::Chrome("captureVisibleTab returned no data URL".into()))
        })
    }
}
