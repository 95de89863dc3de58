//! Actionability checks before acting, in the spirit of Playwright: the element is attached,
//! visible, stable (the same box across an animation frame), enabled (judged on its composed
//! tree: see [`is_disabled`]), editable when filling (not read-only), and, once scrolled into
//! view through every scroll container it is in ([`crate::in_view`]), receives the pointer at
//! its target point ([`crate::hit`]). A check that fails is retried when the page changes
//! (mutation, transition or animation end, scroll) until the deadline, then reported as a
//! typed error naming the reason (and the covering element's selector).

use std::cell::RefCell;
use std::rc::Rc;

use futures::channel::oneshot;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, EventTarget};
use zo_core::wire::ActionErrorCode;

use crate::composed;
use crate::dom;
use crate::failure::Failure;
use crate::hit::{self, Hit};
use crate::in_view::{self, Rect};
use crate::locate::{self, Observer};
use crate::settle;
use crate::target::Target;

/// What the action needs from its element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Needs {
    /// Text can be typed into it (fill of inputs and textareas).
    pub editable: bool,
    /// The pointer must reach it (click, a toggle, contenteditable).
    pub hit: bool,
}

/// An element ready for the action, with the viewport point (in its own window) to use.
#[derive(Debug, Clone)]
pub struct Ready {
    pub el: Element,
    /// What a pointer at the point lands on: the deepest element of `el`'s composed tree
    /// there (`el` itself when the action needs no hit test).
    pub under: Element,
    pub x: f64,
    pub y: f64,
}

/// Why one check round failed.
enum Blocked {
    Detached,
    Hidden,
    /// Scrolled out of sight inside an ancestor that cannot scroll to it.
    Clipped,
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
    let (code, message) = match why {
        Blocked::Detached => (
            ActionErrorCode::Detached,
            format!("{what} was removed from the page and nothing matching replaced it"),
        ),
        Blocked::Hidden => (
            ActionErrorCode::Hidden,
            format!("{what} is hidden (no visible box; {after})"),
        ),
        Blocked::Clipped => (
            ActionErrorCode::Hidden,
            format!("{what} is out of sight in a container that cannot scroll to it ({after})"),
        ),
        Blocked::Disabled => (
            ActionErrorCode::Disabled,
            format!("{what} is disabled ({after})"),
        ),
        Blocked::ReadOnly => (
            ActionErrorCode::ReadOnly,
            format!("{what} is read-only ({after})"),
        ),
        Blocked::Unstable => (
            ActionErrorCode::Unstable,
            format!("{what} kept moving and never held still ({after})"),
        ),
        Blocked::Covered(by) => (
            ActionErrorCode::Covered,
            format!("{what} is covered by {by}, which would receive the click ({after})"),
        ),
    };
    Failure::new(code, message)
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
    in_view::scroll_into_view(el, &win);
    // Stable: the same box now and at the next animation frame (motion between two frames
    // shows as a different box), so a ready element is acted on within one frame; or the
    // same box across the last frame of the settle just before and now, which needs no
    // frame of its own ([`settle::steady`]).
    let after = if settle::steady(el) {
        Rect::of(el)
    } else {
        let before = Rect::of(el);
        dom::animation_frame(&win).await;
        if !el.is_connected() {
            return Ok(Err(Blocked::Detached));
        }
        let after = Rect::of(el);
        if before != after {
            return Ok(Err(Blocked::Unstable));
        }
        after
    };
    if after.width() <= 0.0 || after.height() <= 0.0 {
        return Ok(Err(Blocked::Hidden));
    }
    let Some(part) = in_view::visible_part(el, &win) else {
        return Ok(Err(Blocked::Clipped));
    };
    let (x, y) = part.centre();
    let under = if needs.hit {
        match hit::at(el, x, y)? {
            // What the pointer lands on inside the target may be disabled on its own (the
            // inner control of a component).
            Hit::Target(under) if is_disabled(&under) => return Ok(Err(Blocked::Disabled)),
            Hit::Target(under) => under,
            Hit::Covered(by) => return Ok(Err(Blocked::Covered(by))),
        }
    } else {
        el.clone()
    };
    Ok(Ok(Ready {
        el: el.clone(),
        under,
        x,
        y,
    }))
}

/// Has a box and is not `visibility: hidden`.
pub fn is_visible(el: &Element) -> bool {
    let r = Rect::of(el);
    if r.width() <= 0.0 || r.height() <= 0.0 {
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

/// Ancestors that disable what they show: a disabled button or select (and what is slotted
/// into it), `aria-disabled="true"`, `inert`.
const DISABLING: &str =
    "button:disabled, select:disabled, optgroup:disabled, [aria-disabled=\"true\" i], [inert]";

thread_local! {
    static DISABLING_SEL: dom::Selector = dom::Selector::new(DISABLING);
}

/// Disabled, judged on the composed tree: the element is `:disabled` (form controls, inside a
/// disabled fieldset too), or it or a flat-tree ancestor (the hosts of the components it is
/// in, the control its slot is in) is a disabled button or select, `aria-disabled="true"`,
/// `inert`, or a custom element with a `disabled` attribute (a component's host).
pub fn is_disabled(el: &Element) -> bool {
    dom::matches(el, ":disabled")
        || composed::ancestors(el).any(|a| {
            DISABLING_SEL.with(|s| s.matches(&a))
                || (a.has_attribute("disabled") && dom::tag(&a).contains('-'))
        })
}

/// A `readonly` input or textarea, or `aria-readonly="true"`.
pub fn is_read_only(el: &Element) -> bool {
    let t = dom::tag(el);
    ((t == "input" || t == "textarea") && el.has_attribute("readonly"))
        || el
            .get_attribute("aria-readonly")
            .is_some_and(|v| v.eq_ignore_ascii_case("true"))
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
