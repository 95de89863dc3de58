//! The history list of the side panel, without a DOM: saved chats grouped by date (Today,
//! Yesterday, Previous 7 days, Older, by the user's calendar: "now" and the time zone offset
//! are given, never read from a clock), filtered by a search over titles and message text
//! (every word must match somewhere in the chat, ignoring case, with a snippet of where when
//! the title alone does not match), the chat on screen marked, and the chats whose answer is
//! still running (or waits for the user) marked so.

use crate::page::text::{collapse_whitespace, ellipsize};
use crate::ui::history::History;

/// Milliseconds per day.
const DAY_MS: i64 = 86_400_000;
/// Characters of context a search snippet shows around the match.
pub const SNIPPET_CHARS: usize = 80;

/// The day number (days since 1970-01-01 in local time) of `ms` since the epoch, for a zone
/// `tz_offset_min` minutes behind UTC (JavaScript's `getTimezoneOffset()`: -120 is UTC+2).
pub fn local_day(ms: u64, tz_offset_min: i32) -> i64 {
    let local = i64::try_from(ms).unwrap_or(i64::MAX) - i64::from(tz_offset_min) * 60_000;
    local.div_euclid(DAY_MS)
}

/// A date group of the list, newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DateGroup {
    Today,
    Yesterday,
    Previous7Days,
    Older,
}

impl DateGroup {
    /// The group's heading.
    pub fn label(self) -> &'static str {
        match self {
            DateGroup::Today => "Today",
            DateGroup::Yesterday => "Yesterday",
            DateGroup::Previous7Days => "Previous 7 days",
            DateGroup::Older => "Older",
        }
    }

    /// The group of a chat last updated on local day `day`, seen on local day `today` (a
    /// chat from the future, a clock set back, counts as today).
    pub fn of(day: i64, today: i64) -> DateGroup {
        match today.saturating_sub(day) {
            i64::MIN..=0 => DateGroup::Today,
            1 => DateGroup::Yesterday,
            2..=7 => DateGroup::Previous7Days,
            _ => DateGroup::Older,
        }
    }
}

/// What a chat's answer is doing, as the list shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ChatState {
    #[default]
    Idle,
    /// An answer is streaming or a Co-browse task runs.
    Running,
    /// A running task waits for the user (an approval card).
    NeedsYou,
}

impl ChatState {
    /// The label the list shows next to the title (empty when idle).
    pub fn label(self) -> &'static str {
        match self {
            ChatState::Idle => "",
            ChatState::Running => "Running",
            ChatState::NeedsYou => "Needs you",
        }
    }
}

/// One chat in the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListItem {
    pub id: String,
    pub title: String,
    pub updated_at: u64,
    /// It is the chat on screen.
    pub current: bool,
    pub state: ChatState,
    /// Where a search matched in its messages (not when the title matched).
    pub snippet: Option<String>,
}

/// A date group and its chats, most recently updated first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListGroup {
    pub group: DateGroup,
    pub items: Vec<ListItem>,
}

/// What the list is asked to show.
#[derive(Debug, Clone, Copy, Default)]
pub struct ListQuery<'a> {
    /// The search field's text (blank: every chat).
    pub search: &'a str,
    /// Now, in milliseconds since the epoch.
    pub now: u64,
    /// The time zone's offset, minutes behind UTC (see [`local_day`]).
    pub tz_offset_min: i32,
    /// The chat on screen.
    pub current: Option<&'a str>,
    /// Chats with a running answer and their state.
    pub states: &'a [(String, ChatState)],
}

