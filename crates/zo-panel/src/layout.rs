//! The static skeleton of the side panel: header (mode picker, History, New chat, Settings),
//! the page bar (where Zo looks), the history drawer, the message list with its empty state (the onboarding card when no key
//! is set, else the mode's starter prompts), the notice of a failed history save, the banner
//! asking for a key above the composer, and the composer (input, Send, Stop). Built once; the
//! panel keeps the element handles.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlSelectElement, HtmlTextAreaElement};
use zo_core::ui::{composer, modes};
use zo_core::wire::Mode;

use crate::dom::{append, el, set_attr, set_hidden, text_el, DomError, DomResult};

pub fn mode_value(mode: Mode) -> &'static str {
    modes::mode_id(mode)
}

pub fn mode_from_value(value: &str) -> Option<Mode> {
    modes::mode_from_id(value)
}

pub struct Ui {
    pub root: Element,
    pub mode: HtmlSelectElement,
    pub history_btn: Element,
    pub new_chat: Element,
    pub settings_btn: Element,
    /// Where Zo looks: the bound tab's favicon, title and origin.
    pub page_bar: Element,
    pub page_icon: Element,
    pub page_title: Element,
    pub page_origin: Element,
    pub drawer: Element,
    pub drawer_list: Element,
    pub messages: Element,
    pub empty: Element,
    /// The onboarding card (no key set, empty chat).
    pub empty_key_hint: Element,
    pub empty_settings: Element,
    /// The starter prompts of the current mode (a key is set, empty chat).
    pub starters: Element,
    /// Asks for a key above the composer (no key set, a chat with messages).
    pub key_banner: Element,
    pub banner_settings: Element,
    /// Says that the history could not be saved (hidden while saves succeed).
    pub storage_notice: Element,
    pub input: HtmlTextAreaElement,
    pub send: Element,
    pub stop: Element,
}

fn button(doc: &Document, class: &str, label: &str, title: &str) -> DomResult<Element> {
    let b = text_el(doc, "button", class, label)?;
    set_attr(&b, "type", "button")?;
    if !title.is_empty() {
        set_attr(&b, "title", title)?;
        set_attr(&b, "aria-label", title)?;
    }
    Ok(b)
}

