//! `chrome.tabs`: messages and ports to a tab's content script, reading and steering a tab,
//! screenshots, and `onUpdated`.

use wasm_bindgen::prelude::*;

use crate::runtime::Port;

#[wasm_bindgen]
extern "C" {
    /// `chrome.tabs.Tab`: what is read of it.
    #[derive(Debug, Clone)]
    pub type Tab;
    #[wasm_bindgen(method, getter)]
    pub fn url(this: &Tab) -> Option<String>;
    /// Where the tab is going while it loads.
    #[wasm_bindgen(method, getter, js_name = pendingUrl)]
    pub fn pending_url(this: &Tab) -> Option<String>;
    /// `loading` or `complete`.
    #[wasm_bindgen(method, getter)]
    pub fn status(this: &Tab) -> Option<String>;
    #[wasm_bindgen(method, getter, js_name = windowId)]
    pub fn window_id(this: &Tab) -> Option<f64>;
    #[wasm_bindgen(method, getter)]
    pub fn active(this: &Tab) -> Option<bool>;

    /// `chrome.tabs.sendMessage(tabId, message)`: the first answer.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], js_name = sendMessage, catch)]
    pub async fn send_message(tab_id: i32, message: &JsValue) -> Result<JsValue, JsValue>;
    /// `chrome.tabs.connect(tabId, connectInfo)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], catch)]
    pub fn connect(tab_id: i32, connect_info: &JsValue) -> Result<Port, JsValue>;
    /// `chrome.tabs.get(tabId)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], catch)]
    pub async fn get(tab_id: i32) -> Result<JsValue, JsValue>;
    /// `chrome.tabs.update(tabId, properties)`: the tab, when Chrome reports it.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], catch)]
    pub async fn update(tab_id: i32, properties: &JsValue) -> Result<JsValue, JsValue>;
    /// `chrome.tabs.captureVisibleTab(windowId, options)`: a data URL.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], js_name = captureVisibleTab, catch)]
    pub async fn capture_visible_tab(window_id: i32, options: &JsValue)
        -> Result<JsValue, JsValue>;
    /// `chrome.tabs.onUpdated.addListener(listener)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs", "onUpdated"], js_name = addListener, catch)]
    pub fn add_on_updated(listener: &js_sys::Function) -> Result<(), JsValue>;
    /// `chrome.tabs.onUpdated.removeListener(listener)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs", "onUpdated"], js_name = removeListener, catch)]
    pub fn remove_on_updated(listener: &js_sys::Function) -> Result<(), JsValue>;
}
