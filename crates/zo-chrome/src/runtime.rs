//! `chrome.runtime`: ports, who sent a message, one-off messages, and a cheap call that
//! keeps the service worker alive.

use wasm_bindgen::prelude::*;
use zo_core::trust::sender::{SenderFacts, SenderTab as CoreSenderTab};

use crate::event::Event;

#[wasm_bindgen]
extern "C" {
    /// `chrome.runtime.Port`.
    #[derive(Debug, Clone)]
    pub type Port;
    #[wasm_bindgen(method, getter)]
    pub fn name(this: &Port) -> Option<String>;
    #[wasm_bindgen(method, getter)]
    pub fn sender(this: &Port) -> Option<MessageSender>;
    #[wasm_bindgen(method, catch, js_name = postMessage)]
    pub fn post_message(this: &Port, message: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch)]
    pub fn disconnect(this: &Port) -> Result<(), JsValue>;
    #[wasm_bindgen(method, getter, catch, js_name = onMessage)]
    pub fn on_message(this: &Port) -> Result<Event, JsValue>;
    #[wasm_bindgen(method, getter, catch, js_name = onDisconnect)]
    pub fn on_disconnect(this: &Port) -> Result<Event, JsValue>;
    /// A number the worker tags its ports with, to find them again.
    #[wasm_bindgen(method, getter, js_name = __zoPortId)]
    pub fn zo_port_id(this: &Port) -> Option<f64>;
    #[wasm_bindgen(method, setter, js_name = __zoPortId)]
    pub fn set_zo_port_id(this: &Port, id: f64);

    /// `chrome.runtime.MessageSender`.
    #[derive(Debug, Clone)]
    pub type MessageSender;
    #[wasm_bindgen(method, getter)]
    fn id(this: &MessageSender) -> Option<String>;
    #[wasm_bindgen(method, getter)]
    fn url(this: &MessageSender) -> Option<String>;
    #[wasm_bindgen(method, getter)]
    fn tab(this: &MessageSender) -> Option<SenderTab>;

    /// The `tab` of a `MessageSender` (a `chrome.tabs.Tab`; only its ids are read here).
    #[derive(Debug, Clone)]
    pub type SenderTab;
    #[wasm_bindgen(method, getter, js_name = id)]
    fn tab_id(this: &SenderTab) -> Option<f64>;
    #[wasm_bindgen(method, getter, js_name = windowId)]
    fn window_id(this: &SenderTab) -> Option<f64>;

    /// `chrome.runtime.sendMessage(message)`: the answer.
    #[wasm_bindgen(js_namespace = ["chrome", "runtime"], js_name = sendMessage, catch)]
    pub async fn send_message(message: &JsValue) -> Result<JsValue, JsValue>;

    /// `chrome.runtime.getPlatformInfo()`: a cheap call that resets the worker's idle timer.
    #[wasm_bindgen(js_namespace = ["chrome", "runtime"], js_name = getPlatformInfo, catch)]
    pub async fn get_platform_info() -> Result<JsValue, JsValue>;
}

/// A tab or window id as Chrome reports it (a whole number), or `-1` when absent or not one.
fn whole(n: Option<f64>) -> i32 {
    match n {
        Some(n) if n.fract() == 0.0 && n >= f64::from(i32::MIN) && n <= f64::from(i32::MAX) => {
            n as i32
        }
        _ => -1,
    }
}

impl From<&MessageSender> for SenderFacts {
    /// The facts the trust rules judge a sender on (`zo_core::trust::sender`).
    fn from(sender: &MessageSender) -> SenderFacts {
        SenderFacts {
            id: sender.id(),
            url: sender.url(),
            tab: sender.tab().map(|t| CoreSenderTab {
                id: whole(t.tab_id()),
                window_id: whole(t.window_id()),
            }),
        }
    }
}
