//! The limits on what one streamed answer may make us hold, all in one place. A server that
//! passes one (hostile or broken) ends the stream with a [`LimitExceeded`]: a permanent failure
//! with a plain message, never an allocation failure (which aborts a wasm module).
//!
//! | limit | value | enforced by | past it |
//! |---|---|---|---|
//! | one SSE line that is kept | [`MAX_LINE_BYTES`] | `sse` | [`LimitExceeded::Line`] |
//! | one event's data | [`MAX_EVENT_DATA_BYTES`] | `sse` | [`LimitExceeded::EventData`] |
//! | the answer text, the reasoning text | [`MAX_TEXT_BYTES`] each | `assembler` | [`LimitExceeded::Answer`], [`LimitExceeded::Reasoning`] |
//! | the response body | [`MAX_BODY_BYTES`] | `pipeline` | [`LimitExceeded::Body`] |
//! | parts started | [`MAX_PARTS`] | `assembler` | [`LimitExceeded::Parts`] |
//! | tool calls listed | [`MAX_TOOLS`] | `tools` | further calls are not listed (counted in diagnostics) |
//! | one tool call's arguments | [`MAX_TOOL_ARGS_BYTES`] | `tools` | cut, with an ellipsis |
//! | identifiers (zmid, tool call id and name) | [`MAX_ID_BYTES`] | `assembler`, `tools` | cut |
//! | a JSON reply (not streamed) | `driver::MAX_REPLY_BYTES` | `driver` | `Failure::TooLarge` |
//!
//! The ask driver ends an ask whose stream passed a limit with `Failure::Limit`: permanent,
//! what was shown stays.
//!
//! Lines the parser ignores (comments, unknown fields) and the data of the prompt echo
//! (`FrontendModelRequest`) are skipped as they stream, never held, so they have no line
//! limit; they count towards the body.
//!
//! What this bounds (measured in `tests/stream_limits.rs`): a stream's heap stays within a
//! small multiple of the largest event plus the answer it assembles, so a stream never holds
//! more than about 3 x 8 MiB for its largest event plus 3 x 4 MiB for its text.

/// The longest SSE line kept (an `event:`, `data:`, `id:` or `retry:` line). Zo sends each
/// event's JSON on one `data:` line, so this is also the largest event Zo sends in practice.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The most data one event may carry (its `data:` lines joined).
pub const MAX_EVENT_DATA_BYTES: usize = 8 << 20;
/// The longest answer text, and separately the longest reasoning text, of one stream.
pub const MAX_TEXT_BYTES: usize = 4 << 20;
/// The largest response body read for one answer.
pub const MAX_BODY_BYTES: u64 = 64 << 20;
/// The most tool calls listed for one stream.
pub const MAX_TOOLS: usize = 256;
/// The longest tool call arguments kept for display (the rest is cut).
pub const MAX_TOOL_ARGS_BYTES: usize = 4 << 10;
/// The longest identifier kept (a response's zmid, a tool call's id and name): longer ones are
/// cut. Identifiers are copied into keys, so their length multiplies.
pub const MAX_ID_BYTES: usize = 256;
/// The most parts (text, thinking, tool call...) one stream may start.
pub const MAX_PARTS: usize = 4096;

const MIB: usize = 1 << 20;

/// Makes room for `more` bytes in `text`, which may grow to `limit`: by half its length at a
/// time rather than doubling (a buffer being reallocated is briefly held twice, and its slack
/// is held until it is done), never past `limit` but for `more` itself.
#[inline]
pub(crate) fn grow_within(text: &mut String, more: usize, limit: usize) {
    if text.capacity() - text.len() >= more {
        return;
    }
    let half = (text.len() / 2).min(limit.saturating_sub(text.len()));
    text.reserve_exact(more.max(half).max(256));
}

/// Which limit a stream passed. Each is permanent: retrying would get the same answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LimitExceeded {
    #[error("Zo sent a line longer than {} MiB", MAX_LINE_BYTES / MIB)]
    Line,
    #[error("Zo sent an event larger than {} MiB", MAX_EVENT_DATA_BYTES / MIB)]
    EventData,
    #[error("Zo's answer is longer than {} MiB", MAX_TEXT_BYTES / MIB)]
    Answer,
    #[error("Zo's reasoning is longer than {} MiB", MAX_TEXT_BYTES / MIB)]
    Reasoning,
    #[error("Zo's response is larger than {} MiB", MAX_BODY_BYTES >> 20)]
    Body,
    #[error("Zo's answer has more than {MAX_PARTS} parts")]
    Parts,
}

impl LimitExceeded {
    /// The message for people: what happened and that the rest was not read.
    pub fn describe(&self) -> String {
        format!("{self}, more than Zo Co-browse reads: the rest of the answer was not read")
    }
}
