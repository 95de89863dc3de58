//! `chrome.contextMenus`: the extension's items created and removed (what a click reports is
//! read by the glue, which passes its values).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `chrome.contextMenus.removeAll()`.
    #[wasm_bindgen(js_namespace = ["chrome", "contextMenus"], js_name = removeAll, catch)]
    pub async fn remove_all() -> Result<JsValue, JsValue>;
    /// `chrome.contextMenus.create(createProperties)`.
    #[wasm_bindgen(js_namespace = ["chrome", "contextMenus"], js_name = create, catch)]
    fn create_with(properties: &CreateProperties) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(extends = js_sys::Object)]
    type CreateProperties;
    #[wasm_bindgen(method, setter)]
    fn set_id(this: &CreateProperties, id: &str);
    #[wasm_bindgen(method, setter)]
    fn set_title(this: &CreateProperties, title: &str);
    #[wasm_bindgen(method, setter)]
    fn set_contexts(this: &CreateProperties, contexts: &js_sys::Array);
}

/// `chrome.contextMenus.create({id, title, contexts})` (an id already created is reported by
/// Chrome in the console; the worker removes all items first).
pub fn create(id: &str, title: &str, contexts: &[&str]) -> Result<(), JsValue> {
    let properties: CreateProperties = js_sys::Object::new().unchecked_into();
    properties.set_id(id);
    properties.set_title(title);
    let list = js_sys::Array::new();
    for c in contexts {
        list.push(&JsValue::from_str(c));
    }
    properties.set_contexts(&list);
    create_with(&properties).map(drop)
}
