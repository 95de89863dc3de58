//! zo-panel: the side panel (and options page) of Zo Co-browse, compiled to wasm.
//!
//! `sidepanel.js` creates a [`Panel`] on a mount element with a host object (the chrome.*
//! glue, see [`host`]), the worker's SETTINGS message (settings and whether a key is set: the
//! panel never sees the key) and the stored history, then forwards every message of the
//! `stream` port to [`Panel::on_message`], port deaths to [`Panel::on_disconnect`], and the
//! worker's settings updates to [`Panel::on_runtime_message`]. Messages from the worker are
//! JSON text, read by zo-core's codec (`WorkerToPanel::from_json`, `WorkerToPage::from_json`);
//! what the panel sends and stores is written by it too (the panel carries no serde code). The
//! glue passes messages through untouched.
//! Decisions come from `zo_core::{chat, view, markdown, history}`; this crate moves data to
//! and from the DOM.
//!
//! Each page's entry point is behind a feature (`side-panel`: [`Panel`]; `options-page`:
//! [`OptionsPage`]); build.sh builds one module per page, so neither page loads the other's
//! code. Tests build both (the default).

// A one-page build leaves the other page's code unused.
#![cfg_attr(
    not(all(feature = "side-panel", feature = "options-page")),
    allow(dead_code, unused_imports)
)]

pub mod appearance;
pub mod auto_scroll;
pub mod dom;
pub mod host;
pub mod icons;
pub mod layout;
pub mod message_view;
pub mod options;
pub mod panel;

use gloo_timers::callback::Interval;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use zo_core::trust::sender::{self, SenderFacts};
use zo_core::ui::History;
use zo_core::wire::{SettingsView, WorkerToPage, WorkerToPanel};

use crate::dom::Listener;
use crate::host::{json_text, Host};
use crate::panel::{with_state, Shared, State};

#[cfg(feature = "options-page")]
pub use options::OptionsPage;

/// How often the processing timer and liveness label refresh.
const TICK_MS: u32 = 100;

#[cfg(feature = "side-panel")]
#[wasm_bindgen]
pub struct Panel {
    state: Shared,
    _listeners: Vec<Listener>,
    _tick: Interval,
}

/// The worker's SETTINGS message (JSON text), read and validated.
pub(crate) fn read_settings(message: &JsValue) -> Result<SettingsView, String> {
    let text = message
        .as_string()
        .ok_or("no SETTINGS message (JSON text)")?;
    match WorkerToPage::from_json(&text).map_err(|e| e.to_string())? {
        WorkerToPage::Settings { settings } => settings.validated().map_err(|e| e.to_string()),
        _ => Err("not a SETTINGS message".into()),
    }
}

/// This page's origin (`chrome-extension://<id>` in the extension).
fn own_origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}

#[cfg(feature = "side-panel")]
impl Panel {
    /// Runs `f` on the panel state (see [`with_state`]).
    fn with_state<R>(&self, f: impl FnOnce(&mut State) -> R) -> Option<R> {
        with_state(&std::rc::Rc::downgrade(&self.state), f)
    }
}

#[cfg(feature = "side-panel")]
#[wasm_bindgen]
impl Panel {
    /// Build the panel inside `mount`. `settings` is the worker's answer to GET_SETTINGS (its
    /// SETTINGS message, JSON text), `history` the stored history (`chrome.storage.local` key
    /// `history`); `undefined` when absent.
    #[wasm_bindgen(constructor)]
    pub fn new(
        mount: web_sys::Element,
        host: JsValue,
        settings: JsValue,
        history: JsValue,
    ) -> Result<Panel, JsValue> {
        let doc = mount
            .owner_document()
            .ok_or_else(|| JsValue::from_str("mount element has no document"))?;
        let history = match json_text(&history) {
            Ok(text) => History::from_json(&text),
            Err(e) => {
                dom::log_error("stored history", &e);
                History::default()
            }
        };
        let state = State::new(
            doc,
            &mount,
            Host::new(host),
            if settings.is_undefined() || settings.is_null() {
                SettingsView::default()
            } else {
                read_settings(&settings).unwrap_or_else(|e| {
                    dom::log_error("settings from the worker", &e);
                    SettingsView::default()
                })
            },
            history,
        )?;
        let listeners = State::wire(&state)?;
        let weak = std::rc::Rc::downgrade(&state);
        let tick = Interval::new(TICK_MS, move || {
            with_state(&weak, |s| s.tick());
        });
        Ok(Panel {
            state,
            _listeners: listeners,
            _tick: tick,
        })
    }

