//! fill: put a value into a form control the way typing does, so framework-controlled inputs
//! (React's value tracker included) see the change. Inputs and textareas get the value
//! through the native prototype `value` setter, then a bubbling composed `input` InputEvent
//! (`insertText`) and a `change` event, without blur. contenteditable: contents selected,
//! text inserted with beforeinput/input. `<select>`: by option value or visible text
//! ([`crate::option`]).
//! checkbox/radio: set by clicking only when the state differs. Pickers (date, time, color,
//! range, ...): value plus events, refused when the browser rejects the format. The result
//! reports the field's new value, except for secret fields (passwords, payment card details,
//! one-time codes), whose value never leaves the page.

use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::Element;
use zo_core::page::parse_checked;
use zo_core::wire::{ActionErrorCode, FillOutcome, Json, Quoted};

use crate::actionable::{self, Needs, Ready};
use crate::dom;
use crate::events;
use crate::failure::Failure;
use crate::target::Target;
use crate::{option, pointer, secret};

/// Input types whose value is typed as text.
const TEXT_TYPES: [&str; 7] = [
    "text", "search", "email", "url", "tel", "password", "number",
];
/// Input types set by a picker rather than typing.
const PICKER_TYPES: [&str; 7] = [
    "date",
    "time",
    "datetime-local",
    "month",
    "week",
    "color",
    "range",
];

/// The kinds of control a fill writes to.
enum Control {
    /// Typed into: an `<input>` of a text or picker type (`ty`), or a `<textarea>`.
    Text {
        iface: &'static str,
        ty: String,
    },
    /// A checkbox or radio button to be (un)checked.
    Toggle {
        want: bool,
    },
    Select,
    Editable,
}

/// Fills the element `t` finds with `value`: one wait for the element to be ready, then the
/// write.
pub async fn run(t: &Target<'_>, value: &str) -> Result<Option<Json>, Failure> {
    let el = retarget_label(t.find().await?);
    let control = control(t, &el, value)?;
    let (typed, hit) = match control {
        Control::Text { .. } => (true, false),
        Control::Toggle { .. } => (false, true),
        Control::Select => (false, false),
        Control::Editable => (true, true),
    };
    let needs = Needs {
        editable: typed,
        hit,
    };
    // A toggle already in the wanted state is left alone; one that is not is clicked, on its
    // visible label when the input itself is hidden (custom checkboxes and switches).
    let wait = match control {
        Control::Toggle { want } if checked(&el) == want => None,
        Control::Toggle { .. } if !actionable::is_visible(&el) => {
            Some(visible_label(&el).unwrap_or_else(|| el.clone()))
        }
        _ => Some(el.clone()),
    };
    let ready = match wait {
        Some(w) => Some(t.ready(&w, needs).await?),
        None => None,
    };
    let mut outcome = match (control, ready) {
        (Control::Toggle { want }, ready) => toggle(t, &el, ready.as_ref(), want)?,
        (Control::Text { iface, ty }, Some(r)) => text_like(t, &r.el, iface, &ty, value)?,
        (Control::Select, Some(r)) => option::fill(t, &r.el, value)?,
        (Control::Editable, Some(r)) => editable(&r.el, value)?,
        (_, None) => return Err(Failure::internal("a fill was not waited for")),
    };
    if secret::kind(&el).is_some() {
        outcome.value = None;
    }
    Ok(Some(outcome.to_json()))
}

/// What kind of control `el` is, or why it cannot be filled with `value`.
fn control(t: &Target<'_>, el: &Element, value: &str) -> Result<Control, Failure> {
    let tag = dom::tag(el);
    if tag == "input" {
        let ty = dom::input_type(el);
        if ty == "checkbox" || ty == "radio" {
            let want = parse_checked(value).ok_or_else(|| {
                Failure::new(
                    ActionErrorCode::InvalidValue,
                    format!(
                        "{} is not a state for a {ty}; use true/false (or on/off)",
                        Quoted(value)
                    ),
                )
            })?;
            if ty == "radio" && !want && checked(el) {
                return Err(Failure::new(
                    ActionErrorCode::Unsupported,
                    format!(
                        "a radio button ({}) cannot be unchecked directly; choose another \
                         option of its group",
                        t.quoted()
                    ),
                ));
            }
            return Ok(Control::Toggle { want });
        }
        if TEXT_TYPES.contains(&ty.as_str()) || PICKER_TYPES.contains(&ty.as_str()) {
            let iface = "HTMLInputElement";
            return Ok(Control::Text { iface, ty });
        }
        return Err(Failure::new(
            ActionErrorCode::Unsupported,
            format!("cannot fill an <input type={ty}> ({})", t.quoted()),
        ));
    }
    if tag == "textarea" {
        let (iface, ty) = ("HTMLTextAreaElement", tag);
        return Ok(Control::Text { iface, ty });
    }
    if tag == "select" {
        return Ok(Control::Select);
    }
    if dom::html(el).is_content_editable() {
        return Ok(Control::Editable);
    }
    Err(Failure::new(
        ActionErrorCode::NotEditable,
        format!(
            "{} is not an input, textarea, select or contenteditable element",
            t.what(el)
        ),
    ))
}

