//! `chrome.scripting`.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// `chrome.scripting.executeScript(injection)`.
    #[wasm_bindgen(js_namespace = ["chrome", "scripting"], js_name = executeScript, catch)]
    async fn execute_script(injection: &Injection) -> Result<JsValue, JsValue>;

    /// A `ScriptInjection` (`{target: {tabId}, files}`).
    #[wasm_bindgen(extends = js_sys::Object)]
    type Injection;
    #[wasm_bindgen(method, setter)]
    fn set_target(this: &Injection, target: &Injection);
    #[wasm_bindgen(method, setter = tabId)]
    fn set_tab_id(this: &Injection, tab_id: i32);
    #[wasm_bindgen(method, setter)]
    fn set_files(this: &Injection, files: &js_sys::Array);
}

/// `chrome.scripting.executeScript({target: {tabId}, files: [file]})`: runs the extension's
/// script `file` in the tab's top frame.
pub async fn execute_file(tab_id: i32, file: &str) -> Result<JsValue, JsValue> {
    let target: Injection = js_sys::Object::new().unchecked_into();
    target.set_tab_id(tab_id);
    let injection: Injection = js_sys::Object::new().unchecked_into();
    injection.set_target(&target);
    injection.set_files(&js_sys::Array::of1(&JsValue::from_str(file)));
    execute_script(&injection).await
}
