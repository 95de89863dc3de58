//! A chat exported as a file the user keeps: Markdown to read, JSON to process. Both are made
//! from the chat as stored (the history's caps and masks hold: a secret fill's value is the
//! mask the panel was sent, never the secret), and neither carries anything but the chat (no
//! key, no settings). The file's name comes from the chat's title and its day in the user's
//! calendar, in characters every file system accepts.
//!
//! The JSON file's shape (`version` 1; a field without a value is left out):
//!
//! ```text
//! { "format": "zo-cobrowse-chat", "version": 1,
//!   "chat": { "id", "title", "mode", "createdAt", "updatedAt" },   // times: ms since the epoch
//!   "messages": [ {
//!     "role": "user" | "assistant", "mode": "cobrowse" | "ask" | ...,
//!     "text",                        // the question, or the answer's Markdown as written
//!     "page": { "title", "origin", "shared" },                      // questions
//!     "status": "done" | "stopped" | "failed" | "interrupted" | "streaming",   // answers
//!     "model", "elapsedMs", "reasoning", "thoughts": [ one per Co-browse step ],
//!     "tools": [ { "toolCallId", "name", "args", "result" } ],
//!     "actions": [ { "step", "index", "action": { "type", ... }, "status", "value",
//!                    "error": { "code", "message" } } ],
//!     "scope": [ { "origin", "access", "source" } ],
//!     "approvals": [ { "id", "kind", "description", "origin", "reasons", "decision",
//!                      "destination" } ],
//!     "notes": [ ... ],
//!     "error": { "kind", "httpStatus", "message", "partialText" },
//!     "alternatives": [ { "text", "status", "elapsedMs", "model" } ] } ] }  // earlier answers, oldest first
//! ```

use crate::ui::history::{Chat, Message, Role};
use crate::wire::codec::parts::{write_failure, write_origin, write_tool};
use crate::wire::json::{Json, Obj, WireName};

mod markdown;

pub use markdown::to_markdown;

/// The JSON file's `format`.
pub const JSON_FORMAT: &str = "zo-cobrowse-chat";
/// The JSON file's `version`: raised when a field changes meaning or goes away.
pub const JSON_VERSION: u64 = 1;
/// Most characters of the chat's title kept in a file name.
const NAME_CHARS: usize = 60;

/// A file format a chat is exported in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Markdown,
    Json,
}

impl ExportFormat {
    /// The formats the panel offers, with their labels.
    pub const CHOICES: [(ExportFormat, &'static str); 2] = [
        (ExportFormat::Markdown, "Markdown (.md)"),
        (ExportFormat::Json, "JSON (.json)"),
    ];

    /// The id the panel's buttons carry.
    pub fn id(self) -> &'static str {
        match self {
            ExportFormat::Markdown => "markdown",
            ExportFormat::Json => "json",
        }
    }

    pub fn from_id(id: &str) -> Option<ExportFormat> {
        Self::CHOICES.iter().map(|(f, _)| *f).find(|f| f.id() == id)
    }

    fn extension(self) -> &'static str {
        match self {
            ExportFormat::Markdown => "md",
            ExportFormat::Json => "json",
        }
    }

    fn mime(self) -> &'static str {
        match self {
            ExportFormat::Markdown => "text/markdown;charset=utf-8",
            ExportFormat::Json => "application/json;charset=utf-8",
        }
    }
}

/// A file to download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFile {
    pub name: String,
    pub mime: &'static str,
    pub text: String,
}

/// `chat` as a file in `format`. `tz_offset_min`: the user's time zone, minutes behind UTC
/// (`Date.getTimezoneOffset()`), for the dates in the name and the Markdown.
pub fn export(chat: &Chat, format: ExportFormat, tz_offset_min: i32) -> ExportFile {
    let text = match format {
        ExportFormat::Markdown => to_markdown(chat, tz_offset_min),
        ExportFormat::Json => to_json(chat),
    };
    ExportFile {
        name: file_name(&chat.title, chat.created_at, tz_offset_min, format),
        mime: format.mime(),
        text,
    }
}

