//! Stream assembly: decoded Zo events in, UI updates out (answer and thinking deltas, tool
//! activity, lifecycle status) and, at the terminal event, the final result.
//!
//! Invariants:
//! - parts are keyed by (zmid, index); a delta without zmid belongs to the last zmid seen;
//! - the first token of every part (in `PartStartEvent.part.content`) is kept;
//! - the answer is only ever extended: a final payload (`FinalResultEvent`, `completed.output`,
//!   a `FrontendModelResponse` after streamed parts, `PartEndEvent`) is used only when it
//!   extends what streamed, never to replace it by something shorter;
//! - consecutive text parts are joined with a blank line (emitted as a delta too);
//! - in Co-browse mode each text part goes through an [`AnswerGate`]: text of an action
//!   envelope is never emitted as answer deltas, undecided text is held back and released once
//!   it is prose; the final text is `done.response` and the actions are normalized
//!   ([`crate::answer::envelope::parse_answer`]).
//!
//! Legacy streams: `FrontendModelResponse {content}` before any part event is an answer delta.

use std::collections::HashMap;

use crate::answer::answer_gate::AnswerGate;
use crate::stream::events::{Delta, Part, PartRef, TokenDelta, ZoEvent};
use crate::stream::tools::Tools;
use crate::wire::protocol::{FinalResult, FinalStatus, Mode, ToolActivity};

mod finals;
use finals::separator;

/// One update for the UI.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamUpdate {
    /// Answer text to append.
    Answer(String),
    /// Thinking text to append.
    Thinking(String),
    /// A tool call was made, or its arguments or result became known (upsert by id).
    Tool(ToolActivity),
    /// Lifecycle status changed.
    Status(String),
    /// After a retry: replace the whole answer shown so far by this text.
    Replace(String),
    /// After a retry: replace the whole thinking shown so far by this text.
    ReplaceThinking(String),
    /// The terminal event arrived: the final result (the panel shows `text` as the answer).
    Final(FinalResult),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    Thinking,
    Tool,
    Other,
}

#[derive(Debug)]
struct PartState {
    kind: Kind,
    text: String,
    tool_id: String,
    gate: AnswerGate,
    separator_pending: bool,
}

#[derive(Debug)]
pub struct Assembler {
    mode: Mode,
    /// Every part seen, in start order; `slots` says where each key's part is.
    parts: Vec<PartState>,
    slots: HashMap<PartRef, usize>,
    /// The part appended to last: consecutive tokens of one part skip the key lookup.
    recent: Option<(PartRef, usize)>,
    last_zmid: Option<String>,
    answer: String,
    thinking: String,
    tools: Tools,
    status: Option<String>,
    saw_parts: bool,
    hid_action_json: bool,
    /// The text part streaming now (held-back text is released in stream order).
    active_text: Option<PartRef>,
    conversation_id: Option<String>,
    terminal: Option<FinalResult>,
}

impl Assembler {
    pub fn new(mode: Mode) -> Self {
        Assembler {
            mode,
            parts: Vec::new(),
            slots: HashMap::new(),
            recent: None,
            last_zmid: None,
            answer: String::new(),
            thinking: String::new(),
            tools: Tools::default(),
            status: None,
            saw_parts: false,
            hid_action_json: false,
            active_text: None,
            conversation_id: None,
            terminal: None,
        }
    }

    pub fn set_conversation_id(&mut self, id: impl Into<String>) {
        let id = id.into();
        if let Some(t) = &mut self.terminal {
            t.conversation_id = Some(id.clone());
        }
        self.conversation_id = Some(id);
    }

    /// The whole raw answer text so far (envelope JSON included).
    pub fn raw_answer(&self) -> &str {
        &self.answer
    }

    pub fn thinking(&self) -> &str {
        &self.thinking
    }

    pub fn tools(&self) -> &[ToolActivity] {
        self.tools.all()
    }

    pub fn is_terminal(&self) -> bool {
        self.terminal.is_some()
    }

    /// The final result of the terminal event, if it came.
    pub fn terminal(&self) -> Option<&FinalResult> {
        self.terminal.as_ref()
    }

