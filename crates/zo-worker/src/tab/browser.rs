//! [`ChromeTabs`]: [`TabApi`] over the real chrome.tabs / chrome.scripting of the service
//! worker (typed bindings of `zo_chrome`). Ports and onUpdated listeners are wrapped so their
//! closures live exactly as long as the Rust value, and are removed (port disconnected) when
//! it drops. Messages to and from the content module are JSON text: serde's writing of
//! `WorkerToContent` out, `ContentToWorker` read by zo-core's codec in.

use std::cell::RefCell;

use futures::channel::mpsc::{unbounded, UnboundedReceiver, UnboundedSender};
use futures::future::{poll_fn, LocalBoxFuture};
use futures::StreamExt;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use zo_chrome::{tabs, Port};
use zo_core::wire::{ContentToWorker, WorkerToContent, CONTENT_PORT};

use super::{ContentChannel, LoadWatch, TabApi, TabError, TabInfo};
use crate::chrome::ChromeError;
use crate::convert::warn;

/// The content script file, relative to the extension root.
pub const CONTENT_SCRIPT: &str = "extension/content.js";

/// Why the content script could not go into a page of a site the user has not allowed.
pub const NO_SITE_ACCESS: &str = "Zo Co-browse is not allowed on this site: send your \
     question again from the side panel and allow the site when Chrome asks";

/// The real chrome.* tabs API.
#[derive(Debug, Default, Clone, Copy)]
pub struct ChromeTabs;

/// The failure of chrome.`api`, as a tab error.
fn failed(api: &'static str) -> impl Fn(JsValue) -> TabError {
    move |e| TabError::Chrome(ChromeError::js(api, &e).to_string())
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

/// A message for the content side, as JSON text (what the content module reads), written by
/// zo-core's codec.
fn content_text(msg: &WorkerToContent) -> Result<JsValue, TabError> {
    Ok(JsValue::from_str(msg.to_json().as_str()))
}

/// `value` as a `chrome.tabs.Tab` (or a `changeInfo`, which has the same fields), when it is
/// an object.
fn as_tab(value: &JsValue) -> Option<&tabs::Tab> {
    value.is_object().then(|| value.unchecked_ref())
}

/// What the worker reads of a `chrome.tabs.Tab` (`null`: tabs.update may resolve without it).
fn tab_info(value: &JsValue) -> TabInfo {
    let Some(tab) = as_tab(value) else {
        return TabInfo::default();
    };
    TabInfo {
        // Where the tab is going while it loads, else where it is.
        url: tab.pending_url().or_else(|| tab.url()).unwrap_or_default(),
        status: tab.status().unwrap_or_default(),
        window_id: tab
            .window_id()
            .filter(|w| w.fract() == 0.0 && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(w))
            .map_or(-2, |w| w as i32),
        active: tab.active().unwrap_or(false),
    }
}

/// A `content` port to a tab.
struct ChromeContentPort {
    port: Port,
    rx: RefCell<UnboundedReceiver<ContentToWorker>>,
    on_message: Closure<dyn FnMut(JsValue)>,
    on_disconnect: Closure<dyn FnMut(JsValue)>,
}

impl ChromeContentPort {
    fn new(port: Port) -> Result<ChromeContentPort, TabError> {
        let (tx, rx): (UnboundedSender<ContentToWorker>, _) = unbounded();
        let tx_msg = tx.clone();
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |msg: JsValue| {
            let _ = tx_msg.unbounded_send(parse_content_message(&msg));
        });
        let on_disconnect = Closure::<dyn FnMut(JsValue)>::new(move |_port: JsValue| {
            tx.close_channel();
        });
        let listen = |event: Result<zo_chrome::Event, JsValue>, f: &Closure<dyn FnMut(JsValue)>| {
            event
                .and_then(|event| event.add_listener(f.as_ref().unchecked_ref()))
                .map_err(failed("runtime.Port listeners"))
        };
        listen(port.on_message(), &on_message)?;
        listen(port.on_disconnect(), &on_disconnect)?;
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
        self.port
            .post_message(&content_text(msg)?)
            .map_err(|_| TabError::Disconnected)
    }

    fn recv(&self) -> LocalBoxFuture<'_, Option<ContentToWorker>> {
        Box::pin(poll_fn(move |cx| self.rx.borrow_mut().poll_next_unpin(cx)))
    }
}