pub fn build(doc: &Document, mount: &Element) -> DomResult<Ui> {
    crate::dom::clear(mount);
    let root = el(doc, "div", "zo")?;

    let header = el(doc, "header", "bar")?;
    append(&header, &text_el(doc, "span", "brand", "Zo")?)?;
    let mode: HtmlSelectElement = el(doc, "select", "mode")?
        .dyn_into()
        .map_err(|_| DomError::Missing("select element"))?;
    set_attr(&mode, "aria-label", "Mode")?;
    for (_, value, label) in modes::MODES {
        let opt = text_el(doc, "option", "", label)?;
        set_attr(&opt, "value", value)?;
        append(&mode, &opt)?;
    }
    append(&header, &mode)?;
    append(&header, &el(doc, "span", "spacer")?)?;
    let history_btn = button(doc, "btn ghost history-btn", "History", "Chat history")?;
    set_attr(&history_btn, "aria-expanded", "false")?;
    let new_chat = button(doc, "btn ghost new-chat", "New", "New chat")?;
    let settings_btn = button(doc, "btn ghost icon settings-btn", "⚙", "Settings")?;
    append(&header, &history_btn)?;
    append(&header, &new_chat)?;
    append(&header, &settings_btn)?;
    append(&root, &header)?;

    let page_bar = el(doc, "div", "page-bar")?;
    set_attr(&page_bar, "role", "group")?;
    set_attr(&page_bar, "aria-label", "Page")?;
    let page_icon = el(doc, "img", "page-icon")?;
    set_attr(&page_icon, "alt", "")?;
    set_attr(&page_icon, "width", "16")?;
    set_attr(&page_icon, "height", "16")?;
    set_hidden(&page_icon, true);
    let page_title = el(doc, "span", "page-title")?;
    let page_origin = el(doc, "span", "page-origin")?;
    append(&page_bar, &page_icon)?;
    append(&page_bar, &page_title)?;
    append(&page_bar, &page_origin)?;
    append(&root, &page_bar)?;

    let drawer = el(doc, "section", "drawer")?;
    set_attr(&drawer, "aria-label", "Chat history")?;
    append(&drawer, &text_el(doc, "div", "section-label", "History")?)?;
    let drawer_list = el(doc, "ul", "chat-list")?;
    append(&drawer, &drawer_list)?;
    set_hidden(&drawer, true);
    append(&root, &drawer)?;

    let messages = el(doc, "main", "messages")?;
    set_attr(&messages, "aria-label", "Conversation")?;
    // The one live region: new messages and answers are announced politely, in order.
    set_attr(&messages, "role", "log")?;
    set_attr(&messages, "aria-live", "polite")?;
    let empty = el(doc, "div", "empty")?;
    append(&empty, &text_el(doc, "div", "empty-title", "Ask Zo")?)?;
    append(
        &empty,
        &text_el(
            doc,
            "p",
            "",
            "Ask about this page, summarize it, extract data, or let Zo browse with you in Co-browse mode.",
        )?,
    )?;
    let starters = el(doc, "div", "starters")?;
    set_attr(&starters, "role", "group")?;
    set_attr(&starters, "aria-label", "Suggestions")?;
    append(&empty, &starters)?;
    let empty_key_hint = el(doc, "section", "onboarding key-hint")?;
    set_attr(&empty_key_hint, "aria-label", composer::ONBOARDING_TITLE)?;
    append(
        &empty_key_hint,
        &text_el(doc, "h2", "onboarding-title", composer::ONBOARDING_TITLE)?,
    )?;
    for paragraph in composer::ONBOARDING_TEXT {
        append(&empty_key_hint, &text_el(doc, "p", "", paragraph)?)?;
    }
    let empty_settings = button(doc, "btn primary", composer::ONBOARDING_BUTTON, "")?;
    append(&empty_key_hint, &empty_settings)?;
    set_hidden(&empty_key_hint, true);
    append(&empty, &empty_key_hint)?;
    append(&messages, &empty)?;
    append(&root, &messages)?;

    let storage_notice = el(doc, "div", "storage-notice")?;
    set_attr(&storage_notice, "role", "alert")?;
    set_hidden(&storage_notice, true);
    append(&root, &storage_notice)?;

    let key_banner = el(doc, "div", "key-banner")?;
    append(
        &key_banner,
        &text_el(doc, "span", "", "Add your Zo API key to ask Zo.")?,
    )?;
    let banner_settings = button(doc, "btn link", composer::ONBOARDING_BUTTON, "")?;
    append(&key_banner, &banner_settings)?;
    set_hidden(&key_banner, true);
    append(&root, &key_banner)?;

    let composer = el(doc, "footer", "composer")?;
    let input: HtmlTextAreaElement = el(doc, "textarea", "input")?
        .dyn_into()
        .map_err(|_| DomError::Missing("textarea element"))?;
    set_attr(&input, "rows", "1")?;
    set_attr(&input, "placeholder", "Ask Zo…")?;
    set_attr(&input, "title", "Enter to send, Shift+Enter for a new line")?;
    set_attr(&input, "aria-label", "Message")?;
    append(&composer, &input)?;
    let send = button(doc, "btn primary send", "Send", "Send")?;
    let stop = button(doc, "btn danger stop", "Stop", "Stop")?;
    set_hidden(&stop, true);
    append(&composer, &send)?;
    append(&composer, &stop)?;
    append(&root, &composer)?;

    append(mount, &root)?;
    Ok(Ui {
        root,
        mode,
        history_btn,
        new_chat,
        settings_btn,
        page_bar,
        page_icon,
        page_title,
        page_origin,
        drawer,
        drawer_list,
        messages,
        empty,
        empty_key_hint,
        empty_settings,
        starters,
        key_banner,
        banner_settings,
        storage_notice,
        input,
        send,
        stop,
    })
}
