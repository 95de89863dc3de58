//! fill: put a value into a form control the way typing does, so framework-controlled inputs
//! (React's value tracker included) see the change. Inputs and textareas get the value
//! through the native prototype `value` setter, then a bubbling composed `input` InputEvent
//! (`insertText`) and a `change` event, without blur. contenteditable: contents selected,
//! text inserted with beforeinput/input. `<select>`: by option value or visible text.
//! checkbox/radio: set by clicking only when the state differs. Pickers (date, time, color,
//! range, ...): value plus events, refused when the browser rejects the format. The result
//! reports the field's new value, except for secret fields (passwords, payment card details,
//! one-time codes), whose value never leaves the page.

use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;
use web_sys::{Element, HtmlOptionElement, HtmlSelectElement};
use zo_core::page::{collapse_whitespace, parse_checked};
use zo_core::wire::{ActionErrorCode, FillOutcome, Json, Quoted};

use crate::actionable::{self, Needs};
use crate::click;
use crate::dom;
use crate::events;
use crate::failure::Failure;
use crate::secret;

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

/// Fills the element matching `sel` with `value`.
pub async fn run(
    sel: &str,
    value: &str,
    deadline: f64,
    timeout_ms: u32,
) -> Result<Option<Json>, Failure> {
    let found = crate::locate::wait_for(sel, deadline, timeout_ms).await?;
    let el = retarget_label(found);
    let tag = dom::tag(&el);
    let mut outcome = if tag == "input" {
        let ty = dom::input_type(&el);
        if ty == "checkbox" || ty == "radio" {
            toggle(sel, &el, &ty, value, deadline, timeout_ms).await?
        } else if TEXT_TYPES.contains(&ty.as_str()) || PICKER_TYPES.contains(&ty.as_str()) {
            text_like(
                sel,
                &el,
                "HTMLInputElement",
                &ty,
                value,
                deadline,
                timeout_ms,
            )
            .await?
        } else {
            return Err(Failure::new(
                ActionErrorCode::Unsupported,
                format!(
                    "cannot fill an <input type={ty}> ({q_sel})",
                    q_sel = Quoted(sel)
                ),
            ));
        }
    } else if tag == "textarea" {
        text_like(
            sel,
            &el,
            "HTMLTextAreaElement",
            "textarea",
            value,
            deadline,
            timeout_ms,
        )
        .await?
    } else if tag == "select" {
        select(sel, &el, value, deadline, timeout_ms).await?
    } else if dom::html(&el).is_content_editable() {
        editable(sel, &el, value, deadline, timeout_ms).await?
    } else {
        return Err(Failure::new(
            ActionErrorCode::NotEditable,
            format!(
                "{} ({q_sel}) is not an input, textarea, select or contenteditable element",
                dom::describe(&el),
                q_sel = Quoted(sel)
            ),
        ));
    };
    if secret::kind(&el).is_some() {
        outcome.value = None;
    }
    Ok(Some(outcome.to_json()))
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

/// Where the selector's element must be for a check to refer to it.
fn needs(editable: bool) -> Needs {
    Needs {
        editable,
        hit: false,
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

async fn text_like(
    sel: &str,
    el: &Element,
    iface: &str,
    ty: &str,
    value: &str,
    deadline: f64,
    timeout_ms: u32,
) -> Result<FillOutcome, Failure> {
    let ready = actionable::ready_element(sel, el, needs(true), deadline, timeout_ms).await?;
    let el = &ready.el;
    let _ = dom::html(el).focus();
    set_native_value(el, iface, value)?;
    let now = dom::string_prop(el, "value").unwrap_or_default();
    if PICKER_TYPES.contains(&ty) || ty == "number" {
        if !value.is_empty() && now.is_empty() {
            return Err(Failure::new(
                ActionErrorCode::InvalidValue,
                format!(
                    "{q_value} is not a valid value for <input type={ty}> ({q_sel}){}",
                    format_hint(ty),
                    q_value = Quoted(value),
                    q_sel = Quoted(sel)
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

async fn toggle(
    sel: &str,
    el: &Element,
    ty: &str,
    value: &str,
    deadline: f64,
    timeout_ms: u32,
) -> Result<FillOutcome, Failure> {
    let want = parse_checked(value).ok_or_else(|| {
        Failure::new(
            ActionErrorCode::InvalidValue,
            format!(
                "{q_value} is not a state for a {ty}; use true/false (or on/off)",
                q_value = Quoted(value)
            ),
        )
    })?;
    let checked = |el: &Element| {
        js_sys::Reflect::get(el, &JsValue::from_str("checked"))
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    };
    if checked(el) != want {
        if ty == "radio" && !want {
            return Err(Failure::new(
                ActionErrorCode::Unsupported,
                format!("a radio button ({q_sel}) cannot be unchecked directly; choose another option of its group", q_sel = Quoted(sel)),
            ));
        }
        // Custom checkboxes and switches hide the input and show its label: click that.
        let target = if actionable::is_visible(el) {
            el.clone()
        } else {
            visible_label(el).unwrap_or_else(|| el.clone())
        };
        let ready = actionable::ready_element(
            sel,
            &target,
            Needs {
                editable: false,
                hit: true,
            },
            deadline,
            timeout_ms,
        )
        .await?;
        click::click_at(&ready)?;
        if checked(el) != want {
            return Err(Failure::new(
                ActionErrorCode::InvalidValue,
                format!(
                    "clicking {} ({q_sel}) did not change its state (the page prevented it)",
                    dom::describe(el),
                    q_sel = Quoted(sel)
                ),
            ));
        }
    }
    Ok(FillOutcome {
        value: None,
        checked: Some(checked(el)),
    })
}

async fn select(
    sel: &str,
    el: &Element,
    value: &str,
    deadline: f64,
    timeout_ms: u32,
) -> Result<FillOutcome, Failure> {
    let ready = actionable::ready_element(sel, el, needs(false), deadline, timeout_ms).await?;
    let select: &HtmlSelectElement = ready.el.unchecked_ref();
    let options = select.options();
    let opts: Vec<HtmlOptionElement> = (0..options.length())
        .filter_map(|i| options.item(i))
        .map(|o| o.unchecked_into())
        .collect();
    let wanted = collapse_whitespace(value);
    let text = |o: &HtmlOptionElement| collapse_whitespace(&o.text());
    let pick = opts
        .iter()
        .find(|o| o.value() == value)
        .or_else(|| opts.iter().find(|o| text(o) == wanted))
        .or_else(|| opts.iter().find(|o| lower(&text(o)) == lower(&wanted)))
        .or_else(|| {
            opts.iter()
                .find(|o| o.value().trim().eq_ignore_ascii_case(value.trim()))
        });
    let Some(option) = pick else {
        let names: Vec<String> = opts
            .iter()
            .take(10)
            .map(|o| Quoted(&text(o)).to_string())
            .collect();
        return Err(Failure::new(
            ActionErrorCode::NoSuchOption,
            format!(
                "{} ({q_sel}) has no option with value or text {q_value}; options: {}",
                dom::describe(el),
                dom::join(&names, ", "),
                q_sel = Quoted(sel),
                q_value = Quoted(value)
            ),
        ));
    };
    apply_option(sel, &ready.el, option)
}

/// click on an `<option>`: selects it in its `<select>`, as choosing it in the list does.
pub async fn choose_option(
    sel: &str,
    option: &Element,
    deadline: f64,
    timeout_ms: u32,
) -> Result<(), Failure> {
    let Ok(Some(select)) = option.closest("select") else {
        return Err(Failure::new(
            ActionErrorCode::Unsupported,
            format!(
                "{q_sel} is an <option> outside any <select>",
                q_sel = Quoted(sel)
            ),
        ));
    };
    let ready = actionable::ready_element(sel, &select, needs(false), deadline, timeout_ms).await?;
    apply_option(sel, &ready.el, option.unchecked_ref()).map(|_| ())
}

/// Selects `option` of `select_el` and tells the page (input, change).
fn apply_option(
    sel: &str,
    select_el: &Element,
    option: &HtmlOptionElement,
) -> Result<FillOutcome, Failure> {
    if option.disabled() {
        return Err(Failure::new(
            ActionErrorCode::Disabled,
            format!(
                "option {} of {q_sel} is disabled",
                Quoted(&collapse_whitespace(&option.text())),
                q_sel = Quoted(sel)
            ),
        ));
    }
    let select: &HtmlSelectElement = select_el.unchecked_ref();
    let _ = select.focus();
    option.set_selected(true);
    events::plain(select_el, "input")?;
    events::plain(select_el, "change")?;
    Ok(FillOutcome {
        value: Some(select.value()),
        checked: None,
    })
}

async fn editable(
    sel: &str,
    el: &Element,
    value: &str,
    deadline: f64,
    timeout_ms: u32,
) -> Result<FillOutcome, Failure> {
    let ready = actionable::ready_element(
        sel,
        el,
        Needs {
            editable: true,
            hit: true,
        },
        deadline,
        timeout_ms,
    )
    .await?;
    let el = &ready.el;
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

/// Unicode lower case through JS (keeps Rust's case tables out of the module).
fn lower(s: &str) -> String {
    String::from(js_sys::JsString::from(s).to_lower_case())
}

/// The first visible `<label>` of a form control.
fn visible_label(el: &Element) -> Option<Element> {
    let labels = js_sys::Reflect::get(el, &JsValue::from_str("labels")).ok()?;
    if !labels.is_object() {
        return None;
    }
    let list: &web_sys::NodeList = labels.unchecked_ref();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<Element>())
        .find(actionable::is_visible)
}
