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
//!
//! Bounded ([`crate::stream::limits`]): past a limit the pipeline emits a final result with
//! status Failed (what was shown kept as its text), [`StreamPipeline::limit_exceeded`] says
//! which limit, and the rest of the body is ignored. It holds one copy of the answer and of
//! the reasoning: what is shown is that text itself unless a retry is being resumed.

use std::borrow::Cow;

use crate::stream::assembler::Assembler;
pub use crate::stream::assembler::StreamUpdate;
use crate::stream::diagnostics::{Diagnostics, StreamFacts};
use crate::stream::events::{decode_borrowed, decode_owned, DecodeError, Decoded, ZoEvent};
use crate::stream::limits::{LimitExceeded, MAX_BODY_BYTES};
use crate::stream::resume::Resumed;
use crate::stream::sse::{SseItem, SseParser};
use crate::wire::json::RawJson;
use crate::wire::protocol::{FinalResult, FinalStatus, Mode};
use visible::Visible;

mod visible;

/// An event with more data than this is assembled after its data buffer is given back.
const LARGE_EVENT_BYTES: usize = 64 * 1024;

/// At most this many decode errors are kept for logging (all are counted in diagnostics).
const MAX_KEPT_ERRORS: usize = 16;

#[derive(Debug)]
pub struct StreamPipeline {
    mode: Mode,
    parser: SseParser,
    assembler: Assembler,
    diagnostics: Diagnostics,
    /// What the user sees of the answer and of the thinking (with what an earlier attempt
    /// showed, when resuming a retry).
    answer_shown: Visible,
    thinking_shown: Visible,
    errors: Vec<DecodeError>,
    /// The assembler's updates of one push before the resume guards (kept for its capacity).
    scratch: Vec<StreamUpdate>,
    server_retry_ms: Option<u64>,
    bytes: u64,
    sse_events: u64,
    /// The limit the stream passed, if it did.
    limit: Option<LimitExceeded>,
    /// `finish` was called before any terminal event: the result it gave.
    finished: Option<FinalResult>,
}

