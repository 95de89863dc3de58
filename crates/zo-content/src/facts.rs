//! The facts about an action's element that the worker's policy decides on
//! (`zo_core::wire::TargetFacts`): read from the DOM as the browser resolved it, never from
//! the model's words. Facts only; every decision is zo-core's.
//!
//! Links and labels are followed on the composed tree: a click lands on a link when any of
//! its flat-tree ancestors is one (HTML `a`/`area`, SVG `a`, across shadow roots), and a
//! click on a `<label>` (or inside one) is a click on its control. The same facts describe
//! what the browser activates while an action acts ([`crate::effect_guard`]).
//!
//! A form's own properties are read through its prototype's getters: a field named `action`
//! or `elements` would otherwise stand in for them (DOM clobbering). What cannot be read is
//! left out, which the policy treats as unknown.

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;
use zo_core::page::short_label;
use zo_core::wire::{may_hold_secret, Action, FieldFacts, FormFacts, TargetFacts};
use zo_core::wire::{MAX_FIELD_NAME_CHARS, MAX_FORM_FIELDS, MAX_NAME_CHARS};

use crate::dom::{self, string_prop};
use crate::{composed, name, selector, tree};

/// What a click activates when it lands inside it (a label: its control).
const ACTIVATABLE: &str = "a[*|href], area[href], button, input, select, textarea, summary, \
    [role=\"button\"], [role=\"link\"], [role=\"menuitem\"], [role=\"tab\"], [role=\"option\"], \
    label";
/// A link: HTML `a`/`area` with `href`, SVG `a` with `href` or `xlink:href`.
const LINK: &str = "a[*|href], area[href]";

/// The element `action` really acts on, from the one its selector found: a fill's `<label>`
/// stands for its control, a click inside a control (or on an `<option>`) for the control,
/// also where the control is a component's inner one that it is slotted into.
pub fn target(action: &Action, el: Element) -> Element {
    let up = |sel: &str| composed::ancestors(&el).find(|a| dom::matches(a, sel));
    match action {
        Action::Fill { .. } if dom::tag(&el) == "label" => control(&el).unwrap_or(el),
        Action::Click { .. } if dom::tag(&el) == "option" => up("select").unwrap_or(el),
        Action::Click { .. } => match up(ACTIVATABLE) {
            Some(l) if dom::tag(&l) == "label" => control(&l).unwrap_or(l),
            Some(a) => a,
            None => el,
        },
        _ => el,
    }
}

/// A `<label>`'s labelled control.
fn control(label: &Element) -> Option<Element> {
    Reflect::get(label, &JsValue::from_str("control"))
        .ok()
        .filter(JsValue::is_object)
        .map(JsCast::unchecked_into)
}

/// The link `el` is or is shown inside (its nearest flat-tree ancestor that is one).
pub fn link(el: &Element) -> Option<Element> {
    composed::ancestors(el).find(|a| dom::matches(a, LINK))
}

/// A string property, or an SVG animated one's `baseVal`.
fn str_or_base(el: &JsValue, name: &str) -> Option<String> {
    let v = Reflect::get(el, &JsValue::from_str(name)).ok()?;
    v.as_string().or_else(|| string_prop(&v, "baseVal"))
}

/// The absolute address a link leads to (an SVG link's is resolved against its base URI).
fn href(link: &Element) -> Option<String> {
    let raw = str_or_base(link, "href")?;
    let base = link.base_uri().ok().flatten()?;
    web_sys::Url::new_with_base(&raw, &base)
        .ok()
        .map(|u| u.href())
}

/// `target` when it names another browsing context (empty: the document's `<base target>`).
fn other_context(target: Option<String>, el: &Element) -> Option<String> {
    let t = target.filter(|t| !t.is_empty()).or_else(|| {
        let doc = el.owner_document()?;
        doc.query_selector("base[target]")
            .ok()
            .flatten()?
            .get_attribute("target")
    })?;
    (!t.is_empty() && !t.eq_ignore_ascii_case("_self")).then_some(t)
}

