//! Choosing an option of a `<select>` that is ready for it: by fill (by option value or
//! visible text) and by a click on the `<option>` itself (which has no box of its own to
//! click). The option is selected as choosing it in the list does, and the page is told
//! (input, change).

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlOptionElement, HtmlSelectElement};
use zo_core::page::collapse_whitespace;
use zo_core::wire::{ActionErrorCode, FillOutcome, Quoted};

use crate::dom;
use crate::events;
use crate::failure::Failure;
use crate::target::Target;

/// fill of a ready `<select>`: the option whose value, or visible text, is `value`.
pub fn fill(t: &Target<'_>, el: &Element, value: &str) -> Result<FillOutcome, Failure> {
    let select: &HtmlSelectElement = el.unchecked_ref();
    let options = select.options();
    let mut opts: Vec<HtmlOptionElement> = Vec::new();
    for i in 0..options.length() {
        opts.extend(options.item(i).map(JsCast::unchecked_into));
    }
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
        let mut names = Vec::new();
        for o in opts.iter().take(10) {
            names.push(Quoted(&text(o)).to_string());
        }
        return Err(Failure::new(
            ActionErrorCode::NoSuchOption,
            format!(
                "{} has no option with value or text {}; options: {}",
                t.what(el),
                Quoted(value),
                dom::join(&names, ", "),
            ),
        ));
    };
    apply(t, el, option)
}

/// The `<select>` a click on `option` chooses in.
pub fn select_of(t: &Target<'_>, option: &Element) -> Result<Element, Failure> {
    match option.closest("select") {
        Ok(Some(select)) => Ok(select),
        _ => Err(Failure::new(
            ActionErrorCode::Unsupported,
            format!("{} is an <option> outside any <select>", t.quoted()),
        )),
    }
}

/// Selects `option` of `select_el` (ready) and tells the page (input, change).
pub fn apply(
    t: &Target<'_>,
    select_el: &Element,
    option: &HtmlOptionElement,
) -> Result<FillOutcome, Failure> {
    if option.disabled() {
        return Err(Failure::new(
            ActionErrorCode::Disabled,
            format!(
                "option {} of {} is disabled",
                Quoted(&collapse_whitespace(&option.text())),
                t.quoted()
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

/// Unicode lower case through JS (keeps Rust's case tables out of the module).
fn lower(s: &str) -> String {
    String::from(js_sys::JsString::from(s).to_lower_case())
}
