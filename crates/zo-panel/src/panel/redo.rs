//! Asking again: Retry (on every error card) and Regenerate (in an answer's footer) put a new
//! answer in the old one's place, asked in its question's own mode; editing a question drops
//! what followed it and asks the new text. Either way the question goes with what it went
//! with the first time: its quote, and the tabs chosen with `@` while this panel knows them
//! (`zo_core::ui::tab_mention::SentTabs`). The chat's bookkeeping is `zo_core::ui`'s
//! (`Chat::replace_message`, `Chat::edit_question`); this module moves the DOM along.

use zo_core::ui::{Message, Role};

use super::ask::Extras;
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
        let extras = self.extras_of(question);
        if let Err(e) = self.start_turn(&input, mode, custom, Some(msg_id), None, extras) {
            dom::log_error("retry", &e);
        }
    }

    /// Question `user_id` now reads `text`: what followed it is dropped and it is asked again
    /// in its own mode. False (nothing changed) while an answer runs, for a blank text or an
    /// unknown question.
    pub fn edit_question(&mut self, user_id: &str, text: &str) -> bool {
        let Some((mode, custom, extras)) = self
            .chat
            .messages
            .iter()
            .find(|m| m.id == user_id && m.role == Role::User)
            .map(|m| (m.mode, m.custom_mode.clone(), self.extras_of(Some(m))))
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
        if let Err(e) = self.start_turn(text.trim(), mode, custom, None, Some(user_id), extras) {
            dom::log_error("edit", &e);
        }
        true
    }

    /// What question `question` is asked again with: its quote (stored with it) and the tabs
    /// it was sent with, when this panel still knows them (else a note says they were not).
    fn extras_of(&self, question: Option<&Message>) -> Extras {
        let Some(q) = question else {
            return Extras::default();
        };
        let (tabs, note) = self.sent_tabs.resend(&q.id, &q.tabs);
        Extras {
            tabs,
            quote: q.quote.clone(),
            note,
        }
    }
}
