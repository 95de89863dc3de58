//! A real mouse click at a ready element's target point, as events on what the pointer lands
//! on there (the deepest element of the target's composed tree, so a component's inner
//! control sees it as the user's click): pointer/mouse over, enter and move, down (focus
//! moves to the nearest focusable element in the flat tree, as in browsers), up, then
//! `click`, which runs the activation behaviour (links follow, checkboxes toggle, forms
//! submit).

use web_sys::Element;

use crate::actionable::Ready;
use crate::composed;
use crate::dom;
use crate::events::Pointer;
use crate::failure::Failure;

/// Elements that take focus when clicked.
const FOCUSABLE: &str = "a[href], area[href], button, input, select, textarea, summary, \
    iframe, [tabindex], [contenteditable]:not([contenteditable=\"false\" i])";

/// Dispatches the click sequence on a ready element.
pub fn click(t: &Ready) -> Result<(), Failure> {
    let win = dom::owner_window(&t.el)?;
    let p = Pointer {
        win: &win,
        x: t.x,
        y: t.y,
    };
    let el = &t.under;
    p.pointer(el, "pointerover", 0)?;
    p.pointer(el, "pointerenter", 0)?;
    p.mouse(el, "mouseover", 0, 0)?;
    p.mouse(el, "mouseenter", 0, 0)?;
    p.pointer(el, "pointermove", 0)?;
    p.mouse(el, "mousemove", 0, 0)?;
    // A cancelled pointerdown suppresses the compatibility mouse events, not the click.
    let mouse_ok = p.pointer(el, "pointerdown", 1)?;
    if mouse_ok && p.mouse(el, "mousedown", 1, 1)? {
        focus(el);
    }
    p.pointer(el, "pointerup", 0)?;
    if mouse_ok {
        p.mouse(el, "mouseup", 0, 1)?;
    }
    p.mouse(el, "click", 0, 1)?;
    Ok(())
}

/// Focuses `el` or its nearest focusable flat-tree ancestor, as a mouse press does.
fn focus(el: &Element) {
    let focusable = composed::ancestors(el).find(|a| dom::matches(a, FOCUSABLE));
    if let Some(f) = focusable {
        let _ = dom::html(&f).focus();
    }
}
