//! The one facade the worker uses for a streamed answer: body bytes in, UI updates out.
//! SSE parsing ([`crate::stream::sse`]) -> Zo event decoding ([`crate::stream::events`]) -> assembly
//! ([`crate::stream::assembler`]), plus diagnostics and, after a retry, de-duplication against what the
//! user already saw ([`crate::stream::resume`]).
//!
//! ```text
//! let mut p = StreamPipeline::new(mode);
//! p.set_conversation_id(header);            // x-conversation-id, when known
//! for chunk in body { for u in p.push_bytes(chunk) { post(u) } }
//! let result = p.finish();                  // Incomplete when no terminal event came
//! // transient failure: let mut p = p.next_attempt(); and stream the retry into it
//! ```

use crate::stream::assembler::Assembler;
pub use crate::stream::assembler::StreamUpdate;
use crate::stream::diagnostics::Diagnostics;
use crate::stream::events::{decode_borrowed, DecodeError, Decoded, ZoEvent};
use crate::stream::resume::{ResumeGuard, Resumed};
use crate::stream::sse::{SseItem, SseParser};
use crate::wire::protocol::{FinalResult, FinalStatus, Mode};

/// At most this many decode errors are kept for logging (all are counted in diagnostics).
const MAX_KEPT_ERRORS: usize = 16;

#[derive(Debug)]
pub struct StreamPipeline {
    mode: Mode,
    parser: SseParser,
    assembler: Assembler,
    diagnostics: Diagnostics,
    answer_guard: ResumeGuard,
    thinking_guard: ResumeGuard,
    errors: Vec<DecodeError>,
    /// The assembler's updates of one push before the resume guards (kept for its capacity).
    scratch: Vec<StreamUpdate>,
    server_retry_ms: Option<u64>,
    bytes: u64,
    sse_events: u64,
    finished: Option<FinalResult>,
}

impl StreamPipeline {
    pub fn new(mode: Mode) -> Self {
        Self::resuming(mode, "", "")
    }

    /// A pipeline for a retried attempt: the user already saw `shown_answer` and
    /// `shown_thinking`; repeated text is suppressed and divergent text replaces it once
    /// ([`StreamUpdate::Replace`] / [`StreamUpdate::ReplaceThinking`]).
    pub fn resuming(mode: Mode, shown_answer: &str, shown_thinking: &str) -> Self {
        StreamPipeline {
            mode,
            parser: SseParser::new(),
            assembler: Assembler::new(mode),
            diagnostics: Diagnostics::new(),
            answer_guard: ResumeGuard::new(shown_answer),
            thinking_guard: ResumeGuard::new(shown_thinking),
            errors: Vec::new(),
            scratch: Vec::new(),
            server_retry_ms: None,
            bytes: 0,
            sse_events: 0,
            finished: None,
        }
    }

    /// The pipeline for the next attempt after this one failed: same mode, resuming from what
    /// this one showed.
    pub fn next_attempt(&self) -> StreamPipeline {
        let mut next = Self::resuming(self.mode, self.shown_answer(), self.shown_thinking());
        if let Some(id) = self
            .assembler
            .terminal()
            .and_then(|t| t.conversation_id.clone())
        {
            next.set_conversation_id(&id);
        }
        next
    }

    /// The conversation id (from the `x-conversation-id` header) to put in the final result.
    pub fn set_conversation_id(&mut self, id: &str) {
        self.assembler.set_conversation_id(id);
        if let Some(f) = &mut self.finished {
            f.conversation_id = Some(id.to_string());
        }
    }

    /// Feeds the next bytes of the response body. Consecutive text of one kind is joined into
    /// one update (one per push, not one per token).
    pub fn push_bytes(&mut self, bytes: &[u8]) -> Vec<StreamUpdate> {
        let mut out = Vec::new();
        self.push_bytes_into(bytes, &mut out);
        out
    }

    /// Like [`StreamPipeline::push_bytes`], appending the updates to `out` (a caller that
    /// reuses one vector allocates nothing per push for it).
    pub fn push_bytes_into(&mut self, bytes: &[u8], out: &mut Vec<StreamUpdate>) {
        self.bytes += bytes.len() as u64;
        let mut raw = std::mem::take(&mut self.scratch);
        self.parser.push_with(bytes, |item| match item {
            SseItem::Retry(ms) => {
                self.diagnostics.retry_field();
                self.server_retry_ms = Some(ms);
            }
            SseItem::Event(event) => {
                self.sse_events += 1;
                match decode_borrowed(event.event, event.data, &mut self.diagnostics) {
                    Ok(Decoded::Token(token)) => self.assembler.push_token(token, &mut raw),
                    Ok(Decoded::Event(zo)) => self.assembler.push(zo, &mut raw),
                    Err(err) => {
                        if self.errors.len() < MAX_KEPT_ERRORS {
                            self.errors.push(err);
                        }
                    }
                }
            }
        });
        for update in raw.drain(..) {
            self.guard(update, out);
        }
        self.scratch = raw;
    }

