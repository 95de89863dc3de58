//! What the user does to a saved chat's messages: answer a question again in the old answer's
//! place (Retry, Regenerate), and edit a question (the conversation after it is dropped and the
//! new question asked).

use super::{title_for, Chat, Message, Role};

impl Chat {
    /// Puts `message` where message `old_id` was (Retry, Regenerate: the new answer in the old
    /// one's place). False (nothing changed) when there is no such message.
    pub fn replace_message(&mut self, old_id: &str, mut message: Message, now: u64) -> bool {
        let Some(slot) = self.messages.iter_mut().find(|m| m.id == old_id) else {
            return false;
        };
        message.cap_for_storage();
        *slot = message;
        self.updated_at = self.updated_at.max(now);
        true
    }

    /// Question `id` now reads `text` and everything after it is dropped (it is asked again):
    /// the ids of the dropped messages, or None when `id` is not a question of this chat or
    /// `text` is blank. A title taken from the old question follows the new one.
    pub fn edit_question(&mut self, id: &str, text: &str, now: u64) -> Option<Vec<String>> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let at = self
            .messages
            .iter()
            .position(|m| m.id == id && m.role == Role::User)?;
        let first_question = !self.messages[..at].iter().any(|m| m.role == Role::User);
        if first_question && self.title == title_for(&self.messages[at].text) {
            self.title = title_for(text);
        }
        self.messages[at].text = text.to_string();
        let dropped = self.messages.split_off(at + 1);
        self.updated_at = self.updated_at.max(now);
        Some(dropped.into_iter().map(|m| m.id).collect())
    }

    /// The question answer `id` answers: the nearest question before it.
    pub fn question_of(&self, id: &str) -> Option<&Message> {
        let at = self.messages.iter().position(|m| m.id == id)?;
        self.messages[..at]
            .iter()
            .rev()
            .find(|m| m.role == Role::User)
    }
}
