//! Which chat the panel shows: a new one, a stored one, and deleting one (a running answer of
//! the chat left is stopped first).

use zo_core::ui::Chat;

use super::State;
use crate::dom;
use crate::host::{new_id, now_ms};
use crate::layout;

impl State {
    pub fn new_chat(&mut self) {
        self.stop();
        self.chat = Chat::new(new_id(), self.mode, now_ms());
        self.history.active_chat_id = None;
        if let Err(e) = self.render_chat() {
            dom::log_error("new chat", &e);
        }
        self.save(true);
        self.close_drawer();
        let _ = self.ui.input.focus();
    }

    pub fn load_chat(&mut self, id: &str) {
        self.stop();
        let Some(chat) = self.history.get(id).cloned() else {
            return;
        };
        self.mode = chat.mode;
        self.ui.mode.set_value(layout::mode_value(chat.mode));
        self.update_visual_notice();
        self.chat = chat;
        self.history.active_chat_id = Some(id.to_string());
        if let Err(e) = self.render_chat() {
            dom::log_error("load chat", &e);
        }
        self.save(true);
        self.close_drawer();
    }

    pub fn delete_chat(&mut self, id: &str) {
        if self.chat.id == id {
            self.stop();
        }
        self.history.delete(id);
        if self.chat.id == id {
            self.chat = Chat::new(new_id(), self.mode, now_ms());
            if let Err(e) = self.render_chat() {
                dom::log_error("delete chat", &e);
            }
        }
        self.save(true);
        if let Err(e) = self.render_drawer() {
            dom::log_error("history list", &e);
        }
    }
}
