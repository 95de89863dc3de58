//! extract: read an attribute or property of the element matching a selector. Without a
//! name it reads `textContent`; `innerText`, `value`, `href` (absolute), `outerHTML` and any
//! other attribute or property work too. The result is capped in length with a truncated
//! flag.
//!
//! What a secret field (password, payment card detail, one-time code) holds never leaves the
//! page: on such a field only what describes it can be read
//! (`zo_core::page::secret_field::readable_on_secret`), anything else is refused with an
//! `unsupported` error; markup (`outerHTML`, `innerHTML`) of any element comes with the values
//! of the secret fields in it blanked.

use wasm_bindgen::JsValue;
use web_sys::Element;
use zo_core::page::secret_field::{self, SecretKind};
use zo_core::page::{cap, EXTRACT_MAX_CHARS};
use zo_core::wire::{ActionErrorCode, Json, Quoted};

use crate::dom;
use crate::failure::Failure;
use crate::secret::{self, Markup};
use crate::target::Target;

/// Properties holding URLs that the DOM resolves to absolute form.
const URL_PROPS: [&str; 5] = ["href", "src", "action", "formaction", "poster"];

/// Extracts `attribute` (or the text) of the element `t` finds.
pub async fn run(t: &Target<'_>, attribute: Option<&str>) -> Result<Json, Failure> {
    let el = t.find().await?;
    let name = attribute.map(str::trim).filter(|a| !a.is_empty());
    let text = read(&el, name, t.sel())?;
    Ok(cap(&text, EXTRACT_MAX_CHARS).to_json())
}

/// Reads `name` of `el` as text.
pub fn read(el: &Element, name: Option<&str>, sel: &str) -> Result<String, Failure> {
    let Some(name) = name else {
        return Ok(el.text_content().unwrap_or_default());
    };
    let lower = name.to_ascii_lowercase();
    if let Some(kind) = secret::kind(el) {
        if !secret_field::readable_on_secret(&lower) {
            return Err(refused(kind, name, &lower, sel));
        }
    }
    match lower.as_str() {
        "text" | "textcontent" => Ok(el.text_content().unwrap_or_default()),
        "innertext" => Ok(dom::string_prop(el, "innerText")
            .unwrap_or_else(|| el.text_content().unwrap_or_default())),
        "outerhtml" => secret::markup(el, Markup::Outer),
        "innerhtml" => secret::markup(el, Markup::Inner),
        "value" => Ok(dom::string_prop(el, "value")
            .or_else(|| el.get_attribute("value"))
            .unwrap_or_default()),
        _ if URL_PROPS.contains(&lower.as_str()) => absolute_url(el, &lower, sel),
        _ => other(el, name, sel),
    }
}

/// A URL attribute resolved against the element's base URL.
fn absolute_url(el: &Element, name: &str, sel: &str) -> Result<String, Failure> {
    if let Some(v) = dom::string_prop(el, name).filter(|v| !v.is_empty()) {
        return Ok(v);
    }
    let raw = el.get_attribute(name).ok_or_else(|| missing(name, sel))?;
    let base = el.base_uri().ok().flatten().unwrap_or_default();
    Ok(web_sys::Url::new_with_base(&raw, &base)
        .map(|u| u.href())
        .unwrap_or(raw))
}

/// An attribute by exact name, else a property of that name (strings, numbers, booleans).
fn other(el: &Element, name: &str, sel: &str) -> Result<String, Failure> {
    if let Some(v) = el.get_attribute(name) {
        return Ok(v);
    }
    let v = js_sys::Reflect::get(el, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    if let Some(s) = v.as_string() {
        Ok(s)
    } else if let Some(b) = v.as_bool() {
        Ok(b.to_string())
    } else if let Some(n) = v.as_f64() {
        Ok(dom::number_text(n))
    } else {
        Err(missing(name, sel))
    }
}

/// Why `name` of a secret field is not read.
fn refused(kind: SecretKind, name: &str, lower: &str, sel: &str) -> Failure {
    let what = kind.describe();
    let message = if lower == "value" || lower == "defaultvalue" {
        format!(
            "{q_sel} is {what}: its value never leaves the page",
            q_sel = Quoted(sel)
        )
    } else {
        format!(
            "{q_sel} is {what}: {q_name} could reveal what it holds, so it is not read; its \
             name, type, autocomplete, placeholder or aria-label can be, and its outerHTML \
             with the value blanked",
            q_sel = Quoted(sel),
            q_name = Quoted(name)
        )
    };
    Failure::new(ActionErrorCode::Unsupported, message)
}

fn missing(name: &str, sel: &str) -> Failure {
    Failure::new(
        ActionErrorCode::NotFound,
        format!(
            "the element matching {q_sel} has no attribute or text property {q_name}",
            q_sel = Quoted(sel),
            q_name = Quoted(name)
        ),
    )
}
