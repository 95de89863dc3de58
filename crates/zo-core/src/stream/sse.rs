//! Incremental Server-Sent Events parser following the WHATWG HTML standard, "Parsing an event
//! stream" and "Interpreting an event stream": bytes in (any chunking, down to one byte),
//! dispatched events and `retry` values out.
//!
//! Cost is linear in the bytes received whatever the chunking: each byte is UTF-8 decoded once,
//! scanned for a line end once and copied into the current line / data buffer at most twice. An
//! unfinished line is kept as a growing buffer and only the newly arrived text is scanned; past
//! one segment it is kept in segments ([`SegmentedText`]), so a long line is never moved as it
//! grows, and a long `data` line becomes a data buffer of exactly its length.
//!
//! The hot path allocates nothing per event: [`SseParser::push_with`] hands each event to a
//! callback as an [`SseEventRef`] borrowing the parser's reused buffers; [`SseParser::push`]
//! gives owned [`SseEvent`]s for callers that keep them.

use crate::stream::limits::{grow_within, LimitExceeded, MAX_EVENT_DATA_BYTES, MAX_LINE_BYTES};
use crate::stream::segmented::{SegmentedText, SEGMENT_BYTES};
use crate::stream::utf8::Utf8Decoder;
use std::borrow::Cow;

/// One dispatched event.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SseEvent {
    /// The event type (`event:` field), `"message"` when none was given.
    pub event: String,
    /// The data lines joined with `\n` (without the final newline).
    pub data: String,
    /// The last event ID at dispatch time (persists across events).
    pub id: String,
}

/// One dispatched event, borrowed from the parser (valid for the callback's duration).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEventRef<'a> {
    /// The event type, `"message"` when none was given.
    pub event: &'a str,
    /// The data lines joined with `\n` (without the final newline): borrowed from the
    /// parser's reused buffer, or handed over owned when it outgrew what the parser keeps
    /// (the parser would drop that buffer anyway; a reader may decode the event in it).
    pub data: Cow<'a, str>,
    /// The last event ID at dispatch time.
    pub id: &'a str,
}

impl SseEventRef<'_> {
    pub fn into_owned_event(self) -> SseEvent {
        SseEvent {
            event: self.event.to_string(),
            data: self.data.into_owned(),
            id: self.id.to_string(),
        }
    }
}

/// What the parser reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SseOutput {
    Event(SseEvent),
    /// A valid `retry:` field: the new reconnection time in milliseconds (saturating).
    Retry(u64),
}

/// What the parser reports, borrowed (see [`SseParser::push_with`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SseItem<'a> {
    Event(SseEventRef<'a>),
    /// A valid `retry:` field: the new reconnection time in milliseconds (saturating).
    Retry(u64),
}

impl SseItem<'_> {
    pub fn to_output(self) -> SseOutput {
        match self {
            SseItem::Event(e) => SseOutput::Event(e.into_owned_event()),
            SseItem::Retry(ms) => SseOutput::Retry(ms),
        }
    }
}

/// What the parser may hold: the longest line it keeps and the most data of one event.
/// Past either, it stops with a [`LimitExceeded`] ([`SseParser::error`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SseLimits {
    pub line_bytes: usize,
    pub data_bytes: usize,
}

impl Default for SseLimits {
    fn default() -> Self {
        SseLimits {
            line_bytes: MAX_LINE_BYTES,
            data_bytes: MAX_EVENT_DATA_BYTES,
        }
    }
}

/// Buffers larger than this are given back after use, not kept for the next line or event.
const RETAIN_BYTES: usize = 64 * 1024;

/// What becomes of the line being read, once its first bytes say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineFate {
    /// Its field is one the parser uses: the line is kept (within the line limit).
    Keep,
    /// A comment or an unknown field: skipped as it streams, never held.
    Skip,
    /// A `data` line of the event type whose data is skipped: noted, never held.
    SkipData,
}

/// The first bytes of a line.
#[derive(Default)]
struct LineHead {
    bytes: [u8; 8],
    len: usize,
}