/// `Title-words-2026-12-02.md`: the title's ASCII letters and digits and its other non-ASCII
/// characters but spaces, other runs of characters as one `-`, then the chat's day.
pub fn file_name(title: &str, at_ms: u64, tz_offset_min: i32, format: ExportFormat) -> String {
    let mut stem = String::new();
    for c in title.chars() {
        if stem.chars().count() >= NAME_CHARS {
            break;
        }
        // Letters and digits of any script; quotes, dashes, symbols and emoji become one `-`
        // (page::fold's ranges: no Unicode tables in the panel).
        if crate::page::fold::is_word_char(c) && !c.is_control() {
            stem.push(c);
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-');
    let stem = if stem.is_empty() { "Zo-chat" } else { stem };
    let (date, _) = local_date_time(at_ms, tz_offset_min);
    format!("{stem}-{date}.{}", format.extension())
}

/// `("2026-12-02", "14:05")` in the user's calendar.
fn local_date_time(at_ms: u64, tz_offset_min: i32) -> (String, String) {
    let secs = (at_ms / 1000) as i64 - i64::from(tz_offset_min) * 60;
    let days = secs.div_euclid(86_400);
    let in_day = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    (
        format!("{y:04}-{m:02}-{d:02}"),
        format!("{:02}:{:02}", in_day / 3600, in_day % 3600 / 60),
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

// ------------------------------------------------------------------ JSON

/// The chat as the JSON file (the shape in the module's doc).
pub fn to_json(chat: &Chat) -> String {
    let head = Obj::new()
        .str("id", &chat.id)
        .str("title", &chat.title)
        .str("mode", chat.mode.wire_name())
        .uint("createdAt", chat.created_at)
        .uint("updatedAt", chat.updated_at)
        .done();
    Obj::new()
        .str("format", JSON_FORMAT)
        .uint("version", JSON_VERSION)
        .json("chat", &head)
        .json(
            "messages",
            &Json::array(chat.messages.iter().map(message_json)),
        )
        .done()
        .into_string()
}

/// A list field written only when it has items.
fn items<T>(obj: Obj, key: &str, all: &[T], write: impl Fn(&T) -> Json) -> Obj {
    if all.is_empty() {
        obj
    } else {
        obj.json(key, &Json::array(all.iter().map(write)))
    }
}

fn message_json(m: &Message) -> Json {
    let answer = m.role == Role::Assistant;
    let obj = Obj::new()
        .str("role", m.role.wire_name())
        .str("mode", m.mode.wire_name())
        .str("text", &m.text)
        .opt_json("page", m.page.as_ref().map(page_json).as_ref())
        .opt_str("status", answer.then(|| m.status.wire_name()))
        .opt_str("model", m.model.as_deref())
        .opt_uint("elapsedMs", m.elapsed_ms)
        .opt_str("reasoning", m.reasoning.as_deref());
    let obj = items(obj, "thoughts", &m.thoughts, |t| Json::string(t));
    let obj = items(obj, "tools", &m.tools, write_tool);
    let obj = items(obj, "actions", &m.timeline, super::history::write_entry);
    let obj = items(obj, "scope", &m.scope, write_origin);
    let obj = items(
        obj,
        "approvals",
        &m.approvals,
        super::history::write_approval,
    );
    let obj = items(obj, "notes", &m.notes, |n| Json::string(n))
        .opt_json("error", m.error.as_ref().map(write_failure).as_ref());
    items(
        obj,
        "alternatives",
        &m.alternatives,
        super::history::write_alternative,
    )
    .done()
}

fn page_json(p: &crate::ui::page_context::PageRef) -> Json {
    Obj::new()
        .str("title", &p.title)
        .str("origin", &p.origin)
        .bool("shared", p.shared)
        .done()
}

#[cfg(test)]
mod tests;
