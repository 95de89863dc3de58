//! The history drawer of the side panel: a search field and the saved chats in date groups
//! (`zo_core::ui::chat_list` decides the groups, the search and the marks), each chat a
//! button that opens it (marked when it is on screen, and "Running" while its answer
//! streams), with Rename (its title edited in place: Enter keeps, Esc cancels) and Delete
//! (Undo in a toast). The rows carry no listeners of their own: the list's container has one
//! for clicks, one for keys and one for focus leaving (wired once, [`State::wire_drawer`]),
//! which read the row's `data-chat` and the button's `data-act`. "Delete all chats" ends the
//! list ([`super::clear_all`]).

use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlInputElement, KeyboardEvent};
use zo_core::ui::chat_list::{chat_list, ChatState, ListItem, ListQuery};

use super::{with_state, State};
use crate::dom::{
    self, append, listen, set_attr, set_hidden, text_el, DomError, DomResult, Listener,
};
use crate::host::{now_ms, tz_offset_min};
use crate::icons::{icon_button, Icon};

impl State {
    pub(super) fn toggle_drawer(&mut self) {
        let open = self.ui.drawer.has_attribute("hidden");
        if open {
            if let Err(e) = self.render_drawer() {
                dom::log_error("history list", &e);
            }
        }
        set_hidden(&self.ui.drawer, !open);
        if open {
            let _ = self.ui.drawer_search.focus();
        } else {
            self.renaming = None;
        }
        let _ = set_attr(
            &self.ui.history_btn,
            "aria-expanded",
            if open { "true" } else { "false" },
        );
    }

    pub(super) fn close_drawer(&mut self) {
        set_hidden(&self.ui.drawer, true);
        self.renaming = None;
        let _ = set_attr(&self.ui.history_btn, "aria-expanded", "false");
    }

    /// Draws the list again when it is open (not while a title is being edited there).
    pub(super) fn refresh_drawer(&mut self) {
        if self.ui.drawer.has_attribute("hidden") || self.renaming.is_some() {
            return;
        }
        if let Err(e) = self.render_drawer() {
            dom::log_error("history list", &e);
        }
    }

    /// The search field changed.
    pub(super) fn search_chats(&mut self, text: String) {
        self.search = text;
        self.refresh_drawer();
    }

    /// Esc in the search field: clears it, or when empty closes the list (it never stops an
    /// answer).
    pub(super) fn search_escape(&mut self) {
        if self.ui.drawer_search.value().is_empty() {
            self.close_drawer();
            let _ = self
                .ui
                .history_btn
                .dyn_ref::<web_sys::HtmlElement>()
                .map(|b| b.focus());
        } else {
            self.ui.drawer_search.set_value("");
            self.search_chats(String::new());
        }
    }

    /// Starts editing chat `id`'s title in the list.
    pub(super) fn start_rename(&mut self, id: &str) {
        self.renaming = Some(id.to_string());
        if let Err(e) = self.render_drawer() {
            dom::log_error("history list", &e);
        }
    }

    /// Ends editing a title without renaming.
    pub(super) fn cancel_rename(&mut self) {
        let Some(id) = self.renaming.take() else {
            return;
        };
        self.refresh_drawer();
        self.focus_row_button(&id, "chat-rename");
    }

    pub(super) fn render_drawer(&mut self) -> DomResult<()> {
        dom::clear(&self.ui.drawer_list);
        let states = self.runs.states();
        let query = ListQuery {
            search: &self.search,
            now: now_ms(),
            tz_offset_min: tz_offset_min(),
            current: Some(&self.chat.id),
            states: &states,
        };
        let groups = chat_list(&self.history, &query);
        if groups.is_empty() {
            let text = if self.search.trim().is_empty() {
                "No saved chats yet."
            } else {
                "No chats match your search."
            };
            append(
                &self.ui.drawer_list,
                &text_el(&self.doc, "p", "muted", text)?,
            )?;
        }
        let mut focus = None;
        for group in groups {
            let section = dom::el(&self.doc, "section", "chat-group")?;
            set_attr(&section, "aria-label", group.group.label())?;
            append(
                &section,
                &text_el(&self.doc, "h3", "group-label", group.group.label())?,
            )?;
            let list = dom::el(&self.doc, "ul", "chat-list")?;
            for item in &group.items {
                let li = self.chat_row(item)?;
                if self.renaming.as_deref() == Some(item.id.as_str()) {
                    focus = li.query_selector("input").ok().flatten();
                }
                append(&list, &li)?;
            }
            append(&section, &list)?;
            append(&self.ui.drawer_list, &section)?;
        }
        if let Some(footer) = self.clear_footer()? {
            append(&self.ui.drawer_list, &footer)?;
        }
        if let Some(input) = focus.and_then(|e| e.dyn_into::<HtmlInputElement>().ok()) {
            let _ = input.focus();
            input.select();
        }
        Ok(())
    }

