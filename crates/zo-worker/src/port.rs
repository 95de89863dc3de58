//! The side panel's `stream` port as seen by Rust: [`PanelPort`] posts typed messages and never
//! throws, and knows which of the extension's pages is at the other end. [`ChromePort`] wraps a
//! real `chrome.runtime.Port`; [`MemoryPort`] records messages for tests. A port whose
//! postMessage throws, or that disconnected, is marked dead and receives nothing more.

use std::cell::{Cell, RefCell};

use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use zo_core::trust::sender::TrustedPage;
use zo_core::wire::WorkerToPanel;

use crate::convert::{js_error_text, to_js, warn};

/// Where a session's messages go.
pub trait PanelPort {
    /// Posts `msg`; returns false (and posts nothing) when the port is dead. Never panics.
    fn post(&self, msg: &WorkerToPanel) -> bool;
    /// Marks the port dead (the panel disconnected).
    fn mark_dead(&self);
    fn is_dead(&self) -> bool;
    /// The page at the other end (what its requests may reach depends on it).
    fn page(&self) -> TrustedPage;
}

/// A real chrome.runtime.Port.
pub struct ChromePort {
    port: JsValue,
    page: TrustedPage,
    dead: Cell<bool>,
}

impl ChromePort {
    /// A port whose sender was admitted as `page` (see [`crate::gate`]).
    pub fn new(port: JsValue, page: TrustedPage) -> Self {
        ChromePort {
            port,
            page,
            dead: Cell::new(false),
        }
    }

    /// The underlying JS port object.
    pub fn js(&self) -> &JsValue {
        &self.port
    }

    /// `port.name`, empty when absent.
    pub fn name(&self) -> String {
        Reflect::get(&self.port, &JsValue::from_str("name"))
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    }

    /// Posts any JSON-serializable value (the co-browse engineer's content port uses this too).
    /// Returns false and marks the port dead when postMessage is missing or throws.
    pub fn post_json<T: serde::Serialize>(&self, value: &T) -> bool {
        if self.dead.get() {
            return false;
        }
        let obj = match to_js(value) {
            Ok(obj) => obj,
            Err(e) => {
                warn("message not serializable", &e);
                return false;
            }
        };
        let post: Option<Function> = Reflect::get(&self.port, &JsValue::from_str("postMessage"))
            .ok()
            .and_then(|f| f.dyn_into().ok());
        let ok = match post {
            Some(post) => match post.call1(&self.port, &obj) {
                Ok(_) => true,
                Err(e) => {
                    warn(
                        "port.postMessage threw; port marked dead",
                        &js_error_text(&e),
                    );
                    false
                }
            },
            None => false,
        };
        if !ok {
            self.dead.set(true);
        }
        ok
    }
}

impl PanelPort for ChromePort {
    fn post(&self, msg: &WorkerToPanel) -> bool {
        self.post_json(msg)
    }

    fn mark_dead(&self) {
        self.dead.set(true);
    }

    fn is_dead(&self) -> bool {
        self.dead.get()
    }

    fn page(&self) -> TrustedPage {
        self.page
    }
}

/// Test double: records every posted message; can be made to die. Stands for the side panel
/// unless built [`MemoryPort::with_page`].
pub struct MemoryPort {
    messages: RefCell<Vec<WorkerToPanel>>,
    dead: Cell<bool>,
    page: TrustedPage,
}

impl Default for MemoryPort {
    fn default() -> Self {
        MemoryPort::with_page(TrustedPage::SIDE_PANEL)
    }
}

impl MemoryPort {
    pub fn new() -> Self {
        Self::default()
    }

    /// A port from `page`.
    pub fn with_page(page: TrustedPage) -> Self {
        MemoryPort {
            messages: RefCell::new(Vec::new()),
            dead: Cell::new(false),
            page,
        }
    }

    /// Everything posted so far.
    pub fn messages(&self) -> Vec<WorkerToPanel> {
        self.messages.borrow().clone()
    }

    pub fn len(&self) -> usize {
        self.messages.borrow().len()
    }

    pub fn is_empty(&self) -> bool {
        self.messages.borrow().is_empty()
    }
}

impl PanelPort for MemoryPort {
    fn post(&self, msg: &WorkerToPanel) -> bool {
        if self.dead.get() {
            return false;
        }
        self.messages.borrow_mut().push(msg.clone());
        true
    }

    fn mark_dead(&self) {
        self.dead.set(true);
    }

    fn is_dead(&self) -> bool {
        self.dead.get()
    }

    fn page(&self) -> TrustedPage {
        self.page
    }
}
