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
//! [`conversations`], [`chrome`] (chrome.* behind a trait), [`port`], [`context`], [`convert`].
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
pub mod gate;
pub mod http;
pub mod keepalive;
pub mod page_channel;
pub mod port;
pub mod session;
pub mod stream;
pub mod stream_shape;
pub mod tab;
pub mod tab_context;
pub mod tab_scope;
pub mod worker;

/// The crate version, proving the wasm module instantiated.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Worker start (after wasm is ready): settings of an earlier version give up the key.
#[wasm_bindgen]
pub fn start() {
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
