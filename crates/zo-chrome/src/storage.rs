//! `chrome.storage.local` and `chrome.storage.session`, one key at a time.

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = ["chrome", "storage", "local"], js_name = get, catch)]
    async fn local_get_keys(keys: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = ["chrome", "storage", "local"], js_name = set, catch)]
    async fn local_set_items(items: &Object) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = ["chrome", "storage", "session"], js_name = get, catch)]
    async fn session_get_keys(keys: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = ["chrome", "storage", "session"], js_name = set, catch)]
    async fn session_set_items(items: &Object) -> Result<JsValue, JsValue>;
}

/// `items[key]` of what `get` resolved with (`undefined` when absent).
fn item(items: &JsValue, key: &str) -> Result<JsValue, JsValue> {
    if !items.is_object() {
        return Ok(JsValue::UNDEFINED);
    }
    Reflect::get(items, &JsValue::from_str(key))
}

/// `{[key]: value}`, the items object of `set`.
fn items(key: &str, value: &JsValue) -> Result<Object, JsValue> {
    let items = Object::new();
    Reflect::set(&items, &JsValue::from_str(key), value)?;
    Ok(items)
}

/// `chrome.storage.local.get(key)`: the value stored under `key` (`undefined` when absent).
pub async fn local_get(key: &str) -> Result<JsValue, JsValue> {
    item(&local_get_keys(key).await?, key)
}

/// `chrome.storage.local.set({[key]: value})`.
pub async fn local_set(key: &str, value: &JsValue) -> Result<(), JsValue> {
    local_set_items(&items(key, value)?).await.map(drop)
}

/// `chrome.storage.session.get(key)`: the value stored under `key` (`undefined` when absent).
pub async fn session_get(key: &str) -> Result<JsValue, JsValue> {
    item(&session_get_keys(key).await?, key)
}

/// `chrome.storage.session.set({[key]: value})`.
pub async fn session_set(key: &str, value: &JsValue) -> Result<(), JsValue> {
    session_set_items(&items(key, value)?).await.map(drop)
}
