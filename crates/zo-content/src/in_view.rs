//! Bringing an element into view before acting on it, as a user scrolls to it: each scroll
//! container it is in, nearest first (along the flat tree, so containers inside a component's
//! shadow tree count), is scrolled instantly until the element is inside it, then its window.
//! The pointer then goes to the centre of the part of the element that shows through every
//! clipping ancestor and the viewport.

use web_sys::{Element, ScrollIntoViewOptions, ScrollToOptions, Window};

use crate::composed;
use crate::dict::Dict;
use crate::dom;

/// A box in viewport coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl Rect {
    pub fn of(el: &Element) -> Rect {
        let r = el.get_bounding_client_rect();
        Rect {
            left: r.left(),
            top: r.top(),
            right: r.right(),
            bottom: r.bottom(),
        }
    }

    /// The box an element shows its content in: inside its borders, without scrollbars.
    fn client(el: &Element) -> Rect {
        let b = Rect::of(el);
        let left = b.left + f64::from(el.client_left());
        let top = b.top + f64::from(el.client_top());
        Rect {
            left,
            top,
            right: left + f64::from(el.client_width()),
            bottom: top + f64::from(el.client_height()),
        }
    }

    fn viewport(win: &Window) -> Rect {
        let size = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64());
        Rect {
            left: 0.0,
            top: 0.0,
            right: size(win.inner_width()).unwrap_or(f64::MAX),
            bottom: size(win.inner_height()).unwrap_or(f64::MAX),
        }
    }

    pub fn width(&self) -> f64 {
        self.right - self.left
    }

    pub fn height(&self) -> f64 {
        self.bottom - self.top
    }

    fn inside(&self, outer: &Rect) -> bool {
        self.left >= outer.left
            && self.top >= outer.top
            && self.right <= outer.right
            && self.bottom <= outer.bottom
    }

    fn intersect(&self, o: &Rect) -> Option<Rect> {
        let r = Rect {
            left: self.left.max(o.left),
            top: self.top.max(o.top),
            right: self.right.min(o.right),
            bottom: self.bottom.min(o.bottom),
        };
        (r.width() > 0.0 && r.height() > 0.0).then_some(r)
    }

    pub fn centre(&self) -> (f64, f64) {
        (
            (self.left + self.right) / 2.0,
            (self.top + self.bottom) / 2.0,
        )
    }
}

/// How an ancestor treats what overflows it.
#[derive(PartialEq)]
enum Overflow {
    /// Shows it.
    Visible,
    /// Clips it, and can be scrolled (`auto`, `scroll`, `hidden`).
    Scrolls,
    /// Clips it and cannot be scrolled (`clip`).
    Clips,
}

/// The ancestors that clip `el`, nearest first, with whether they can scroll: its flat-tree
/// ancestors below the `<body>` (the window scrolls the rest), stopping above a fixed element
/// (what is fixed escapes its ancestors' overflow).
fn clippers(el: &Element, win: &Window) -> Vec<(Element, Overflow)> {
    let mut out = Vec::new();
    for a in composed::ancestors(el) {
        if matches!(dom::tag(&a).as_str(), "body" | "html") {
            break;
        }
        let Ok(Some(style)) = win.get_computed_style(&a) else {
            continue;
        };
        let prop = |p: &str| style.get_property_value(p).unwrap_or_default();
        if a != *el {
            let overflow = prop("overflow");
            let kind = if overflow.is_empty() || overflow == "visible" {
                Overflow::Visible
            } else if overflow.split(' ').all(|o| o == "clip" || o == "visible") {
                Overflow::Clips
            } else {
                Overflow::Scrolls
            };
            if kind != Overflow::Visible {
                out.push((a.clone(), kind));
            }
        }
        if prop("position") == "fixed" {
            break;
        }
    }
    out
}

fn instant(top: f64, left: f64) -> ScrollToOptions {
    Dict::new()
        .set("top", top)
        .set("left", left)
        .set("behavior", "instant")
        .finish()
}

/// How far to scroll along one axis so the span `[lo, hi]` comes into `[view_lo, view_hi]`:
/// nothing when it is inside, else its centre to the view's centre.
fn delta(lo: f64, hi: f64, view_lo: f64, view_hi: f64) -> f64 {
    if lo >= view_lo && hi <= view_hi {
        0.0
    } else {
        (lo + hi) / 2.0 - (view_lo + view_hi) / 2.0
    }
}

/// Scrolls each scroll container `el` is in, nearest first, then its window, until `el` is
/// inside each of them (as far as they can scroll).
pub fn scroll_into_view(el: &Element, win: &Window) {
    for (container, overflow) in clippers(el, win) {
        if overflow != Overflow::Scrolls {
            continue;
        }
        let (r, view) = (Rect::of(el), Rect::client(&container));
        let dy = delta(r.top, r.bottom, view.top, view.bottom);
        let dx = delta(r.left, r.right, view.left, view.right);
        if dx != 0.0 || dy != 0.0 {
            container.scroll_by_with_scroll_to_options(&instant(dy, dx));
        }
    }
    if !Rect::of(el).inside(&Rect::viewport(win)) {
        // The window, and the windows of the frames it is in, as the browser does it.
        let opts: ScrollIntoViewOptions = Dict::new()
            .set("behavior", "instant")
            .set("block", "center")
            .set("inline", "center")
            .finish();
        el.scroll_into_view_with_scroll_into_view_options(&opts);
    }
}

/// The part of `el` that shows through every clipping ancestor and the viewport, if any.
pub fn visible_part(el: &Element, win: &Window) -> Option<Rect> {
    let mut r = Rect::of(el).intersect(&Rect::viewport(win))?;
    for (clipper, _) in clippers(el, win) {
        r = r.intersect(&Rect::client(&clipper))?;
    }
    Some(r)
}
