//! A chrome.* event object (`port.onMessage`, `chrome.tabs.onUpdated`...).

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `chrome.events.Event`.
    #[derive(Debug, Clone)]
    pub type Event;
    #[wasm_bindgen(method, catch, js_name = addListener)]
    pub fn add_listener(this: &Event, listener: &js_sys::Function) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch, js_name = removeListener)]
    pub fn remove_listener(this: &Event, listener: &js_sys::Function) -> Result<(), JsValue>;
}
