//! The chat history persisted in `chrome.storage.local` under [`HISTORY_KEY`]: chats with
//! their messages (text, reasoning, tool activity, action timelines, status). Capped: a stored
//! message keeps at most fixed amounts of each field (`history/stored.rs`: 256 KB of text...),
//! a chat keeps its newest [`MAX_MESSAGES`] messages, and the whole history stays within
//! [`MAX_BYTES`]: the chat being saved is shortened (its oldest messages dropped) to the room
//! the other chats leave, down to [`CHAT_FLOOR_BYTES`]; only past that, and past
//! [`MAX_CHATS`], are the least recently updated chats evicted. Stored JSON is read
//! tolerantly: a damaged chat is skipped, the others survive (`history/codec.rs`, which reads
//! and writes it without serde; the serde derives here are the definition it is held to).

use serde::{Deserialize, Serialize};

use crate::page::text::ellipsize;
use crate::ui::page_context::PageRef;
use stored::json_len;

mod alternatives;
mod codec;
mod edits;
mod stored;
mod trash;
use crate::wire::action::Action;
use crate::wire::approval::{ApprovalKind, ScopeOrigin};
use crate::wire::protocol::{
    ActionError, ActionResult, ActionStatus, ApprovalDecision, Mode, StreamFailure, ToolActivity,
};
pub use alternatives::{Alternative, Pager, MAX_ALTERNATIVES};
pub(crate) use codec::{write_alternative, write_approval, write_entry};
pub use stored::{
    MAX_STORED_ENTRIES, MAX_STORED_FIELD_BYTES, MAX_STORED_REASONING_BYTES, MAX_STORED_TEXT_BYTES,
    MAX_STORED_TOOLS,
};
pub use trash::{delete_all_prompt, Restored, Trash, UndoOffer, UNDO_MS};

/// Storage key of the history object in `chrome.storage.local`.
pub const HISTORY_KEY: &str = "history";
/// Most chats kept; the least recently updated is evicted first.
pub const MAX_CHATS: usize = 30;
/// Most messages kept per chat; the oldest are dropped first.
pub const MAX_MESSAGES: usize = 100;
/// Largest stored history (serialized bytes); chrome.storage.local holds 10 MB in all.
pub const MAX_BYTES: usize = 4_000_000;
/// The room a chat being saved always gets (other chats are evicted for it only below this);
/// more than one stored message can take ([`stored`] caps).
pub const CHAT_FLOOR_BYTES: usize = 1_000_000;
/// Longest chat title, in characters.
pub const TITLE_CHARS: usize = 60;

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct History {
    #[serde(default)]
    pub chats: Vec<Chat>,
    /// The chat shown when the panel opens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_chat_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Chat {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub mode: Mode,
    /// Milliseconds since the epoch.
    #[serde(default)]
    pub created_at: u64,
    #[serde(default)]
    pub updated_at: u64,
    #[serde(default)]
    pub messages: Vec<Message>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Assistant,
}

/// Where an assistant message stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MessageStatus {
    /// Still streaming (or, once restored, cut off by the panel closing).
    #[default]
    Streaming,
    Done,
    /// The user pressed Stop.
    Stopped,
    /// A permanent failure.
    Failed,
    /// A transient failure or a lost connection: Retry is offered.
    Interrupted,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: String,
    pub role: Role,
    #[serde(default)]
    pub mode: Mode,
    /// The query's sessionId (assistant messages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    /// The user's input, or the answer's prose.
    #[serde(default)]
    pub text: String,
    /// The reasoning of an answer asked in one step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning: Option<String>,
    /// A Co-browse task's reasoning, one entry per step (blank for a step without any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub thoughts: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<ToolActivity>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub timeline: Vec<TimelineEntry>,
    #[serde(default)]
    pub status: MessageStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<StreamFailure>,
    /// How long the answer took, once finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<u64>,
    /// For assistant messages: the user input it answers (used by Retry).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// A Co-browse task's origin set, as last reported.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scope: Vec<ScopeOrigin>,
    /// A Co-browse task's approval requests and what the user answered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub approvals: Vec<ApprovalRecord>,
    /// A Co-browse task's work-log notes (actions dropped, the task ended by refusals...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// A Co-browse task's offers of the rest of a step after a failed action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resumes: Vec<ResumeRecord>,
    /// A Co-browse task's offers to let its tabs send data to a site that was blocked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub send_offers: Vec<SendOfferRecord>,
    /// For questions: the page it was asked about, and whether Zo could read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<PageRef>,
    /// For questions: the other open tabs the user chose (`@`) to go with it, and whether
    /// each could be read (their text is not stored).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tabs: Vec<PageRef>,
    /// For questions: the page content the user chose to ask about (a selection, a link,
    /// from the context menu), sent again with Retry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote: Option<crate::wire::Quote>,
    /// For answers: the model it was asked of, as the picker named it (None: Zo's default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The custom mode it was asked in (then `mode` is the path it took), named as it was
    /// then: the chat reads the same once the mode is renamed or deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_mode: Option<ModeRef>,
    /// For answers asked again (Regenerate, Retry): the earlier answers, oldest first, at
    /// most [`MAX_ALTERNATIVES`] (see `alternatives.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Alternative>,
}

