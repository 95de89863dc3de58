//! The chrome.* calls of the worker's network guard: `chrome.declarativeNetRequest`'s session
//! rules (replaced in one call from the JSON text zo-core writes) and every open tab's id.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `chrome.declarativeNetRequest.updateSessionRules(options)`.
    #[wasm_bindgen(js_namespace = ["chrome", "declarativeNetRequest"], js_name = updateSessionRules, catch)]
    async fn update_session_rules_with(options: &JsValue) -> Result<JsValue, JsValue>;
    /// `chrome.tabs.query(queryInfo)`.
    #[wasm_bindgen(js_namespace = ["chrome", "tabs"], js_name = query, catch)]
    async fn query_with(query: &js_sys::Object) -> Result<JsValue, JsValue>;

    /// What is read of a `chrome.tabs.Tab` here.
    type TabId;
    #[wasm_bindgen(method, getter)]
    fn id(this: &TabId) -> Option<f64>;
}

/// Whether this context has `chrome.declarativeNetRequest.updateSessionRules` and
/// `chrome.tabs.query` (an extension's service worker with the permission does; a plain
/// worker does not).
pub fn available() -> bool {
    let get = |obj: &JsValue, key: &str| {
        js_sys::Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    };
    let chrome = get(&js_sys::global(), "chrome");
    let dnr = get(&chrome, "declarativeNetRequest");
    let tabs = get(&chrome, "tabs");
    !chrome.is_undefined()
        && get(&dnr, "updateSessionRules").is_function()
        && get(&tabs, "query").is_function()
}

/// `chrome.declarativeNetRequest.updateSessionRules` with the options written as JSON text
/// (`{removeRuleIds, addRules}`), read by the engine's own `JSON.parse`.
pub async fn update_session_rules(options_json: &str) -> Result<(), JsValue> {
    let options = js_sys::JSON::parse(options_json)?;
    update_session_rules_with(&options).await.map(|_| ())
}

/// The ids of every open tab (`chrome.tabs.query({})`).
pub async fn all_tab_ids() -> Result<Vec<i32>, JsValue> {
    let tabs = js_sys::Array::from(&query_with(&js_sys::Object::new()).await?);
    Ok(tabs
        .iter()
        .filter_map(|tab| tab.unchecked_into::<TabId>().id())
        .filter(|id| id.fract() == 0.0 && (0.0..=f64::from(i32::MAX)).contains(id))
        .map(|id| id as i32)
        .collect())
}
