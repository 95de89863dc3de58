//! Secret fields as the page declares them (passwords, payment card details, one-time codes;
//! the rule is `zo_core::page::secret_field`), and markup with their values blanked. The page is
//! never changed: blanking happens on a copy in an inert document, where no script, custom
//! element or image load of the page runs.

use wasm_bindgen::JsCast;
use web_sys::{Element, Node};
use zo_core::page::secret_field::{self, SecretKind};

use crate::dom;
use crate::failure::Failure;
use crate::tree;

/// Elements that may be secret fields ([`kind`] decides).
const CANDIDATES: &str = "input, select, [type], [autocomplete]";

/// The kind of secret `el` holds, if it is a secret field. Custom elements (a hyphen in the
/// tag) count as inputs: a design system's `<my-input type="password">` wraps a password input
/// and hands out its value.
pub fn kind(el: &Element) -> Option<SecretKind> {
    let tag = dom::tag(el);
    let tag = if tag.contains('-') { "input" } else { &tag };
    secret_field::classify(
        tag,
        el.get_attribute("type").as_deref(),
        el.get_attribute("autocomplete").as_deref(),
    )
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
    let Ok(list) = tree::query_all(node, sel) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(JsCast::unchecked_into)
        .collect()
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
