//! Reading one action from a value made by `JSON.parse`: the object's fields are handed to
//! zo-core's canonical rules ([`from_canonical_fields`]), so the content module judges an
//! action exactly as `from_canonical` does, with the same [`EntryError`] reasons, without serde.

use wasm_bindgen::JsValue;
use zo_core::answer::{from_canonical_fields, EntryError, EntryFields, FieldValue};
use zo_core::wire::Action;

use crate::js_json;

/// Judges one entry against the canonical form.
pub fn action(entry: &JsValue) -> Result<Action, EntryError> {
    if !js_json::is_object(entry) {
        return Err(EntryError::NotObject);
    }
    from_canonical_fields(&JsEntry(entry))
}

/// A parsed JS object, read field by field.
struct JsEntry<'a>(&'a JsValue);

impl EntryFields for JsEntry<'_> {
    fn get(&self, name: &str) -> FieldValue<'_> {
        js_json::field(self.0, name)
    }

    fn unknown(&self, allowed: &[&str]) -> Option<String> {
        js_json::keys(self.0)
            .into_iter()
            .filter(|k| k != "type" && !allowed.contains(&k.as_str()))
            .min()
    }
}
