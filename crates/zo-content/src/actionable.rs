//! Actionability checks before acting, in the spirit of Playwright: the element is attached,
//! visible, stable (the same box across an animation frame), enabled (not disabled nor
//! aria-disabled), editable when filling (not read-only), and receives events at its target
//! point after being scrolled into view instantly (hit test). A check that fails is retried
//! when the page changes (mutation, transition or animation end) until the deadline, then
//! reported as a typed error naming the reason (and the covering element's selector).

use std::cell::RefCell;
use std::rc::Rc;

use futures::channel::oneshot;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, EventTarget, ScrollIntoViewOptions};
use zo_core::protocol::ActionErrorCode;

use crate::dict::Dict;
use crate::dom;
use crate::failure::Failure;
use crate::locate::{self, Observer};
use crate::selector;
use crate::target::Target;
use crate::tree;

/// What the action needs from its element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Needs {
    /// Text can be typed into it (fill of inputs and textareas).
    pub editable: bool,
    /// The pointer must reach it (click, select, contenteditable).
    pub hit: bool,
}

/// An element ready for the action, with the viewport point (in its own window) to use.
#[derive(Debug, Clone)]
pub struct Ready {
    pub el: Element,
    pub x: f64,
    pub y: f64,
}

/// Why one check round failed.
enum Blocked {
    Detached,
    Hidden,
    Disabled,
    ReadOnly,
    Unstable,
    Covered(String),
}

/// Waits until `el` (found by `t`) is actionable, at most until the target's deadline. When
/// it is removed meanwhile, the selector is looked up again (the page re-rendered it).
pub async fn ready_element(t: &Target<'_>, el: &Element, needs: Needs) -> Result<Ready, Failure> {
    let mut el = el.clone();
    loop {
        let blocked = match check(&el, needs).await? {
            Ok(r) => return Ok(r),
            Err(b) => b,
        };
        if t.expired() {
            return Err(failure(t, &el, blocked));
        }
        match blocked {
            Blocked::Detached => {
                el = t
                    .find()
                    .await
                    .map_err(|_| failure(t, &el, Blocked::Detached))?;
            }
            Blocked::Unstable => {}
            _ => page_change(&el, t).await?,
        }
    }
}

fn failure(t: &Target<'_>, el: &Element, why: Blocked) -> Failure {
    let what = t.what(el);
    let after = format!("still after {} ms", t.timeout_ms());
    match why {
        Blocked::Detached => Failure::new(
            ActionErrorCode::Detached,
            format!("{what} was removed from the page and nothing matching replaced it"),
        ),
        Blocked::Hidden => Failure::new(
            ActionErrorCode::Hidden,
            format!("{what} is hidden (no visible box; {after})"),
        ),
        Blocked::Disabled => Failure::new(
            ActionErrorCode::Disabled,
            format!("{what} is disabled ({after})"),
        ),
        Blocked::ReadOnly => Failure::new(
            ActionErrorCode::ReadOnly,
            format!("{what} is read-only ({after})"),
        ),
        Blocked::Unstable => Failure::new(
            ActionErrorCode::Unstable,
            format!("{what} kept moving and never held still ({after})"),
        ),
        Blocked::Covered(by) => Failure::new(
            ActionErrorCode::Covered,
            format!("{what} is covered by {by}, which would receive the click ({after})"),
        ),
    }
}

/// One round of checks. `Ok(Err(..))` is a retryable block; `Err` a hard failure.
async fn check(el: &Element, needs: Needs) -> Result<Result<Ready, Blocked>, Failure> {
    if !el.is_connected() {
        return Ok(Err(Blocked::Detached));
    }
    let win = dom::owner_window(el)?;
    if !is_visible(el) {
        return Ok(Err(Blocked::Hidden));
    }
    if is_disabled(el) {
        return Ok(Err(Blocked::Disabled));
    }
    if needs.editable && is_read_only(el) {
        return Ok(Err(Blocked::ReadOnly));
    }
    scroll_into_view_if_needed(el, &win);
    // Stable: the same box now and at the next animation frame (motion between two frames
    // shows as a different box), so a ready element is acted on within one frame.
    let before = rect(el);
    dom::animation_frame(&win).await;
    if !el.is_connected() {
        return Ok(Err(Blocked::Detached));
    }
    let after = rect(el);
    if before != after {
        return Ok(Err(Blocked::Unstable));
    }
    if after.2 <= 0.0 || after.3 <= 0.0 {
        return Ok(Err(Blocked::Hidden));
    }
    let (x, y) = target_point(after, &win);
    if needs.hit {
        if let Some(by) = covered_by(el, x, y)? {
            return Ok(Err(Blocked::Covered(by)));
        }
    }
    Ok(Ok(Ready {
        el: el.clone(),
        x,
        y,
    }))
}

/// `(left, top, width, height)` of the border box.
pub fn rect(el: &Element) -> (f64, f64, f64, f64) {
    let r = el.get_bounding_client_rect();
    (r.left(), r.top(), r.width(), r.height())
}

/// Has a box and is not `visibility: hidden`.
pub fn is_visible(el: &Element) -> bool {
    let (_, _, w, h) = rect(el);
    if w <= 0.0 || h <= 0.0 {
        return false;
    }
    let Ok(win) = dom::owner_window(el) else {
        return true;
    };
    match win.get_computed_style(el) {
        Ok(Some(style)) => {
            let v = style.get_property_value("visibility").unwrap_or_default();
            v != "hidden" && v != "collapse"
        }
        _ => true,
    }
}

