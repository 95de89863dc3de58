//! The history drawer of the side panel: saved chats, newest first, each with open and
//! delete buttons. The rows' listeners live as long as the rows: dropped when the list is
//! rebuilt or closed.

use wasm_bindgen::JsValue;

use super::{with_state, State};
use crate::dom::{self, append, listen, set_attr, set_hidden, text_el, DomResult};

impl State {
    pub(super) fn toggle_drawer(&mut self) {
        let open = self.ui.drawer.has_attribute("hidden");
        if open {
            if let Err(e) = self.render_drawer() {
                dom::log_error("history list", &e);
            }
        }
        set_hidden(&self.ui.drawer, !open);
        if !open {
            self.drawer_listeners.clear();
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
        let _ = set_attr(&self.ui.history_btn, "aria-expanded", "false");
    }

    pub(super) fn render_drawer(&mut self) -> DomResult<()> {
        dom::clear(&self.ui.drawer_list);
        // The rows' listeners go with the rows.
        self.drawer_listeners.clear();
        let list = self.history.summaries();
        if list.is_empty() {
            append(
                &self.ui.drawer_list,
                &text_el(&self.doc, "li", "muted", "No saved chats yet.")?,
            )?;
        }
        for summary in list {
            let li = dom::el(&self.doc, "li", "chat-item")?;
            if summary.id == self.chat.id {
                dom::toggle_class(&li, "current", true);
            }
            let open = text_el(&self.doc, "button", "chat-open", &summary.title)?;
            set_attr(&open, "type", "button")?;
            set_attr(&open, "data-chat", &summary.id)?;
            let when = js_sys::Date::new(&JsValue::from_f64(summary.updated_at as f64));
            let date: String = when.to_locale_string("default", &JsValue::UNDEFINED).into();
            append(&open, &text_el(&self.doc, "span", "chat-date", &date)?)?;
            let del = text_el(&self.doc, "button", "btn ghost icon chat-delete", "×")?;
            set_attr(&del, "type", "button")?;
            set_attr(&del, "aria-label", "Delete chat")?;
            set_attr(&del, "title", "Delete chat")?;
            let id = summary.id.clone();
            let w = self.me.clone();
            self.drawer_listeners.push(listen(&open, "click", move |_| {
                let w = w.clone();
                let id = id.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    with_state(&w, |s| s.load_chat(&id));
                });
            })?);
            let id = summary.id.clone();
            let w = self.me.clone();
            self.drawer_listeners.push(listen(&del, "click", move |_| {
                let w = w.clone();
                let id = id.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    with_state(&w, |s| s.delete_chat(&id));
                });
            })?);
            append(&li, &open)?;
            append(&li, &del)?;
            append(&self.ui.drawer_list, &li)?;
        }
        Ok(())
    }
}
