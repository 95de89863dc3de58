//! A brief outline around the element an action is about to act on, so the person sees where
//! Zo acts: one box laid over the element (absolutely placed in the element's document, out of
//! the page's flow, `pointer-events: none`, no text, hidden from assistive technology), moved
//! to each action's element from the moment its check is sent (an action waiting for the
//! person's approval shows what it is about) and removed a moment after the last one. It
//! changes no style or layout of the page and nothing an action reads (hit tests pass through
//! it, extracts and snapshots see no text in it), and nothing waits for it: actions run at
//! their own pace.

use std::cell::{Cell, RefCell};

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// How long the outline stays after the last action that showed it.
pub const SHOW_MS: u32 = 900;
/// The attribute that marks the outline box (the page's own elements never carry it).
pub const OUTLINE_ATTR: &str = "data-zo-outline";

thread_local! {
    static BOX: RefCell<Option<HtmlElement>> = const { RefCell::new(None) };
    /// Bumped on every show: a removal scheduled by an earlier show does nothing.
    static SHOWS: Cell<u32> = const { Cell::new(0) };
}

const STYLE: &[(&str, &str)] = &[
    ("position", "absolute"),
    ("box-sizing", "border-box"),
    ("margin", "0"),
    ("padding", "0"),
    ("pointer-events", "none"),
    ("z-index", "2147483647"),
    ("border", "2px solid rgba(124, 92, 255, 0.95)"),
    ("border-radius", "4px"),
    ("box-shadow", "0 0 0 3px rgba(124, 92, 255, 0.25)"),
    ("background", "rgba(124, 92, 255, 0.06)"),
];

/// Outlines `el` for [`SHOW_MS`]; nothing when it has no box (hidden, detached).
pub fn show(el: &Element) {
    let show = place(el);
    remove_later(show);
}

/// Outlines `el` for as long as the returned guard lives (an action waiting for its verdict,
/// perhaps the person's approval), then for [`SHOW_MS`] more.
pub fn hold(el: &Element) -> Held {
    Held(place(el))
}

/// The outline of [`hold`]: removed a moment after it drops, unless shown again meanwhile.
#[must_use]
pub struct Held(u32);

impl Drop for Held {
    fn drop(&mut self) {
        remove_later(self.0);
    }
}

/// Removes the outline [`SHOW_MS`] from now, unless it is shown again meanwhile (`show`: the
/// count of shows when this one placed it).
fn remove_later(show: u32) {
    wasm_bindgen_futures::spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(SHOW_MS).await;
        if SHOWS.with(Cell::get) == show {
            hide();
        }
    });
}

/// Places the outline over `el` (when it has a box) and counts the show: a removal
/// scheduled before does nothing. Returns the count.
fn place(el: &Element) -> u32 {
    let show = SHOWS.with(|s| {
        s.set(s.get().wrapping_add(1));
        s.get()
    });
    let rect = el.get_bounding_client_rect();
    if rect.width() <= 0.0 && rect.height() <= 0.0 {
        return show;
    }
    let Some(doc) = el.owner_document() else {
        return show;
    };
    let (Some(root), Some(win)) = (doc.document_element(), doc.default_view()) else {
        return show;
    };
    let Some(outline) = outline_in(&doc) else {
        return show;
    };
    let style = outline.style();
    // Whole pixels, written as integers: no float formatting is linked into the module.
    let px = |v: f64| format!("{}px", v.round() as i64);
    let (x, y) = (
        win.scroll_x().unwrap_or_default(),
        win.scroll_y().unwrap_or_default(),
    );
    let _ = style.set_property("left", &px(rect.left() + x - 3.0));
    let _ = style.set_property("top", &px(rect.top() + y - 3.0));
    let _ = style.set_property("width", &px(rect.width() + 6.0));
    let _ = style.set_property("height", &px(rect.height() + 6.0));
    if !outline.is_connected() {
        let _ = root.append_child(&outline);
    }
    show
}

/// Removes the outline now.
pub fn hide() {
    if let Some(outline) = BOX.with(|b| b.borrow().clone()) {
        outline.remove();
    }
}

/// The outline box for `doc`, made once per document.
fn outline_in(doc: &web_sys::Document) -> Option<HtmlElement> {
    let same_doc = |b: &HtmlElement| b.owner_document().as_ref() == Some(doc);
    if let Some(existing) = BOX.with(|b| b.borrow().clone()).filter(same_doc) {
        return Some(existing);
    }
    hide();
    let outline = doc
        .create_element("div")
        .ok()?
        .dyn_into::<HtmlElement>()
        .ok()?;
    let _ = outline.set_attribute(OUTLINE_ATTR, "");
    let _ = outline.set_attribute("aria-hidden", "true");
    let style = outline.style();
    for (name, value) in STYLE {
        let _ = style.set_property(name, value);
    }
    BOX.with(|b| *b.borrow_mut() = Some(outline.clone()));
    Some(outline)
}
