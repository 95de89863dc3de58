//! What goes into an ask driver (the ask, what the query showed) and what it asks the worker to
//! do ([`Effect`]).

use super::AskOutcome;
use crate::stream::retry::RetryPolicy;
use crate::wire::protocol::{Mode, WorkerToPanel};
use crate::wire::zo_api::AskBody;

/// What an ask needs.
#[derive(Debug, Clone)]
pub struct AskSpec {
    /// The query's session: every message the driver posts names it.
    pub session_id: String,
    /// How the answer is read (Co-browse: action JSON never shown, actions parsed).
    pub mode: Mode,
    /// What every attempt sends (`stream` is set to true).
    pub body: AskBody,
    /// What earlier asks of the same query showed (a Co-browse task asks Zo several times):
    /// a replace says the whole text shown, this included.
    pub shown: Shown,
    /// Retry or give up, and after how long.
    pub policy: RetryPolicy,
}

/// The text a query has shown in the panel.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shown {
    pub answer: String,
    pub thinking: String,
}

/// What the worker must do.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// POST `body` (JSON) to `/zo/ask` with the key: attempt `attempt` (1-based). Answer with
    /// `AskDriver::on_head` (or `on_redirect`, `on_network_error`, `on_timeout`).
    Send { attempt: u32, body: String },
    /// Stop reading the response in flight and release its connection (nothing more of it is
    /// wanted).
    Close,
    /// Post this message on the session's panel port.
    Post(WorkerToPanel),
    /// Wait `ms`, then call `AskDriver::on_woke`.
    Sleep { ms: u64 },
    /// The ask ended; the caller posts the final message.
    Done(AskOutcome),
}
