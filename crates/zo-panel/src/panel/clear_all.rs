//! "Delete all chats" at the end of the history list: a button, then a confirmation in place
//! (the question and its count from `zo_core::ui::delete_all_prompt`, Delete all and Cancel),
//! then every chat deleted (running answers stopped first) with Undo in the toast; Undo brings
//! every chat back in its place (`zo_core::ui::Trash::delete_all`). The history is stored
//! by the panel itself (`Host::save_history`), so no worker message is involved.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use zo_core::ui::{delete_all_prompt, Chat, Restored};

use super::{with_state, State};
use crate::dom::{self, append, listen, set_attr, set_hidden, text_el, DomResult, Listener};
use crate::host::{new_id, now_ms};

/// The attribute naming what a button of the footer does.
const ATTR: &str = "data-clear";

impl State {
    /// The footer of the list, when there are chats to delete.
    pub(super) fn clear_footer(&self) -> DomResult<Option<Element>> {
        let Some((question, confirm)) = delete_all_prompt(self.history.chats.len()) else {
            return Ok(None);
        };
        let footer = dom::el(&self.doc, "div", "history-clear")?;
        let ask = self.clear_button("btn link danger clear-ask", "Delete all chats", "ask")?;
        append(&footer, &ask)?;
        let group = dom::el(&self.doc, "div", "clear-confirm")?;
        set_attr(&group, "role", "group")?;
        set_attr(&group, "aria-label", "Delete all chats?")?;
        append(
            &group,
            &text_el(&self.doc, "p", "clear-question", &question)?,
        )?;
        let buttons = dom::el(&self.doc, "div", "clear-buttons")?;
        append(
            &buttons,
            &self.clear_button("btn danger clear-yes", confirm, "confirm")?,
        )?;
        append(
            &buttons,
            &self.clear_button("btn ghost clear-no", "Cancel", "cancel")?,
        )?;
        append(&group, &buttons)?;
        set_hidden(&group, true);
        append(&footer, &group)?;
        Ok(Some(footer))
    }

    fn clear_button(&self, class: &str, label: &str, act: &str) -> DomResult<Element> {
        let b = text_el(&self.doc, "button", class, label)?;
        set_attr(&b, "type", "button")?;
        set_attr(&b, ATTR, act)?;
        Ok(b)
    }

    /// Wires the footer's buttons (through the list's container, which is drawn again).
    pub(super) fn wire_clear_all(&self, out: &mut Vec<Listener>) -> DomResult<()> {
        let w = self.me.clone();
        out.push(listen(&self.ui.drawer_list, "click", move |e| {
            let Some(hit) = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|t| t.closest(&format!("button[{ATTR}]")).ok().flatten())
            else {
                return;
            };
            let Some(footer) = hit.closest(".history-clear").ok().flatten() else {
                return;
            };
            match hit.get_attribute(ATTR).as_deref() {
                Some("ask") => confirming(&footer, true),
                Some("cancel") => confirming(&footer, false),
                Some("confirm") => {
                    let w = w.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        with_state(&w, |s| s.delete_all_chats());
                    });
                }
                _ => {}
            }
        })?);
        Ok(())
    }

    /// Deletes every chat (their running answers stopped first); Undo is offered for a while.
    pub fn delete_all_chats(&mut self) {
        let running: Vec<String> = self.runs.iter().map(|r| r.chat_id.clone()).collect();
        for id in &running {
            self.stop_chat(id);
        }
        self.save(true);
        let on_screen = self.history.get(&self.chat.id).is_some();
        let offer = self.trash.delete_all(&mut self.history, now_ms());
        if on_screen {
            self.leave_chat();
            self.chat = Chat::new(new_id(), self.mode, now_ms());
            if let Err(e) = self.render_chat() {
                dom::log_error("delete all chats", &e);
            }
        }
        self.save(true);
        self.show_undo(offer.as_ref());
        self.refresh_drawer();
        if !self.ui.drawer.has_attribute("hidden") {
            let _ = self.ui.drawer_search.focus();
        }
    }

    /// Undo of "Delete all": every chat back; the one on screen before, again on screen
    /// when nothing else has been started since.
    pub(super) fn undo_delete_all(&mut self, active: Option<String>) {
        let reopen = active.filter(|_| self.chat.messages.is_empty());
        match reopen {
            Some(id) => {
                let drawer_open = !self.ui.drawer.has_attribute("hidden");
                self.load_chat(&id);
                if drawer_open {
                    self.toggle_drawer();
                }
            }
            None => {
                self.save(true);
                self.refresh_drawer();
            }
        }
    }

    /// Undo of the last deletion, whichever it was.
    pub fn undo_last(&mut self, restored: Restored) {
        match restored {
            Restored::Chat(id) => self.undo_delete_one(&id),
            Restored::All { active, .. } => self.undo_delete_all(active),
        }
    }
}

/// Shows the confirmation in place of the button (focus on Cancel), or the button again.
fn confirming(footer: &Element, on: bool) {
    let (Some(ask), Some(group)) = (
        footer.query_selector(".clear-ask").ok().flatten(),
        footer.query_selector(".clear-confirm").ok().flatten(),
    ) else {
        return;
    };
    set_hidden(&ask, on);
    set_hidden(&group, !on);
    let focus = if on {
        group.query_selector(".clear-no").ok().flatten()
    } else {
        Some(ask)
    };
    if let Some(b) = focus.and_then(|b| b.dyn_into::<HtmlElement>().ok()) {
        let _ = b.focus();
    }
}
