//! The static skeleton of the side panel: header (mode picker, History, Export and its menu,
//! New chat, Settings),
//! the page bar (where Zo looks), the history drawer (a search field and the list's date
//! groups), the message list with its empty state (the onboarding card when no key
//! is set, else the mode's starter prompts), the notice of a failed history save, the Undo
//! toast of a deleted chat, the notice of why a question cannot be sent, the banner
//! asking for a key above the composer, the notice that Visual mode has screenshots off (with
//! its switch), why voice input stopped, the page content that goes with the next question (a
//! selection, a link, from the context menu), the model and persona pickers, the composer's
//! sheet (/help, /context), and the composer (input, the list that pops up over it, voice
//! input, Send, Stop, the quick-action chips under it). Built once; the panel keeps the
//! element handles.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use zo_core::ui::banners::{Banner, DISMISS};
use zo_core::ui::export::ExportFormat;
use zo_core::ui::{composer, modes};
use zo_core::wire::{CustomMode, Mode};

use crate::dom::{append, el, set_attr, set_hidden, text_el, DomError, DomResult};
use crate::icons::{icon_button, Icon};

pub fn mode_value(mode: Mode) -> &'static str {
    modes::mode_id(mode)
}

pub fn mode_from_value(value: &str) -> Option<Mode> {
    modes::mode_from_id(value)
}

/// The user's custom modes in the mode picker, after the built-in ones, under "Your modes"
/// (each option's value is the mode's id, `c-...`).
pub fn fill_custom_modes(
    doc: &Document,
    picker: &HtmlSelectElement,
    custom: &[CustomMode],
) -> DomResult<()> {
    if let Ok(Some(old)) = picker.query_selector("optgroup") {
        old.remove();
    }
    if custom.is_empty() {
        return Ok(());
    }
    let group = el(doc, "optgroup", "")?;
    set_attr(&group, "label", "Your modes")?;
    for m in custom {
        let opt = text_el(doc, "option", "", &m.name)?;
        set_attr(&opt, "value", &m.id)?;
        append(&group, &opt)?;
    }
    append(picker, &group)
}

pub struct Ui {
    pub root: Element,
    pub mode: HtmlSelectElement,
    pub history_btn: Element,
    /// Opens the export menu (a popover: Markdown or JSON of the chat on screen).
    pub export_btn: Element,
    pub export_menu: Element,
    pub new_chat: Element,
    pub settings_btn: Element,
    /// Where Zo looks: the bound tab's favicon, title and origin.
    pub page_bar: Element,
    pub page_icon: Element,
    pub page_title: Element,
    pub page_origin: Element,
    pub drawer: Element,
    /// The history list's search field.
    pub drawer_search: HtmlInputElement,
    /// The history list's date groups go here.
    pub drawer_list: Element,
    pub messages: Element,
    /// "Jump to latest", over the list's bottom while new content waits below (auto_scroll).
    pub jump: Element,
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
    pub storage_text: Element,
    /// "Deleted “title”" with Undo, for a few seconds after a chat is deleted.
    pub toast: Element,
    pub toast_text: Element,
    pub toast_undo: Element,
    /// Says why a question cannot be sent now (a Co-browse task runs in another chat).
    pub send_notice: Element,
    pub send_text: Element,
    /// Each notice above the composer's Dismiss button (at most one notice shows).
    pub dismiss: Vec<(Banner, Element)>,
    /// Says that Visual mode has screenshots off, with a switch to turn them on.
    pub visual_notice: Element,
    pub visual_text: Element,
    pub visual_switch: Element,
    /// The page content (a selection, a link) that goes with the next question, with its
    /// Remove button (hidden when there is none).
    pub quote: Element,
    pub quote_label: Element,
    pub quote_text: Element,
    pub quote_remove: Element,
    /// The model and persona pickers above the input (hidden until the lists arrive).
    pub choices: Element,
    pub model: HtmlSelectElement,
    pub persona: HtmlSelectElement,
    pub input: HtmlTextAreaElement,
    /// Voice input (speech recognition into the input), beside Send.
    pub mic: Element,
    /// Why voice input stopped or cannot start, with a button that opens the microphone page
    /// when the panel cannot ask for the microphone itself.
    pub voice_notice: Element,
    pub voice_text: Element,
    pub voice_grant: Element,
    pub send: Element,
    pub stop: Element,
    /// The list over the input (slash commands): `role=listbox`, the input its combobox.
    pub complete: Element,
    /// What /help shows, above the composer, with its title, body and Close.
    pub sheet: Element,
    pub sheet_title: Element,
    pub sheet_body: Element,
    pub sheet_close: Element,
    /// The quick-action chips under the input.
    pub quick: Element,
    /// The tabs chosen with `@` for the next question, as removable chips above the input.
    pub tab_chips: Element,
}