    /// Takes one event, appending the resulting updates to `out`. Events after the terminal
    /// one are ignored.
    pub fn push(&mut self, event: ZoEvent, out: &mut Vec<StreamUpdate>) {
        if self.terminal.is_some() {
            return;
        }
        match event {
            ZoEvent::Lifecycle {
                chunk_type, status, ..
            } => {
                if let (true, Some(s)) = (chunk_type == "status", status) {
                    if self.status.as_deref() != Some(s.as_str()) {
                        self.status = Some(s.clone());
                        out.push(StreamUpdate::Status(s));
                    }
                }
            }
            ZoEvent::ModelRequest | ZoEvent::Unknown { .. } => {}
            ZoEvent::PartStart { part_ref, part } => self.part_start(part_ref, part, out),
            ZoEvent::PartDelta { part_ref, delta } => self.part_delta(part_ref, delta, out),
            ZoEvent::PartEnd { part_ref, part } => {
                let key = self.key(part_ref);
                if let Some(part) = part {
                    self.part_end(key, part, out);
                }
            }
            ZoEvent::ToolCall {
                tool_call_id,
                tool_name,
                args,
            } => {
                let t = self.tools.call(&tool_call_id, &tool_name, &args);
                out.push(StreamUpdate::Tool(t));
            }
            ZoEvent::ToolResult {
                tool_call_id,
                tool_name,
                content,
            } => {
                let t = self.tools.result(&tool_call_id, &tool_name, &content);
                out.push(StreamUpdate::Tool(t));
            }
            ZoEvent::FinalResult { text } => {
                if let Some(text) = text {
                    self.final_payload(&text, out);
                }
            }
            ZoEvent::LegacyResponse { content } => {
                if self.saw_parts {
                    self.final_payload(&content, out);
                } else {
                    self.legacy_delta(&content, out);
                }
            }
            ZoEvent::Completed {
                failed,
                error,
                output,
                conversation_id,
            } => {
                if let Some(id) = conversation_id {
                    self.conversation_id.get_or_insert(id);
                }
                if let Some(output) = output.filter(|_| !failed) {
                    self.final_payload(&output, out);
                }
                let status = if failed {
                    FinalStatus::Failed
                } else {
                    FinalStatus::Succeeded
                };
                let error = error.or_else(|| failed.then(|| "Zo reported a failure".to_string()));
                self.finish_with(status, error, out);
            }
            ZoEvent::Failed { error, .. } => {
                self.finish_with(FinalStatus::Failed, Some(error), out)
            }
            ZoEvent::LegacyError { message } => {
                self.finish_with(FinalStatus::Failed, Some(message), out)
            }
            ZoEvent::LegacyEnd => self.finish_with(FinalStatus::Succeeded, None, out),
        }
    }

    /// The result when the body ended: the terminal result, or an Incomplete one.
    pub fn finish(&mut self) -> FinalResult {
        if let Some(t) = &self.terminal {
            return t.clone();
        }
        let mut result = self.build(FinalStatus::Incomplete, None);
        result.error = Some("the stream ended before Zo finished the answer".to_string());
        result
    }

    /// Takes one token delta (the fast path of [`Assembler::push`] for
    /// `ZoEvent::PartDelta` with a text or thinking delta: same updates, no allocation while
    /// the tokens continue the same part).
    pub fn push_token(&mut self, token: TokenDelta<'_>, out: &mut Vec<StreamUpdate>) {
        if self.terminal.is_some() {
            return;
        }
        let recent = match &self.recent {
            Some((k, i)) if k.index == token.index && k.zmid.as_deref() == Some(&*token.zmid) => {
                Some(*i)
            }
            _ => None,
        };
        match recent {
            Some(i) => {
                self.remember_zmid(&token.zmid);
                self.append_at(i, &token.content, out);
            }
            None => self.push(token.into(), out),
        }
    }

    fn remember_zmid(&mut self, zmid: &str) {
        if self.last_zmid.as_deref() != Some(zmid) {
            self.last_zmid = Some(zmid.to_string());
        }
    }

    fn key(&mut self, mut part_ref: PartRef) -> PartRef {
        match &part_ref.zmid {
            Some(z) => {
                if self.last_zmid.as_deref() != Some(z.as_str()) {
                    self.last_zmid = Some(z.clone());
                }
            }
            None => part_ref.zmid.clone_from(&self.last_zmid),
        }
        part_ref
    }

    /// Where the part `key` is, if it was started.
    fn slot(&self, key: &PartRef) -> Option<usize> {
        match &self.recent {
            Some((k, i)) if k == key => Some(*i),
            _ => self.slots.get(key).copied(),
        }
    }

    fn part(&self, key: &PartRef) -> Option<&PartState> {
        self.slot(key).and_then(|i| self.parts.get(i))
    }

    fn part_mut(&mut self, key: &PartRef) -> Option<&mut PartState> {
        self.slot(key).and_then(|i| self.parts.get_mut(i))
    }

    /// Starts the part `key`; a restarted key (a new response without zmid) replaces the old
    /// part in place.
    fn insert_part(&mut self, key: PartRef, state: PartState) {
        match self.slot(&key).and_then(|i| self.parts.get_mut(i)) {
            Some(old) => *old = state,
            None => {
                self.slots.insert(key, self.parts.len());
                self.parts.push(state);
            }
        }
    }

    fn part_start(&mut self, part_ref: PartRef, part: Part, out: &mut Vec<StreamUpdate>) {
        self.saw_parts = true;
        let key = self.key(part_ref);
        let (kind, first, tool_id) = match part {
            Part::Text { content } => (Kind::Text, content, String::new()),
            Part::Thinking { content } => (Kind::Thinking, content, String::new()),
            Part::ToolCall {
                tool_call_id,
                tool_name,
                args,
            } => {
                let t = self.tools.call(&tool_call_id, &tool_name, &args);
                let id = t.tool_call_id.clone();
                out.push(StreamUpdate::Tool(t));
                (Kind::Tool, String::new(), id)
            }
            Part::ToolReturn {
                tool_call_id,
                tool_name,
                content,
            } => {
                let t = self.tools.result(&tool_call_id, &tool_name, &content);
                out.push(StreamUpdate::Tool(t));
                (Kind::Other, String::new(), String::new())
            }
            Part::Other { .. } => (Kind::Other, String::new(), String::new()),
        };
        let mut state = self.new_part(kind, kind == Kind::Text && !self.answer.is_empty());
        state.tool_id = tool_id;
        if kind == Kind::Text {
            self.release_held(out);
            self.active_text = Some(key.clone());
        }
        self.insert_part(key.clone(), state);
        self.append(&key, &first, out);
    }