/// A custom mode as a message remembers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModeRef {
    pub id: String,
    pub name: String,
}

/// One approval request of a Co-browse task and the user's answer (`None`: not answered).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalRecord {
    pub id: u32,
    pub kind: ApprovalKind,
    pub description: String,
    pub origin: String,
    #[serde(default)]
    pub reasons: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<ApprovalDecision>,
    /// Where the tab goes if allowed (see `WorkerToPanel::ApprovalRequest`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination: Option<String>,
    /// The action it is about (None in chats stored before requests said so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<RunPlace>,
}

/// A place in a Co-browse run: action `index` (from 0) of step `step` (from 1). Places order
/// as the run goes: by step, then by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RunPlace {
    pub step: u32,
    pub index: u32,
}

/// The offer of the rest of a step after action `at` failed, and what the user chose
/// (`None`: not answered).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResumeRecord {
    pub at: RunPlace,
    /// The failed action's number in the task (its timeline row), from 1.
    pub number: u32,
    /// Actions of the step that did not run.
    pub remaining: u32,
    /// Run the rest (true) or skip it (false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_rest: Option<bool>,
}

/// An offer to let the task's tabs send data to `origin`, made while action `after` was the
/// last one under way (`None`: before any), and whether the user allowed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SendOfferRecord {
    pub origin: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<RunPlace>,
    #[serde(default)]
    pub allowed: bool,
}

impl Message {
    pub fn user(id: String, mode: Mode, text: String) -> Message {
        Message {
            id,
            role: Role::User,
            mode,
            session_id: None,
            text,
            reasoning: None,
            thoughts: Vec::new(),
            tools: Vec::new(),
            timeline: Vec::new(),
            status: MessageStatus::Done,
            error: None,
            elapsed_ms: None,
            input: None,
            scope: Vec::new(),
            approvals: Vec::new(),
            notes: Vec::new(),
            resumes: Vec::new(),
            send_offers: Vec::new(),
            page: None,
            tabs: Vec::new(),
            quote: None,
            model: None,
            custom_mode: None,
            alternatives: Vec::new(),
        }
    }

    pub fn assistant(id: String, mode: Mode, session_id: String, input: String) -> Message {
        Message {
            role: Role::Assistant,
            session_id: Some(session_id),
            status: MessageStatus::Streaming,
            input: Some(input),
            ..Message::user(id, mode, String::new())
        }
    }
}

/// One Co-browse action and what became of it. Fill values of password fields are stored
/// masked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEntry {
    pub step: u32,
    pub index: u32,
    pub action: Action,
    pub status: ActionStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<crate::wire::json::RawJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ActionError>,
    /// What the element acted on is called (its accessible name), when the action was checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_name: Option<String>,
}

impl TimelineEntry {
    /// The action's result as the worker reported it (what a row is drawn from again).
    pub fn result(&self) -> ActionResult {
        ActionResult {
            index: self.index,
            status: self.status,
            value: self.value.clone(),
            error: self.error.clone(),
            settle_ms: None,
            target_name: self.target_name.clone(),
        }
    }
}

/// A chat as listed in the history view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatSummary {
    pub id: String,
    pub title: String,
    pub updated_at: u64,
    pub messages: usize,
}

impl Chat {
    pub fn new(id: String, mode: Mode, now: u64) -> Chat {
        Chat {
            id,
            title: String::new(),
            mode,
            created_at: now,
            updated_at: now,
            messages: Vec::new(),
        }
    }

    /// Add or replace (same id) a message, cut to the stored caps; the oldest messages go
    /// past [`MAX_MESSAGES`].
    pub fn put_message(&mut self, mut message: Message, now: u64) {
        message.cap_for_storage();
        if self.title.is_empty() && message.role == Role::User {
            self.title = title_for(&message.text);
        }
        match self.messages.iter_mut().find(|m| m.id == message.id) {
            Some(slot) => *slot = message,
            None => self.messages.push(message),
        }
        if self.messages.len() > MAX_MESSAGES {
            let excess = self.messages.len() - MAX_MESSAGES;
            self.messages.drain(..excess);
        }
        self.updated_at = self.updated_at.max(now);
    }
}