/// The pipeline reads the prompt echo's data never: it is dropped (see `events`).
const PROMPT_ECHO: &str = "FrontendModelRequest";

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
            parser: SseParser::new().skipping_data_of(PROMPT_ECHO),
            assembler: Assembler::new(mode),
            diagnostics: Diagnostics::new(),
            answer_shown: Visible::new(shown_answer),
            thinking_shown: Visible::new(shown_thinking),
            errors: Vec::new(),
            scratch: Vec::new(),
            server_retry_ms: None,
            bytes: 0,
            sse_events: 0,
            limit: None,
            finished: None,
        }
    }

    /// The pipeline for the next attempt after this one failed: same mode, resuming from what
    /// this one showed.
    pub fn next_attempt(&self) -> StreamPipeline {
        let mut next = Self::resuming(self.mode, &self.shown_answer(), &self.shown_thinking());
        if let Some(id) = self
            .assembler
            .conversation_id()
            .filter(|_| self.assembler.is_terminal())
        {
            next.set_conversation_id(id);
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
    #[inline]
    pub fn push_bytes(&mut self, bytes: &[u8]) -> Vec<StreamUpdate> {
        let mut out = Vec::new();
        self.push_bytes_into(bytes, &mut out);
        out
    }

    /// Like [`StreamPipeline::push_bytes`], appending the updates to `out` (a caller that
    /// reuses one vector allocates nothing per push for it).
    #[inline]
    pub fn push_bytes_into(&mut self, bytes: &[u8], out: &mut Vec<StreamUpdate>) {
        if self.limit.is_some() {
            return;
        }
        // Past the body limit, only the bytes up to it are read.
        let room = usize::try_from(MAX_BODY_BYTES.saturating_sub(self.bytes)).unwrap_or(usize::MAX);
        let over_body = bytes.len() > room;
        let bytes = &bytes[..bytes.len().min(room)];
        self.bytes += bytes.len() as u64;
        let mut raw = std::mem::take(&mut self.scratch);
        let assembler = &mut self.assembler;
        let answer_shown = &mut self.answer_shown;
        let mode = self.mode;
        // A large event is decoded into an owned one and assembled only once the parser gave
        // its data buffer back (at the next item, or after the chunk): the stream never holds
        // the event's data, its decoded text and the assembled text at once. A text part's
        // start is decoded in the data buffer itself (handed over by the parser).
        let mut large: Option<ZoEvent> = None;
        self.parser.push_with(bytes, |item| {
            if let Some(event) = large.take() {
                assembler.push(event, &mut raw);
            }
            match item {
                _ if assembler.limit_exceeded().is_some() => {}
                SseItem::Retry(ms) => {
                    self.diagnostics.retry_field();
                    self.server_retry_ms = Some(ms);
                }
                SseItem::Event(event) => {
                    self.sse_events += 1;
                    let decoded = match event.data {
                        Cow::Owned(data) if data.len() > LARGE_EVENT_BYTES => {
                            decode_owned(event.event, data, &mut self.diagnostics)
                                .map(|zo| large = Some(zo))
                        }
                        data => {
                            let is_large = data.len() > LARGE_EVENT_BYTES;
                            match decode_borrowed(event.event, &data, &mut self.diagnostics) {
                                Ok(Decoded::Token(token)) if is_large => {
                                    large = Some(token.into());
                                    Ok(())
                                }
                                Ok(Decoded::Token(token)) => {
                                    assembler.push_token(token, &mut raw);
                                    Ok(())
                                }
                                Ok(Decoded::Event(zo)) if is_large => {
                                    large = Some(zo);
                                    Ok(())
                                }
                                Ok(Decoded::Event(zo)) => {
                                    if mode != Mode::Cobrowse
                                        && matches!(zo, ZoEvent::Completed { failed: false, .. })
                                    {
                                        superseded(&mut raw, answer_shown, assembler);
                                    }
                                    assembler.push(zo, &mut raw);
                                    Ok(())
                                }
                                Err(err) => Err(err),
                            }
                        }
                    };
                    if let Err(err) = decoded {
                        if self.errors.len() < MAX_KEPT_ERRORS {
                            self.errors.push(err);
                        }
                    }
                }
            }
        });
        if let Some(event) = large {
            self.assembler.push(event, &mut raw);
        }
        for update in raw.drain(..) {
            self.guard(update, out);
        }
        self.scratch = raw;
        self.check_limits(over_body, out);
    }

    /// After a push: a limit passed (and no terminal event before it) ends the stream with a
    /// Failed final result.
    #[inline]
    fn check_limits(&mut self, over_body: bool, out: &mut Vec<StreamUpdate>) {
        if self.is_terminal() {
            // What follows the terminal event does not matter.
            return;
        }
        self.limit = (self.assembler.limit_exceeded())
            .or(self.parser.error())
            .or(over_body.then_some(LimitExceeded::Body));
        if let Some(limit) = self.limit {
            out.push(StreamUpdate::Final(self.stopped_by(limit)));
        }
    }

    /// The limit the stream passed ([`crate::stream::limits`]), if it did: the pipeline then
    /// emitted a final result with status Failed and ignores the rest of the body. Retrying
    /// would meet the same limit: the failure is permanent.
    pub fn limit_exceeded(&self) -> Option<LimitExceeded> {
        self.limit
    }

    /// The result of a stream stopped by `limit`: what was shown stays.
    fn stopped_by(&self, limit: LimitExceeded) -> FinalResult {
        FinalResult {
            status: FinalStatus::Failed,
            text: self.shown_answer().into_owned(),
            reasoning: Some(self.shown_thinking().into_owned()).filter(|s| !s.is_empty()),
            actions: Vec::new(),
            conversation_id: self.assembler.conversation_id().map(str::to_string),
            error: Some(limit.describe()),
        }
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
        self.check_limits(false, &mut out);
        out
    }

    /// The body ended: the final result (status Incomplete when no terminal event came; its
    /// text is then what the user saw, never less).
    pub fn finish(&mut self) -> FinalResult {
        self.parser.finish();
        if let Some(limit) = self.limit {
            return self.stopped_by(limit);
        }
        if self.is_terminal() {
            return self.assembler.finish();
        }
        if let Some(f) = &self.finished {
            return f.clone();
        }
        let mut result = self.assembler.finish();
        if result.status == FinalStatus::Incomplete
            && result.actions.is_empty()
            && self.shown_answer().len() > result.text.len()
        {
            result.text = self.shown_answer().into_owned();
        }
        self.finished = Some(result.clone());
        result
    }

    /// Whether the terminal event (completed, failed, End, Error) was seen.
    #[inline]
    pub fn is_terminal(&self) -> bool {
        self.assembler.is_terminal()
    }

    /// Which event and field names were seen and how many events were unknown or invalid
    /// (names and counts only, never values).
    pub fn diagnostics(&self) -> RawJson {
        RawJson::from(self.diagnostics.report(&StreamFacts {
            bytes: Some(self.bytes),
            sse_events: self.sse_events,
            terminal: self.is_terminal(),
            tools_dropped: self.assembler.tools_dropped(),
            limit: self.limit.map(|limit| limit.to_string()),
        }))
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

    /// The answer text on screen, as the emitted updates built it (a long text is held in
    /// segments: joined for the caller).
    pub fn shown_answer(&self) -> Cow<'_, str> {
        self.answer_shown.text(self.assembler.answer_text())
    }

    /// The thinking text on screen.
    pub fn shown_thinking(&self) -> Cow<'_, str> {
        self.thinking_shown.text(self.assembler.thinking_text())
    }

    /// The whole raw answer of this attempt (envelope JSON included): for tools, not for display.
    pub fn raw_answer(&self) -> Cow<'_, str> {
        self.assembler.raw_answer()
    }

    /// The thinking text of this attempt.
    pub fn thinking(&self) -> Cow<'_, str> {
        self.assembler.thinking()
    }

    /// Tool activity of this attempt, in call order.
    pub fn tools(&self) -> &[crate::wire::protocol::ToolActivity] {
        self.assembler.tools()
    }

    #[inline]
    fn guard(&mut self, update: StreamUpdate, out: &mut Vec<StreamUpdate>) {
        match update {
            StreamUpdate::Answer(delta) => {
                if let Some(shown) = self.answer_shown.push(delta, self.assembler.answer_text()) {
                    out.push(answer_update(shown));
                }
            }
            StreamUpdate::Thinking(delta) => {
                if let Some(shown) = self
                    .thinking_shown
                    .push(delta, self.assembler.thinking_text())
                {
                    out.push(thinking_update(shown));
                }
            }
            StreamUpdate::Final(result) => {
                out.extend(self.thinking_shown.finish().map(thinking_update));
                out.extend(self.answer_shown.finish().map(answer_update));
                out.push(StreamUpdate::Final(result));
            }
            other => out.push(other),
        }
    }
}