    /// A message from the worker (one `WorkerToPanel` JSON text). Unknown or malformed
    /// messages are logged and ignored.
    #[wasm_bindgen(js_name = onMessage)]
    pub fn on_message(&self, msg: JsValue) {
        let parsed = match msg.as_string() {
            Some(text) => WorkerToPanel::from_json(&text).map_err(|e| e.to_string()),
            None => Err("not JSON text".to_string()),
        };
        match parsed {
            Ok(m) => {
                self.with_state(|s| s.on_message(&m));
            }
            Err(e) => dom::log_error("worker message ignored", &e),
        }
    }

    /// The `stream` port died (the glue reconnects on the next post).
    #[wasm_bindgen(js_name = onDisconnect)]
    pub fn on_disconnect(&self) {
        self.with_state(|s| s.connection_lost());
    }

    /// A `chrome.runtime.onMessage` message with its sender. Only the worker's SETTINGS are
    /// taken (a content script can message every extension page), and its QUESTION_READY
    /// (the panel asks for the question); anything else is ignored.
    #[wasm_bindgen(js_name = onRuntimeMessage)]
    pub fn on_runtime_message(&self, message: JsValue, sender: JsValue) {
        let facts = match sender.is_object() {
            true => SenderFacts::from(sender.unchecked_ref::<zo_chrome::MessageSender>()),
            false => SenderFacts::default(),
        };
        if !sender::is_worker(&facts, &own_origin()) {
            return;
        }
        let text = message.as_string().unwrap_or_default();
        match WorkerToPage::from_json(&text) {
            // An entry point made a question ready: ask for it (it may be for this panel).
            Ok(WorkerToPage::QuestionReady) => {
                self.with_state(|st| st.take_question());
            }
            Ok(WorkerToPage::Settings { settings }) => match settings.validated() {
                Ok(view) => {
                    self.with_state(|st| st.set_settings(view));
                }
                Err(e) => dom::log_error("settings from the worker", &e),
            },
            Ok(_) => {}
            Err(e) => dom::log_error("a message from the worker", &e),
        }
    }

    /// The bound tab changed (another tab, a navigation, a new title): the page bar follows.
    #[wasm_bindgen(js_name = onTabChanged)]
    pub fn on_tab_changed(&self) {
        self.with_state(|s| s.update_page_bar());
    }

    /// The host finished reading aloud (or failed to) for `token`.
    #[wasm_bindgen(js_name = onSpeechEnd)]
    pub fn on_speech_end(&self, token: u32) {
        self.with_state(|s| s.speech_ended(token));
    }

    /// Reading `token` aloud could not start: the browser has no voice to speak with.
    #[wasm_bindgen(js_name = onSpeechNoVoices)]
    pub fn on_speech_no_voices(&self, token: u32) {
        self.with_state(|s| s.speech_no_voices(token));
    }

    /// A speech recognition event: `result` (`a`: the final text heard, `b`: the text still
    /// being recognized), `error` (`a`: its code) or `end`.
    #[wasm_bindgen(js_name = onVoice)]
    pub fn on_voice(&self, kind: &str, a: &str, b: &str) {
        self.with_state(|s| match kind {
            "result" => s.voice_heard(a, b),
            "error" => s.voice_failed(a),
            "end" => s.voice_ended(),
            other => dom::log_error("voice input", &format!("unknown event {other}")),
        });
    }

    /// Send `input` as the user would; returns the new query's sessionId.
    pub fn send(&self, input: &str) -> Result<String, JsValue> {
        self.with_state(|s| s.send(input))
            .unwrap_or_else(|| Err("panel busy".into()))
            .map_err(|e| JsValue::from_str(&e))
    }

    pub fn stop(&self) {
        self.with_state(|s| s.stop());
    }

    #[wasm_bindgen(js_name = newChat)]
    pub fn new_chat(&self) {
        self.with_state(|s| s.new_chat());
    }

    /// Select a mode by its id (`cobrowse`, `ask`, ...). False for an unknown id.
    #[wasm_bindgen(js_name = setMode)]
    pub fn set_mode(&self, mode: &str) -> bool {
        match layout::mode_from_value(mode) {
            Some(m) => {
                self.with_state(|s| s.set_mode(m));
                true
            }
            None => false,
        }
    }

    /// The sessionId of the answer streaming now, if any.
    #[wasm_bindgen(js_name = activeSession)]
    pub fn active_session(&self) -> Option<String> {
        self.with_state(|s| s.active_session()).flatten()
    }

    /// The history as it would be stored.
    #[wasm_bindgen(js_name = historyJson)]
    pub fn history_json(&self) -> String {
        self.with_state(|s| s.history_json()).unwrap_or_default()
    }
}

/// Crate version, for the glue's diagnostics.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