fn checked(el: &Element) -> bool {
    js_sys::Reflect::get(el, &JsValue::from_str("checked"))
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// A `<label>` stands for its control.
fn retarget_label(el: Element) -> Element {
    if dom::tag(&el) != "label" {
        return el;
    }
    match js_sys::Reflect::get(&el, &JsValue::from_str("control")) {
        Ok(c) if c.is_object() => c.unchecked_into(),
        _ => el,
    }
}

/// Sets `value` through `iface.prototype`'s own `value` setter (of the element's realm), so
/// an instance-level setter installed by a framework does not swallow the change.
pub fn set_native_value(el: &Element, iface: &str, value: &str) -> Result<(), Failure> {
    let win: JsValue = dom::owner_window(el)?.into();
    let proto = js_sys::Reflect::get(&win, &JsValue::from_str(iface))
        .and_then(|c| js_sys::Reflect::get(&c, &JsValue::from_str("prototype")))
        .map_err(|e| Failure::js(&format!("reading {iface}.prototype"), &e))?;
    let desc = js_sys::Object::get_own_property_descriptor(
        proto.unchecked_ref::<js_sys::Object>(),
        &"value".into(),
    );
    let setter = js_sys::Reflect::get(&desc, &JsValue::from_str("set"))
        .ok()
        .filter(|s| s.is_function())
        .ok_or_else(|| Failure::internal(format!("{iface}.prototype has no value setter")))?;
    setter
        .unchecked_ref::<js_sys::Function>()
        .call1(el, &JsValue::from_str(value))
        .map_err(|e| Failure::js("setting the value", &e))?;
    Ok(())
}

fn text_like(
    t: &Target<'_>,
    el: &Element,
    iface: &str,
    ty: &str,
    value: &str,
) -> Result<FillOutcome, Failure> {
    let _ = dom::html(el).focus();
    set_native_value(el, iface, value)?;
    let now = dom::string_prop(el, "value").unwrap_or_default();
    if PICKER_TYPES.contains(&ty) || ty == "number" {
        if !value.is_empty() && now.is_empty() {
            return Err(Failure::new(
                ActionErrorCode::InvalidValue,
                format!(
                    "{} is not a valid value for <input type={ty}> ({}){}",
                    Quoted(value),
                    t.quoted(),
                    format_hint(ty),
                ),
            ));
        }
        if ty == "number" {
            events::input(el, "input", "insertText", Some(value))?;
        } else {
            events::plain(el, "input")?;
        }
    } else {
        events::input(el, "input", "insertText", Some(value))?;
    }
    events::plain(el, "change")?;
    Ok(FillOutcome {
        value: Some(dom::string_prop(el, "value").unwrap_or_default()),
        checked: None,
    })
}

fn format_hint(ty: &str) -> &'static str {
    match ty {
        "date" => "; expected YYYY-MM-DD",
        "time" => "; expected HH:MM or HH:MM:SS",
        "datetime-local" => "; expected YYYY-MM-DDTHH:MM",
        "month" => "; expected YYYY-MM",
        "week" => "; expected YYYY-Www",
        "color" => "; expected #rrggbb",
        "range" | "number" => "; expected a number",
        _ => "",
    }
}

/// Clicks the ready toggle (if it needed a change) and checks the page took it.
fn toggle(
    t: &Target<'_>,
    el: &Element,
    ready: Option<&Ready>,
    want: bool,
) -> Result<FillOutcome, Failure> {
    if let Some(r) = ready {
        pointer::click(r)?;
        if checked(el) != want {
            return Err(Failure::new(
                ActionErrorCode::InvalidValue,
                format!(
                    "clicking {} did not change its state (the page prevented it)",
                    t.what(el)
                ),
            ));
        }
    }
    Ok(FillOutcome {
        value: None,
        checked: Some(checked(el)),
    })
}

fn editable(el: &Element, value: &str) -> Result<FillOutcome, Failure> {
    let _ = dom::html(el).focus();
    let doc = dom::owner_document(el)?;
    if let Ok(Some(selection)) = doc.get_selection() {
        let _ = selection.select_all_children(el);
    }
    let proceed = events::input(el, "beforeinput", "insertText", Some(value))?;
    if proceed {
        let html_doc: &web_sys::HtmlDocument = doc.unchecked_ref();
        let inserted = html_doc
            .exec_command_with_show_ui_and_value("insertText", false, value)
            .unwrap_or(false);
        // execCommand fires its own input event; without it, write the text and tell.
        if !inserted || el.text_content().unwrap_or_default() != value {
            el.set_text_content(Some(value));
            events::input(el, "input", "insertText", Some(value))?;
        }
    }
    Ok(FillOutcome {
        value: el.text_content(),
        checked: None,
    })
}

/// The first visible `<label>` of a form control.
fn visible_label(el: &Element) -> Option<Element> {
    let labels = js_sys::Reflect::get(el, &JsValue::from_str("labels")).ok()?;
    if !labels.is_object() {
        return None;
    }
    let list: &web_sys::NodeList = labels.unchecked_ref();
    for i in 0..list.length() {
        let Some(label) = list.item(i).map(JsCast::unchecked_into::<Element>) else {
            continue;
        };
        if actionable::is_visible(&label) {
            return Some(label);
        }
    }
    None
}
