//! The hit test before a pointer action: what a real pointer at a point would land on, and
//! whether that is the target. The target's composed tree counts as the target: what is
//! rendered inside it (its shadow tree, what is slotted into it), and the shadow hosts it is
//! in (a hit on text slotted into a component reports the component's host), as does a
//! `<label>` of the target. Anything else would receive the click instead: the target is
//! covered.

use wasm_bindgen::JsValue;
use web_sys::Element;

use crate::composed;
use crate::dom;
use crate::failure::Failure;
use crate::locate;
use crate::selector;
use crate::tree;

/// Where a pointer at a point lands.
pub enum Hit {
    /// On the target, at this element of its composed tree (the deepest one under the point,
    /// or the target itself when the point is on the host it is in).
    Target(Element),
    /// On something else: its selector (or description).
    Covered(String),
}

/// The deepest element at `(x, y)` in `el`'s document, descending into open shadow roots.
/// Where a shadow root reports its own host, the point is on text the host has slotted (or on
/// the host's own box): then the topmost element of the shadow tree there is what that text
/// is shown in, and what a real pointer's events go through.
fn element_at(el: &Element, x: f64, y: f64) -> Result<Option<Element>, Failure> {
    let doc = dom::owner_document(el)?;
    let Some(mut hit) = tree::element_from_point(&doc, x, y) else {
        return Ok(None);
    };
    // Each step goes into the shadow tree of the element before: it ends.
    while let Some(sr) = hit.shadow_root() {
        let root: &web_sys::Node = &sr;
        let inside = |e: &Element| e.get_root_node() == *root;
        let inner = tree::element_from_point(&sr, x, y)
            .filter(inside)
            .or_else(|| {
                tree::elements_from_point(&sr, x, y)
                    .into_iter()
                    .find(inside)
            });
        match inner {
            Some(inner) => hit = inner,
            None => break,
        }
    }
    Ok(Some(hit))
}

/// What a pointer at `(x, y)` would land on, judged against `target`.
pub fn at(target: &Element, x: f64, y: f64) -> Result<Hit, Failure> {
    let Some(hit) = element_at(target, x, y)? else {
        return Ok(Hit::Covered(
            "nothing (the point is outside the page)".to_string(),
        ));
    };
    if composed::contains(target, &hit) {
        return Ok(Hit::Target(hit));
    }
    if composed::hosts(target).contains(&hit) || label_of(&hit, target) {
        return Ok(Hit::Target(target.clone()));
    }
    let roots = locate::roots(&dom::document()?);
    let name = selector::unique_selector(&hit, &roots).unwrap_or_else(|| dom::describe(&hit));
    Ok(Hit::Covered(name))
}

/// A click on a `<label>` reaches its control.
fn label_of(hit: &Element, target: &Element) -> bool {
    let Ok(Some(label)) = hit.closest("label") else {
        return false;
    };
    let control = js_sys::Reflect::get(&label, &JsValue::from_str("control")).ok();
    let target: &JsValue = target.as_ref();
    matches!(control, Some(c) if c == *target)
}
