//! Small DOM helpers over web-sys: create elements with a class, set text, attach listeners
//! whose closures live as long as the element's owner keeps them.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, Event, HtmlElement};

/// Errors from DOM calls, with the context of what was being done.
#[derive(Debug, thiserror::Error)]
pub enum DomError {
    #[error("{context}: {message}")]
    Js {
        context: &'static str,
        message: String,
    },
    #[error("no {0} in this page")]
    Missing(&'static str),
}

impl DomError {
    pub fn js(context: &'static str, err: JsValue) -> DomError {
        let message = zo_chrome::error_text(&err);
        DomError::Js { context, message }
    }
}

impl From<DomError> for JsValue {
    fn from(e: DomError) -> JsValue {
        js_sys::Error::new(&e.to_string()).into()
    }
}

pub type DomResult<T> = Result<T, DomError>;

/// `<tag class="class">`.
pub fn el(doc: &Document, tag: &str, class: &str) -> DomResult<Element> {
    let e = doc
        .create_element(tag)
        .map_err(|e| DomError::js("create element", e))?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    Ok(e)
}

/// `<tag class="class">text</tag>`.
pub fn text_el(doc: &Document, tag: &str, class: &str, text: &str) -> DomResult<Element> {
    let e = el(doc, tag, class)?;
    e.set_text_content(Some(text));
    Ok(e)
}

pub fn append(parent: &Element, child: &Element) -> DomResult<()> {
    parent
        .append_child(child)
        .map(|_| ())
        .map_err(|e| DomError::js("append child", e))
}

pub fn set_attr(e: &Element, name: &str, value: &str) -> DomResult<()> {
    e.set_attribute(name, value)
        .map_err(|err| DomError::js("set attribute", err))
}

/// Show or hide with the `hidden` attribute.
pub fn set_hidden(e: &Element, hidden: bool) {
    if let Some(h) = e.dyn_ref::<HtmlElement>() {
        h.set_hidden(hidden);
    }
}

pub fn toggle_class(e: &Element, class: &str, on: bool) {
    let _ = e.class_list().toggle_with_force(class, on);
}

/// Remove every child.
pub fn clear(e: &Element) {
    e.set_text_content(None);
}

/// A listener closure kept alive by whoever holds it.
pub type Listener = Closure<dyn FnMut(Event)>;

/// Attach `f` to `event` on `target`; keep the returned closure alive as long as needed.
pub fn listen(
    target: &Element,
    event: &str,
    f: impl FnMut(Event) + 'static,
) -> DomResult<Listener> {
    let closure = Closure::<dyn FnMut(Event)>::new(f);
    target
        .add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())
        .map_err(|e| DomError::js("add event listener", e))?;
    Ok(closure)
}

pub fn log_error(context: &str, err: &dyn std::fmt::Display) {
    web_sys::console::error_1(&JsValue::from_str(&format!("[zo panel] {context}: {err}")));
}
