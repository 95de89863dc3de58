//! `chrome.contextMenus`: the extension's items created and removed, and what a click reports
//! (`OnClickData` and the tab it happened in).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `chrome.contextMenus.OnClickData`: what is read of it.
    #[derive(Debug, Clone)]
    pub type OnClickData;
    /// The item's id (a string for the items this extension creates).
    #[wasm_bindgen(method, getter, js_name = menuItemId)]
    fn menu_item_id_value(this: &OnClickData) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = selectionText)]
    pub fn selection_text(this: &OnClickData) -> Option<String>;
    #[wasm_bindgen(method, getter, js_name = linkUrl)]
    pub fn link_url(this: &OnClickData) -> Option<String>;

    /// The `chrome.tabs.Tab` a click or a command came with (only its id is read).
    #[derive(Debug, Clone)]
    pub type EventTab;
    #[wasm_bindgen(method, getter, js_name = id)]
    fn id_value(this: &EventTab) -> Option<f64>;

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

impl OnClickData {
    /// The item's id when it is a string.
    pub fn menu_item_id(&self) -> Option<String> {
        self.menu_item_id_value().as_string()
    }
}

impl EventTab {
    /// The tab's id, when it is a whole number within i32 (-1, `TAB_ID_NONE`, for a click
    /// outside any tab, is returned as it is).
    pub fn id(&self) -> Option<i32> {
        self.id_value()
            .filter(|id| {
                id.fract() == 0.0 && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(id)
            })
            .map(|id| id as i32)
    }
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