/// The facts about `el`.
pub fn of(el: &Element) -> TargetFacts {
    describe(el, None)
}

/// The facts of `submitter` submitting `form` (also once the page took it out of the form).
pub fn of_submitter(submitter: &Element, form: &JsValue) -> TargetFacts {
    describe(submitter, Some(form))
}

fn describe(el: &Element, form: Option<&JsValue>) -> TargetFacts {
    let tag = dom::tag(el);
    let input_type = matches!(tag.as_str(), "input" | "button")
        .then(|| string_prop(el, "type"))
        .flatten();
    let link = link(el);
    let submits = match form {
        Some(f) => Some((f.clone(), form_facts(f, Some(el)))),
        None => submits(el, input_type.as_deref()),
    };
    let target = match (&link, &submits) {
        (Some(l), _) => other_context(str_or_base(l, "target"), l),
        (None, Some((form, _))) => {
            other_context(prop_of(el, form, "formtarget", "formTarget", "target"), el)
        }
        (None, None) => None,
    };
    TargetFacts {
        name: name(el, &tag, input_type.as_deref()),
        form: form_key(el),
        autocomplete: el.get_attribute("autocomplete").unwrap_or_default(),
        role: el.get_attribute("role"),
        href: link.as_ref().and_then(href),
        target,
        submits: submits.map(|(_, f)| f),
        tag,
        input_type,
    }
}

/// The facts of a form submitted without a submitter (`requestSubmit()`, implicit
/// submission): the form, with itself as what it submits.
pub fn of_form(form: &Element) -> TargetFacts {
    let target = other_context(own_getter(form, "target").and_then(|t| t.as_string()), form);
    TargetFacts {
        tag: dom::tag(form),
        name: name(form, "form", None),
        role: form.get_attribute("role"),
        target,
        submits: Some(form_facts(form, None)),
        ..TargetFacts::default()
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

/// The form a click on `el` submits, when it is a submit control of one (a `<button>` is one
/// unless its type says otherwise; `form=` is followed by the browser's `form`).
fn submits(el: &Element, input_type: Option<&str>) -> Option<(JsValue, FormFacts)> {
    if !matches!(input_type, Some("submit" | "image")) {
        return None;
    }
    let form = Reflect::get(el, &JsValue::from_str("form")).ok()?;
    if !form.is_object() {
        return None;
    }
    let facts = form_facts(&form, Some(el));
    Some((form, facts))
}

/// The submitter's own setting when it has the attribute (`formaction`: its `formAction`),
/// else the form's `prop`, read through its prototype.
fn prop_of(
    submitter: &Element,
    form: &JsValue,
    attr: &str,
    own: &str,
    prop: &str,
) -> Option<String> {
    if submitter.has_attribute(attr) {
        return string_prop(submitter, own);
    }
    own_getter(form, prop).and_then(|a| a.as_string())
}

/// What a submission of `form` by `submitter` sends where.
pub fn form_facts(form: &JsValue, submitter: Option<&Element>) -> FormFacts {
    let read = |attr: &str, own: &str, prop: &str| match submitter {
        Some(s) => prop_of(s, form, attr, own, prop),
        None => own_getter(form, prop).and_then(|a| a.as_string()),
    };
    let mut fields = Vec::new();
    if let Some(list) = own_getter(form, "elements").filter(JsValue::is_object) {
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
            if !may_hold_secret(&input_type, &autocomplete) {
                continue;
            }
            if fields.len() == MAX_FORM_FIELDS {
                break;
            }
            let mut called = name(&field, &dom::tag(&field), Some(&input_type));
            if let Some(n) = field.get_attribute("name") {
                called.push(' ');
                called.push_str(&n);
            }
            fields.push(FieldFacts {
                name: short_label(&called, MAX_FIELD_NAME_CHARS),
                input_type,
                autocomplete,
            });
        }
    }
    FormFacts {
        action: read("formaction", "formAction", "action"),
        method: read("formmethod", "formMethod", "method"),
        fields,
    }
}
