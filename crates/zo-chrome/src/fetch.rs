//! What the worker's fetch and the options page's share: a promise awaited within a time limit,
//! and the bytes of one `ReadableStreamDefaultReader.read()` result.

use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;
use js_sys::{Promise, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::error_text;

/// What `promise` settled to within `ms` milliseconds, or None when the time ran out first.
pub async fn within(promise: Promise, ms: u32) -> Option<Result<JsValue, JsValue>> {
    match select(JsFuture::from(promise), TimeoutFuture::new(ms)).await {
        Either::Left((outcome, _)) => Some(outcome),
        Either::Right(_) => None,
    }
}

/// The bytes of a body reader's `read()` result, or None at the end of the body.
pub fn chunk(result: &JsValue) -> Result<Option<Vec<u8>>, String> {
    let done = Reflect::get(result, &JsValue::from_str("done"))
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(true);
    if done {
        return Ok(None);
    }
    let value = Reflect::get(result, &JsValue::from_str("value")).map_err(|e| error_text(&e))?;
    let bytes: Uint8Array = value
        .dyn_into()
        .map_err(|_| "body chunk is not bytes".to_string())?;
    Ok(Some(bytes.to_vec()))
}
