//! Incremental Server-Sent Events parser following the WHATWG HTML standard, "Parsing an event
//! stream" and "Interpreting an event stream": bytes in (any chunking, down to one byte),
//! dispatched events and `retry` values out.
//!
//! Cost is linear in the bytes received whatever the chunking: each byte is UTF-8 decoded once,
//! scanned for a line end once and copied into the current line / data buffer at most twice. An
//! unfinished line is kept as a growing buffer and only the newly arrived text is scanned.
//!
//! The hot path allocates nothing per event: [`SseParser::push_with`] hands each event to a
//! callback as an [`SseEventRef`] borrowing the parser's reused buffers; [`SseParser::push`]
//! gives owned [`SseEvent`]s for callers that keep them.

use crate::stream::utf8::Utf8Decoder;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SseEventRef<'a> {
    /// The event type, `"message"` when none was given.
    pub event: &'a str,
    /// The data lines joined with `\n` (without the final newline).
    pub data: &'a str,
    /// The last event ID at dispatch time.
    pub id: &'a str,
}

impl SseEventRef<'_> {
    pub fn to_owned_event(self) -> SseEvent {
        SseEvent {
            event: self.event.to_string(),
            data: self.data.to_string(),
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SseItem<'a> {
    Event(SseEventRef<'a>),
    /// A valid `retry:` field: the new reconnection time in milliseconds (saturating).
    Retry(u64),
}

impl SseItem<'_> {
    pub fn to_output(self) -> SseOutput {
        match self {
            SseItem::Event(e) => SseOutput::Event(e.to_owned_event()),
            SseItem::Retry(ms) => SseOutput::Retry(ms),
        }
    }
}

/// The incremental parser. Feed bytes with [`SseParser::push`]; call [`SseParser::finish`] at
/// the end of the body (an unterminated final event is discarded, as the standard says).
///
/// Its `Debug` shows buffer sizes only: a half-parsed `FrontendModelRequest` must not reach logs.
#[derive(Default)]
pub struct SseParser {
    decoder: Utf8Decoder,
    /// Whether the first decoded character has been looked at (leading BOM).
    bom_checked: bool,
    /// The previous text ended with CR: a leading LF of the next text belongs to it.
    after_cr: bool,
    /// The current unfinished line.
    line: String,
    data: String,
    event_type: String,
    last_event_id_buffer: String,
    last_event_id: String,
    /// Decoded bytes scanned for line ends (work counter, for the linear-cost guarantee).
    scanned: u64,
}

impl std::fmt::Debug for SseParser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SseParser")
            .field("line_len", &self.line.len())
            .field("data_len", &self.data.len())
            .field("has_event_type", &!self.event_type.is_empty())
            .field("last_event_id", &self.last_event_id)
            .field("bytes_scanned", &self.scanned)
            .finish_non_exhaustive()
    }
}

impl SseParser {
    pub fn new() -> Self {
        Self::default()
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
    pub fn push_with(&mut self, bytes: &[u8], mut emit: impl FnMut(SseItem<'_>)) {
        let mut decoder = std::mem::take(&mut self.decoder);
        decoder.decode(bytes, |text| self.feed_text(text, &mut emit));
        self.decoder = decoder;
    }

    /// End of the body: pending bytes, an unfinished line and an undispatched event are
    /// discarded. The parser is ready for a new stream afterwards, keeping the last event ID.
    pub fn finish(&mut self) {
        self.decoder = Utf8Decoder::default();
        self.bom_checked = false;
        self.after_cr = false;
        self.line.clear();
        self.data.clear();
        self.event_type.clear();
    }

    /// The last event ID string (what a reconnection would send as `Last-Event-ID`).
    pub fn last_event_id(&self) -> &str {
        &self.last_event_id
    }

    /// How many decoded bytes were scanned for line ends so far: never more than the decoded
    /// length of the input, whatever the chunking (no rescans).
    pub fn bytes_scanned(&self) -> u64 {
        self.scanned
    }

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
            if self.line.is_empty() {
                self.process_line(piece, emit);
            } else {
                let mut line = std::mem::take(&mut self.line);
                line.push_str(piece);
                self.process_line(&line, emit);
                line.clear();
                self.line = line;
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
        self.line.push_str(text);
    }

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
        match field {
            "event" => {
                self.event_type.clear();
                self.event_type.push_str(value);
            }
            "data" => {
                self.data.push_str(value);
                self.data.push('\n');
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

    fn dispatch(&mut self, emit: &mut impl FnMut(SseItem<'_>)) {
        self.last_event_id.clone_from(&self.last_event_id_buffer);
        if self.data.is_empty() {
            self.event_type.clear();
            return;
        }
        let data = self.data.strip_suffix('\n').unwrap_or(&self.data);
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
