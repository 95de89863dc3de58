//! The options page's DOM: the search box, the navigation list, the form in sections
//! (Connection, Chat, Modes, Co-browse, Appearance, Read aloud) with Save, Test connection and a status
//! line, and the diagnostics section.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement};
use zo_core::wire::{FontSize, Settings, Theme, WireName, DEFAULT_API_BASE_URL};

use super::Form;
use crate::dom::{self, append, el, set_attr, text_el, DomError, DomResult};
use zo_core::ui::modes::MODES;
use zo_core::ui::speech::RATES;

pub(super) fn input(doc: &Document, kind: &str, id: &str) -> DomResult<HtmlInputElement> {
    let e = el(doc, "input", "field")?;
    set_attr(&e, "type", kind)?;
    set_attr(&e, "id", id)?;
    e.dyn_into().map_err(|_| DomError::Missing("input element"))
}

pub(super) fn select(doc: &Document, id: &str) -> DomResult<HtmlSelectElement> {
    let e = el(doc, "select", "field")?;
    set_attr(&e, "id", id)?;
    e.dyn_into()
        .map_err(|_| DomError::Missing("select element"))
}

pub(super) fn row(
    doc: &Document,
    parent: &Element,
    label: &str,
    id: &str,
    field: &Element,
    help: &str,
) -> DomResult<()> {
    let r = el(doc, "div", "row")?;
    let l = text_el(doc, "label", "", label)?;
    set_attr(&l, "for", id)?;
    append(&r, &l)?;
    append(&r, field)?;
    if !help.is_empty() {
        append(&r, &text_el(doc, "p", "help", help)?)?;
    }
    append(parent, &r)
}

pub(super) fn option(
    doc: &Document,
    sel: &HtmlSelectElement,
    value: &str,
    label: &str,
) -> DomResult<()> {
    let o = text_el(doc, "option", "", label)?;
    set_attr(&o, "value", value)?;
    append(sel, &o)
}

/// A section of the page: `<section class="settings-section">` with its `<h2>` title and an
/// optional intro line, appended to `parent`. The navigation list links to every such section
/// and the search box filters the rows (`.row`: a label, a field, a help line) inside them, so
/// a new setting needs nothing more than a [`row`] in the right section; a new section, this
/// call in page order (sections: Connection, Chat, Modes, Co-browse, Appearance, then
/// Shortcuts and Quick actions where those features add them). A row's `data-keywords`
/// attribute adds words it is found by.
pub(super) fn section(
    doc: &Document,
    parent: &Element,
    id: &str,
    title: &str,
    intro: &str,
) -> DomResult<Element> {
    let s = el(doc, "section", "settings-section")?;
    set_attr(&s, "id", id)?;
    let heading_id = format!("{id}-title");
    set_attr(&s, "aria-labelledby", &heading_id)?;
    let h = text_el(doc, "h2", "", title)?;
    set_attr(&h, "id", &heading_id)?;
    append(&s, &h)?;
    if !intro.is_empty() {
        append(&s, &text_el(doc, "p", "help intro", intro)?)?;
    }
    append(parent, &s)?;
    Ok(s)
}

