//! The composed (flat) tree the page is rendered from: a shadow host shows its shadow tree in
//! place of its children, and what is slotted into a `<slot>` shows there. Layout follows it
//! (scroll containers, what a pointer lands on), and so do accessible names; selectors and
//! the DOM's own parent links do not.

use wasm_bindgen::JsCast;
use web_sys::{Element, Node, ShadowRoot};

use crate::dom;
use crate::tree;

/// The slot `node` is rendered in, if it is slotted.
fn assigned_slot(node: &Node) -> Option<Node> {
    js_sys::Reflect::get(node, &"assignedSlot".into())
        .ok()
        .filter(|s| s.is_object())
        .map(JsCast::unchecked_into)
}

/// Flat-tree parent of `node`: its slot when slotted, else its parent, a shadow root's host
/// for the top of a shadow tree.
pub fn parent(node: &Node) -> Option<Node> {
    if let Some(slot) = assigned_slot(node) {
        return Some(slot);
    }
    let parent = node.parent_node()?;
    if parent.node_type() == dom::FRAGMENT_NODE {
        return Some(parent.unchecked_ref::<ShadowRoot>().host().into());
    }
    Some(parent)
}

/// The element `node` is, or its flat-tree parent element.
fn up(node: &Node) -> Option<Element> {
    let mut cur = parent(node);
    while let Some(n) = cur {
        if n.node_type() == dom::ELEMENT_NODE {
            return Some(n.unchecked_into());
        }
        cur = parent(&n);
    }
    None
}

/// `el`, then each of its flat-tree ancestor elements up to the document's root element.
pub fn ancestors(el: &Element) -> impl Iterator<Item = Element> {
    std::iter::successors(Some(el.clone()), |e| up(e))
}

/// True when `inner` is `outer` or shown inside it (in its shadow tree, or slotted into it).
pub fn contains(outer: &Element, inner: &Element) -> bool {
    ancestors(inner).any(|a| a == *outer)
}

/// The hosts of the shadow trees `el` is in, innermost first.
pub fn hosts(el: &Element) -> Vec<Element> {
    let mut out = Vec::new();
    let mut node = el.get_root_node();
    while node.node_type() == dom::FRAGMENT_NODE {
        let host = node.unchecked_ref::<ShadowRoot>().host();
        node = host.get_root_node();
        out.push(host);
    }
    out
}

/// The nodes shown as `node`'s children: a host's shadow tree, a slot's assigned nodes (its
/// own children when nothing is assigned), else its children.
pub fn children(node: &Node) -> Vec<Node> {
    if node.node_type() == dom::ELEMENT_NODE {
        let el: &Element = node.unchecked_ref();
        if let Some(sr) = el.shadow_root() {
            return list(&sr.child_nodes());
        }
        if dom::tag(el) == "slot" {
            return tree::array_items(&tree::assigned_nodes(el));
        }
    }
    list(&node.child_nodes())
}

fn list(nodes: &web_sys::NodeList) -> Vec<Node> {
    let mut out = Vec::new();
    for i in 0..nodes.length() {
        out.extend(nodes.item(i));
    }
    out
}