    /// A whole answer that came as Zo's non-streaming reply (`{output, conversation_id}`; set
    /// the conversation id first): read as one text part that ends the answer, so it goes
    /// through the same action-JSON gate, resume guard and final result as a streamed one.
    pub fn push_reply(&mut self, output: &str) -> Vec<StreamUpdate> {
        let mut raw = std::mem::take(&mut self.scratch);
        let content = output.to_string();
        self.assembler
            .push(ZoEvent::LegacyResponse { content }, &mut raw);
        self.assembler.push(ZoEvent::LegacyEnd, &mut raw);
        let mut out = Vec::new();
        for update in raw.drain(..) {
            self.guard(update, &mut out);
        }
        self.scratch = raw;
        out
    }

    /// The body ended: the final result (status Incomplete when no terminal event came; its
    /// text is then what the user saw, never less).
    pub fn finish(&mut self) -> FinalResult {
        self.parser.finish();
        if let Some(f) = &self.finished {
            return f.clone();
        }
        let mut result = self.assembler.finish();
        if result.status == FinalStatus::Incomplete
            && result.actions.is_empty()
            && self.answer_guard.visible().len() > result.text.len()
        {
            result.text = self.answer_guard.visible().to_string();
        }
        self.finished = Some(result.clone());
        result
    }

    /// Whether the terminal event (completed, failed, End, Error) was seen.
    pub fn is_terminal(&self) -> bool {
        self.assembler.is_terminal()
    }

    /// Which event and field names were seen and how many events were unknown or invalid
    /// (names and counts only, never values).
    pub fn diagnostics(&self) -> serde_json::Value {
        let mut report = self.diagnostics.to_json();
        if let Some(obj) = report.as_object_mut() {
            obj.insert("bytes".into(), self.bytes.into());
            obj.insert("sseEvents".into(), self.sse_events.into());
            obj.insert("terminal".into(), self.is_terminal().into());
        }
        report
    }

    /// Decode errors (event name and position only), the first few.
    pub fn decode_errors(&self) -> &[DecodeError] {
        &self.errors
    }

    /// The reconnection time the server asked for with an SSE `retry:` field, if any.
    pub fn server_retry_ms(&self) -> Option<u64> {
        self.server_retry_ms
    }

    /// The SSE last event ID (for a `Last-Event-ID` header on reconnection).
    pub fn last_event_id(&self) -> &str {
        self.parser.last_event_id()
    }

    /// The answer text on screen, as the emitted updates built it.
    pub fn shown_answer(&self) -> &str {
        self.answer_guard.visible()
    }

    /// The thinking text on screen.
    pub fn shown_thinking(&self) -> &str {
        self.thinking_guard.visible()
    }

    /// The whole raw answer of this attempt (envelope JSON included): for tools, not for display.
    pub fn raw_answer(&self) -> &str {
        self.assembler.raw_answer()
    }

    /// The thinking text of this attempt.
    pub fn thinking(&self) -> &str {
        self.assembler.thinking()
    }

    /// Tool activity of this attempt, in call order.
    pub fn tools(&self) -> &[crate::wire::protocol::ToolActivity] {
        self.assembler.tools()
    }

    fn guard(&mut self, update: StreamUpdate, out: &mut Vec<StreamUpdate>) {
        match update {
            StreamUpdate::Answer(delta) => {
                if let Some(r) = self.answer_guard.push_owned(delta) {
                    out.push(answer_update(r));
                }
            }
            StreamUpdate::Thinking(delta) => {
                if let Some(r) = self.thinking_guard.push_owned(delta) {
                    out.push(thinking_update(r));
                }
            }
            StreamUpdate::Final(result) => {
                if let Some(r) = self.thinking_guard.finish() {
                    out.push(thinking_update(r));
                }
                if let Some(r) = self.answer_guard.finish() {
                    out.push(answer_update(r));
                }
                self.finished = Some(result.clone());
                out.push(StreamUpdate::Final(result));
            }
            other => out.push(other),
        }
    }
}

fn answer_update(r: Resumed) -> StreamUpdate {
    match r {
        Resumed::Append(s) => StreamUpdate::Answer(s),
        Resumed::Replace(s) => StreamUpdate::Replace(s),
    }
}

fn thinking_update(r: Resumed) -> StreamUpdate {
    match r {
        Resumed::Append(s) => StreamUpdate::Thinking(s),
        Resumed::Replace(s) => StreamUpdate::ReplaceThinking(s),
    }
}
