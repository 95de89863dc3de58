//! Unique CSS selectors for elements, preferring anchors that survive a reload or a re-render: the
//! id (unless it looks generated: `zo_core::page::looks_generated`), a test id, `name`,
//! `aria-label`, the role with what names it (`title`, `placeholder`, `alt`; a link's `href`); then
//! one of those under the nearest ancestor that has a stable unique anchor (`[data-testid="cart"]
//! button`); a structural `>` path with `:nth-of-type` (from that ancestor) only as the last
//! resort. A candidate is only returned after checking it resolves, through the same lookup actions
//! use, to exactly this element and matches nothing else in any searched root. Inside a shadow root
//! or iframe whose elements no plain selector singles out, `HOST >>> INNER` is used (see `locate`).

use wasm_bindgen::prelude::*;
use web_sys::Element;
use zo_core::page::{looks_generated, quote_string};

use crate::dom;
use crate::locate::{self, count_in, query_in, Root, PIERCE};

#[wasm_bindgen]
extern "C" {
    /// The browser's `CSS.escape()`: the algorithm `zo_core::page::escape_ident` implements,
    /// without its code in the module.
    #[wasm_bindgen(js_namespace = CSS, js_name = escape)]
    pub fn escape_ident(ident: &str) -> String;
}

/// `prefix[name="value"]`, the attribute test as `zo_core::page::attribute_equals` writes it
/// (`name` needs no escaping: it is one of ours).
fn with_attr(prefix: &str, name: &str, value: &str) -> String {
    let mut s = String::from(prefix);
    s.push('[');
    s.push_str(name);
    s.push('=');
    s.push_str(&quote_string(value));
    s.push(']');
    s
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
    if let Some(c) = in_tree(el, roots) {
        return Some(c);
    }
    // Not unique page-wide: single it out inside its own shadow root or frame.
    let (own, host) = locate::own_root(el);
    let host_sel = unique_selector(&host?, roots)?;
    let own = [own];
    let inner = in_tree(el, &own)?;
    let full = format!("{host_sel} {PIERCE} {inner}");
    resolves_exactly(&full, el, roots).then_some(full)
}

/// The best selector of `el` that is unique across `roots`: its own stable anchors, then
/// one under a stable ancestor, then the structural path.
fn in_tree(el: &Element, roots: &[Root]) -> Option<String> {
    let own = anchors(el);
    if let Some(c) = own.iter().find(|c| resolves_exactly(c, el, roots)) {
        return Some(c.clone());
    }
    let anchor = stable_ancestor(el, roots);
    if let Some((_, a)) = &anchor {
        let tag = escape_ident(&dom::tag(el));
        let typed = el
            .get_attribute("type")
            .map(|t| with_attr(&tag, "type", &t));
        let scoped = own.iter().cloned().chain(typed).chain([tag]);
        if let Some(c) = scoped
            .map(|c| format!("{a} {c}"))
            .find(|c| resolves_exactly(c, el, roots))
        {
            return Some(c);
        }
    }
    let path = structural_path(el, anchor.as_ref());
    resolves_exactly(&path, el, roots).then_some(path)
}

/// The nearest ancestor (in `el`'s own tree) with an anchor unique across `roots`.
fn stable_ancestor(el: &Element, roots: &[Root]) -> Option<(Element, String)> {
    let mut cur = el.parent_element();
    while let Some(a) = cur {
        if let Some(c) = anchors(&a)
            .into_iter()
            .find(|c| resolves_exactly(c, &a, roots))
        {
            return Some((a, c));
        }
        cur = a.parent_element();
    }
    None
}

/// Selectors from what names `el` stably, most stable first: a non-generated id, test ids,
/// `name`, `aria-label`, the role with its name, other naming attributes, a link's `href`.
fn anchors(el: &Element) -> Vec<String> {
    let tag = escape_ident(&dom::tag(el));
    let attr = |n: &str| el.get_attribute(n).filter(|v| !v.trim().is_empty());
    let mut out = Vec::new();
    let id = el.id();
    if !looks_generated(&id) {
        out.push(format!("#{}", escape_ident(&id)));
    }
    for name in TEST_ID_ATTRS {
        if let Some(v) = attr(name) {
            out.push(with_attr("", name, &v));
            out.push(with_attr(&tag, name, &v));
        }
    }
    if let Some(v) = attr("name") {
        out.push(with_attr(&tag, "name", &v));
    }
    let role = attr("role").map(|r| with_attr(&tag, "role", &r));
    for name in ["aria-label", "title", "placeholder", "alt"] {
        if let Some(v) = attr(name) {
            out.push(with_attr(&tag, name, &v));
            if let Some(r) = &role {
                out.push(with_attr(r, name, &v));
            }
        }
    }
    if let (Some(v), "a") = (attr("href"), tag.as_str()) {
        out.push(with_attr("a", "href", &v));
    }
    out
}

/// True when `sel` finds `el` first and matches nothing else anywhere.
pub fn resolves_exactly(sel: &str, el: &Element, roots: &[Root]) -> bool {
    matches!(query_in(roots, sel), Ok(Some(found)) if found == *el) && count_in(roots, sel) == 1
}

/// `ANCHOR > div:nth-of-type(2) > button`, from the stable ancestor (or the top of the
/// element's tree) down to `el`.
fn structural_path(el: &Element, anchor: Option<&(Element, String)>) -> String {
    let mut parts = Vec::new();
    let mut cur = Some(el.clone());
    while let Some(node) = cur {
        if let Some((_, sel)) = anchor.filter(|(a, _)| *a == node) {
            parts.push(sel.clone());
            break;
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
