//! Small DOM helpers shared by the action modules: the window and document an element lives
//! in (elements of same-origin iframes belong to another realm, so casts here are by tag name,
//! never by `instanceof`), timing, animation frames and short element descriptions.

use futures::channel::oneshot;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement, Window};

use crate::failure::Failure;

/// JavaScript's own writing of a number (keeps float formatting code out of the module).
pub fn number_text(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// JavaScript's reading of a JSON number (keeps float parsing code out of the module).
pub fn parse_number(text: &str) -> Option<f64> {
    Some(js_sys::Number::parse_float(text))
}

/// `Node.ELEMENT_NODE`.
pub const ELEMENT_NODE: u16 = 1;
/// `Node.DOCUMENT_FRAGMENT_NODE` (shadow roots).
pub const FRAGMENT_NODE: u16 = 11;

pub fn window() -> Result<Window, Failure> {
    web_sys::window().ok_or_else(|| Failure::internal("no window in this context"))
}

pub fn document() -> Result<Document, Failure> {
    window()?
        .document()
        .ok_or_else(|| Failure::internal("no document in this window"))
}

/// The document `el` belongs to (an iframe's for elements inside it).
pub fn owner_document(el: &Element) -> Result<Document, Failure> {
    match el.owner_document() {
        Some(d) => Ok(d),
        None => document(),
    }
}

/// The window `el` is shown in (an iframe's for elements inside it).
pub fn owner_window(el: &Element) -> Result<Window, Failure> {
    match owner_document(el)?.default_view() {
        Some(w) => Ok(w),
        None => window(),
    }
}

/// Milliseconds since the epoch.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// `el.matches(sel)`; false for a selector the browser cannot read.
pub fn matches(el: &Element, sel: &str) -> bool {
    el.matches(sel).unwrap_or(false)
}

#[wasm_bindgen]
extern "C" {
    /// An element, for `matches` with a selector already in JavaScript.
    #[wasm_bindgen(extends = Element)]
    type Matching;

    #[wasm_bindgen(method, catch, js_name = matches)]
    fn matches_text(this: &Matching, sel: &js_sys::JsString) -> Result<bool, JsValue>;
}

/// A selector handed to JavaScript once, to match many elements against it (each
/// [`matches`] copies its text across anew).
pub struct Selector(js_sys::JsString);

impl Selector {
    pub fn new(sel: &str) -> Selector {
        Selector(sel.into())
    }

    /// `el.matches(selector)`; false for a selector the browser cannot read.
    pub fn matches(&self, el: &Element) -> bool {
        el.unchecked_ref::<Matching>()
            .matches_text(&self.0)
            .unwrap_or(false)
    }
}

/// Lower-case local name of an element.
pub fn tag(el: &Element) -> String {
    el.local_name().to_ascii_lowercase()
}

/// The element as an `HtmlElement` (only for methods every element of the page has).
pub fn html(el: &Element) -> &HtmlElement {
    el.unchecked_ref()
}

/// `type` of an `<input>`, lower-case, `text` when absent.
pub fn input_type(el: &Element) -> String {
    el.get_attribute("type")
        .map(|t| t.trim().to_ascii_lowercase())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "text".to_string())
}

/// A string property of `el` read by name (`value`, `href`, ...), if it is a string.
pub fn string_prop(el: &JsValue, name: &str) -> Option<String> {
    js_sys::Reflect::get(el, &JsValue::from_str(name))
        .ok()
        .and_then(|v| v.as_string())
}

/// `parts` joined with `sep` (a plain loop, smaller in wasm than `[String]::join`).
pub fn join(parts: &[String], sep: &str) -> String {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(p);
    }
    out
}

/// `tag#id.class` for messages.
pub fn describe(el: &Element) -> String {
    let mut s = tag(el);
    let id = el.id();
    if !id.is_empty() {
        s.push('#');
        s.push_str(&id);
    } else if let Some(first) = el.class_name().split_whitespace().next() {
        s.push('.');
        s.push_str(first);
    }
    s
}

/// Resolves on the next animation frame of `win`, or after 100 ms when frames are not
/// running (a background tab), so a check never hangs.
pub async fn animation_frame(win: &Window) {
    let (tx, rx) = oneshot::channel::<()>();
    let cb = Closure::once(move || {
        let _ = tx.send(());
    });
    let _frame = FrameRequest {
        win: win.clone(),
        id: win
            .request_animation_frame(cb.as_ref().unchecked_ref())
            .ok(),
        _cb: cb,
    };
    let timer = gloo_timers::future::TimeoutFuture::new(100);
    futures::pin_mut!(rx);
    let _ = futures::future::select(rx, timer).await;
}

/// A requested animation frame, cancelled when dropped so its callback never outlives it.
struct FrameRequest {
    win: Window,
    id: Option<i32>,
    _cb: Closure<dyn FnMut()>,
}

impl Drop for FrameRequest {
    fn drop(&mut self) {
        if let Some(id) = self.id {
            let _ = self.win.cancel_animation_frame(id);
        }
    }
}
