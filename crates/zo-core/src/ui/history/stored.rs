//! What one message keeps when it is put in the history, and what a stored chat weighs. The
//! panel shows the whole message while it is on screen; the stored copy is cut to fixed caps
//! (texts, lists, values), so one long answer cannot fill the storage quota, and a message that
//! was cut says so in a note shown under it.

use super::Message;
use crate::wire::json::{parse, Json, Node, RawJson};

/// Most bytes kept of a message's text (the answer's prose, or the user's input) and of the
/// input an answer keeps for Retry.
pub const MAX_STORED_TEXT_BYTES: usize = 256 * 1024;
/// Most bytes kept of an answer's reasoning, and of the partial text an error card keeps.
pub const MAX_STORED_REASONING_BYTES: usize = 64 * 1024;
/// Most bytes kept of one Co-browse step's reasoning.
pub const MAX_STORED_THOUGHT_BYTES: usize = 8 * 1024;
/// Most tool calls kept per message; their arguments are cut at [`MAX_STORED_FIELD_BYTES`].
pub const MAX_STORED_TOOLS: usize = 32;
/// Most Co-browse action log entries, approval records, scope origins and notes kept.
pub const MAX_STORED_ENTRIES: usize = 200;
/// Most bytes kept of the page content a question asked about (more than any prompt takes).
pub const MAX_STORED_QUOTE_BYTES: usize = 32 * 1024;

/// Most bytes kept of one small field (tool arguments, an action's value, a note, an error).
pub const MAX_STORED_FIELD_BYTES: usize = 4 * 1024;

const CUT: char = '…';

impl Message {
    /// Cuts what is past the caps (see the module doc); a note says what was cut.
    pub(super) fn cap_for_storage(&mut self) {
        let mut cut: Vec<String> = Vec::new();
        let text_bytes = self.text.len();
        if cut_at(&mut self.text, MAX_STORED_TEXT_BYTES) {
            cut.push(format!(
                "the text ({}; the first {} are kept)",
                size_label(text_bytes),
                size_label(MAX_STORED_TEXT_BYTES)
            ));
        }
        if let Some(input) = &mut self.input {
            if cut_at(input, MAX_STORED_TEXT_BYTES) {
                cut.push("the question kept for Retry".into());
            }
        }
        if let Some(quote) = &mut self.quote {
            if cut_at(&mut quote.text, MAX_STORED_QUOTE_BYTES) {
                cut.push("the page content asked about".into());
            }
        }
        if let Some(reasoning) = &mut self.reasoning {
            if cut_at(reasoning, MAX_STORED_REASONING_BYTES) {
                cut.push("the reasoning".into());
            }
        }
        let mut thoughts_cut = self.thoughts.len() > crate::ui::reasoning::MAX_THOUGHTS;
        self.thoughts.truncate(crate::ui::reasoning::MAX_THOUGHTS);
        for thought in &mut self.thoughts {
            thoughts_cut |= cut_at(thought, MAX_STORED_THOUGHT_BYTES);
        }
        if thoughts_cut {
            cut.push("the reasoning of some steps".into());
        }
        if let Some(error) = &mut self.error {
            cut_at(&mut error.message, MAX_STORED_FIELD_BYTES);
            cut_at(&mut error.partial_text, MAX_STORED_REASONING_BYTES);
        }
        let mut activity = self.tools.len() > MAX_STORED_TOOLS;
        self.tools.truncate(MAX_STORED_TOOLS);
        for tool in &mut self.tools {
            activity |= cut_at(&mut tool.args, MAX_STORED_FIELD_BYTES);
            if let Some(result) = &mut tool.result {
                activity |= cut_at(result, MAX_STORED_FIELD_BYTES);
            }
        }
        activity |= self.timeline.len() > MAX_STORED_ENTRIES;
        self.timeline.truncate(MAX_STORED_ENTRIES);
        for entry in &mut self.timeline {
            if let Some(value) = &mut entry.value {
                activity |= cut_value(value);
            }
        }
        activity |= self.approvals.len() > MAX_STORED_ENTRIES;
        self.approvals.truncate(MAX_STORED_ENTRIES);
        for approval in &mut self.approvals {
            activity |= cut_at(&mut approval.description, MAX_STORED_FIELD_BYTES);
        }
        activity |= self.resumes.len() > MAX_STORED_ENTRIES;
        self.resumes.truncate(MAX_STORED_ENTRIES);
        activity |= self.send_offers.len() > MAX_STORED_ENTRIES;
        self.send_offers.truncate(MAX_STORED_ENTRIES);
        for offer in &mut self.send_offers {
            activity |= cut_at(&mut offer.origin, MAX_STORED_FIELD_BYTES);
        }
        activity |= self.scope.len() > MAX_STORED_ENTRIES;
        self.scope.truncate(MAX_STORED_ENTRIES);
        self.notes.truncate(MAX_STORED_ENTRIES - 1);
        for note in &mut self.notes {
            cut_at(note, MAX_STORED_FIELD_BYTES);
        }
        if activity {
            cut.push("the tool and action activity".into());
        }
        let excess = self
            .alternatives
            .len()
            .saturating_sub(super::MAX_ALTERNATIVES);
        self.alternatives.drain(..excess);
        let mut earlier = false;
        for alt in &mut self.alternatives {
            earlier |= cut_at(&mut alt.text, MAX_STORED_TEXT_BYTES);
            if let Some(model) = &mut alt.model {
                cut_at(model, MAX_STORED_FIELD_BYTES);
            }
        }
        if earlier {
            cut.push("earlier answers".into());
        }
        if !cut.is_empty() {
            self.notes.push(format!(
                "Saved shortened in the history: {}.",
                cut.join(", ")
            ));
        }
    }
}

/// How many bytes a value takes as JSON text.
pub(super) fn json_len(json: &Json) -> usize {
    json.as_str().len()
}

/// Cuts `s` to at most `max` bytes at a character boundary, marking the cut; true when cut.
fn cut_at(s: &mut String, max: usize) -> bool {
    if s.len() <= max {
        return false;
    }
    let mut end = max.saturating_sub(CUT.len_utf8());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.truncate(end);
    s.push(CUT);
    true
}

/// Cuts a large action value: a long string is cut, another large value becomes its JSON text,
/// cut. True when cut.
fn cut_value(value: &mut RawJson) -> bool {
    let mut text = match parse(value.as_str()) {
        Ok(Node::Str(s)) => s.into_owned(),
        _ if value.as_str().len() > MAX_STORED_FIELD_BYTES => value.as_str().to_string(),
        _ => return false,
    };
    if !cut_at(&mut text, MAX_STORED_FIELD_BYTES) {
        return false;
    }
    *value = RawJson::from(Json::string(&text));
    true
}

/// A byte count for people: "900 B", "256 KB", "1.2 MB".
fn size_label(bytes: usize) -> String {
    const KB: usize = 1024;
    const MB: usize = 1024 * 1024;
    if bytes >= MB {
        format!("{:.1} MB", bytes as f64 / MB as f64)
    } else if bytes >= KB {
        format!("{} KB", bytes / KB)
    } else {
        format!("{bytes} B")
    }
}
