//! Tool activity of one stream ("Explored"): calls, their arguments as they stream, and short
//! results, upserted by tool call id in the order the calls were first seen.
//!
//! Bounded and linear: at most [`MAX_TOOLS`] calls are listed (later ones are counted, not
//! listed), arguments are cut at [`MAX_TOOL_ARGS_BYTES`], ids and names at [`MAX_ID_BYTES`]
//! and results at [`MAX_RESULT_CHARS`]. Finding a call costs O(1) amortized whatever the
//! stream: by id through a map, and a result without id from the top of a stack of the calls
//! waiting for their result (one per name, and one for all), where calls that got their
//! result meanwhile are dropped when met.

use std::collections::HashMap;

use crate::page::text::ellipsize;
use crate::stream::limits::{MAX_ID_BYTES, MAX_TOOLS, MAX_TOOL_ARGS_BYTES};
use crate::wire::protocol::ToolActivity;

/// Results longer than this many characters are cut (with an ellipsis) for display.
pub const MAX_RESULT_CHARS: usize = 500;

const CUT: char = '…';

#[derive(Debug, Default, Clone)]
pub struct Tools {
    list: Vec<ToolActivity>,
    /// Whether each call's arguments were cut (parallel to `list`).
    args_cut: Vec<bool>,
    by_id: HashMap<String, usize>,
    /// Calls waiting for their result, latest on top; and the same by name. An entry whose
    /// call got its result (or, by name, was renamed) is stale, dropped when met on top.
    waiting: Vec<usize>,
    waiting_by_name: HashMap<String, Vec<usize>>,
    /// Tool events for calls past [`MAX_TOOLS`], not listed.
    dropped: u64,
    /// Calls looked at to find one (for the linear-cost guarantee).
    work: u64,
}

impl Tools {
    pub fn all(&self) -> &[ToolActivity] {
        &self.list
    }

    /// How many tool events were about calls past [`MAX_TOOLS`] (not listed).
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// How many calls were looked at to find the one each event is about: at most one per
    /// event, whatever the stream (no scans).
    #[cfg(test)]
    pub fn work(&self) -> u64 {
        self.work
    }

    /// A call with (possibly partial) arguments: creates it or updates its name and args.
    /// `None` when the list is full.
    pub fn call(&mut self, id: &str, name: &str, args: &str) -> Option<ToolActivity> {
        let at = self.entry(id, name, false)?;
        if !args.is_empty() {
            self.set_args(at, args);
        }
        self.list.get(at).cloned()
    }

    /// Streamed argument and name pieces.
    /// Without an id they belong to the last call (a new one if there is none).
    pub fn extend_args(&mut self, id: &str, name_delta: &str, args_delta: &str) {
        let at = match self.list.len() {
            n if id.is_empty() && n > 0 => n - 1,
            _ => match self.entry(id, "", false) {
                Some(at) => at,
                None => return,
            },
        };
        if !name_delta.is_empty() && self.list[at].name.len() < MAX_ID_BYTES {
            let mut name = self.list[at].name.clone();
            push_cut(&mut name, name_delta, MAX_ID_BYTES);
            self.rename(at, name);
        }
        if !self.args_cut[at] {
            let args = &mut self.list[at].args;
            self.args_cut[at] = push_cut(args, args_delta, MAX_TOOL_ARGS_BYTES);
        }
    }

    /// The complete arguments (a part's end): they replace what streamed when not shorter.
    pub fn complete_args(&mut self, id: &str, name: &str, args: &str) -> Option<ToolActivity> {
        let at = self.entry(id, name, false)?;
        if args.len() >= self.list[at].args.len() {
            self.set_args(at, args);
        }
        self.list.get(at).cloned()
    }

    /// The tool returned.
    pub fn result(&mut self, id: &str, name: &str, content: &str) -> Option<ToolActivity> {
        let at = self.entry(id, name, true)?;
        self.list[at].result = Some(ellipsize(content, MAX_RESULT_CHARS));
        self.list.get(at).cloned()
    }

    fn set_args(&mut self, at: usize, args: &str) {
        let t = &mut self.list[at].args;
        t.clear();
        self.args_cut[at] = push_cut(t, args, MAX_TOOL_ARGS_BYTES);
    }

    /// The call `at` is now named `name` (found under it while it waits).
    fn rename(&mut self, at: usize, name: String) {
        if self.list[at].result.is_none() {
            self.waiting_by_name
                .entry(name.clone())
                .or_default()
                .push(at);
        }
        self.list[at].name = name;
    }

    /// The latest call still waiting for its result (named `name`, unless empty), taken off
    /// its stack: stale entries on top are dropped on the way.
    fn take_waiting(&mut self, name: &str) -> Option<usize> {
        let list = &self.list;
        let (stack, named) = if name.is_empty() {
            (&mut self.waiting, false)
        } else {
            (self.waiting_by_name.get_mut(name)?, true)
        };
        while let Some(at) = stack.pop() {
            self.work += 1;
            let call = &list[at];
            if call.result.is_none() && (!named || call.name == name) {
                return Some(at);
            }
        }
        None
    }

    /// The entry for `id`; without an id, the last call of that name still waiting for its
    /// result (when `for_result`), else a new entry with a generated id. `None` when a new
    /// entry is needed and the list is full.
    fn entry(&mut self, id: &str, name: &str, for_result: bool) -> Option<usize> {
        let id = cut(id, MAX_ID_BYTES);
        let name = cut(name, MAX_ID_BYTES);
        let found = if id.is_empty() {
            if for_result {
                self.take_waiting(name)
            } else {
                None
            }
        } else {
            self.work += 1;
            self.by_id.get(id).copied()
        };
        let at = match found {
            Some(at) => at,
            None if self.list.len() >= MAX_TOOLS => {
                self.dropped += 1;
                return None;
            }
            None => {
                let at = self.list.len();
                let id = if id.is_empty() {
                    format!("tool-{}", at + 1)
                } else {
                    id.to_string()
                };
                self.by_id.insert(id.clone(), at);
                self.list.push(ToolActivity {
                    tool_call_id: id,
                    ..ToolActivity::default()
                });
                self.args_cut.push(false);
                self.waiting.push(at);
                at
            }
        };
        if !name.is_empty() && self.list[at].name.is_empty() {
            self.rename(at, name.to_string());
        }
        Some(at)
    }
}

/// `s` cut to at most `max` bytes, at a character boundary.
fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Appends `piece` to `dst` up to `max` bytes, then an ellipsis; true when it was cut.
fn push_cut(dst: &mut String, piece: &str, max: usize) -> bool {
    let room = max.saturating_sub(dst.len());
    let kept = cut(piece, room);
    dst.push_str(kept);
    let was_cut = kept.len() < piece.len();
    if was_cut {
        dst.push(CUT);
    }
    was_cut
}

#[cfg(test)]
mod tests;