impl Drop for ChromeContentPort {
    fn drop(&mut self) {
        let unlisten = |event: Result<zo_chrome::Event, JsValue>,
                        f: &Closure<dyn FnMut(JsValue)>| {
            if let Ok(event) = event {
                let _ = event.remove_listener(f.as_ref().unchecked_ref());
            }
        };
        unlisten(self.port.on_message(), &self.on_message);
        unlisten(self.port.on_disconnect(), &self.on_disconnect);
        if let Err(e) = self.port.disconnect() {
            warn("content port disconnect", &zo_chrome::error_text(&e));
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

impl Drop for ChromeLoadWatch {
    fn drop(&mut self) {
        let _ = tabs::remove_on_updated(self.on_updated.as_ref().unchecked_ref());
    }
}

impl TabApi for ChromeTabs {
    fn ping(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<String, TabError>> {
        Box::pin(async move {
            let msg = content_text(&WorkerToContent::Ping)?;
            let answer = tabs::send_message(tab_id, &msg)
                .await
                .map_err(failed("tabs.sendMessage"))?;
            match parse_content_message(&answer) {
                ContentToWorker::Pong { build } => Ok(build),
                // What it was instead is named without Debug formatting (which would link a
                // formatter for every message type into the module).
                ContentToWorker::ContentError { message } => {
                    Err(TabError::Content(format!("expected PONG: {message}")))
                }
                _ => Err(TabError::Content(
                    "expected PONG, got another message".to_string(),
                )),
            }
        })
    }

    fn inject(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<(), TabError>> {
        Box::pin(async move {
            zo_chrome::scripting::execute_file(tab_id, CONTENT_SCRIPT)
                .await
                .map_err(|e| {
                    let e = ChromeError::js("scripting.executeScript", &e);
                    // The user has not allowed the extension on this site (yet).
                    if e.message.contains("must request permission") {
                        TabError::Chrome(NO_SITE_ACCESS.to_string())
                    } else {
                        TabError::Chrome(e.to_string())
                    }
                })?;
            Ok(())
        })
    }

    fn connect(
        &self,
        tab_id: i32,
    ) -> LocalBoxFuture<'_, Result<Box<dyn ContentChannel>, TabError>> {
        Box::pin(async move {
            let port = tabs::connect(tab_id, CONTENT_PORT).map_err(failed("tabs.connect"))?;
            let port: Box<dyn ContentChannel> = Box::new(ChromeContentPort::new(port)?);
            Ok(port)
        })
    }

    fn get(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<TabInfo, TabError>> {
        Box::pin(async move {
            let tab = tabs::get(tab_id).await.map_err(failed("tabs.get"))?;
            Ok(tab_info(&tab))
        })
    }

    fn update_url(&self, tab_id: i32, url: &str) -> LocalBoxFuture<'_, Result<TabInfo, TabError>> {
        let url = url.to_string();
        Box::pin(async move {
            let tab = tabs::update_url(tab_id, &url)
                .await
                .map_err(failed("tabs.update"))?;
            Ok(tab_info(&tab))
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
                    if as_tab(&change).and_then(tabs::Tab::status).as_deref() == Some("complete") {
                        let url = as_tab(&tab).and_then(tabs::Tab::url).unwrap_or_default();
                        let _ = tx.unbounded_send(url);
                    }
                },
            );
            tabs::add_on_updated(on_updated.as_ref().unchecked_ref())
                .map_err(failed("tabs.onUpdated"))?;
            let watch: Box<dyn LoadWatch> = Box::new(ChromeLoadWatch {
                on_updated,
                rx: RefCell::new(rx),
            });
            Ok(watch)
        })
    }

    fn capture(&self, window_id: i32, quality: u8) -> LocalBoxFuture<'_, Result<String, TabError>> {
        Box::pin(async move {
            let url = tabs::capture_jpeg(window_id, quality)
                .await
                .map_err(failed("tabs.captureVisibleTab"))?;
            url.as_string()
                .ok_or_else(|| TabError::Chrome("captureVisibleTab returned no data URL".into()))
        })
    }
}
