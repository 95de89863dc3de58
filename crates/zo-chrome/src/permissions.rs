//! `chrome.permissions`.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `chrome.permissions.contains(permissions)`.
    #[wasm_bindgen(js_namespace = ["chrome", "permissions"], js_name = contains, catch)]
    async fn contains_with(permissions: &Permissions) -> Result<JsValue, JsValue>;

    /// A `Permissions` object (`{origins}`).
    #[wasm_bindgen(extends = js_sys::Object)]
    type Permissions;
    #[wasm_bindgen(method, setter)]
    fn set_origins(this: &Permissions, origins: &js_sys::Array);
}

/// `chrome.permissions.contains({origins: [pattern]})`: whether the host pattern is granted.
pub async fn contains_origin(pattern: &str) -> Result<bool, JsValue> {
    let permissions: Permissions = js_sys::Object::new().unchecked_into();
    permissions.set_origins(&js_sys::Array::of1(&JsValue::from_str(pattern)));
    Ok(contains_with(&permissions).await?.as_bool() == Some(true))
}