/// The id of the list over the input, and the prefix of its options' ids.
pub const COMPLETE_ID: &str = "zo-complete";

fn button(doc: &Document, class: &str, label: &str, title: &str) -> DomResult<Element> {
    let b = text_el(doc, "button", class, label)?;
    set_attr(&b, "type", "button")?;
    if !title.is_empty() {
        set_attr(&b, "title", title)?;
        set_attr(&b, "aria-label", title)?;
    }
    Ok(b)
}

/// A notice's Dismiss button, at its end.
fn dismiss_button(doc: &Document, banner: &Element) -> DomResult<Element> {
    let b = icon_button(doc, "ghost small banner-dismiss", Icon::Close, DISMISS, "")?;
    append(banner, &b)?;
    Ok(b)
}

/// The attribute of an export menu's button that names its format.
pub const EXPORT_ATTR: &str = "data-export";

/// The export button and its menu, a popover (Chrome places it in the top layer, closes it on
/// Esc and on a click elsewhere): one button per format.
fn export_menu(doc: &Document) -> DomResult<(Element, Element)> {
    let open = icon_button(doc, "ghost export-btn", Icon::Export, "Export chat", "")?;
    set_attr(&open, "popovertarget", "export-menu")?;
    let menu = el(doc, "div", "export-menu")?;
    set_attr(&menu, "id", "export-menu")?;
    set_attr(&menu, "popover", "auto")?;
    set_attr(&menu, "role", "group")?;
    set_attr(&menu, "aria-label", "Export chat")?;
    append(
        &menu,
        &text_el(doc, "div", "section-label", "Export chat as")?,
    )?;
    for (format, label) in ExportFormat::CHOICES {
        let b = button(doc, "btn ghost export-format", label, "")?;
        set_attr(&b, EXPORT_ATTR, format.id())?;
        // Chosen, the menu closes (Chrome does it: no script).
        set_attr(&b, "popovertarget", "export-menu")?;
        set_attr(&b, "popovertargetaction", "hide")?;
        append(&menu, &b)?;
    }
    Ok((open, menu))
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
    let history_btn = icon_button(doc, "ghost history-btn", Icon::History, "Chat history", "")?;
    set_attr(&history_btn, "aria-expanded", "false")?;
    let new_chat = icon_button(doc, "ghost new-chat", Icon::NewChat, "New chat", "")?;
    let settings_btn = icon_button(doc, "ghost settings-btn", Icon::Settings, "Settings", "")?;
    append(&header, &history_btn)?;
    let (export_btn, export_menu) = export_menu(doc)?;
    append(&header, &export_btn)?;
    append(&header, &export_menu)?;
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
    let drawer_search: HtmlInputElement = el(doc, "input", "chat-search")?
        .dyn_into()
        .map_err(|_| DomError::Missing("input element"))?;
    set_attr(&drawer_search, "type", "search")?;
    set_attr(&drawer_search, "placeholder", "Search chats")?;
    set_attr(&drawer_search, "aria-label", "Search chats")?;
    append(&drawer, &drawer_search)?;
    let drawer_list = el(doc, "div", "chat-groups")?;
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
    let jump = icon_button(
        doc,
        "jump",
        Icon::Down,
        "Jump to latest",
        "Jump to the latest message",
    )?;
    append(
        &jump,
        &text_el(doc, "span", "jump-label", "Jump to latest")?,
    )?;
    append(&root, &jump)?;

    let mut dismiss = Vec::new();
    let storage_notice = el(doc, "div", "storage-notice banner")?;
    set_attr(&storage_notice, "role", "alert")?;
    let storage_text = el(doc, "span", "banner-text")?;
    append(&storage_notice, &storage_text)?;
    dismiss.push((Banner::Storage, dismiss_button(doc, &storage_notice)?));
    set_hidden(&storage_notice, true);
    append(&root, &storage_notice)?;

    // An alert, not a second polite region (the message list is the one): Undo lasts seconds,
    // so a screen reader says it at once, as it does the panel's other notices.
    let toast = el(doc, "div", "toast")?;
    set_attr(&toast, "role", "alert")?;
    let toast_text = el(doc, "span", "toast-text")?;
    append(&toast, &toast_text)?;
    let toast_undo = button(doc, "btn link toast-undo", "Undo", "Undo delete")?;
    append(&toast, &toast_undo)?;
    set_hidden(&toast, true);
    append(&root, &toast)?;

    let send_notice = el(doc, "div", "send-notice banner")?;
    set_attr(&send_notice, "role", "alert")?;
    let send_text = el(doc, "span", "banner-text")?;
    append(&send_notice, &send_text)?;
    dismiss.push((Banner::Send, dismiss_button(doc, &send_notice)?));
    set_hidden(&send_notice, true);
    append(&root, &send_notice)?;

    let key_banner = el(doc, "div", "key-banner banner")?;
    append(
        &key_banner,
        &text_el(doc, "span", "banner-text", "Add your Zo API key to ask Zo.")?,
    )?;
    let banner_settings = button(doc, "btn link", composer::ONBOARDING_BUTTON, "")?;
    append(&key_banner, &banner_settings)?;
    dismiss.push((Banner::Key, dismiss_button(doc, &key_banner)?));
    set_hidden(&key_banner, true);
    append(&root, &key_banner)?;

    let visual_notice = el(doc, "div", "visual-notice banner")?;
    let visual_text = el(doc, "span", "banner-text")?;
    append(&visual_notice, &visual_text)?;
    let visual_switch = button(doc, "btn link", "Turn screenshots on", "")?;
    append(&visual_notice, &visual_switch)?;
    dismiss.push((Banner::Visual, dismiss_button(doc, &visual_notice)?));
    set_hidden(&visual_notice, true);
    append(&root, &visual_notice)?;

    let quote = el(doc, "div", "quote")?;
    set_attr(&quote, "role", "group")?;
    set_attr(&quote, "aria-label", "Goes with your question")?;
    let quote_label = el(doc, "span", "quote-label")?;
    let quote_text = el(doc, "span", "quote-text")?;
    let quote_remove = icon_button(
        doc,
        "ghost small quote-remove",
        Icon::Close,
        "Remove from the question",
        "",
    )?;
    append(&quote, &quote_label)?;
    append(&quote, &quote_text)?;
    append(&quote, &quote_remove)?;
    set_hidden(&quote, true);
    append(&root, &quote)?;

    let choices = el(doc, "div", "choices")?;
    let picker = |class: &str, label: &str| -> DomResult<HtmlSelectElement> {
        let select: HtmlSelectElement = el(doc, "select", class)?
            .dyn_into()
            .map_err(|_| DomError::Missing("select element"))?;
        set_attr(&select, "aria-label", label)?;
        set_attr(&select, "title", label)?;
        append(&choices, &select)?;
        Ok(select)
    };
    let model = picker("picker model", "Model")?;
    let persona = picker("picker persona", "Persona")?;
    set_hidden(&choices, true);
    append(&root, &choices)?;

    let sheet = el(doc, "section", "sheet")?;
    set_attr(&sheet, "role", "region")?;
    set_attr(&sheet, "aria-labelledby", "zo-sheet-title")?;
    let sheet_head = el(doc, "div", "sheet-head")?;
    let sheet_title = el(doc, "h2", "sheet-title")?;
    set_attr(&sheet_title, "id", "zo-sheet-title")?;
    append(&sheet_head, &sheet_title)?;
    let sheet_close = icon_button(doc, "ghost small sheet-close", Icon::Close, "Close", "")?;
    append(&sheet_head, &sheet_close)?;
    append(&sheet, &sheet_head)?;
    let sheet_body = el(doc, "div", "sheet-body")?;
    append(&sheet, &sheet_body)?;
    set_hidden(&sheet, true);
    append(&root, &sheet)?;

    let tab_chips = el(doc, "ul", "tab-chips")?;
    set_attr(&tab_chips, "aria-label", "Tabs sent with the question")?;
    set_hidden(&tab_chips, true);
    append(&root, &tab_chips)?;

    let voice_notice = el(doc, "div", "voice-notice banner")?;
    set_attr(&voice_notice, "role", "alert")?;
    let voice_text = el(doc, "span", "banner-text")?;
    append(&voice_notice, &voice_text)?;
    let voice_grant = button(doc, "btn link", "Allow the microphone", "")?;
    append(&voice_notice, &voice_grant)?;
    dismiss.push((Banner::Voice, dismiss_button(doc, &voice_notice)?));
    set_hidden(&voice_notice, true);
    append(&root, &voice_notice)?;

    let composer = el(doc, "footer", "composer")?;
    let complete = el(doc, "ul", "complete")?;
    set_attr(&complete, "id", COMPLETE_ID)?;
    set_attr(&complete, "role", "listbox")?;
    set_attr(&complete, "aria-label", "Commands")?;
    set_hidden(&complete, true);
    append(&composer, &complete)?;
    let input: HtmlTextAreaElement = el(doc, "textarea", "input")?
        .dyn_into()
        .map_err(|_| DomError::Missing("textarea element"))?;
    set_attr(&input, "rows", "1")?;
    set_attr(&input, "placeholder", "Ask Zo… (/ for commands)")?;
    set_attr(
        &input,
        "title",
        "Enter to send, Shift+Enter for a new line, / for commands",
    )?;
    set_attr(&input, "aria-label", "Message")?;
    // A combobox whose list is the commands (`/`): focus stays here, the active option is
    // named by aria-activedescendant.
    set_attr(&input, "role", "combobox")?;
    set_attr(&input, "aria-autocomplete", "list")?;
    set_attr(&input, "aria-controls", COMPLETE_ID)?;
    set_attr(&input, "aria-expanded", "false")?;
    append(&composer, &input)?;
    let mic = icon_button(doc, "ghost mic", Icon::Mic, "Voice input", "")?;
    set_attr(&mic, "aria-pressed", "false")?;
    append(&composer, &mic)?;
    let send = icon_button(doc, "primary send", Icon::Send, "Send", "Send (Enter)")?;
    let stop = icon_button(doc, "danger stop", Icon::Stop, "Stop", "Stop the answer")?;
    set_hidden(&stop, true);
    append(&composer, &send)?;
    append(&composer, &stop)?;
    append(&root, &composer)?;

    let quick = el(doc, "div", "quick")?;
    set_attr(&quick, "role", "group")?;
    set_attr(&quick, "aria-label", "Quick actions")?;
    set_hidden(&quick, true);
    append(&root, &quick)?;

    append(mount, &root)?;
    Ok(Ui {
        root,
        mode,
        history_btn,
        export_btn,
        export_menu,
        new_chat,
        settings_btn,
        page_bar,
        page_icon,
        page_title,
        page_origin,
        drawer,
        drawer_search,
        drawer_list,
        messages,
        jump,
        empty,
        empty_key_hint,
        empty_settings,
        starters,
        key_banner,
        banner_settings,
        storage_notice,
        storage_text,
        toast,
        toast_text,
        toast_undo,
        send_notice,
        send_text,
        dismiss,
        visual_notice,
        visual_text,
        visual_switch,
        quote,
        quote_label,
        quote_text,
        quote_remove,
        choices,
        model,
        persona,
        input,
        mic,
        voice_notice,
        voice_text,
        voice_grant,
        send,
        stop,
        complete,
        sheet,
        sheet_title,
        sheet_body,
        sheet_close,
        quick,
        tab_chips,
    })
}
