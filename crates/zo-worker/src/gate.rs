//! The worker's door. Every port and every one-off message is admitted only from this
//! extension's own pages, the side panel and the options page (`zo_core::trust::sender`); content
//! scripts, other extension pages and other extensions are refused. A refusal is logged with
//! what was refused and the sender's origin, never a URL's path or query, nor the message.

use js_sys::Reflect;
use wasm_bindgen::JsValue;
use zo_core::trust::sender::{classify, SenderFacts, TrustedPage};

use crate::convert::{js_to_json, warn};

/// This extension's origin (`chrome-extension://<id>`), from the worker's own location.
pub fn own_origin() -> String {
    Reflect::get(&js_sys::global(), &JsValue::from_str("location"))
        .and_then(|location| Reflect::get(&location, &JsValue::from_str("origin")))
        .ok()
        .and_then(|origin| origin.as_string())
        .unwrap_or_default()
}

/// The facts of a `MessageSender`; empty ones (refused) when it cannot be read.
pub fn sender_facts(sender: &JsValue) -> SenderFacts {
    js_to_json(sender)
        .ok()
        .and_then(|json| serde_json::from_value(json).ok())
        .unwrap_or_default()
}

/// The page `sender` is, when the worker serves it; otherwise logs the refusal of `what`
/// ("a port", "a message") and returns None.
pub fn admit(sender: &JsValue, what: &str) -> Option<TrustedPage> {
    match classify(&sender_facts(sender), &own_origin()) {
        Ok(page) => Some(page),
        Err(refusal) => {
            warn(&format!("refused {what}"), &format!("from {refusal}"));
            None
        }
    }
}
