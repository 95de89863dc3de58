//! Plain JS objects built field by field: event init dictionaries and options bags
//! (`{bubbles: true, clientX: 10}`, `{behavior: "instant"}`). One generic `Reflect.set`
//! instead of one generated setter per dictionary field keeps the module and its JS glue small.

use wasm_bindgen::{JsCast, JsValue};

/// A JS object under construction.
pub struct Dict(js_sys::Object);

impl Default for Dict {
    fn default() -> Self {
        Dict::new()
    }
}

impl Dict {
    pub fn new() -> Dict {
        Dict(js_sys::Object::new())
    }

    /// Sets `key` to `value` (a bool, number, string or JS value).
    pub fn set(self, key: &str, value: impl Into<JsValue>) -> Dict {
        // Setting a plain data property on a fresh object cannot throw.
        let _ = js_sys::Reflect::set(&self.0, &JsValue::from_str(key), &value.into());
        self
    }

    /// The object, typed as the dictionary a web-sys function takes.
    pub fn finish<T: JsCast>(self) -> T {
        self.0.unchecked_into()
    }
}
