//! The side panel's `stream` port as seen by Rust: [`PanelPort`] posts typed messages and never
//! throws, and knows which of the extension's pages is at the other end. [`ChromePort`] wraps a
//! real `chrome.runtime.Port` and posts each message as its JSON text (the tests' recording
//! port is in `tests/fakes/`). A port whose postMessage throws, or that disconnected, is
//! marked dead and receives nothing more.

use std::cell::Cell;

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
