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
use zo_core::page::fill::{self, Field, FillPlan, FillRefusal, FillRefusalKind, Names};
use zo_core::wire::{ActionErrorCode, FillOutcome, Json, Quoted};

use crate::actionable::{self, Needs, Ready};
use crate::dom;
use crate::events;
use crate::failure::Failure;
use crate::target::Target;
use crate::{option, pointer, secret};

/// The kinds of control a fill writes to (`zo_core::page::fill` decides which).
enum Control {
    /// Typed into: an `<input>` of a text or picker type (`ty`), or a `<textarea>`;
    /// `checked_format`: a value the browser rejects is refused.
    Text {
        iface: &'static str,
        ty: String,
        checked_format: bool,
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
        (
            Control::Text {
                iface,
                ty,
                checked_format,
            },
            Some(r),
        ) => text_like(t, &r.el, iface, (&ty, checked_format), value)?,
        (Control::Select, Some(r)) => option::fill(t, &r.el, value)?,
        (Control::Editable, Some(r)) => editable(&r.el, value)?,
        (_, None) => return Err(Failure::internal("a fill was not waited for")),
    };
    if secret::kind(&el).is_some() {
        outcome.value = None;
    }
    Ok(Some(outcome.to_json()))
}

/// What kind of control `el` is, or why it cannot be filled with `value`
/// (`zo_core::page::fill::plan`).
fn control(t: &Target<'_>, el: &Element, value: &str) -> Result<Control, Failure> {
    let tag = dom::tag(el);
    let ty = if tag == "input" {
        dom::input_type(el)
    } else {
        String::new()
    };
    let field = match tag.as_str() {
        "input" => Field::Input {
            ty: &ty,
            checked: checked(el),
        },
        "textarea" => Field::Textarea,
        "select" => Field::Select,
        _ if dom::html(el).is_content_editable() => Field::Editable,
        _ => Field::Other,
    };
    let plan = fill::plan(field, value).map_err(|r| refused(t, el, value, &r))?;
    Ok(match plan {
        FillPlan::Typed { checked_format } => Control::Text {
            iface: if tag == "textarea" {
                "HTMLTextAreaElement"
            } else {
                "HTMLInputElement"
            },
            ty: if tag == "textarea" { tag } else { ty },
            checked_format,
        },
        FillPlan::Toggle { want } => Control::Toggle { want },
        FillPlan::Select => Control::Select,
        FillPlan::Editable => Control::Editable,
    })
}

/// A refused fill as the action's failure, naming the value, the selector and the element.
fn refused(t: &Target<'_>, el: &Element, value: &str, r: &FillRefusal) -> Failure {
    let code = match r.kind() {
        FillRefusalKind::InvalidValue => ActionErrorCode::InvalidValue,
        FillRefusalKind::Unsupported => ActionErrorCode::Unsupported,
        FillRefusalKind::NotEditable => ActionErrorCode::NotEditable,
    };
    let element = if *r == FillRefusal::NotAField {
        t.what(el)
    } else {
        String::new()
    };
    let names = Names {
        value: &Quoted(value),
        target: &t.quoted(),
        element: &element,
    };
    Failure::new(code, r.message(&names))
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
    (ty, checked_format): (&str, bool),
    value: &str,
) -> Result<FillOutcome, Failure> {
    let _ = dom::html(el).focus();
    set_native_value(el, iface, value)?;
    let now = dom::string_prop(el, "value").unwrap_or_default();
    if checked_format {
        if !value.is_empty() && now.is_empty() {
            return Err(refused(t, el, value, &fill::bad_format(ty)));
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
