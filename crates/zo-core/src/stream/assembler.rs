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

use std::borrow::Cow;
use std::collections::HashMap;

use crate::answer::answer_gate::AnswerGate;
use crate::stream::events::{Delta, Part, PartRef, TokenDelta, ZoEvent};
use crate::stream::limits::{LimitExceeded, MAX_ID_BYTES, MAX_PARTS, MAX_TEXT_BYTES};
use crate::stream::segmented::SegmentedText;
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

/// Where a part's text is in the answer (text parts) or the thinking (thinking parts): the
/// part keeps no copy of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Span {
    Empty,
    /// `[start, end)`, appended in one run.
    At(usize, usize),
    /// Another part's text came in between: the part's text is not one range (rare; a part
    /// end can then not add what streaming lost).
    Split,
}

#[derive(Debug)]
struct PartState {
    kind: Kind,
    span: Span,
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
    /// The answer and the thinking, each held in segments (never moved as they grow).
    answer: SegmentedText,
    thinking: SegmentedText,
    tools: Tools,
    status: Option<String>,
    saw_parts: bool,
    hid_action_json: bool,
    /// The text part streaming now (held-back text is released in stream order).
    active_text: Option<PartRef>,
    conversation_id: Option<String>,
    /// The terminal event's status and error (the result is built from the text when asked:
    /// no second copy of the answer is kept).
    terminal: Option<(FinalStatus, Option<String>)>,
    /// The limit the text passed, if it did: events are then ignored.
    limit: Option<LimitExceeded>,
}

impl Assembler {
    pub fn new(mode: Mode) -> Self {
        Assembler {
            mode,
            parts: Vec::new(),
            slots: HashMap::new(),
            recent: None,
            last_zmid: None,
            answer: SegmentedText::new(),
            thinking: SegmentedText::new(),
            tools: Tools::default(),
            status: None,
            saw_parts: false,
            hid_action_json: false,
            active_text: None,
            conversation_id: None,
            terminal: None,
            limit: None,
        }
    }

    pub fn set_conversation_id(&mut self, id: impl Into<String>) {
        self.conversation_id = Some(id.into());
    }

    /// The conversation id, from the header or the `completed` event.
    pub fn conversation_id(&self) -> Option<&str> {
        self.conversation_id.as_deref()
    }

    /// The limit the answer or the reasoning passed ([`crate::stream::limits`]), if it did:
    /// the events after it were ignored.
    #[inline]
    pub fn limit_exceeded(&self) -> Option<LimitExceeded> {
        self.limit
    }

