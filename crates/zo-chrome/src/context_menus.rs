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
    /// `chrome.contextMenus.create(createProperties, callback)`.
    #[wasm_bindgen(js_namespace = ["chrome", "contextMenus"], js_name = create, catch)]
    fn create_with(
        properties: &CreateProperties,
        callback: &js_sys::Function,
    ) -> Result<JsValue, JsValue>;

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
            .filter(|id| id.fract() == 0.0 && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(id))
            .map(|id| id as i32)
    }
}

/// `chrome.runtime.lastError`, read inside a callback (`undefined` when the call succeeded).
fn last_error() -> JsValue {
    let get = |from: &JsValue, key: &str| {
        js_sys::Reflect::get(from, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    };
    let runtime = get(&get(&js_sys::global(), "chrome"), "runtime");
    if runtime.is_object() {
        get(&runtime, "lastError")
    } else {
        JsValue::UNDEFINED
    }
}

/// `chrome.contextMenus.create({id, title, contexts})`, done when Chrome's callback ran: an
/// `Err` with `runtime.lastError` when creating failed.
pub async fn create(id: &str, title: &str, contexts: &[&str]) -> Result<(), JsValue> {
    let properties: CreateProperties = js_sys::Object::new().unchecked_into();
    properties.set_id(id);
    properties.set_title(title);
    let list = js_sys::Array::new();
    for c in contexts {
        list.push(&JsValue::from_str(c));
    }
    properties.set_contexts(&list);
    let mut thrown = None;
    let done = js_sys::Promise::new(&mut |resolve, reject| {
        let callback = Closure::once_into_js(move || {
            let error = last_error();
            let settle = if error.is_undefined() || error.is_null() {
                resolve.call0(&JsValue::UNDEFINED)
            } else {
                reject.call1(&JsValue::UNDEFINED, &error)
            };
            // A settle function of a promise does not throw.
            drop(settle);
        });
        if let Err(e) = create_with(&properties, callback.unchecked_ref()) {
            thrown = Some(e);
        }
    });
    if let Some(e) = thrown {
        return Err(e);
    }
    wasm_bindgen_futures::JsFuture::from(done).await.map(drop)
}