/// `:disabled` (form controls, fieldsets included) or `aria-disabled="true"` on it or an
/// ancestor.
pub fn is_disabled(el: &Element) -> bool {
    el.matches(":disabled").unwrap_or(false)
        || matches!(el.closest("[aria-disabled=\"true\" i]"), Ok(Some(_)))
}

/// A `readonly` input or textarea, or `aria-readonly="true"`.
pub fn is_read_only(el: &Element) -> bool {
    let t = dom::tag(el);
    ((t == "input" || t == "textarea") && el.has_attribute("readonly"))
        || el
            .get_attribute("aria-readonly")
            .is_some_and(|v| v.eq_ignore_ascii_case("true"))
}

fn scroll_into_view_if_needed(el: &Element, win: &web_sys::Window) {
    let (l, t, w, h) = rect(el);
    let vw = win
        .inner_width()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    let vh = win
        .inner_height()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    if l >= 0.0 && t >= 0.0 && l + w <= vw && t + h <= vh {
        return;
    }
    let opts: ScrollIntoViewOptions = Dict::new()
        .set("behavior", "instant")
        .set("block", "center")
        .set("inline", "center")
        .finish();
    el.scroll_into_view_with_scroll_into_view_options(&opts);
}

/// Centre of the part of the box inside the viewport.
fn target_point(r: (f64, f64, f64, f64), win: &web_sys::Window) -> (f64, f64) {
    let (l, t, w, h) = r;
    let vw = win
        .inner_width()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(l + w);
    let vh = win
        .inner_height()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(t + h);
    let (x0, x1) = (l.max(0.0), (l + w).min(vw));
    let (y0, y1) = (t.max(0.0), (t + h).min(vh));
    let x = if x1 > x0 {
        (x0 + x1) / 2.0
    } else {
        l + w / 2.0
    };
    let y = if y1 > y0 {
        (y0 + y1) / 2.0
    } else {
        t + h / 2.0
    };
    (x, y)
}

/// The deepest element at `(x, y)` in `el`'s document, descending into open shadow roots.
fn hit_element(el: &Element, x: f64, y: f64) -> Result<Option<Element>, Failure> {
    let doc = dom::owner_document(el)?;
    let Some(mut hit) = tree::element_from_point(&doc, x, y) else {
        return Ok(None);
    };
    while let Some(sr) = hit.shadow_root() {
        match tree::element_from_point(&sr, x, y) {
            Some(inner) if inner != hit => hit = inner,
            _ => break,
        }
    }
    Ok(Some(hit))
}

/// The selector of whatever would receive a click at `(x, y)` instead of `el`, if anything.
fn covered_by(el: &Element, x: f64, y: f64) -> Result<Option<String>, Failure> {
    let Some(hit) = hit_element(el, x, y)? else {
        return Ok(Some("nothing (the point is outside the page)".to_string()));
    };
    if dom::composed_contains(el, &hit) || label_of_target(&hit, el) {
        return Ok(None);
    }
    let roots = locate::roots(&dom::document()?);
    let name = selector::unique_selector(&hit, &roots).unwrap_or_else(|| dom::describe(&hit));
    Ok(Some(name))
}

/// A click on a `<label>` reaches its control: accept a hit on the target's label.
fn label_of_target(hit: &Element, target: &Element) -> bool {
    let Ok(Some(label)) = hit.closest("label") else {
        return false;
    };
    let control = js_sys::Reflect::get(&label, &JsValue::from_str("control")).ok();
    let target: &JsValue = target.as_ref();
    matches!(control, Some(c) if c == *target)
}

/// Resolves on the next change that could unblock `el`: a DOM mutation in any searched root,
/// or the end of a CSS transition or animation in its document; or at the deadline.
async fn page_change(el: &Element, t: &Target<'_>) -> Result<(), Failure> {
    let (tx, rx) = oneshot::channel::<()>();
    let tx = Rc::new(RefCell::new(Some(tx)));
    let fire = {
        let tx = tx.clone();
        move || {
            if let Some(t) = tx.borrow_mut().take() {
                let _ = t.send(());
            }
        }
    };
    let roots = locate::roots(&dom::document()?);
    let _observer = Observer::new(&roots, fire.clone())?;
    let doc: EventTarget = dom::owner_document(el)?.unchecked_into();
    let _listeners = Listeners::new(doc, &["transitionend", "animationend", "scroll"], fire);
    let timer = gloo_timers::future::TimeoutFuture::new(t.remaining_ms());
    futures::pin_mut!(rx);
    let _ = futures::future::select(rx, timer).await;
    Ok(())
}

/// Capturing event listeners removed when dropped (also when the awaiting future is dropped).
struct Listeners {
    target: EventTarget,
    names: &'static [&'static str],
    callback: Closure<dyn FnMut()>,
}

impl Listeners {
    fn new(
        target: EventTarget,
        names: &'static [&'static str],
        f: impl FnMut() + 'static,
    ) -> Listeners {
        let callback = Closure::<dyn FnMut()>::new(f);
        for ev in names {
            let _ = target.add_event_listener_with_callback_and_bool(
                ev,
                callback.as_ref().unchecked_ref(),
                true,
            );
        }
        Listeners {
            target,
            names,
            callback,
        }
    }
}

impl Drop for Listeners {
    fn drop(&mut self) {
        for ev in self.names {
            let _ = self.target.remove_event_listener_with_callback_and_bool(
                ev,
                self.callback.as_ref().unchecked_ref(),
                true,
            );
        }
    }
}