    /// The whole raw answer text so far (envelope JSON included); joined when long.
    pub fn raw_answer(&self) -> Cow<'_, str> {
        self.answer.as_str()
    }

    /// The thinking text so far; joined when long.
    pub fn thinking(&self) -> Cow<'_, str> {
        self.thinking.as_str()
    }

    /// The raw answer as held (read it without joining).
    pub(crate) fn answer_text(&self) -> &SegmentedText {
        &self.answer
    }

    /// The thinking as held.
    pub(crate) fn thinking_text(&self) -> &SegmentedText {
        &self.thinking
    }

    pub fn tools(&self) -> &[ToolActivity] {
        self.tools.all()
    }

    /// Tool events about calls past the listed maximum (not listed).
    pub fn tools_dropped(&self) -> u64 {
        self.tools.dropped()
    }

    #[inline]
    pub fn is_terminal(&self) -> bool {
        self.terminal.is_some()
    }

    /// The final result of the terminal event, if it came (built from the text).
    pub fn terminal(&self) -> Option<FinalResult> {
        let (status, error) = self.terminal.clone()?;
        Some(self.build(status, error))
    }

    /// Takes one event, appending the resulting updates to `out`. Events after the terminal
    /// one are ignored.
    pub fn push(&mut self, event: ZoEvent, out: &mut Vec<StreamUpdate>) {
        if self.terminal.is_some() || self.limit.is_some() {
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
                out.extend(t.map(StreamUpdate::Tool));
            }
            ZoEvent::ToolResult {
                tool_call_id,
                tool_name,
                content,
            } => {
                let t = self.tools.result(&tool_call_id, &tool_name, &content);
                out.extend(t.map(StreamUpdate::Tool));
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
                    self.legacy_delta(content, out);
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
        if let Some(t) = self.terminal() {
            return t;
        }
        let mut result = self.build(FinalStatus::Incomplete, None);
        result.error = Some("the stream ended before Zo finished the answer".to_string());
        result
    }

    /// Takes one token delta (the fast path of [`Assembler::push`] for
    /// `ZoEvent::PartDelta` with a text or thinking delta: same updates, no allocation while
    /// the tokens continue the same part).
    #[inline]
    pub fn push_token(&mut self, token: TokenDelta<'_>, out: &mut Vec<StreamUpdate>) {
        if self.terminal.is_some() || self.limit.is_some() {
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
                self.append_at(i, token.content, out);
            }
            None => self.push(token.into(), out),
        }
    }

    #[inline]
    fn remember_zmid(&mut self, zmid: &str) {
        if self.last_zmid.as_deref() != Some(zmid) {
            self.last_zmid = Some(zmid.to_string());
        }
    }

    #[inline]
    fn key(&mut self, mut part_ref: PartRef) -> PartRef {
        if let Some(z) = &mut part_ref.zmid {
            cut_id(z);
        }
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
    #[inline]
    fn slot(&self, key: &PartRef) -> Option<usize> {
        match &self.recent {
            Some((k, i)) if k == key => Some(*i),
            _ => self.slots.get(key).copied(),
        }
    }

    #[inline]
    fn part(&self, key: &PartRef) -> Option<&PartState> {
        self.slot(key).and_then(|i| self.parts.get(i))
    }

    #[inline]
    fn part_mut(&mut self, key: &PartRef) -> Option<&mut PartState> {
        self.slot(key).and_then(|i| self.parts.get_mut(i))
    }

    /// Starts the part `key`; a restarted key (a new response without zmid) replaces the old
    /// part in place.
    #[inline]
    fn insert_part(&mut self, key: PartRef, state: PartState) {
        let full = self.parts.len() >= MAX_PARTS;
        match self.slot(&key).and_then(|i| self.parts.get_mut(i)) {
            Some(old) => *old = state,
            None if full => self.limit = Some(LimitExceeded::Parts),
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
                let id = t
                    .as_ref()
                    .map(|t| t.tool_call_id.clone())
                    .unwrap_or_default();
                out.extend(t.map(StreamUpdate::Tool));
                (Kind::Tool, String::new(), id)
            }
            Part::ToolReturn {
                tool_call_id,
                tool_name,
                content,
            } => {
                let t = self.tools.result(&tool_call_id, &tool_name, &content);
                out.extend(t.map(StreamUpdate::Tool));
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
        self.append(&key, Cow::Owned(first), out);
    }

    #[inline]
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
        self.append(&key, Cow::Owned(text), out);
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
                out.extend(t.map(StreamUpdate::Tool));
                return;
            }
            _ => return,
        };
        let Some(state) = self.part(&key) else {
            return;
        };
        let (text, start, streamed) = match (state.span, state.kind) {
            (Span::Empty, _) => (&self.answer, 0, 0),
            (Span::At(start, end), Kind::Text) => (&self.answer, start, end - start),
            (Span::At(start, end), Kind::Thinking) => (&self.thinking, start, end - start),
            _ => return,
        };
        // Only a strict extension of what streamed is used (a lost delta), never a replacement.
        let extends = full.len() > streamed
            && (streamed == 0 || text.matches_at(start, &full.as_bytes()[..streamed]));
        if let Some(missing) = full.get(streamed..).filter(|_| extends) {
            self.append(&key, Cow::Borrowed(missing), out);
        }
    }

    /// Appends `text` to the part `key` (which exists) and to the answer or thinking.
    #[inline]
    fn append(&mut self, key: &PartRef, text: Cow<'_, str>, out: &mut Vec<StreamUpdate>) {
        let Some(i) = self.slot(key) else {
            return;
        };
        if !matches!(&self.recent, Some((k, _)) if k == key) {
            self.recent = Some((key.clone(), i));
        }
        self.append_at(i, text, out);
    }

    /// Appends `text` to the part in slot `i` and to the answer or thinking.
    #[inline]
    fn append_at(&mut self, i: usize, text: Cow<'_, str>, out: &mut Vec<StreamUpdate>) {
        if text.is_empty() {
            return;
        }
        let Some(state) = self.parts.get_mut(i) else {
            return;
        };
        match state.kind {
            Kind::Thinking => {
                if self.thinking.len() + text.len() > MAX_TEXT_BYTES {
                    self.limit = Some(LimitExceeded::Reasoning);
                    return;
                }
                state.span = state.span.extended(self.thinking.len(), text.len());
                self.thinking.push_str(&text);
                push_text(out, TextStream::Thinking, text);
            }
            Kind::Text => {
                let sep = if state.separator_pending {
                    separator(&self.answer)
                } else {
                    ""
                };
                if self.answer.len() + sep.len() + text.len() > MAX_TEXT_BYTES {
                    self.limit = Some(LimitExceeded::Answer);
                    return;
                }
                if std::mem::take(&mut state.separator_pending) {
                    self.answer.push_str(sep);
                    push_text(out, TextStream::Answer, state.gate.push(sep));
                }
                state.span = state.span.extended(self.answer.len(), text.len());
                self.answer.push_str(&text);
                match state.gate.push(&text) {
                    // All of it shows: the text itself goes out (not a copy of it).
                    Cow::Borrowed(shown) if shown.len() == text.len() => {
                        push_text(out, TextStream::Answer, text)
                    }
                    shown => push_text(out, TextStream::Answer, Cow::Owned(shown.into_owned())),
                }
                self.hid_action_json |= state.gate.hid_action_json();
            }
            Kind::Tool | Kind::Other => {}
        }
    }
}

