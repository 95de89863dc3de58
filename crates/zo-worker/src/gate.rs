//! The worker's door. Every port and every one-off message is admitted only from this
//! extension's own pages, the side panel and the options page (`zo_core::trust::sender`); content
//! scripts, other extension pages and other extensions are refused. A refusal is logged with
//! what was refused and the sender's origin, never a URL's path or query, nor the message.

use wasm_bindgen::JsCast;
use zo_core::trust::sender::{classify, SenderFacts, TrustedPage};

use crate::convert::warn;

/// This extension's origin (`chrome-extension://<id>`), from the worker's own location.
pub fn own_origin() -> String {
    js_sys::global()
        .unchecked_into::<web_sys::WorkerGlobalScope>()
        .location()
        .origin()
}

/// The page `sender` is, when the worker serves it; otherwise logs the refusal of `what`
/// ("a port", "a message") and returns None.
pub fn admit(sender: Option<&zo_chrome::MessageSender>, what: &str) -> Option<TrustedPage> {
    let facts = sender.map(SenderFacts::from).unwrap_or_default();
    match classify(&facts, &own_origin()) {
        Ok(page) => Some(page),
        Err(refusal) => {
            warn(&format!("refused {what}"), &format!("from {refusal}"));
            None
        }
    }
}
