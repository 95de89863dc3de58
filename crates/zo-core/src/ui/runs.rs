//! The answers running now, each belonging to its chat. An answer keeps running when the user
//! switches to another chat or starts a new one: the worker's messages go to the turn of the
//! session they name (the session flow rule, per turn), whichever chat is on screen, and the
//! turn's message is saved into its own chat. One answer runs per chat, and one Co-browse
//! task at a time: every Co-browse task acts in the same tab, and two would fight over it.

use crate::ui::chat::Turn;
use crate::ui::chat_list::ChatState;
use crate::ui::view::Indicator;
use crate::wire::protocol::{Mode, WorkerToPanel};

/// One running answer.
#[derive(Debug, Clone)]
pub struct Run {
    /// The chat it belongs to.
    pub chat_id: String,
    pub turn: Turn,
    /// When it started, and when its last message arrived (ms since the epoch).
    pub started: u64,
    pub last_event: u64,
}

/// Why a question cannot be sent now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendBlocked {
    /// This chat's answer is still running.
    ChatBusy,
    /// A Co-browse task runs (in another chat): one acts in the tab at a time.
    CobrowseRunning,
}

impl SendBlocked {
    /// What the panel says.
    pub fn message(self) -> &'static str {
        match self {
            SendBlocked::ChatBusy => {
                "Zo is still answering in this chat. Stop it or wait for it to finish."
            }
            SendBlocked::CobrowseRunning => {
                "A Co-browse task is running in another chat, and Zo acts in one tab at a \
                 time. Open that chat to stop it, or wait for it to finish."
            }
        }
    }
}

/// Every running answer, oldest first.
#[derive(Debug, Clone, Default)]
pub struct Runs {
    runs: Vec<Run>,
}

impl Runs {
    /// Whether a question in `mode` may start an answer in chat `chat_id` now.
    pub fn may_start(&self, chat_id: &str, mode: Mode) -> Result<(), SendBlocked> {
        if self.of_chat(chat_id).is_some() {
            return Err(SendBlocked::ChatBusy);
        }
        if mode == Mode::Cobrowse
            && self
                .runs
                .iter()
                .any(|r| r.turn.message.mode == Mode::Cobrowse)
        {
            return Err(SendBlocked::CobrowseRunning);
        }
        Ok(())
    }

    /// Adds the answer `turn` of chat `chat_id`, started at `now`.
    pub fn start(&mut self, chat_id: &str, turn: Turn, now: u64) {
        self.runs.push(Run {
            chat_id: chat_id.to_string(),
            turn,
            started: now,
            last_event: now,
        });
    }

    /// The run worker message `msg` belongs to (the session it names, while that session's
    /// flow takes it), on screen or not.
    pub fn route(&mut self, msg: &WorkerToPanel) -> Option<&mut Run> {
        self.runs.iter_mut().find(|r| r.turn.accepts(msg))
    }

    /// The running answer of chat `chat_id`.
    pub fn of_chat(&self, chat_id: &str) -> Option<&Run> {
        self.runs.iter().find(|r| r.chat_id == chat_id)
    }

    pub fn of_chat_mut(&mut self, chat_id: &str) -> Option<&mut Run> {
        self.runs.iter_mut().find(|r| r.chat_id == chat_id)
    }

    /// The run of session `session_id`.
    pub fn of_session(&self, session_id: &str) -> Option<&Run> {
        self.runs.iter().find(|r| r.turn.session_id() == session_id)
    }

    /// The run whose answer is message `msg_id`.
    pub fn of_message(&self, msg_id: &str) -> Option<&Run> {
        self.runs.iter().find(|r| r.turn.message.id == msg_id)
    }

    pub fn of_message_mut(&mut self, msg_id: &str) -> Option<&mut Run> {
        self.runs.iter_mut().find(|r| r.turn.message.id == msg_id)
    }

    pub fn of_session_mut(&mut self, session_id: &str) -> Option<&mut Run> {
        self.runs
            .iter_mut()
            .find(|r| r.turn.session_id() == session_id)
    }

    /// Takes out the run of session `session_id` (its answer ended).
    pub fn remove(&mut self, session_id: &str) -> Option<Run> {
        let at = self
            .runs
            .iter()
            .position(|r| r.turn.session_id() == session_id)?;
        Some(self.runs.remove(at))
    }

    pub fn iter(&self) -> impl Iterator<Item = &Run> {
        self.runs.iter()
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Run> {
        self.runs.iter_mut()
    }

    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// Each chat with a running answer and what the history list shows for it: "Needs you"
    /// while an approval card waits, else "Running".
    pub fn states(&self) -> Vec<(String, ChatState)> {
        self.runs
            .iter()
            .map(|r| {
                let state = match r.turn.indicator() {
                    Some(Indicator::Approval | Indicator::Choice) => ChatState::NeedsYou,
                    _ => ChatState::Running,
                };
                (r.chat_id.clone(), state)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
