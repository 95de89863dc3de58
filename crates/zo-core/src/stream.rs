//! One answer from Zo, bytes in, updates out: UTF-8 and Server-Sent Events decoding, typed Zo
//! events, stream assembly with tool activity and diagnostics, and the retry and resume rules
//! across attempts, behind one facade ([`StreamPipeline`]).

pub(crate) mod assembler;
pub(crate) mod diagnostics;
pub(crate) mod events;
pub(crate) mod pipeline;
pub(crate) mod resume;
pub(crate) mod retry;
pub(crate) mod sse;
pub(crate) mod tools;
pub(crate) mod utf8;

pub use assembler::{Assembler, StreamUpdate};
pub use diagnostics::Diagnostics;
pub use events::{decode, Delta, Part, PartRef, TokenDelta, ZoEvent};
pub use pipeline::StreamPipeline;
pub use retry::{Failure, RetryDecision, RetryPolicy};
pub use sse::{SseEvent, SseOutput, SseParser};