/// Build the page inside `mount`: the title and the search box, the navigation list, the form
/// in sections (with Save, Test connection and a status line) and the diagnostics section.
/// Returns the form with its root element and the search's parts.
pub(super) fn build(
    doc: Document,
    mount: &Element,
    host: JsValue,
) -> DomResult<(Form, Element, super::search::SearchParts)> {
    let doc = &doc;
    dom::clear(mount);
    let page = el(doc, "div", "options-page")?;
    let top = el(doc, "header", "options-top")?;
    append(&top, &text_el(doc, "h1", "", "Zo Co-browse settings")?)?;
    let (search_box, search_input, search_status) = super::search::build_box(doc)?;
    append(&top, &search_box)?;
    append(&page, &top)?;
    let nav = el(doc, "nav", "options-nav")?;
    set_attr(&nav, "aria-label", "Settings sections")?;
    append(&page, &nav)?;
    let content = el(doc, "div", "options-content")?;
    append(&content, &search_status)?;
    let root = el(doc, "form", "options")?;
    set_attr(&root, "novalidate", "")?;

    let conn = section(doc, &root, "connection", "Connection", "")?;
    let key = input(doc, "password", "apiKey")?;
    set_attr(&key, "autocomplete", "off")?;
    set_attr(&key, "spellcheck", "false")?;
    set_attr(&key, "placeholder", "zo_sk_…")?;
    let key_wrap = el(doc, "div", "with-button")?;
    append(&key_wrap, &key)?;
    let reveal = text_el(doc, "button", "btn ghost reveal", "Show")?;
    set_attr(&reveal, "type", "button")?;
    set_attr(&reveal, "aria-pressed", "false")?;
    set_attr(&reveal, "aria-label", "Show the API key")?;
    append(&key_wrap, &reveal)?;
    row(doc, &conn, "API key", "apiKey", &key_wrap, "Create one in Zo under Settings › Advanced. Stored only in this browser, apart from the other settings; sent only to the API base URL.")?;
    let base = input(doc, "url", "apiBaseUrl")?;
    set_attr(&base, "placeholder", DEFAULT_API_BASE_URL)?;
    row(
        doc,
        &conn,
        "API base URL",
        "apiBaseUrl",
        &base,
        "https:// (http:// only for a server on this computer). Another address than Zo's asks for Chrome's permission to contact it.",
    )?;
    let liveness = input(doc, "number", "livenessTimeout")?;
    set_attr(&liveness, "min", "1")?;
    set_attr(&liveness, "step", "1")?;
    row(
        doc,
        &conn,
        "Liveness timeout (seconds)",
        "livenessTimeout",
        &liveness,
        "A stream silent this long is retried.",
    )?;

    let chat = section(doc, &root, "chat", "Chat", "")?;
    let model = select(doc, "model")?;
    row(
        doc,
        &chat,
        "Model",
        "model",
        &model,
        "Listed from Zo once a key is set.",
    )?;
    let persona = select(doc, "persona")?;
    row(
        doc,
        &chat,
        "Persona",
        "persona",
        &persona,
        "Listed from Zo once a key is set.",
    )?;

    let modes = section(doc, &root, "modes", "Modes", "")?;
    let mode = select(doc, "defaultMode")?;
    for (_, value, label) in MODES {
        option(doc, &mode, value, label)?;
    }
    row(
        doc,
        &modes,
        "Default mode",
        "defaultMode",
        &mode,
        "The mode a new side panel starts in.",
    )?;
    let mode_editor = super::modes::build(doc, &modes)?;

    let cb = section(doc, &root, "cobrowse", "Co-browse", "")?;
    let max_steps = input(doc, "number", "maxSteps")?;
    set_attr(&max_steps, "min", "1")?;
    let ceiling = zo_core::wire::MAX_STEPS_CEILING.to_string();
    set_attr(&max_steps, "max", &ceiling)?;
    row(
        doc,
        &cb,
        "Max steps",
        "maxSteps",
        &max_steps,
        &format!("Most rounds of actions per request (at most {ceiling})."),
    )?;
    let max_actions = input(doc, "number", "maxActions")?;
    set_attr(&max_actions, "min", "1")?;
    let ceiling = zo_core::wire::MAX_ACTIONS_CEILING.to_string();
    set_attr(&max_actions, "max", &ceiling)?;
    row(
        doc,
        &cb,
        "Max actions",
        "maxActions",
        &max_actions,
        &format!("Most actions one task runs, over all its steps (at most {ceiling})."),
    )?;
    let max_navigations = input(doc, "number", "maxNavigations")?;
    set_attr(&max_navigations, "min", "0")?;
    let ceiling = zo_core::wire::MAX_NAVIGATIONS_CEILING.to_string();
    set_attr(&max_navigations, "max", &ceiling)?;
    row(
        doc,
        &cb,
        "Max navigations",
        "maxNavigations",
        &max_navigations,
        &format!(
            "Most page changes one task makes, redirects and links included (at most {ceiling})."
        ),
    )?;
    let screenshots = input(doc, "checkbox", "screenshots")?;
    let shot_row = el(doc, "div", "row check")?;
    set_attr(&shot_row, "data-keywords", "screenshots visual")?;
    append(&shot_row, &screenshots)?;
    let l = text_el(
        doc,
        "label",
        "",
        "Send screenshots of the visible tab in Visual mode (off by default; Chrome asks to let Zo see all sites, which screenshots need)",
    )?;
    set_attr(&l, "for", "screenshots")?;
    append(&shot_row, &l)?;
    append(&cb, &shot_row)?;

    let look = section(doc, &root, "appearance", "Appearance", "")?;
    let theme = select(doc, "theme")?;
    for (t, label) in Theme::CHOICES {
        option(doc, &theme, t.wire_name(), label)?;
    }
    row(
        doc,
        &look,
        "Theme",
        "theme",
        &theme,
        "System follows your browser's light or dark setting, and its wish for more contrast. High contrast: strong text and borders, light or dark as your browser is.",
    )?;
    let font_size = select(doc, "fontSize")?;
    for (f, label) in FontSize::CHOICES {
        option(doc, &font_size, f.wire_name(), label)?;
    }
    row(
        doc,
        &look,
        "Text size",
        "fontSize",
        &font_size,
        "For the side panel and this page.",
    )?;

    let quick = super::quick::build(doc, &root)?;

    let speech = section(doc, &root, "read-aloud", "Read aloud", "")?;
    let speech_voice = select(doc, "speechVoice")?;
    row(
        doc,
        &speech,
        "Voice",
        "speechVoice",
        &speech_voice,
        "The voices your browser and system offer (the list may take a moment to load).",
    )?;
    let speech_rate = select(doc, "speechRate")?;
    for (rate, label) in RATES {
        option(doc, &speech_rate, &rate.to_string(), label)?;
    }
    row(
        doc,
        &speech,
        "Speed",
        "speechRate",
        &speech_rate,
        "How fast an answer is read aloud.",
    )?;

    let (shortcut_list, shortcut_change) = super::shortcuts::build(doc, &root)?;

    let actions = el(doc, "div", "actions")?;
    let save = text_el(doc, "button", "btn primary", "Save")?;
    set_attr(&save, "type", "submit")?;
    set_attr(&save, "id", "save")?;
    let test = text_el(doc, "button", "btn", "Test connection")?;
    set_attr(&test, "type", "button")?;
    set_attr(&test, "id", "test")?;
    append(&actions, &save)?;
    append(&actions, &test)?;
    // What Save and Test connection did, beside them in the bar that stays in view.
    let status = el(doc, "p", "status")?;
    set_attr(&status, "role", "status")?;
    set_attr(&status, "aria-live", "polite")?;
    set_attr(&status, "id", "status")?;
    append(&actions, &status)?;
    append(&root, &actions)?;
    append(&content, &root)?;
    let diagnostics = section(doc, &content, "diagnostics", "Diagnostics", "")?;
    let (shape_view, shape) = super::stream_shape::build(doc)?;
    append(&diagnostics, &shape_view)?;
    append(&page, &content)?;
    append(mount, &page)?;
    let search = super::search::SearchParts::new(doc, search_input, search_status, nav, content)?;

    let form = Form {
        doc: doc.clone(),
        host,
        key,
        reveal,
        base,
        model,
        persona,
        mode,
        max_steps,
        max_actions,
        max_navigations,
        screenshots,
        liveness,
        theme,
        font_size,
        speech_voice,
        speech_rate,
        test,
        status,
        shape,
        modes: mode_editor,
        quick,
        shortcut_list,
        shortcut_change,
        settings: Settings::default(),
        api_key: None,
        reply_in_mode: false,
    };
    Ok((form, root, search))
}