/// The incremental parser. Feed bytes with [`SseParser::push`]; call [`SseParser::finish`] at
/// the end of the body (an unterminated final event is discarded, as the standard says).
///
/// Bounded: a line that is kept is at most [`SseLimits::line_bytes`] long and an event's data
/// at most [`SseLimits::data_bytes`]; past either the parser stops (its [`SseParser::error`])
/// and ignores the rest of the body. Comment lines and unknown fields are skipped as they
/// stream without being held, so they are not limited.
///
/// Its `Debug` shows buffer sizes only: a half-parsed `FrontendModelRequest` must not reach logs.
#[derive(Default)]
pub struct SseParser {
    decoder: Utf8Decoder,
    limits: SseLimits,
    /// Events of this type are dispatched with empty data: their data lines are never held.
    skip_data_of: Option<&'static str>,
    /// Whether the first decoded character has been looked at (leading BOM).
    bom_checked: bool,
    /// The previous text ended with CR: a leading LF of the next text belongs to it.
    after_cr: bool,
    /// The current unfinished line (when kept), while it fits in one segment.
    line: String,
    /// The current unfinished line once longer than a segment (`line` is then empty).
    long_line: SegmentedText,
    /// What becomes of the current unfinished line, once known.
    fate: Option<LineFate>,
    data: String,
    /// The current event had data lines that were skipped ([`SseParser::skipping_data_of`]).
    data_skipped: bool,
    event_type: String,
    last_event_id_buffer: String,
    last_event_id: String,
    /// Decoded bytes scanned for line ends (work counter, for the linear-cost guarantee).
    scanned: u64,
    error: Option<LimitExceeded>,
}