impl Chat {
    /// Drops the oldest messages (never the newest) until the chat takes at most `max` bytes
    /// as JSON.
    fn shorten_to(&mut self, max: usize) {
        let mut bytes = json_len(&self.to_json());
        if bytes <= max {
            return;
        }
        let mut drop = 0;
        // Each message's JSON and the comma before it.
        while bytes > max && drop + 1 < self.messages.len() {
            bytes -= json_len(&self.messages[drop].to_json()) + 1;
            drop += 1;
        }
        self.messages.drain(..drop);
    }
}

/// What the panel shows when saving the history failed (`error` as the storage API said it):
/// the storage quota, or another reason, and that the chat on screen is not lost yet.
pub fn save_failure_text(error: &str) -> String {
    let quota = error.contains("QUOTA_BYTES") || error.to_ascii_lowercase().contains("quota");
    if quota {
        "The chat history could not be saved: the extension's storage is full. Delete old \
         chats in History to make room; this chat stays here while the panel is open."
            .to_string()
    } else {
        format!(
            "The chat history could not be saved ({}). This chat stays here while the panel \
             is open.",
            ellipsize(error.trim(), 200)
        )
    }
}

/// A chat title from its first input: the first line, shortened.
pub fn title_for(input: &str) -> String {
    let line = input
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim();
    let title = ellipsize(line, TITLE_CHARS);
    if title.is_empty() {
        "New chat".to_string()
    } else {
        title
    }
}

impl History {
    pub fn get(&self, id: &str) -> Option<&Chat> {
        self.chats.iter().find(|c| c.id == id)
    }

    /// Store a chat (replacing the one with its id). It is shortened, oldest messages first,
    /// to the room the other chats leave within [`MAX_BYTES`] (at least [`CHAT_FLOOR_BYTES`]);
    /// then the least recently updated other chats are evicted past [`MAX_CHATS`] or
    /// [`MAX_BYTES`]. Chats without messages are not stored.
    pub fn put_chat(&mut self, mut chat: Chat) {
        let id = chat.id.clone();
        if chat.messages.is_empty() {
            self.chats.retain(|c| c.id != id);
            return;
        }
        let size = |c: &Chat| json_len(&c.to_json());
        let others: usize = self.chats.iter().filter(|c| c.id != id).map(size).sum();
        chat.shorten_to(CHAT_FLOOR_BYTES.max(MAX_BYTES.saturating_sub(others)));
        match self.chats.iter_mut().find(|c| c.id == id) {
            Some(slot) => *slot = chat,
            None => self.chats.push(chat),
        }
        let mut bytes: usize = self.chats.iter().map(size).sum();
        while self.chats.len() > MAX_CHATS || (bytes > MAX_BYTES && self.chats.len() > 1) {
            let oldest = self
                .chats
                .iter()
                .enumerate()
                .filter(|(_, c)| c.id != id)
                .min_by_key(|(_, c)| c.updated_at)
                .map(|(i, _)| i);
            match oldest {
                Some(i) => {
                    let gone = self.chats.remove(i);
                    bytes = bytes.saturating_sub(size(&gone));
                    if self.active_chat_id.as_deref() == Some(gone.id.as_str()) {
                        self.active_chat_id = None;
                    }
                }
                None => break,
            }
        }
    }

    /// Puts `message` into stored chat `chat_id` (an answer that ran on while its chat was off
    /// screen), within the caps as [`History::put_chat`]; false when there is no such chat.
    pub fn put_message(&mut self, chat_id: &str, message: Message, now: u64) -> bool {
        let Some(mut chat) = self.get(chat_id).cloned() else {
            return false;
        };
        chat.put_message(message, now);
        self.put_chat(chat);
        true
    }

    /// Delete a chat; true when it existed.
    pub fn delete(&mut self, id: &str) -> bool {
        let before = self.chats.len();
        self.chats.retain(|c| c.id != id);
        if self.active_chat_id.as_deref() == Some(id) {
            self.active_chat_id = None;
        }
        self.chats.len() != before
    }

    /// Chats for the history list, most recently updated first.
    pub fn summaries(&self) -> Vec<ChatSummary> {
        let mut list: Vec<ChatSummary> = self
            .chats
            .iter()
            .map(|c| ChatSummary {
                id: c.id.clone(),
                title: c.title.clone(),
                updated_at: c.updated_at,
                messages: c.messages.len(),
            })
            .collect();
        list.sort_by_key(|c| std::cmp::Reverse(c.updated_at));
        list
    }
}

#[cfg(test)]
mod tests;
