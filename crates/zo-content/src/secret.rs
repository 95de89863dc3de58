//! Secret fields as the page declares or names them (passwords, payment card details, one-time
//! codes; the rule is `zo_core::page::secret_field::classify_named`, fed the field's names: its
//! labels, `aria-label`, placeholder, `name` and `id`), and markup with their values blanked. An
//! `<option>` of a secret `<select>` is as secret as its select. The page is never changed:
//! blanking happens on a copy in an inert document, where no script, custom element or image
//! load of the page runs. Selectors that could probe a secret field's value are refused on a
//! page that has one ([`probe_refused`]).

use wasm_bindgen::JsCast;
use web_sys::{Element, Node};
use zo_core::page::secret_field::{self, SecretKind};
use zo_core::page::selector_probe;

use crate::dom;
use crate::failure::Failure;
use crate::tree;

/// Elements that may be secret fields ([`kind`] decides).
const CANDIDATES: &str = "input, select, [type], [autocomplete], [aria-label], [name]";

/// The kind of secret `el` holds, if it is a secret field (or an option of one). Custom
/// elements (a hyphen in the tag) count as inputs: a design system's `<my-input
/// type="password">` wraps a password input and hands out its value.
pub fn kind(el: &Element) -> Option<SecretKind> {
    let tag = dom::tag(el);
    if matches!(tag.as_str(), "option" | "optgroup") {
        return el.closest("select").ok().flatten().and_then(|s| kind(&s));
    }
    let attr = |n: &str| el.get_attribute(n);
    secret_field::classify_named(
        &tag,
        attr("type").as_deref(),
        attr("autocomplete").as_deref(),
        &names(el),
    )
}

/// What a field is called, every source joined: its labels, `aria-label`, placeholder, `name`
/// and `id` (the words a person or a form reads it by).
fn names(el: &Element) -> String {
    let mut out = String::new();
    for n in ["aria-label", "placeholder", "name", "id", "title"] {
        if let Some(v) = el.get_attribute(n) {
            out.push(' ');
            out.push_str(&v);
        }
    }
    if let Ok(labels) = js_sys::Reflect::get(el, &"labels".into()) {
        if labels.is_object() {
            let list: &web_sys::NodeList = labels.unchecked_ref();
            for i in 0..list.length().min(8) {
                if let Some(text) = list.item(i).and_then(|l| l.text_content()) {
                    out.push(' ');
                    out.extend(text.chars().take(200));
                }
            }
        }
    }
    out
}

/// Whether an action's `selector` must be refused: it tests what a field holds
/// (`zo_core::page::selector_probe`) and the page has a secret field it could probe.
pub fn probe_refused(selector: &str) -> bool {
    if !selector_probe::tests_state(selector) {
        return false;
    }
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return true;
    };
    !secret_fields(&root).is_empty()
}

/// Which markup of an element to serialize.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Markup {
    Outer,
    Inner,
}

/// The element's `outerHTML` or `innerHTML` with every secret field's value blanked: the
/// `value` attribute of secret inputs set to `""` (React writes a controlled input's value
/// there) and the `selected` attribute of a secret select's options removed. Templates'
/// contents are covered too.
pub fn markup(el: &Element, which: Markup) -> Result<String, Failure> {
    let serialize = |e: &Element| match which {
        Markup::Outer => e.outer_html(),
        Markup::Inner => e.inner_html(),
    };
    if secret_fields(el).is_empty() {
        return Ok(serialize(el));
    }
    let inert = dom::owner_document(el)?
        .implementation()
        .and_then(|i| i.create_html_document_with_title(""))
        .map_err(|e| Failure::js("could not create a document to blank secret values in", &e))?;
    let copy: Element = inert
        .import_node_with_deep(el, true)
        .map_err(|e| Failure::js("could not copy the element to blank secret values", &e))?
        .unchecked_into();
    for field in secret_fields(&copy) {
        blank(&field);
    }
    Ok(serialize(&copy))
}

/// Blanks what a secret field holds in its markup.
fn blank(field: &Element) {
    if dom::tag(field) == "select" {
        for option in elements(field, "option[selected]") {
            let _ = option.remove_attribute("selected");
        }
    } else if field.has_attribute("value") {
        let _ = field.set_attribute("value", "");
    }
}

/// Secret fields among `root` and its descendants (template contents included).
pub fn fields_in(root: &Element) -> Vec<Element> {
    secret_fields(root)
}

/// Secret fields among `root` and its descendants, template contents included (walked with a
/// work list: nesting depth is up to the page).
fn secret_fields(root: &Element) -> Vec<Element> {
    let mut found = Vec::new();
    if kind(root).is_some() {
        found.push(root.clone());
    }
    let mut pending: Vec<Node> = vec![root.clone().into()];
    pending.extend(template_content(root));
    while let Some(node) = pending.pop() {
        for el in elements(&node, CANDIDATES) {
            if kind(&el).is_some() {
                found.push(el);
            }
        }
        for template in elements(&node, "template") {
            pending.extend(template_content(&template));
        }
    }
    found
}

/// The descendants of `node` matching `sel`.
fn elements(node: &Node, sel: &str) -> Vec<Element> {
    tree::query_elements(node, sel).unwrap_or_default()
}

/// The content fragment of a `<template>`.
fn template_content(el: &Element) -> Option<Node> {
    if dom::tag(el) != "template" {
        return None;
    }
    js_sys::Reflect::get(el, &"content".into())
        .ok()
        .filter(|c| c.is_object())
        .map(JsCast::unchecked_into)
}
