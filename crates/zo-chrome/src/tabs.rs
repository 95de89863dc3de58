//! `chrome.tabs`: messages and ports to a tab's content script, reading and steering a tab,
//! screenshots, and `onUpdated`.

use wasm_bindgen::prelude::*;

use wasm_bindgen::JsCast;

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
    #[wasm_bindgen(method, getter)]
    pub fn id(this: &Tab) -> Option<f64>;

    /// `chrome.tabs.sendMessage(tabId, message)`: the first answer.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], js_name = sendMessage, catch)]
    pub async fn send_message(tab_id: i32, message: &JsValue) -> Result<JsValue, JsValue>;
    /// `chrome.tabs.connect(tabId, connectInfo)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], js_name = connect, catch)]
    fn connect_with(tab_id: i32, connect_info: &Details) -> Result<Port, JsValue>;
    /// `chrome.tabs.query(queryInfo)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], js_name = query, catch)]
    async fn query_with(query: &Details) -> Result<JsValue, JsValue>;
    /// `chrome.tabs.get(tabId)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], catch)]
    pub async fn get(tab_id: i32) -> Result<JsValue, JsValue>;
    /// `chrome.tabs.update(tabId, updateProperties)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], js_name = update, catch)]
    async fn update_with(tab_id: i32, properties: &Details) -> Result<JsValue, JsValue>;
    /// `chrome.tabs.captureVisibleTab(windowId, options)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], js_name = captureVisibleTab, catch)]
    async fn capture_with(window_id: i32, options: &Details) -> Result<JsValue, JsValue>;
    /// `chrome.tabs.onUpdated.addListener(listener)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs", "onUpdated"], js_name = addListener, catch)]
    pub fn add_on_updated(listener: &js_sys::Function) -> Result<(), JsValue>;
    /// `chrome.tabs.onUpdated.removeListener(listener)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs", "onUpdated"], js_name = removeListener, catch)]
    pub fn remove_on_updated(listener: &js_sys::Function) -> Result<(), JsValue>;
}

#[wasm_bindgen]
extern "C" {
    /// The argument objects of the calls here (`connectInfo`, `updateProperties`,
    /// `ImageDetails`): a plain object with the fields set.
    #[wasm_bindgen(extends = js_sys::Object)]
    type Details;
    #[wasm_bindgen(method, setter)]
    fn set_name(this: &Details, name: &str);
    #[wasm_bindgen(method, setter)]
    fn set_url(this: &Details, url: &str);
    #[wasm_bindgen(method, setter)]
    fn set_format(this: &Details, format: &str);
    #[wasm_bindgen(method, setter)]
    fn set_quality(this: &Details, quality: u8);
    #[wasm_bindgen(method, setter)]
    fn set_active(this: &Details, active: bool);
    #[wasm_bindgen(method, setter, js_name = lastFocusedWindow)]
    fn set_last_focused_window(this: &Details, last: bool);
}

fn details() -> Details {
    js_sys::Object::new().unchecked_into()
}

/// `chrome.tabs.connect(tabId, {name})`: a port to the tab's content script.
pub fn connect(tab_id: i32, name: &str) -> Result<Port, JsValue> {
    let info = details();
    info.set_name(name);
    connect_with(tab_id, &info)
}

/// `chrome.tabs.update(tabId, {url})`: the tab, when Chrome reports it (`undefined` otherwise).
pub async fn update_url(tab_id: i32, url: &str) -> Result<JsValue, JsValue> {
    let properties = details();
    properties.set_url(url);
    update_with(tab_id, &properties).await
}

/// `chrome.tabs.captureVisibleTab(windowId, {format: "jpeg", quality})`: a data URL.
pub async fn capture_jpeg(window_id: i32, quality: u8) -> Result<JsValue, JsValue> {
    let options = details();
    options.set_format("jpeg");
    options.set_quality(quality);
    capture_with(window_id, &options).await
}

/// The id of the active tab of the window the user last focused
/// (`chrome.tabs.query({active: true, lastFocusedWindow: true})`), if any.
pub async fn active_tab_id() -> Result<Option<i32>, JsValue> {
    let query = details();
    query.set_active(true);
    query.set_last_focused_window(true);
    let tabs = js_sys::Array::from(&query_with(&query).await?);
    Ok(tabs
        .iter()
        .next()
        .and_then(|tab| tab.unchecked_into::<Tab>().id())
        .filter(|id| id.fract() == 0.0 && (0.0..=f64::from(i32::MAX)).contains(id))
        .map(|id| id as i32))
}
