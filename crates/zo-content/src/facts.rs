//! The facts about an action's element that the worker's policy decides on
//! (`zo_core::wire::TargetFacts`): read from the DOM as the browser resolved it, never from
//! the model's words. Facts only; every decision is zo-core's.
//!
//! A form's own properties are read through its prototype's getters: a field named `action`
//! or `elements` would otherwise stand in for them (DOM clobbering). What cannot be read is
//! left out, which the policy treats as unknown.

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;
use zo_core::page::short_label;
use zo_core::wire::{Action, FieldFacts, FormFacts, TargetFacts, MAX_FORM_FIELDS, MAX_NAME_CHARS};

use crate::dom::{self, string_prop};
use crate::{composed, name, selector, tree};

/// What a click activates when it lands inside it.
const ACTIVATABLE: &str = "a[href], area[href], button, input, select, textarea, summary, \
    [role=\"button\"], [role=\"link\"], [role=\"menuitem\"], [role=\"tab\"], [role=\"option\"]";

/// The element `action` really acts on, from the one its selector found: a fill's `<label>`
/// stands for its control, a click inside a control (or on an `<option>`) for the control,
/// also where the control is a component's inner one that it is slotted into.
pub fn target(action: &Action, el: Element) -> Element {
    let up = |sel: &str| composed::ancestors(&el).find(|a| a.matches(sel).unwrap_or(false));
    match action {
        Action::Fill { .. } if dom::tag(&el) == "label" => {
            match Reflect::get(&el, &JsValue::from_str("control")) {
                Ok(c) if c.is_object() => c.unchecked_into(),
                _ => el,
            }
        }
        Action::Click { .. } if dom::tag(&el) == "option" => up("select").unwrap_or(el),
        Action::Click { .. } => up(ACTIVATABLE).unwrap_or(el),
        _ => el,
    }
}

/// The facts about `el`.
pub fn of(el: &Element) -> TargetFacts {
    let tag = dom::tag(el);
    let input_type = matches!(tag.as_str(), "input" | "button")
        .then(|| string_prop(el, "type"))
        .flatten();
    let href = el
        .closest("a[href], area[href]")
        .ok()
        .flatten()
        .and_then(|a| string_prop(&a, "href"));
    TargetFacts {
        name: name(el, &tag, input_type.as_deref()),
        role: el.get_attribute("role"),
        form: form_key(el),
        autocomplete: el.get_attribute("autocomplete").unwrap_or_default(),
        submits: submits(el, input_type.as_deref()),
        tag,
        input_type,
        href,
    }
}

/// Every source of the element's accessible name, joined: over-reporting only asks more. Text
/// is read over the composed tree (a component's shadow and slotted text).
fn name(el: &Element, tag: &str, input_type: Option<&str>) -> String {
    let mut out = String::new();
    let mut add = |part: Option<String>| {
        if let Some(p) = part.filter(|p| !p.trim().is_empty()) {
            out.push(' ');
            out.push_str(&p);
        }
    };
    let attr = |n: &str| el.get_attribute(n);
    if let Some(ids) = attr("aria-labelledby") {
        let root = el.get_root_node();
        for id in ids.split_whitespace() {
            let found = tree::query(&root, &format!("#{}", selector::escape_ident(id)));
            add(found.ok().flatten().map(|e| name::content(&e)));
        }
    }
    add(attr("aria-label"));
    if let Ok(labels) = Reflect::get(el, &JsValue::from_str("labels")) {
        if labels.is_object() {
            let list: &web_sys::NodeList = labels.unchecked_ref();
            for i in 0..list.length() {
                add(list.item(i).and_then(|l| l.text_content()));
            }
        }
    }
    if tag == "input" && matches!(input_type, Some("submit" | "button" | "reset" | "image")) {
        add(attr("value"));
    }
    if !matches!(tag, "input" | "select" | "textarea") {
        add(Some(name::content(el)));
    }
    for n in ["alt", "title", "placeholder"] {
        add(attr(n));
    }
    short_label(&out, MAX_NAME_CHARS)
}

#[wasm_bindgen]
extern "C" {
    /// `Reflect.get(target, key, receiver)`: a getter of `target` run on `receiver`.
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    fn get_with_receiver(
        target: &JsValue,
        key: &str,
        receiver: &JsValue,
    ) -> Result<JsValue, JsValue>;
}

/// A property of `obj` read through its prototype's getter, past any own or named property.
fn own_getter(obj: &JsValue, name: &str) -> Option<JsValue> {
    let proto = Reflect::get_prototype_of(obj).ok()?;
    get_with_receiver(&proto, name, obj).ok()
}

/// The form `el` belongs to, named by its resolved action and its `id` or `name`.
fn form_key(el: &Element) -> Option<String> {
    let form = Reflect::get(el, &JsValue::from_str("form")).ok()?;
    if !form.is_object() {
        return None;
    }
    let action = own_getter(&form, "action")
        .and_then(|a| a.as_string())
        .unwrap_or_default();
    let form: &Element = form.unchecked_ref();
    let id = form
        .get_attribute("id")
        .or_else(|| form.get_attribute("name"))
        .unwrap_or_default();
    Some(format!("{action}#{id}"))
}

/// The form a click on `el` submits, when it is a submit control of one.
fn submits(el: &Element, input_type: Option<&str>) -> Option<FormFacts> {
    if !matches!(input_type, Some("submit" | "image")) {
        return None;
    }
    let form = Reflect::get(el, &JsValue::from_str("form")).ok()?;
    if !form.is_object() {
        return None;
    }
    let action = if el.has_attribute("formaction") {
        string_prop(el, "formAction")
    } else {
        own_getter(&form, "action").and_then(|a| a.as_string())
    };
    let mut fields = Vec::new();
    if let Some(list) = own_getter(&form, "elements").filter(JsValue::is_object) {
        // Collections (unlike forms) cannot be clobbered: `length` and indexes are theirs.
        let len = Reflect::get(&list, &JsValue::from_str("length"))
            .ok()
            .and_then(|l| l.as_f64())
            .unwrap_or(0.0) as u32;
        for i in 0..len {
            let Ok(field) = Reflect::get_u32(&list, i) else {
                continue;
            };
            let field: Element = field.unchecked_into();
            let input_type = string_prop(&field, "type").unwrap_or_default();
            let autocomplete = field.get_attribute("autocomplete").unwrap_or_default();
            if input_type != "password" && autocomplete.trim().is_empty() {
                continue;
            }
            if fields.len() == MAX_FORM_FIELDS {
                break;
            }
            fields.push(FieldFacts {
                input_type,
                autocomplete,
            });
        }
    }
    Some(FormFacts { action, fields })
}
