//! The DOM of one question: its bubble with an Edit button, the chip saying which page went
//! with it, and the editor that replaces the bubble while the question is changed (Send asks
//! it again, Cancel or Esc leaves it as it was). The panel wires the buttons; this module only
//! shows and hides.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlTextAreaElement};
use zo_core::ui::page_context::{page_chip, PageRef};

use crate::dom::{append, el, set_attr, set_hidden, text_el, toggle_class, DomError, DomResult};

/// A question as shown; cheap to clone (element handles).
#[derive(Clone)]
pub struct UserView {
    pub root: Element,
    bubble: Element,
    editor: Element,
    pub input: HtmlTextAreaElement,
    pub edit: Element,
    pub send: Element,
    pub cancel: Element,
}

fn button(doc: &Document, class: &str, label: &str, title: &str) -> DomResult<Element> {
    let b = text_el(doc, "button", class, label)?;
    set_attr(&b, "type", "button")?;
    set_attr(&b, "title", title)?;
    Ok(b)
}

impl UserView {
    pub fn new(doc: &Document, text: &str, page: Option<&PageRef>) -> DomResult<UserView> {
        let root = el(doc, "article", "msg user")?;
        let bubble = text_el(doc, "div", "bubble", text)?;
        let edit = crate::icons::icon_button(
            doc,
            "ghost small edit",
            crate::icons::Icon::Edit,
            "Edit question",
            "Edit and send again",
        )?;
        let editor = el(doc, "div", "editor")?;
        let input: HtmlTextAreaElement = el(doc, "textarea", "edit-input")?
            .dyn_into()
            .map_err(|_| DomError::Missing("textarea element"))?;
        set_attr(&input, "aria-label", "Edit question")?;
        set_attr(&input, "rows", "3")?;
        let actions = el(doc, "div", "editor-actions")?;
        let cancel = button(doc, "btn ghost edit-cancel", "Cancel", "Keep the question")?;
        let send = button(
            doc,
            "btn primary edit-send",
            "Send",
            "Ask the edited question",
        )?;
        set_attr(&send, "aria-label", "Send edited question")?;
        append(&actions, &cancel)?;
        append(&actions, &send)?;
        append(&editor, &input)?;
        append(&editor, &actions)?;
        set_hidden(&editor, true);
        let body = el(doc, "div", "question")?;
        append(&body, &bubble)?;
        let chip = el(doc, "span", "page-chip")?;
        set_hidden(&chip, true);
        append(&body, &chip)?;
        append(&root, &edit)?;
        append(&root, &body)?;
        append(&root, &editor)?;
        if let Some(page) = page {
            show_page(&root, page);
        }
        Ok(UserView {
            root,
            bubble,
            editor,
            input,
            edit,
            send,
            cancel,
        })
    }

    /// The editor replaces the bubble, holding the question's text, focused.
    pub fn begin_edit(&self) {
        self.input
            .set_value(&self.bubble.text_content().unwrap_or_default());
        set_hidden(&self.bubble, true);
        set_hidden(&self.edit, true);
        set_hidden(&self.editor, false);
        let _ = self.input.focus();
    }

    /// Back to the bubble, showing `text`.
    pub fn end_edit(&self, text: Option<&str>) {
        if let Some(text) = text {
            self.bubble.set_text_content(Some(text));
        }
        set_hidden(&self.editor, true);
        set_hidden(&self.bubble, false);
        set_hidden(&self.edit, false);
    }
}

/// Shows on question `root` the other tabs that went with it (and whether Zo could read them).
pub fn show_tabs(root: &Element, tabs: &[PageRef]) {
    let (Some(doc), Some(body)) = (
        root.owner_document(),
        root.query_selector(".question").ok().flatten(),
    ) else {
        return;
    };
    for tab in tabs {
        let view = page_chip(tab);
        let Ok(chip) = text_el(&doc, "span", "page-chip tab-ref", &view.text) else {
            continue;
        };
        let _ = set_attr(&chip, "title", &view.description);
        toggle_class(&chip, "not-shared", !view.shared);
        let _ = append(&body, &chip);
    }
}

/// Shows on question `root` which page went with it (and whether Zo could read it).
pub fn show_page(root: &Element, page: &PageRef) {
    let Some(chip) = root.query_selector(".page-chip").ok().flatten() else {
        return;
    };
    let view = page_chip(page);
    chip.set_text_content(Some(&view.text));
    let _ = set_attr(&chip, "title", &view.description);
    let _ = set_attr(&chip, "aria-label", &view.description);
    toggle_class(&chip, "not-shared", !view.shared);
    set_hidden(&chip, false);
}
