//! Secret fields covered while a screenshot is taken (Visual mode): every secret field of the
//! page (`crate::secret`: declared or named so, options of secret selects through their
//! select) gets an opaque box over it, in one layer fixed above the page, out of its flow,
//! `pointer-events: none`, hidden from assistive technology. The worker asks for the layer,
//! waits for it to be painted, captures, and takes it away. The page's own elements are never
//! changed.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

use crate::dom;
use crate::failure::Failure;
use crate::secret;

/// Most boxes drawn (a page with more secret fields than this gets the first ones).
const MAX_BOXES: usize = 500;

thread_local! {
    static LAYER: RefCell<Option<Element>> = const { RefCell::new(None) };
}

/// Covers the page's secret fields (`on`) or takes the cover away; returns how many fields are
/// covered, once the cover is painted.
pub async fn set(on: bool) -> Result<u32, Failure> {
    if let Some(old) = LAYER.with(|l| l.borrow_mut().take()) {
        old.remove();
    }
    if !on {
        return Ok(0);
    }
    let win = web_sys::window().ok_or_else(|| Failure::internal("no window"))?;
    let doc = win
        .document()
        .ok_or_else(|| Failure::internal("no document"))?;
    let root = doc
        .document_element()
        .ok_or_else(|| Failure::internal("the page has no root element"))?;
    // Read every box first, then write: one layout, no thrash.
    let mut rects = Vec::new();
    for field in secret::fields_in(&root).iter().take(MAX_BOXES) {
        let r = field.get_bounding_client_rect();
        if r.width() > 0.0 && r.height() > 0.0 {
            rects.push(r);
        }
    }
    let js = |e: wasm_bindgen::JsValue| Failure::js("could not cover the secret fields", &e);
    let layer: HtmlElement = doc.create_element("div").map_err(js)?.unchecked_into();
    let _ = layer.set_attribute("aria-hidden", "true");
    let style = layer.style();
    for (k, v) in [
        ("position", "fixed"),
        ("inset", "0"),
        ("pointer-events", "none"),
        ("z-index", "2147483647"),
    ] {
        let _ = style.set_property(k, v);
    }
    let px = |v: f64| format!("{}px", v.round() as i64);
    for r in &rects {
        let cover: HtmlElement = doc.create_element("div").map_err(js)?.unchecked_into();
        let s = cover.style();
        for (k, v) in [
            ("position", "absolute".to_string()),
            ("left", px(r.left() - 2.0)),
            ("top", px(r.top() - 2.0)),
            ("width", px(r.width() + 4.0)),
            ("height", px(r.height() + 4.0)),
            ("background", "#3a3a3a".to_string()),
        ] {
            let _ = s.set_property(k, &v);
        }
        layer.append_child(&cover).map_err(js)?;
    }
    root.append_child(&layer).map_err(js)?;
    LAYER.with(|l| *l.borrow_mut() = Some(layer.into()));
    // Painted before the answer: two frames (the one that lays it out, the one that shows it).
    dom::animation_frame(&win).await;
    dom::animation_frame(&win).await;
    Ok(u32::try_from(rects.len()).unwrap_or(u32::MAX))
}
