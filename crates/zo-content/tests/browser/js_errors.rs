//! `zo_chrome::error_text`, the one way the wasm crates turn a thrown JS value into text,
//! on what real code throws: an `Error`, a `DOMException` from the DOM, an `Error` without a
//! message, a thrown string or number, a plain object, and an object whose `message` getter
//! itself throws.

use js_sys::{Error, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;
use zo_chrome::{error_name, error_text};

#[wasm_bindgen_test]
fn an_error_is_its_message() {
    assert_eq!(error_text(&Error::new("boom").into()), "boom");
    assert_eq!(
        error_name(&Error::new("boom").into()).as_deref(),
        Some("Error")
    );
}

#[wasm_bindgen_test]
fn a_dom_exception_is_its_message_and_has_its_name() {
    let doc = web_sys::window().unwrap().document().unwrap();
    let err = doc.query_selector("a[[[").unwrap_err();
    let text = error_text(&err);
    assert!(text.contains("a[[["), "{text}");
    assert_eq!(error_name(&err).as_deref(), Some("SyntaxError"));
}

#[wasm_bindgen_test]
fn an_error_without_a_message_is_its_name() {
    let err = Error::new("");
    err.set_name("AbortError");
    assert_eq!(error_text(&err.clone().into()), "AbortError");
    assert_eq!(error_name(&err.into()).as_deref(), Some("AbortError"));
}

#[wasm_bindgen_test]
fn thrown_strings_numbers_and_objects_are_written_as_javascript_writes_them() {
    assert_eq!(error_text(&JsValue::from_str("plain text")), "plain text");
    assert_eq!(error_text(&JsValue::from_f64(42.0)), "42");
    assert_eq!(error_text(&JsValue::UNDEFINED), "undefined");
    assert_eq!(error_text(&JsValue::NULL), "null");
    assert_eq!(error_text(&Object::new().into()), "[object Object]");
    assert_eq!(error_name(&JsValue::from_str("plain text")), None);
}

#[wasm_bindgen_test]
fn a_throwing_message_getter_does_not_escape() {
    let obj = Object::new();
    let getter = Closure::<dyn FnMut() -> Result<JsValue, JsValue>>::new(|| {
        Err(Error::new("getter threw").into())
    });
    let descriptor = Object::new();
    Reflect::set(&descriptor, &"get".into(), getter.as_ref()).unwrap();
    Object::define_property(&obj, &"message".into(), &descriptor);
    Object::define_property(&obj, &"name".into(), &descriptor);
    assert_eq!(error_text(&obj.clone().into()), "[object Object]");
    assert_eq!(error_name(&obj.into()), None);
    drop(getter);
}