/// The list of `history`'s chats for `q`: date groups in order, each newest first; empty
/// groups are left out.
pub fn chat_list(history: &History, q: &ListQuery) -> Vec<ListGroup> {
    let words: Vec<Vec<char>> = q
        .search
        .split_whitespace()
        .map(|w| w.chars().map(fold).collect())
        .collect();
    let today = local_day(q.now, q.tz_offset_min);
    let mut items: Vec<(DateGroup, ListItem)> = Vec::new();
    for chat in &history.chats {
        let snippet = if words.is_empty() {
            None
        } else {
            let texts = || {
                std::iter::once(chat.title.as_str())
                    .chain(chat.messages.iter().map(|m| m.text.as_str()))
            };
            if !words
                .iter()
                .all(|w| texts().any(|t| find_ci(t, w).is_some()))
            {
                continue;
            }
            let in_title = words.iter().all(|w| find_ci(&chat.title, w).is_some());
            if in_title {
                None
            } else {
                chat.messages.iter().find_map(|m| {
                    words
                        .iter()
                        .find_map(|w| find_ci(&m.text, w))
                        .map(|at| snippet(&m.text, at))
                })
            }
        };
        let state = q
            .states
            .iter()
            .find(|(id, _)| *id == chat.id)
            .map_or(ChatState::Idle, |(_, s)| *s);
        let group = DateGroup::of(local_day(chat.updated_at, q.tz_offset_min), today);
        items.push((
            group,
            ListItem {
                id: chat.id.clone(),
                title: chat.title.clone(),
                updated_at: chat.updated_at,
                current: q.current == Some(chat.id.as_str()),
                state,
                snippet,
            },
        ));
    }
    items.sort_by(|(ga, a), (gb, b)| ga.cmp(gb).then(b.updated_at.cmp(&a.updated_at)));
    let mut groups: Vec<ListGroup> = Vec::new();
    for (group, item) in items {
        match groups.last_mut() {
            Some(g) if g.group == group => g.items.push(item),
            _ => groups.push(ListGroup {
                group,
                items: vec![item],
            }),
        }
    }
    groups
}

/// `c` in lower case, for the scripts that have case and are common in chats: Latin (ASCII,
/// Latin-1, Latin Extended-A), modern Greek and basic Cyrillic; any other character is
/// itself. (Rust's
/// full Unicode case tables would add about 5 KB to the panel for letters seldom searched.)
pub fn fold(c: char) -> char {
    let u = c as u32;
    let lower = match u {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE => u + 0x20,
        0x130 => 0x69,
        0x178 => 0xFF,
        0x100..=0x137 | 0x14A..=0x177 if u.is_multiple_of(2) => u + 1,
        0x139..=0x148 | 0x179..=0x17E if !u.is_multiple_of(2) => u + 1,
        0x386 => 0x3AC,
        0x388..=0x38A => u + 0x25,
        0x38C => 0x3CC,
        0x38E | 0x38F => u + 0x3F,
        0x391..=0x3A1 | 0x3A3..=0x3AB => u + 0x20,
        0x3C2 => 0x3C3,
        0x400..=0x40F => u + 0x50,
        0x410..=0x42F => u + 0x20,
        _ => u,
    };
    char::from_u32(lower).unwrap_or(c)
}

/// The byte offset in `text` where `word` (already folded) starts, ignoring case.
fn find_ci(text: &str, word: &[char]) -> Option<usize> {
    let first = *word.first()?;
    text.char_indices().map(|(i, _)| i).find(|&i| {
        let mut lower = text[i..].chars().map(fold);
        lower.next() == Some(first) && word[1..].iter().all(|w| lower.next() == Some(*w))
    })
}

/// About [`SNIPPET_CHARS`] of `text` around byte offset `at`, on one line.
fn snippet(text: &str, at: usize) -> String {
    let start = text[..at]
        .char_indices()
        .rev()
        .nth(SNIPPET_CHARS / 4 - 1)
        .map_or(0, |(i, _)| i);
    // Enough text for the snippet, not the whole message.
    let end = text[start..]
        .char_indices()
        .nth(SNIPPET_CHARS * 2)
        .map_or(text.len(), |(i, _)| start + i);
    let body = ellipsize(&collapse_whitespace(&text[start..end]), SNIPPET_CHARS);
    if start > 0 {
        format!("…{body}")
    } else {
        body
    }
}

#[cfg(test)]
mod tests;
