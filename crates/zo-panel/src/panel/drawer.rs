//! The history drawer of the side panel: a search field and the saved chats in date groups
//! (`zo_core::ui::chat_list` decides the groups, the search and the marks), each chat a
//! button that opens it (marked when it is on screen, and "Running" while its answer
//! streams), with Rename (its title edited in place: Enter keeps, Esc cancels) and Delete
//! (Undo in a toast). The rows' listeners live as long as the rows: dropped when the list is
//! rebuilt or closed.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, KeyboardEvent};
use zo_core::ui::chat_list::{chat_list, ChatState, ListItem, ListQuery};

use super::{with_state, State};
use crate::dom::{self, append, listen, set_attr, set_hidden, text_el, DomError, DomResult};
use crate::host::{now_ms, tz_offset_min};

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
            self.drawer_listeners.clear();
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
        self.drawer_listeners.clear();
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
        // The rows' listeners go with the rows.
        self.drawer_listeners.clear();
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
        if let Some(input) = focus.and_then(|e| e.dyn_into::<HtmlInputElement>().ok()) {
            let _ = input.focus();
            input.select();
        }
        Ok(())
    }

    /// One chat of the list: its open button (or its title's editor), Rename, Delete.
    fn chat_row(&mut self, item: &ListItem) -> DomResult<Element> {
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
        let rename = self.row_button("✎", "chat-rename", "Rename", &item.title)?;
        let del = self.row_button("×", "chat-delete", "Delete", &item.title)?;
        let w = self.me.clone();
        let id = item.id.clone();
        self.drawer_listeners.push(listen(&open, "click", move |_| {
            let (w, id) = (w.clone(), id.clone());
            // After the click's own handlers: the list it is in is rebuilt.
            wasm_bindgen_futures::spawn_local(async move {
                with_state(&w, |s| s.load_chat(&id));
            });
        })?);
        let w = self.me.clone();
        let id = item.id.clone();
        self.drawer_listeners
            .push(listen(&rename, "click", move |_| {
                let (w, id) = (w.clone(), id.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    with_state(&w, |s| s.start_rename(&id));
                });
            })?);
        let w = self.me.clone();
        let id = item.id.clone();
        self.drawer_listeners.push(listen(&del, "click", move |_| {
            let (w, id) = (w.clone(), id.clone());
            wasm_bindgen_futures::spawn_local(async move {
                with_state(&w, |s| s.delete_chat(&id));
            });
        })?);
        append(&li, &open)?;
        append(&li, &rename)?;
        append(&li, &del)?;
        Ok(li)
    }

    /// A small button of a chat's row, named for what it does to which chat.
    fn row_button(&self, glyph: &str, class: &str, verb: &str, title: &str) -> DomResult<Element> {
        let b = text_el(
            &self.doc,
            "button",
            &format!("btn ghost icon {class}"),
            glyph,
        )?;
        set_attr(&b, "type", "button")?;
        set_attr(&b, "aria-label", &format!("{verb} “{title}”"))?;
        set_attr(&b, "title", &format!("{verb} chat"))?;
        Ok(b)
    }

    /// The title's editor: Enter (or leaving the field) renames, Esc cancels.
    fn title_editor(&mut self, item: &ListItem) -> DomResult<Element> {
        let input: HtmlInputElement = dom::el(&self.doc, "input", "chat-rename-input")?
            .dyn_into()
            .map_err(|_| DomError::Missing("input element"))?;
        set_attr(&input, "type", "text")?;
        set_attr(&input, "aria-label", "Chat title")?;
        input.set_value(&item.title);
        let w = self.me.clone();
        let id = item.id.clone();
        let field = input.clone();
        self.drawer_listeners
            .push(listen(&input, "keydown", move |e| {
                let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if k.is_composing() {
                    return;
                }
                match k.key().as_str() {
                    "Enter" => {
                        e.prevent_default();
                        let (w, id, title) = (w.clone(), id.clone(), field.value());
                        wasm_bindgen_futures::spawn_local(async move {
                            with_state(&w, |s| s.finish_rename(&id, &title));
                        });
                    }
                    "Escape" => {
                        // Esc here cancels the edit; it does not stop an answer.
                        e.prevent_default();
                        let w = w.clone();
                        wasm_bindgen_futures::spawn_local(async move {
                            with_state(&w, |s| s.cancel_rename());
                        });
                    }
                    _ => {}
                }
            })?);
        let w = self.me.clone();
        let id = item.id.clone();
        let field = input.clone();
        self.drawer_listeners.push(listen(&input, "blur", move |_| {
            let (w, id, title) = (w.clone(), id.clone(), field.value());
            wasm_bindgen_futures::spawn_local(async move {
                with_state(&w, |s| {
                    if s.renaming.as_deref() == Some(id.as_str()) {
                        s.rename_chat(&id, &title);
                    }
                });
            });
        })?);
        Ok(input.into())
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
    fn focus_row_button(&self, id: &str, class: &str) {
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