    /// One chat of the list: its open button (or its title's editor), Rename, Delete.
    fn chat_row(&self, item: &ListItem) -> DomResult<Element> {
        let li = dom::el(&self.doc, "li", "chat-item")?;
        set_attr(&li, "data-chat", &item.id)?;
        dom::toggle_class(&li, "current", item.current);
        let state = match item.state {
            ChatState::Idle => None,
            ChatState::Running => Some("running"),
            ChatState::NeedsYou => Some("needs-you"),
        };
        if let Some(state) = state {
            set_attr(&li, "data-state", state)?;
        }
        if self.renaming.as_deref() == Some(item.id.as_str()) {
            append(&li, &self.title_editor(item)?)?;
            return Ok(li);
        }
        let open = dom::el(&self.doc, "button", "chat-open")?;
        set_attr(&open, "type", "button")?;
        set_attr(&open, "data-chat", &item.id)?;
        if item.current {
            set_attr(&open, "aria-current", "true")?;
        }
        append(
            &open,
            &text_el(&self.doc, "span", "chat-title", &item.title)?,
        )?;
        if let Some(snippet) = &item.snippet {
            append(&open, &text_el(&self.doc, "span", "chat-snippet", snippet)?)?;
        }
        if item.state != ChatState::Idle {
            let badge = dom::el(&self.doc, "span", "chat-state")?;
            let spinner = dom::el(&self.doc, "span", "spinner")?;
            set_attr(&spinner, "aria-hidden", "true")?;
            append(&badge, &spinner)?;
            append(&badge, &text_el(&self.doc, "span", "", item.state.label())?)?;
            append(&open, &badge)?;
        }
        set_attr(&open, "data-act", "open")?;
        let rename = self.row_button(Icon::Edit, "chat-rename", "Rename", &item.title)?;
        let del = self.row_button(Icon::Close, "chat-delete", "Delete", &item.title)?;
        append(&li, &open)?;
        append(&li, &rename)?;
        append(&li, &del)?;
        Ok(li)
    }

    /// A small button of a chat's row, named for what it does to which chat.
    fn row_button(&self, icon: Icon, class: &str, verb: &str, title: &str) -> DomResult<Element> {
        let b = icon_button(
            &self.doc,
            &format!("ghost small {class}"),
            icon,
            &format!("{verb} “{title}”"),
            &format!("{verb} chat"),
        )?;
        set_attr(&b, "data-act", &verb.to_ascii_lowercase())?;
        Ok(b)
    }

    /// The title's editor: Enter (or leaving the field) renames, Esc cancels.
    fn title_editor(&self, item: &ListItem) -> DomResult<Element> {
        let input: HtmlInputElement = dom::el(&self.doc, "input", "chat-rename-input")?
            .dyn_into()
            .map_err(|_| DomError::Missing("input element"))?;
        set_attr(&input, "type", "text")?;
        set_attr(&input, "aria-label", "Chat title")?;
        input.set_value(&item.title);
        Ok(input.into())
    }

    /// Wires the list's container once: a click on a row's button, a key in a title's editor,
    /// and the focus leaving that editor. The handlers run after the event (the list they are
    /// in may be rebuilt).
    pub(super) fn wire_drawer(&self, out: &mut Vec<Listener>) -> DomResult<()> {
        let list = &self.ui.drawer_list;
        let w = self.me.clone();
        out.push(listen(list, "click", move |e| {
            let Some((act, id, _)) = row_target(&e, "button[data-act]") else {
                return;
            };
            let w = w.clone();
            wasm_bindgen_futures::spawn_local(async move {
                with_state(&w, |s| match act.as_str() {
                    "open" => s.load_chat(&id),
                    "rename" => s.start_rename(&id),
                    "delete" => s.delete_chat(&id),
                    _ => {}
                });
            });
        })?);
        let w = self.me.clone();
        out.push(listen(list, "keydown", move |e| {
            let Some(k) = e.dyn_ref::<KeyboardEvent>().filter(|k| !k.is_composing()) else {
                return;
            };
            let key = k.key();
            if key != "Enter" && key != "Escape" {
                return;
            }
            let Some((_, id, title)) = row_target(&e, "input") else {
                return;
            };
            // Esc here cancels the edit; it does not stop an answer.
            e.prevent_default();
            let w = w.clone();
            wasm_bindgen_futures::spawn_local(async move {
                with_state(&w, |s| match key.as_str() {
                    "Enter" => s.finish_rename(&id, &title),
                    _ => s.cancel_rename(),
                });
            });
        })?);
        let w = self.me.clone();
        out.push(listen(list, "focusout", move |e| {
            let Some((_, id, title)) = row_target(&e, "input") else {
                return;
            };
            let w = w.clone();
            wasm_bindgen_futures::spawn_local(async move {
                with_state(&w, |s| {
                    if s.renaming.as_deref() == Some(id.as_str()) {
                        s.rename_chat(&id, &title);
                    }
                });
            });
        })?);
        Ok(())
    }

    /// Enter in the title's editor: renamed, and the focus back on the row's Rename button.
    fn finish_rename(&mut self, id: &str, title: &str) {
        if self.renaming.as_deref() != Some(id) {
            return;
        }
        self.rename_chat(id, title);
        self.focus_row_button(id, "chat-rename");
    }

    /// Focuses the button of class `class` in chat `id`'s row.
    pub(super) fn focus_row_button(&self, id: &str, class: &str) {
        let row = self
            .ui
            .drawer_list
            .query_selector_all(".chat-item")
            .ok()
            .and_then(|rows| {
                (0..rows.length())
                    .filter_map(|i| rows.item(i))
                    .filter_map(|n| n.dyn_into::<Element>().ok())
                    .find(|e| e.get_attribute("data-chat").as_deref() == Some(id))
            });
        let button = row
            .and_then(|r| r.query_selector(&format!(".{class}")).ok().flatten())
            .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(b) = button {
            let _ = b.focus();
        }
    }
}

/// For an event in the list: the `data-act` of the element matching `selector` it hit, the
/// chat id of its row, and the element's value (a title's editor).
fn row_target(e: &Event, selector: &str) -> Option<(String, String, String)> {
    let target: Element = e.target()?.dyn_into().ok()?;
    let hit = target.closest(selector).ok()??;
    let row = hit.closest(".chat-item").ok()??;
    let id = row.get_attribute("data-chat")?;
    let act = hit.get_attribute("data-act").unwrap_or_default();
    let value = hit
        .dyn_ref::<HtmlInputElement>()
        .map(HtmlInputElement::value)
        .unwrap_or_default();
    Some((act, id, value))
}
