//! One answer from Zo, bytes in, updates out: UTF-8 and Server-Sent Events decoding, typed Zo
//! events, stream assembly with tool activity and diagnostics behind one facade
//! ([`StreamPipeline`]: one attempt's bytes), and the attempts of one ask to Zo with their
//! retry, resume, liveness and Stop rules ([`AskDriver`]). What one stream may make us hold
//! is bounded: the limits are in `stream/limits.rs`, and passing one is a [`LimitExceeded`].
//!
//! The functions on the per-chunk path (UTF-8, SSE, the token fast paths and the escapes they
//! read, assembly, the pipeline's push, the driver's `on_body`) are `#[inline]`: the crate that
//! calls them compiles them, at its own opt-level. The worker, built for size, reaches that path
//! only through the crate `zo-stream-path`, built for speed (the `worker` profile in
//! Cargo.toml). A function added to that path wants `#[inline]` too, or it runs at opt-level z.

pub(crate) mod assembler;
pub(crate) mod diagnostics;
pub(crate) mod driver;
pub(crate) mod events;
pub(crate) mod limits;
pub(crate) mod pipeline;
pub(crate) mod resume;
pub(crate) mod retry;
pub(crate) mod same_bytes;
pub(crate) mod segmented;
pub(crate) mod shape_record;
pub(crate) mod sorted;
pub(crate) mod sse;
pub(crate) mod tools;
pub(crate) mod utf8;

pub use assembler::{Assembler, StreamUpdate};
pub use diagnostics::{Diagnostics, StreamFacts};
pub use driver::{
    AskDriver, AskOutcome, AskSpec, Effect, ResponseHead, Shown, MAX_REPLY_BYTES, STOPPED,
};
pub use events::{decode, Delta, Part, PartRef, TokenDelta, ZoEvent};
pub use limits::{
    LimitExceeded, MAX_BODY_BYTES, MAX_EVENT_DATA_BYTES, MAX_ID_BYTES, MAX_LINE_BYTES, MAX_PARTS,
    MAX_TEXT_BYTES, MAX_TOOLS, MAX_TOOL_ARGS_BYTES,
};
pub use pipeline::StreamPipeline;
pub use retry::{
    error_detail, parse_http_date, retry_after_ms, Failure, RetryDecision, RetryPolicy,
};
pub use shape_record::{view as shape_view, ShapeRow, ShapeView, StreamShape, STREAM_SHAPE_KEY};
pub use sorted::{SortedMap, SortedSet};
pub use sse::{SseEvent, SseItem, SseLimits, SseOutput, SseParser};
