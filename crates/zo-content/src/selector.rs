//! Unique CSS selectors for elements: the id, then `name`, a test id, `aria-label`, then a
//! structural `>` path (anchored at the nearest ancestor with a unique id). A candidate is
//! only returned after checking it resolves, through the same lookup actions use, to exactly
//! this element and matches nothing else in any searched root. Inside a shadow root or iframe
//! whose elements no plain selector singles out, `HOST >>> INNER` is used (see `locate`).

use wasm_bindgen::prelude::*;
use web_sys::Element;
use zo_core::page::quote_string;

use crate::dom;
use crate::locate::{self, count_in, query_in, Root, PIERCE};

#[wasm_bindgen]
extern "C" {
    /// The browser's `CSS.escape()`: the algorithm `zo_core::page::escape_ident` implements,
    /// without its code in the module.
    #[wasm_bindgen(js_namespace = CSS, js_name = escape)]
    pub fn escape_ident(ident: &str) -> String;
}

/// `[name="value"]`, as `zo_core::page::attribute_equals` writes it.
fn attribute_equals(name: &str, value: &str) -> String {
    format!("[{}={}]", escape_ident(name), quote_string(value))
}

/// Attributes that name an element for tests, most common first.
const TEST_ID_ATTRS: [&str; 5] = [
    "data-testid",
    "data-test-id",
    "data-test",
    "data-qa",
    "data-cy",
];

/// A selector that resolves to exactly `el` across `roots`, if one can be built.
pub fn unique_selector(el: &Element, roots: &[Root]) -> Option<String> {
    if let Some(c) = candidates(el, roots)
        .into_iter()
        .find(|c| resolves_exactly(c, el, roots))
    {
        return Some(c);
    }
    // Not unique page-wide: single it out inside its own shadow root or frame.
    let (own, host) = locate::own_root(el);
    let host_sel = unique_selector(&host?, roots)?;
    let own = [own];
    candidates(el, &own)
        .into_iter()
        .filter(|c| resolves_exactly(c, el, &own))
        .map(|c| format!("{host_sel} {PIERCE} {c}"))
        .find(|full| resolves_exactly(full, el, roots))
}

/// id, name, test ids, aria-label, then the structural path, in order of preference.
fn candidates(el: &Element, roots: &[Root]) -> Vec<String> {
    let tag = escape_ident(&dom::tag(el));
    let mut candidates = Vec::new();
    let id = el.id();
    if !id.is_empty() {
        candidates.push(format!("#{}", escape_ident(&id)));
    }
    if let Some(name) = el.get_attribute("name").filter(|v| !v.is_empty()) {
        candidates.push(format!("{tag}{}", attribute_equals("name", &name)));
    }
    for attr in TEST_ID_ATTRS {
        if let Some(v) = el.get_attribute(attr).filter(|v| !v.is_empty()) {
            candidates.push(attribute_equals(attr, &v));
            candidates.push(format!("{tag}{}", attribute_equals(attr, &v)));
        }
    }
    if let Some(v) = el.get_attribute("aria-label").filter(|v| !v.is_empty()) {
        candidates.push(format!("{tag}{}", attribute_equals("aria-label", &v)));
    }
    candidates.push(structural_path(el, roots));
    candidates
}

/// True when `sel` finds `el` first and matches nothing else anywhere.
pub fn resolves_exactly(sel: &str, el: &Element, roots: &[Root]) -> bool {
    matches!(query_in(roots, sel), Ok(Some(found)) if found == *el) && count_in(roots, sel) == 1
}

/// `#anchor > div:nth-of-type(2) > button`, from the nearest uniquely-id'd ancestor (or the
/// top of the element's tree) down to `el`.
fn structural_path(el: &Element, roots: &[Root]) -> String {
    let mut parts = Vec::new();
    let mut cur = Some(el.clone());
    while let Some(node) = cur {
        let id = node.id();
        if !id.is_empty() && node != *el {
            let anchor = format!("#{}", escape_ident(&id));
            if resolves_exactly(&anchor, &node, roots) {
                parts.push(anchor);
                break;
            }
        }
        parts.push(step(&node));
        cur = node.parent_element();
    }
    parts.reverse();
    dom::join(&parts, " > ")
}

/// `tag` or `tag:nth-of-type(k)` when siblings share the tag.
fn step(el: &Element) -> String {
    let name = dom::tag(el);
    let tag = escape_ident(&name);
    let Some(parent) = el.parent_node() else {
        return tag;
    };
    let children = parent.child_nodes();
    let (mut index, mut same) = (0, 0);
    for i in 0..children.length() {
        let Some(c) = children.item(i) else { continue };
        if c.node_type() != dom::ELEMENT_NODE {
            continue;
        }
        let ce: &Element = wasm_bindgen::JsCast::unchecked_ref(&c);
        if dom::tag(ce) == name {
            same += 1;
            if ce == el {
                index = same;
            }
        }
    }
    if same > 1 {
        format!("{tag}:nth-of-type({index})")
    } else {
        tag
    }
}
