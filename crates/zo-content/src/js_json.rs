//! Reading a value made by the page's `JSON.parse` without serde: objects (not arrays),
//! their own keys, and one field at a time as zo-core's [`FieldValue`].

use std::borrow::Cow;

use wasm_bindgen::{JsCast, JsValue};
use zo_core::answer::FieldValue;

/// A JSON object (`{...}`; not an array, not null).
pub fn is_object(v: &JsValue) -> bool {
    v.is_object() && !js_sys::Array::is_array(v)
}

/// Field `name` of `obj` (a number with JavaScript's own writing of it, for reasons).
pub fn field(obj: &JsValue, name: &str) -> FieldValue<'static> {
    let v = raw(obj, name);
    if v.is_undefined() {
        FieldValue::Absent
    } else if v.is_null() {
        FieldValue::Null
    } else if let Some(s) = v.as_string() {
        FieldValue::Str(Cow::Owned(s))
    } else if let Some(n) = v.as_f64() {
        FieldValue::Num {
            value: n,
            text: Cow::Owned(number_text(n)),
        }
    } else {
        FieldValue::Other
    }
}

/// The raw value of field `name` of `obj` (`undefined` when absent).
pub fn raw(obj: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(obj, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The own keys of `obj`.
pub fn keys(obj: &JsValue) -> Vec<String> {
    js_sys::Object::keys(obj.unchecked_ref::<js_sys::Object>())
        .iter()
        .filter_map(|k| k.as_string())
        .collect()
}

/// The elements of `v` when it is an array.
pub fn array(v: &JsValue) -> Option<Vec<JsValue>> {
    js_sys::Array::is_array(v).then(|| v.unchecked_ref::<js_sys::Array>().iter().collect())
}

/// A whole number from 0 to `u32::MAX`, as a JavaScript number holds it.
pub fn as_u32(n: f64) -> Option<u32> {
    (n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n)).then_some(n as u32)
}

/// JavaScript's own formatting of a number (keeps float formatting code out of the module).
pub fn number_text(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}
