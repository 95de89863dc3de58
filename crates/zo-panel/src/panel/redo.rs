//! Asking again: Retry (on every error card) and Regenerate (in an answer's footer) put a new
//! answer in the old one's place, asked in its question's own mode; editing a question drops
//! what followed it and asks the new text. The chat's bookkeeping is `zo_core::ui`'s
//! (`Chat::replace_message`, `Chat::edit_question`); this module moves the DOM along.

use zo_core::ui::Role;

use super::State;
use crate::dom;
use crate::host::now_ms;

impl State {
    /// Answers again in the place of answer `msg_id`, in its question's mode (not the mode
    /// picked now). Nothing while this chat's answer runs (or, for a
    /// Co-browse question, another chat's Co-browse task).
    pub fn retry(&mut self, msg_id: &str) {
        let Some(answer) = self
            .chat
            .messages
            .iter()
            .find(|m| m.id == msg_id && m.role == Role::Assistant)
        else {
            return;
        };
        let question = self.chat.question_of(msg_id);
        let mode = question.map_or(answer.mode, |q| q.mode);
        let custom = question
            .map_or(&answer.custom_mode, |q| &q.custom_mode)
            .clone();
        if self.may_start(mode).is_err() {
            return;
        }
        let Some(input) = answer
            .input
            .clone()
            .or_else(|| question.map(|q| q.text.clone()))
        else {
            return;
        };
        if let Err(e) = self.start_turn(&input, mode, custom, Some(msg_id), None, None) {
            dom::log_error("retry", &e);
        }
    }

    /// Question `user_id` now reads `text`: what followed it is dropped and it is asked again
    /// in its own mode. False (nothing changed) while an answer runs, for a blank text or an
    /// unknown question.
    pub fn edit_question(&mut self, user_id: &str, text: &str) -> bool {
        let Some((mode, custom)) = self
            .chat
            .messages
            .iter()
            .find(|m| m.id == user_id && m.role == Role::User)
            .map(|m| (m.mode, m.custom_mode.clone()))
        else {
            return false;
        };
        if self.may_start(mode).is_err() {
            return false;
        }
        let Some(dropped) = self.chat.edit_question(user_id, text, now_ms()) else {
            return false;
        };
        for id in dropped {
            self.remove_element(&id);
        }
        if let Err(e) = self.start_turn(text.trim(), mode, custom, None, Some(user_id), None) {
            dom::log_error("edit", &e);
        }
        true
    }
}
