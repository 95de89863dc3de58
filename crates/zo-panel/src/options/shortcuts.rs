//! The options page's keyboard shortcuts: every command of the manifest as Chrome has it now
//! (`chrome.commands.getAll()`, through the host's `commands()`), each with what it does and
//! its shortcut or "Not set" (`zo_core::ui::entry::shortcut_row`), a note above them when
//! Chrome left some without a key, with a link to `chrome://extensions/shortcuts`, and a button
//! to Chrome's shortcut settings, the one place they are changed (the host's `openShortcuts()`).

use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Document, Element};
use zo_core::ui::entry::{shortcut_row, unset_shortcuts_note};

use crate::dom::{self, append, clear, el, set_attr, text_el, DomResult};

#[wasm_bindgen]
extern "C" {
    type ShortcutsHost;
    #[wasm_bindgen(method, catch)]
    fn commands(this: &ShortcutsHost) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = openShortcuts)]
    fn open_shortcuts(this: &ShortcutsHost) -> Result<JsValue, JsValue>;
}

/// The "Keyboard shortcuts" section in `parent` (after Appearance): its rows' container, and
/// the button to Chrome's shortcut settings (in a row of its own, found by the search too).
pub(super) fn build(doc: &Document, parent: &Element) -> DomResult<(Element, Element)> {
    let section = super::build::section(
        doc,
        parent,
        "shortcuts",
        "Keyboard shortcuts",
        "Keys that work anywhere in Chrome. Chrome sets them; a key another extension already uses is left not set.",
    )?;
    let list = el(doc, "div", "shortcut-list")?;
    append(&section, &list)?;
    let change_row = el(doc, "div", "row")?;
    set_attr(
        &change_row,
        "data-keywords",
        "keyboard shortcuts keys change chrome",
    )?;
    let change = text_el(doc, "button", "btn", "Change shortcuts in Chrome")?;
    set_attr(&change, "type", "button")?;
    append(&change_row, &change)?;
    append(
        &change_row,
        &text_el(doc, "p", "help", "Opens chrome://extensions/shortcuts.")?,
    )?;
    append(&section, &change_row)?;
    Ok((list, change))
}

fn text_of(obj: &JsValue, key: &str) -> String {
    Reflect::get(obj, &JsValue::from_str(key))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// Fills `list` with the commands the host reports.
pub async fn show(doc: &Document, list: &Element, host: &JsValue) {
    let host: &ShortcutsHost = host.unchecked_ref();
    let listed = match host.commands() {
        Ok(p) => JsFuture::from(js_sys::Promise::resolve(&p)).await,
        Err(e) => Err(e),
    };
    let result = match listed {
        Ok(commands) => fill(doc, list, &Array::from(&commands)),
        Err(e) => Err(dom::DomError::js("chrome.commands.getAll", e)),
    };
    if let Err(e) = result {
        dom::log_error("keyboard shortcuts", &e);
    }
}

/// The attribute of the note's link to Chrome's shortcut settings (a click on it opens them).
pub const OPEN_ATTR: &str = "data-open-shortcuts";

fn fill(doc: &Document, list: &Element, commands: &Array) -> DomResult<()> {
    clear(list);
    let unset = commands
        .iter()
        .filter(|c| text_of(c, "shortcut").trim().is_empty())
        .count();
    if let Some(text) = unset_shortcuts_note(unset) {
        let note = el(doc, "p", "help shortcut-note")?;
        set_attr(&note, "role", "note")?;
        append(&note, &text_el(doc, "span", "", &text)?)?;
        let link = text_el(doc, "a", "", "chrome://extensions/shortcuts")?;
        // Chrome opens its own pages only for the extension (the host), never from a link.
        set_attr(&link, "href", "chrome://extensions/shortcuts")?;
        set_attr(&link, OPEN_ATTR, "")?;
        note.append_with_str_1(" ")
            .map_err(|e| dom::DomError::js("append text", e))?;
        append(&note, &link)?;
        append(list, &note)?;
    }
    for command in commands.iter() {
        let (what, keys) = shortcut_row(
            &text_of(&command, "name"),
            &text_of(&command, "description"),
            &text_of(&command, "shortcut"),
        );
        let row = el(doc, "div", "row shortcut")?;
        set_attr(&row, "data-keywords", &format!("keyboard shortcut {keys}"))?;
        append(&row, &text_el(doc, "span", "row-label", &what)?)?;
        append(&row, &text_el(doc, "kbd", "keys", &keys)?)?;
        append(list, &row)?;
    }
    Ok(())
}

/// The button's click: Chrome's shortcut settings in a new tab.
pub fn open_settings(host: &JsValue) {
    if let Err(e) = host.unchecked_ref::<ShortcutsHost>().open_shortcuts() {
        dom::log_error(
            "opening Chrome's shortcut settings",
            &zo_chrome::error_text(&e),
        );
    }
}
