//! The options page's Quick actions section (after Appearance): the chips under the side panel's input, one row
//! each (label, mode, prompt, Remove), Add and Reset to defaults. What the rows hold is read
//! into the settings on Save, checked by `zo_core::wire::quick_actions::checked`.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement};
use zo_core::ui::modes::MODES;
use zo_core::wire::{default_quick_actions, Mode, QuickAction};

use super::build::option;
use crate::dom::{self, append, el, listen, set_attr, text_el, DomError, DomResult, Listener};
use crate::layout::{mode_from_value, mode_value};

/// The section's parts the page keeps.
pub(super) struct QuickSection {
    pub list: Element,
    pub add: Element,
    pub reset: Element,
}

/// The section, appended to `root`: one settings row (found by the search as "Quick actions",
/// "chips", "prompts") holding the chips' rows, Add and Reset.
pub(super) fn build(doc: &Document, root: &Element) -> DomResult<QuickSection> {
    let set = super::build::section(doc, root, "quick-actions", "Quick actions", "")?;
    let r = el(doc, "div", "row")?;
    set_attr(&r, "data-keywords", "chips prompts buttons")?;
    append(
        &r,
        &text_el(doc, "span", "row-label", "Chips under the input")?,
    )?;
    append(
        &r,
        &text_el(
            doc,
            "p",
            "help",
            "The chips under the side panel's input: a click asks the prompt in the mode chosen here.",
        )?,
    )?;
    let list = el(doc, "div", "qa-list")?;
    append(&r, &list)?;
    let buttons = el(doc, "div", "qa-buttons")?;
    let add = text_el(doc, "button", "btn", "Add quick action")?;
    set_attr(&add, "type", "button")?;
    set_attr(&add, "id", "qaAdd")?;
    let reset = text_el(doc, "button", "btn ghost", "Reset to defaults")?;
    set_attr(&reset, "type", "button")?;
    set_attr(&reset, "id", "qaReset")?;
    append(&buttons, &add)?;
    append(&buttons, &reset)?;
    append(&r, &buttons)?;
    append(&set, &r)?;
    Ok(QuickSection { list, add, reset })
}

fn field(doc: &Document, class: &str, label: &str, value: &str) -> DomResult<HtmlInputElement> {
    let input: HtmlInputElement = el(doc, "input", &format!("field {class}"))?
        .dyn_into()
        .map_err(|_| DomError::Missing("input element"))?;
    set_attr(&input, "type", "text")?;
    set_attr(&input, "aria-label", label)?;
    input.set_value(value);
    Ok(input)
}

/// One chip's row.
fn row(doc: &Document, action: &QuickAction) -> DomResult<Element> {
    let r = el(doc, "div", "qa-row")?;
    let label = field(doc, "qa-label", "Label", &action.label)?;
    set_attr(&label, "placeholder", "Label")?;
    append(&r, &label)?;
    let mode: HtmlSelectElement = el(doc, "select", "field qa-mode")?
        .dyn_into()
        .map_err(|_| DomError::Missing("select element"))?;
    set_attr(&mode, "aria-label", "Mode")?;
    for (_, value, text) in MODES {
        option(doc, &mode, value, text)?;
    }
    mode.set_value(mode_value(action.mode));
    append(&r, &mode)?;
    let prompt = field(doc, "qa-prompt", "Prompt", &action.prompt)?;
    set_attr(&prompt, "placeholder", "What to ask")?;
    append(&r, &prompt)?;
    let remove = text_el(doc, "button", "btn ghost qa-remove", "Remove")?;
    set_attr(&remove, "type", "button")?;
    set_attr(
        &remove,
        "aria-label",
        &format!("Remove quick action “{}”", action.label),
    )?;
    append(&r, &remove)?;
    Ok(r)
}

/// The rows of `actions`, in place of what the list showed.
pub(super) fn fill(doc: &Document, list: &Element, actions: &[QuickAction]) -> DomResult<()> {
    dom::clear(list);
    for a in actions {
        append(list, &row(doc, a)?)?;
    }
    Ok(())
}

/// The chips as the rows hold them (checked on Save).
pub(super) fn read(list: &Element) -> Vec<QuickAction> {
    let value = |r: &Element, sel: &str| {
        r.query_selector(sel)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            .map(|i| i.value())
            .unwrap_or_default()
    };
    let rows = list.children();
    (0..rows.length())
        .filter_map(|i| rows.item(i))
        .map(|r| QuickAction {
            label: value(&r, ".qa-label"),
            mode: r
                .query_selector(".qa-mode")
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
                .and_then(|s| mode_from_value(&s.value()))
                .unwrap_or(Mode::Ask),
            prompt: value(&r, ".qa-prompt"),
        })
        .collect()
}

/// Add (an empty row, its label focused), Reset (the defaults) and each row's Remove.
pub(super) fn wire(doc: &Document, section: &QuickSection) -> DomResult<Vec<Listener>> {
    let mut out = Vec::new();
    let (d, list) = (doc.clone(), section.list.clone());
    out.push(listen(&section.add, "click", move |_| {
        let empty = QuickAction::new("", Mode::Ask, "");
        match row(&d, &empty) {
            Ok(r) => {
                let _ = append(&list, &r);
                if let Some(label) = r
                    .query_selector(".qa-label")
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let _ = label.focus();
                }
            }
            Err(e) => dom::log_error("quick actions", &e),
        }
    })?);
    let (d, list) = (doc.clone(), section.list.clone());
    out.push(listen(&section.reset, "click", move |_| {
        if let Err(e) = fill(&d, &list, &default_quick_actions()) {
            dom::log_error("quick actions", &e);
        }
    })?);
    out.push(listen(&section.list, "click", move |e| {
        let row = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest(".qa-remove").ok().flatten())
            .and_then(|b| b.closest(".qa-row").ok().flatten());
        if let Some(row) = row {
            row.remove();
        }
    })?);
    Ok(out)
}
