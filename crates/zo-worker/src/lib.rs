//! zo-worker: the background service worker's wasm. Entry points called by
//! extension/background.js, which only forwards chrome.* events here.
//!
//! Modules: [`worker`] (ports and dispatch), [`gate`] (which senders are served),
//! [`page_channel`] (settings for the extension pages; [`context_preview`], the panel's
//! /context), [`tab_scope`] (which tab a request may
//! touch; [`tab_context`], the other tabs a question takes along), [`ask`] (one query to its final message), [`approval`] (the user's answer to a
//! Co-browse approval request),
//! [`stream`] (pumps zo-core's ask driver: one ask to Zo with its retries, reusable by
//! Co-browse), [`http`] (fetch + body reader with liveness), [`session`] (a query's messages,
//! by the session flow rule), [`cancel`], [`keepalive`],
//! [`net_guard`] (the running task's declarativeNetRequest rules and its tabs' navigations),
//! [`conversations`], [`entry`] (the context menu, keyboard commands and the omnibox keyword:
//! a question made ready for the side panel), [`chrome`] (chrome.* behind a trait), [`port`], [`context`], [`convert`].
//! [`bench_api`] drives the stream pipeline from JavaScript for `tests/bench` (no chrome.*).

use wasm_bindgen::prelude::*;

pub mod approval;
pub mod ask;
pub mod bench_api;
pub mod cancel;
pub mod choices;
pub mod chrome;
pub mod cobrowse_loop;
pub mod context;
pub mod context_preview;
pub mod conversations;
pub mod convert;
pub mod entry;
pub mod gate;
pub mod http;
pub mod keepalive;
pub mod net_guard;
pub mod page_channel;
pub mod port;
pub mod query;
pub mod session;
pub mod stream;
pub mod stream_shape;
pub mod suffix_list;
pub mod tab;
pub mod tab_context;
pub mod tab_scope;
pub mod worker;

/// The crate version, proving the wasm module instantiated.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Worker start (after wasm is ready): settings of an earlier version give up the key; no
/// network guard rule of a task that ran before the worker stopped stays.
#[wasm_bindgen]
pub fn start() {
    net_guard::clear_at_start();
    page_channel::start(worker::context());
}

/// chrome.runtime.onMessage; `send_response` is called exactly once.
#[wasm_bindgen(js_name = onMessage)]
pub fn on_message(message: JsValue, sender: JsValue, send_response: js_sys::Function) {
    page_channel::on_message(worker::context(), message, sender, send_response);
}

/// chrome.storage.onChanged, with the names of the changed keys only (never their values).
#[wasm_bindgen(js_name = onStorageChanged)]
pub fn on_storage_changed(area: String, keys: Vec<String>) {
    page_channel::on_storage_changed(worker::context(), area, keys);
}

/// chrome.runtime.onConnect.
#[wasm_bindgen(js_name = onConnect)]
pub fn on_connect(port: JsValue) {
    worker::on_connect(port);
}

/// port.onMessage of a port passed to [`on_connect`].
#[wasm_bindgen(js_name = onPortMessage)]
pub fn on_port_message(port: JsValue, message: JsValue) {
    worker::on_port_message(port, message);
}

/// port.onDisconnect of a port passed to [`on_connect`].
#[wasm_bindgen(js_name = onPortDisconnect)]
pub fn on_port_disconnect(port: JsValue) {
    worker::on_port_disconnect(port);
}

/// chrome.runtime.onInstalled: the context menu's items.
#[wasm_bindgen(js_name = onInstalled)]
pub fn on_installed() {
    entry::install_menus();
}

/// chrome.contextMenus.onClicked: the click's item id, selection, link and tab id (the glue
/// opened the side panel already).
#[wasm_bindgen(js_name = onMenuClicked)]
pub fn on_menu_clicked(
    menu_item_id: String,
    selection_text: Option<String>,
    link_url: Option<String>,
    tab_id: Option<f64>,
) {
    entry::on_menu_clicked(menu_item_id, selection_text, link_url, tab_id);
}

/// chrome.commands.onCommand: the command and the tab id (the glue opened the side panel
/// already).
#[wasm_bindgen(js_name = onCommand)]
pub fn on_command(name: String, tab_id: Option<f64>) {
    entry::on_command(name, tab_id);
}

/// chrome.omnibox.onInputEntered (the glue opened the side panel already).
#[wasm_bindgen(js_name = onOmnibox)]
pub fn on_omnibox(text: String) {
    entry::on_omnibox(text);
}

/// A tab or frame id from a chrome.* event (`-1` when it is not a whole number in range).
fn id_of(value: f64) -> i32 {
    if value.fract() == 0.0 && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&value) {
        value as i32
    } else {
        -1
    }
}

/// chrome.tabs.onCreated: the tab's id and its opener's, when Chrome says.
#[wasm_bindgen(js_name = onTabCreated)]
pub fn on_tab_created(tab_id: f64, opener_tab_id: Option<f64>) {
    net_guard::on_tab_created(id_of(tab_id), opener_tab_id.map(id_of));
}

/// chrome.webNavigation.onCreatedNavigationTarget: the opening tab and the new one.
#[wasm_bindgen(js_name = onNavigationTarget)]
pub fn on_navigation_target(source_tab_id: f64, tab_id: f64) {
    net_guard::on_navigation_target(id_of(source_tab_id), id_of(tab_id));
}

/// chrome.webNavigation.onCommitted.
#[wasm_bindgen(js_name = onNavigationCommitted)]
pub fn on_navigation_committed(tab_id: f64, frame_id: f64, url: String) {
    net_guard::on_committed(id_of(tab_id), id_of(frame_id), &url);
}

/// chrome.declarativeNetRequest.onRuleMatchedDebug.
#[wasm_bindgen(js_name = onRuleMatched)]
pub fn on_rule_matched(tab_id: f64, rule_id: f64, url: String) {
    net_guard::on_rule_matched(id_of(tab_id), rule_id as i64, &url);
}

/// chrome.webNavigation.onErrorOccurred.
#[wasm_bindgen(js_name = onNavigationError)]
pub fn on_navigation_error(tab_id: f64, frame_id: f64, url: String, error: String) {
    net_guard::on_error(id_of(tab_id), id_of(frame_id), &url, &error);
}
