//! Keeps the stream-shape record in `chrome.storage.local` ([`STREAM_SHAPE_KEY`]): each
//! stream's diagnostics (names and counts only) folded in by `zo_core::stream::StreamShape`,
//! for the options page to show. Best effort: a storage failure is logged and loses nothing
//! else.

use std::rc::Rc;

use zo_core::stream::{StreamShape, STREAM_SHAPE_KEY};
use zo_core::wire::{parse_json, RawJson};

use crate::chrome::{ChromeApi, StorageArea};
use crate::convert::warn;

/// Folds `diagnostics` (a STREAM_DIAGNOSTIC's) into the stored record, in the background.
pub fn record(chrome: Rc<dyn ChromeApi>, diagnostics: &RawJson) {
    let diagnostics = diagnostics.as_str().to_string();
    wasm_bindgen_futures::spawn_local(async move {
        let stored = chrome
            .storage_get(StorageArea::Local, STREAM_SHAPE_KEY)
            .await
            .unwrap_or_default()
            .unwrap_or_default();
        let mut shape = parse_json(&stored)
            .map(|n| StreamShape::read(&n))
            .unwrap_or_default();
        let Ok(diagnostics) = parse_json(&diagnostics) else {
            return;
        };
        shape.add(&diagnostics, js_sys::Date::now().max(0.0) as u64);
        if let Err(e) = chrome
            .storage_set(StorageArea::Local, STREAM_SHAPE_KEY, shape.to_json())
            .await
        {
            warn("could not keep the stream-shape record", &e.to_string());
        }
    });
}
