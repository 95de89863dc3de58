//! The DOM methods documents and shadow roots share (the `ParentNode` and
//! `DocumentOrShadowRoot` mixins), bound once for both: web-sys binds them once per interface,
//! and every binding is a separate import in the module and its JS glue. Also a slot's
//! `assignedNodes`, without the web-sys slot interface and its options dictionary.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Node, NodeList};

use crate::dict::Dict;

#[wasm_bindgen]
extern "C" {
    /// A document, shadow root or element.
    #[wasm_bindgen(extends = Node)]
    pub type Tree;

    #[wasm_bindgen(method, catch, js_name = querySelector)]
    fn query_selector(this: &Tree, selectors: &str) -> Result<Option<Element>, JsValue>;

    #[wasm_bindgen(method, catch, js_name = querySelectorAll)]
    fn query_selector_all(this: &Tree, selectors: &str) -> Result<NodeList, JsValue>;

    /// Only on documents and shadow roots.
    #[wasm_bindgen(method, js_name = elementFromPoint)]
    fn element_from_point(this: &Tree, x: f64, y: f64) -> Option<Element>;

    /// Only on documents and shadow roots.
    #[wasm_bindgen(method, js_name = elementsFromPoint)]
    fn elements_from_point(this: &Tree, x: f64, y: f64) -> js_sys::Array;

    /// Only on `<slot>` elements.
    #[wasm_bindgen(method, js_name = assignedNodes)]
    fn assigned_nodes(this: &Tree, options: &js_sys::Object) -> js_sys::Array;
}

fn tree(node: &Node) -> &Tree {
    node.unchecked_ref()
}

/// `node.querySelector(sel)`.
pub fn query(node: &Node, sel: &str) -> Result<Option<Element>, JsValue> {
    tree(node).query_selector(sel)
}

/// `node.querySelectorAll(sel)`.
pub fn query_all(node: &Node, sel: &str) -> Result<NodeList, JsValue> {
    tree(node).query_selector_all(sel)
}

/// The elements `node.querySelectorAll(sel)` finds, in document order.
pub fn query_elements(node: &Node, sel: &str) -> Result<Vec<Element>, JsValue> {
    let list = query_all(node, sel)?;
    // One plain loop for every such list the module reads: collecting an iterator chain
    // is larger code, once per chain.
    let mut out = Vec::new();
    for i in 0..list.length() {
        if let Some(n) = list.item(i) {
            if n.node_type() == crate::dom::ELEMENT_NODE {
                out.push(n.unchecked_into());
            }
        }
    }
    Ok(out)
}

/// `root.elementFromPoint(x, y)` of a document or shadow root.
pub fn element_from_point(root: &Node, x: f64, y: f64) -> Option<Element> {
    tree(root).element_from_point(x, y)
}

/// `root.elementsFromPoint(x, y)` of a document or shadow root: every element at the point,
/// topmost first.
pub fn elements_from_point(root: &Node, x: f64, y: f64) -> Vec<Element> {
    array_items(&tree(root).elements_from_point(x, y))
}

/// The items of a JS array the browser returned, typed as what they are.
pub fn array_items<T: JsCast>(array: &js_sys::Array) -> Vec<T> {
    let mut out = Vec::new();
    for i in 0..array.length() {
        out.push(array.get(i).unchecked_into());
    }
    out
}

/// The nodes shown in `slot`: those assigned to it, through nested slots, or its own children
/// when nothing is (`slot.assignedNodes({flatten: true})`).
pub fn assigned_nodes(slot: &Element) -> js_sys::Array {
    tree(slot).assigned_nodes(&Dict::new().set("flatten", true).finish())
}
