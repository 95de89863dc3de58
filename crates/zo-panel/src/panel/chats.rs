//! Which chat the panel shows: a new one, a stored one; renaming one, deleting one (Undo
//! brings it back for a few seconds). A running answer is not stopped when its chat is left:
//! it goes on in its own chat, and is drawn again, still streaming or ended, on return.

use zo_core::ui::banners::Banner;
use zo_core::ui::{Chat, UndoOffer};

use super::State;
use crate::dom::{self, set_hidden};
use crate::host::{new_id, now_ms};
use crate::layout;

impl State {
    pub fn new_chat(&mut self) {
        // The chat left is saved with its running answer, which goes on.
        self.save(true);
        self.leave_chat();
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
        // The chat left (and every running answer) saved first, so the stored copy of the
        // chat opened holds what its answer streamed meanwhile.
        self.save(true);
        let Some(chat) = self.history.get(id).cloned() else {
            return;
        };
        self.leave_chat();
        self.mode = chat.mode;
        self.custom = None;
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

    /// The chat on screen is left: its running answer (if any) goes on off screen.
    pub(super) fn leave_chat(&mut self) {
        self.live = None;
        self.set_streaming_ui(false);
        self.show_send_notice(None);
    }

    /// Renames chat `id` (an empty title goes back to its first question).
    pub fn rename_chat(&mut self, id: &str, title: &str) {
        self.renaming = None;
        if let Some(title) = self.history.rename(id, title) {
            if self.chat.id == id {
                self.chat.title = title;
            }
            self.save(true);
        }
        self.refresh_drawer();
    }

    /// Deletes chat `id` (its running answer stopped first); Undo is offered for a while.
    pub fn delete_chat(&mut self, id: &str) {
        self.stop_chat(id);
        self.save(true);
        let offer = self.trash.delete(&mut self.history, id, now_ms());
        if self.chat.id == id {
            self.leave_chat();
            self.chat = Chat::new(new_id(), self.mode, now_ms());
            if let Err(e) = self.render_chat() {
                dom::log_error("delete chat", &e);
            }
        }
        self.save(true);
        self.show_undo(offer.as_ref());
        self.refresh_drawer();
        // The row (and the focus on its button) is gone: the focus stays in the list.
        if !self.ui.drawer.has_attribute("hidden") {
            let _ = self.ui.drawer_search.focus();
        }
    }

    /// Undo of the last deletion (one chat, or every chat).
    pub fn undo_delete(&mut self) {
        let restored = self.trash.undo(&mut self.history, now_ms());
        self.show_undo(None);
        if let Some(restored) = restored {
            self.undo_last(restored);
        }
    }

    /// Undo of one deleted chat: back in its place in the list (and on screen, if it was
    /// there and nothing else has been started since).
    pub(super) fn undo_delete_one(&mut self, id: &str) {
        let reopen =
            self.chat.messages.is_empty() && self.history.active_chat_id.as_deref() == Some(id);
        if reopen {
            let drawer_open = !self.ui.drawer.has_attribute("hidden");
            self.load_chat(id);
            if drawer_open {
                self.toggle_drawer();
            }
        } else {
            self.save(true);
            self.refresh_drawer();
        }
        self.focus_row_button(id, "chat-open");
    }

    /// Shows the Undo toast for `offer`, or hides it.
    pub(super) fn show_undo(&self, offer: Option<&UndoOffer>) {
        match offer {
            Some(o) => {
                self.ui.toast_text.set_text_content(Some(&o.text));
                set_hidden(&self.ui.toast, false);
            }
            None => set_hidden(&self.ui.toast, true),
        }
    }

    /// Says why a question cannot be sent now, or hides that.
    pub(super) fn show_send_notice(&self, text: Option<&str>) {
        self.ui.send_text.set_text_content(text);
        self.set_banner(Banner::Send, text.is_some());
    }
}