    fn part_delta(&mut self, part_ref: PartRef, delta: Delta, out: &mut Vec<StreamUpdate>) {
        let key = self.key(part_ref);
        let (kind, text) = match delta {
            Delta::Text { content } => (Kind::Text, content),
            Delta::Thinking { content } => (Kind::Thinking, content),
            Delta::ToolCall {
                tool_call_id,
                tool_name,
                args,
            } => {
                let id = match (&tool_call_id, self.part(&key)) {
                    (Some(id), _) => id.clone(),
                    (None, Some(p)) => p.tool_id.clone(),
                    (None, None) => String::new(),
                };
                self.tools.extend_args(&id, &tool_name, &args);
                return;
            }
            Delta::Other { .. } => return,
        };
        if self.slot(&key).is_none() {
            // A delta without its start: start the part implicitly (nothing is dropped).
            let part = match kind {
                Kind::Thinking => Part::Thinking {
                    content: String::new(),
                },
                _ => Part::Text {
                    content: String::new(),
                },
            };
            self.part_start(key.clone(), part, out);
        }
        self.append(&key, &text, out);
    }

    fn part_end(&mut self, key: PartRef, part: Part, out: &mut Vec<StreamUpdate>) {
        let full = match part {
            Part::Text { content } | Part::Thinking { content } => content,
            Part::ToolCall {
                tool_call_id,
                tool_name,
                args,
            } => {
                let id = match self.part(&key) {
                    Some(p) if tool_call_id.is_empty() => p.tool_id.clone(),
                    _ => tool_call_id,
                };
                let t = self.tools.complete_args(&id, &tool_name, &args);
                out.push(StreamUpdate::Tool(t));
                return;
            }
            _ => return,
        };
        let Some(state) = self.part(&key) else {
            return;
        };
        // Only a strict extension of what streamed is used (a lost delta), never a replacement.
        if full.len() > state.text.len() && full.starts_with(state.text.as_str()) {
            let missing = full[state.text.len()..].to_string();
            self.append(&key, &missing, out);
        }
    }

    /// Appends `text` to the part `key` (which exists) and to the answer or thinking.
    fn append(&mut self, key: &PartRef, text: &str, out: &mut Vec<StreamUpdate>) {
        let Some(i) = self.slot(key) else {
            return;
        };
        if !matches!(&self.recent, Some((k, _)) if k == key) {
            self.recent = Some((key.clone(), i));
        }
        self.append_at(i, text, out);
    }

    /// Appends `text` to the part in slot `i` and to the answer or thinking.
    fn append_at(&mut self, i: usize, text: &str, out: &mut Vec<StreamUpdate>) {
        if text.is_empty() {
            return;
        }
        let Some(state) = self.parts.get_mut(i) else {
            return;
        };
        state.text.push_str(text);
        match state.kind {
            Kind::Thinking => {
                self.thinking.push_str(text);
                push_text(out, TextStream::Thinking, text);
            }
            Kind::Text => {
                if std::mem::take(&mut state.separator_pending) {
                    let piece = format!("{}{text}", separator(&self.answer));
                    self.answer.push_str(&piece);
                    push_text(out, TextStream::Answer, &state.gate.push(&piece));
                } else {
                    self.answer.push_str(text);
                    push_text(out, TextStream::Answer, &state.gate.push(text));
                }
                self.hid_action_json |= state.gate.hid_action_json();
            }
            Kind::Tool | Kind::Other => {}
        }
    }
}

/// Which text an update extends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextStream {
    Answer,
    Thinking,
}

/// Appends a text update to `out`, joined to the last update when that extends the same text:
/// one update per push, not one per token.
fn push_text(out: &mut Vec<StreamUpdate>, stream: TextStream, text: &str) {
    if text.is_empty() {
        return;
    }
    match (out.last_mut(), stream) {
        (Some(StreamUpdate::Answer(last)), TextStream::Answer)
        | (Some(StreamUpdate::Thinking(last)), TextStream::Thinking) => last.push_str(text),
        (_, TextStream::Answer) => out.push(StreamUpdate::Answer(joinable(text))),
        (_, TextStream::Thinking) => out.push(StreamUpdate::Thinking(joinable(text))),
    }
}

/// `text` with room for the tokens that usually follow it in the same push (one allocation
/// instead of a reallocation every few tokens).
fn joinable(text: &str) -> String {
    const ROOM: usize = 256;
    let mut s = String::with_capacity(text.len().max(ROOM));
    s.push_str(text);
    s
}