/// The answer ends successfully within this push, and the answer text this push produced
/// is large: it is not sent as updates, since the final result that follows carries the
/// whole answer and the panel shows that (what was shown before stays a prefix of it). Taken
/// out before the final result is built, a large answer is not held three times (assembled,
/// its update, the result). Only while what is shown is the assembled text itself (no retry
/// being resumed, no action JSON hidden): then the final result's text is exactly it.
#[inline]
fn superseded(raw: &mut Vec<StreamUpdate>, shown: &mut Visible, assembler: &Assembler) {
    if !matches!(shown, Visible::Prefix(_)) {
        return;
    }
    let pending: usize = raw
        .iter()
        .map(|u| match u {
            StreamUpdate::Answer(delta) => delta.len(),
            _ => 0,
        })
        .sum();
    if pending <= LARGE_EVENT_BYTES {
        return;
    }
    let answer = assembler.answer_text();
    raw.retain_mut(|update| match update {
        StreamUpdate::Answer(delta) => {
            // Counted as shown (the final result shows it); the delta is dropped here.
            drop(shown.push(std::mem::take(delta), answer));
            false
        }
        _ => true,
    });
}

#[inline]
fn answer_update(r: Resumed) -> StreamUpdate {
    match r {
        Resumed::Append(s) => StreamUpdate::Answer(s),
        Resumed::Replace(s) => StreamUpdate::Replace(s),
    }
}

#[inline]
fn thinking_update(r: Resumed) -> StreamUpdate {
    match r {
        Resumed::Append(s) => StreamUpdate::Thinking(s),
        Resumed::Replace(s) => StreamUpdate::ReplaceThinking(s),
    }
}