impl Span {
    /// The span after `len` bytes were appended at `at`.
    #[inline]
    fn extended(self, at: usize, len: usize) -> Span {
        match self {
            Span::Empty => Span::At(at, at + len),
            Span::At(start, end) if end == at => Span::At(start, at + len),
            _ => Span::Split,
        }
    }
}

/// Cuts an identifier to [`MAX_ID_BYTES`] (at a character boundary): keys stay small.
fn cut_id(id: &mut String) {
    if id.len() > MAX_ID_BYTES {
        let mut end = MAX_ID_BYTES;
        while !id.is_char_boundary(end) {
            end -= 1;
        }
        id.truncate(end);
    }
}

/// Which text an update extends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextStream {
    Answer,
    Thinking,
}

/// Owned text longer than this goes out as its own update, not copied onto the last one.
const MOVE_BYTES: usize = 64 * 1024;

/// Appends a text update to `out`, joined to the last update when that extends the same text:
/// one update per push, not one per token. Large owned text is moved, never copied.
#[inline]
fn push_text(out: &mut Vec<StreamUpdate>, stream: TextStream, text: Cow<'_, str>) {
    if text.is_empty() {
        return;
    }
    let text = match text {
        Cow::Owned(big) if big.len() > MOVE_BYTES => {
            out.push(match stream {
                TextStream::Answer => StreamUpdate::Answer(big),
                TextStream::Thinking => StreamUpdate::Thinking(big),
            });
            return;
        }
        text => text,
    };
    match (out.last_mut(), stream) {
        (Some(StreamUpdate::Answer(last)), TextStream::Answer)
        | (Some(StreamUpdate::Thinking(last)), TextStream::Thinking) => last.push_str(&text),
        (_, TextStream::Answer) => out.push(StreamUpdate::Answer(joinable(&text))),
        (_, TextStream::Thinking) => out.push(StreamUpdate::Thinking(joinable(&text))),
    }
}

/// `text` with room for the tokens that usually follow it in the same push (one allocation
/// instead of a reallocation every few tokens).
#[inline]
fn joinable(text: &str) -> String {
    const ROOM: usize = 256;
    let mut s = String::with_capacity(text.len().max(ROOM));
    s.push_str(text);
    s
}