impl std::fmt::Debug for SseParser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SseParser")
            .field("line_len", &self.line_len())
            .field("data_len", &self.data.len())
            .field("has_event_type", &!self.event_type.is_empty())
            .field("last_event_id", &self.last_event_id)
            .field("bytes_scanned", &self.scanned)
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl SseParser {
    /// A parser with the standard limits ([`MAX_LINE_BYTES`], [`MAX_EVENT_DATA_BYTES`]).
    pub fn new() -> Self {
        Self::default()
    }

    /// A parser with other limits (tests use small ones).
    pub fn with_limits(limits: SseLimits) -> Self {
        SseParser {
            limits,
            ..Self::default()
        }
    }

    /// Events of type `event` are dispatched with empty data: their data lines are skipped as
    /// they stream, never held or limited (for a payload that is dropped anyway).
    pub fn skipping_data_of(mut self, event: &'static str) -> Self {
        self.skip_data_of = Some(event);
        self
    }

    /// The limit the stream passed, if it did: the parser then ignores the rest of the body.
    #[inline]
    pub fn error(&self) -> Option<LimitExceeded> {
        self.error
    }

    /// Feeds the next bytes of the body and returns what they completed.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<SseOutput> {
        let mut out = Vec::new();
        self.push_into(bytes, &mut out);
        out
    }

    /// Like [`SseParser::push`], appending to `out`.
    pub fn push_into(&mut self, bytes: &[u8], out: &mut Vec<SseOutput>) {
        self.push_with(bytes, |item| out.push(item.to_output()));
    }

    /// Feeds the next bytes of the body, calling `emit` with each event and `retry` value they
    /// complete, in order. Nothing is allocated per event: the event borrows the parser.
    #[inline]
    pub fn push_with(&mut self, bytes: &[u8], mut emit: impl FnMut(SseItem<'_>)) {
        if self.error.is_some() {
            return;
        }
        let mut decoder = std::mem::take(&mut self.decoder);
        decoder.decode(bytes, |text| {
            if self.error.is_none() {
                self.feed_text(text, &mut emit);
            }
        });
        self.decoder = decoder;
    }

    /// End of the body: pending bytes, an unfinished line and an undispatched event are
    /// discarded. The parser is ready for a new stream afterwards, keeping the last event ID.
    pub fn finish(&mut self) {
        self.decoder = Utf8Decoder::default();
        self.bom_checked = false;
        self.after_cr = false;
        self.line = String::new();
        self.long_line = SegmentedText::new();
        self.fate = None;
        self.data = String::new();
        self.data_skipped = false;
        self.event_type.clear();
        self.error = None;
    }

    /// The last event ID string (what a reconnection would send as `Last-Event-ID`).
    pub fn last_event_id(&self) -> &str {
        &self.last_event_id
    }

    /// The bytes the parser's buffers hold now (their capacity): at most the limits, and
    /// small again once a large line or event is done.
    pub fn buffered_bytes(&self) -> usize {
        self.line.capacity() + self.long_line.capacity() + self.data.capacity()
    }

    /// The length of the kept unfinished line.
    #[inline]
    fn line_len(&self) -> usize {
        self.line.len() + self.long_line.len()
    }

    /// How many decoded bytes were scanned for line ends so far: never more than the decoded
    /// length of the input, whatever the chunking (no rescans).
    pub fn bytes_scanned(&self) -> u64 {
        self.scanned
    }

    #[inline]
    fn fail(&mut self, limit: LimitExceeded) {
        self.error = Some(limit);
        self.line = String::new();
        self.long_line = SegmentedText::new();
        self.data = String::new();
    }

    #[inline]
    fn feed_text(&mut self, mut text: &str, emit: &mut impl FnMut(SseItem<'_>)) {
        if !self.bom_checked && !text.is_empty() {
            self.bom_checked = true;
            text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        }
        if self.after_cr && !text.is_empty() {
            self.after_cr = false;
            text = text.strip_prefix('\n').unwrap_or(text);
        }
        // A byte scan: CR and LF are ASCII, so their byte positions are char boundaries.
        while let Some(pos) = memchr::memchr2(b'\r', b'\n', text.as_bytes()) {
            self.scanned += (pos + 1) as u64;
            let piece = &text[..pos];
            match self.fate.take() {
                Some(LineFate::Skip | LineFate::SkipData) => {}
                _ if self.line_len() == 0 => self.process_line(piece, emit),
                // Decided by its first bytes: nothing to look at again.
                Some(LineFate::Keep) => self.end_kept_line(piece, emit),
                None => match self.line_fate(&self.head(piece)) {
                    Some(fate @ (LineFate::Skip | LineFate::SkipData)) => {
                        // Short-buffered, and its end says it is not kept.
                        self.data_skipped |= fate == LineFate::SkipData;
                        self.line.clear();
                    }
                    _ => self.end_kept_line(piece, emit),
                },
            }
            if self.error.is_some() {
                return;
            }
            let is_cr = text.as_bytes()[pos] == b'\r';
            text = &text[pos + 1..];
            if is_cr {
                if text.is_empty() {
                    self.after_cr = true;
                } else {
                    text = text.strip_prefix('\n').unwrap_or(text);
                }
            }
        }
        self.scanned += text.len() as u64;
        self.continue_line(text);
    }

    /// The unfinished line goes on with `text` (no line end in it).
    #[inline]
    fn continue_line(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        if self.fate.is_none() {
            self.fate = self.line_fate(&self.head(text));
            if let Some(fate @ (LineFate::Skip | LineFate::SkipData)) = self.fate {
                self.data_skipped |= fate == LineFate::SkipData;
                self.line.clear();
                self.release_line();
                return;
            }
        }
        match self.fate {
            Some(LineFate::Skip | LineFate::SkipData) => {}
            _ if self.line_len() + text.len() > self.limits.line_bytes => {
                self.fail(LimitExceeded::Line)
            }
            _ if !self.long_line.is_empty() => self.long_line.push_str(text),
            _ if self.line.len() + text.len() > SEGMENT_BYTES => {
                // Past one segment: the line goes on in segments, the first being its buffer.
                self.long_line = SegmentedText::starting_with(std::mem::take(&mut self.line));
                self.long_line.push_str(text);
            }
            _ => self.line.push_str(text),
        }
    }

    /// The first bytes of the unfinished line continued by `more`: enough to decide its fate
    /// (a field name is at most 5 bytes before its colon).
    #[inline]
    fn head(&self, more: &str) -> LineHead {
        let mut head = LineHead::default();
        let kept = self.line.as_bytes();
        let from_line = kept.len().min(head.bytes.len());
        head.bytes[..from_line].copy_from_slice(&kept[..from_line]);
        let from_more = (head.bytes.len() - from_line).min(more.len());
        head.bytes[from_line..from_line + from_more].copy_from_slice(&more.as_bytes()[..from_more]);
        head.len = from_line + from_more;
        head
    }

    /// What becomes of a line starting with `head` (its first bytes); `None` while undecided.
    #[inline]
    fn line_fate(&self, head: &LineHead) -> Option<LineFate> {
        let head = &head.bytes[..head.len];
        if head.first() == Some(&b':') {
            return Some(LineFate::Skip);
        }
        // A few bytes: a plain loop beats memchr's setup.
        let Some(colon) = head.iter().position(|&b| b == b':') else {
            // No colon yet: the field is the whole line, unknown once longer than "retry".
            return (head.len() > "retry".len()).then_some(LineFate::Skip);
        };
        Some(match &head[..colon] {
            b"data" if self.skips_data() => LineFate::SkipData,
            b"event" | b"data" | b"id" | b"retry" => LineFate::Keep,
            _ => LineFate::Skip,
        })
    }

    #[inline]
    fn skips_data(&self) -> bool {
        self.skip_data_of
            .is_some_and(|skipped| !self.event_type.is_empty() && self.event_type == skipped)
    }

    /// The kept unfinished line ends with `piece`.
    #[inline]
    fn end_kept_line(&mut self, piece: &str, emit: &mut impl FnMut(SseItem<'_>)) {
        if self.line_len() + piece.len() > self.limits.line_bytes {
            self.fail(LimitExceeded::Line);
            return;
        }
        if !self.long_line.is_empty() {
            self.end_long_line(piece, emit);
            return;
        }
        let mut line = std::mem::take(&mut self.line);
        line.push_str(piece);
        let big_data = line.len() > RETAIN_BYTES && line.starts_with("data:") && !self.skips_data();
        if big_data && self.data.is_empty() {
            // A large data line becomes the data buffer in place, without a copy.
            let start = if line.as_bytes().get(5) == Some(&b' ') {
                6
            } else {
                5
            };
            line.drain(..start);
            line.push('\n');
            if line.len() > self.limits.data_bytes {
                self.fail(LimitExceeded::EventData);
                return;
            }
            self.line = std::mem::replace(&mut self.data, line);
            return;
        }
        self.process_line(&line, emit);
        line.clear();
        self.line = line;
        self.release_line();
    }

    /// The line kept in segments ends with `piece`: a `data` line (the event's first) becomes
    /// the data buffer, any other line is joined and processed. Either way the line is copied
    /// once, into a buffer of exactly its length, and its segments are given back whole (all
    /// of the line was in them: what is decoded from it next fits where they were).
    #[inline]
    fn end_long_line(&mut self, piece: &str, emit: &mut impl FnMut(SseItem<'_>)) {
        let mut long = std::mem::take(&mut self.long_line);
        long.push_str(piece);
        if long.matches_at(0, b"data:") && !self.skips_data() && self.data.is_empty() {
            let start = if long.matches_at(5, b" ") { 6 } else { 5 };
            let len = long.len() - start + 1;
            if len > self.limits.data_bytes {
                self.fail(LimitExceeded::EventData);
                return;
            }
            let mut data = String::with_capacity(len);
            long.copy_from(start, &mut data);
            data.push('\n');
            self.data = data;
            return;
        }
        let mut line = String::with_capacity(long.len());
        long.copy_from(0, &mut line);
        drop(long);
        self.process_line(&line, emit);
    }

    /// Gives back a large line buffer once its line is done.
    #[inline]
    fn release_line(&mut self) {
        if self.line.capacity() > RETAIN_BYTES {
            self.line = String::new();
        }
    }

    #[inline]
    fn process_line(&mut self, line: &str, emit: &mut impl FnMut(SseItem<'_>)) {
        if line.is_empty() {
            self.dispatch(emit);
            return;
        }
        if line.starts_with(':') {
            return;
        }
        // ':' is ASCII: its byte position is a char boundary.
        let (field, value) = match memchr::memchr(b':', line.as_bytes()) {
            Some(at) => {
                let value = line.get(at + 1..).unwrap_or("");
                (
                    line.get(..at).unwrap_or(""),
                    value.strip_prefix(' ').unwrap_or(value),
                )
            }
            None => (line, ""),
        };
        let kept = matches!(field, "event" | "data" | "id" | "retry");
        if kept && line.len() > self.limits.line_bytes && !(field == "data" && self.skips_data()) {
            self.fail(LimitExceeded::Line);
            return;
        }
        match field {
            "data" if self.skips_data() => self.data_skipped = true,
            "data" => {
                if self.data.len() + value.len() + 1 > self.limits.data_bytes {
                    self.fail(LimitExceeded::EventData);
                    return;
                }
                grow_within(&mut self.data, value.len() + 1, self.limits.data_bytes);
                self.data.push_str(value);
                self.data.push('\n');
            }
            "event" => {
                self.event_type.clear();
                self.event_type.push_str(value);
            }
            "id" if !value.contains('\0') => {
                self.last_event_id_buffer.clear();
                self.last_event_id_buffer.push_str(value);
            }
            "retry" if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                let ms = value.bytes().fold(0u64, |acc, b| {
                    acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
                });
                emit(SseItem::Retry(ms));
            }
            _ => {}
        }
    }

    #[inline]
    fn dispatch(&mut self, emit: &mut impl FnMut(SseItem<'_>)) {
        self.last_event_id.clone_from(&self.last_event_id_buffer);
        let skipped = std::mem::take(&mut self.data_skipped);
        if self.data.is_empty() && !skipped {
            self.event_type.clear();
            return;
        }
        if self.data.ends_with('\n') {
            self.data.pop();
        }
        // A buffer grown past what the parser keeps is handed over rather than dropped after.
        let data = if self.data.capacity() > RETAIN_BYTES {
            Cow::Owned(std::mem::take(&mut self.data))
        } else {
            Cow::Borrowed(self.data.as_str())
        };
        let event = if self.event_type.is_empty() {
            "message"
        } else {
            &self.event_type
        };
        emit(SseItem::Event(SseEventRef {
            event,
            data,
            id: &self.last_event_id,
        }));
        self.data.clear();
        self.event_type.clear();
    }
}

#[cfg(test)]
mod tests;
