//! The side panel's `stream` port as seen by Rust: [`PanelPort`] posts typed messages and never
//! throws, and knows which of the extension's pages is at the other end. [`ChromePort`] wraps a
//! real `chrome.runtime.Port` and posts each message as its JSON text; [`MemoryPort`] records
//! messages for tests. A port whose postMessage throws, or that disconnected, is marked dead
//! and receives nothing more.

use std::cell::{Cell, RefCell};

use wasm_bindgen::JsValue;
use zo_core::trust::sender::TrustedPage;
use zo_core::wire::WorkerToPanel;

use crate::convert::warn;

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
    port: zo_chrome::Port,
    page: TrustedPage,
    dead: Cell<bool>,
}

impl ChromePort {
    /// A port whose sender was admitted as `page` (see [`crate::gate`]).
    pub fn new(port: zo_chrome::Port, page: TrustedPage) -> Self {
        ChromePort {
            port,
            page,
            dead: Cell::new(false),
        }
    }

    /// Posts `msg` as its JSON text, written by zo-core's codec (as serde writes it; the panel
    /// reads it with the same codec).
    /// Returns false and marks the port dead when postMessage throws.
    fn post_text(&self, msg: &WorkerToPanel) -> bool {
        if self.dead.get() {
            return false;
        }
        match self
            .port
            .post_message(&JsValue::from_str(msg.to_json().as_str()))
        {
            Ok(()) => true,
            Err(e) => {
                warn(
                    "port.postMessage threw; port marked dead",
                    &zo_chrome::error_text(&e),
                );
                self.dead.set(true);
                false
            }
        }
    }
}

impl PanelPort for ChromePort {
    fn post(&self, msg: &WorkerToPanel) -> bool {
        self.post_text(msg)
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
