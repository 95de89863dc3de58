//! The approval round trip of a Co-browse task: the worker posts APPROVAL_REQUEST to the
//! session's panel and waits for its APPROVAL (allow once, allow for this task, deny). Stop
//! or the panel going away ends the wait as stopped; no answer within [`APPROVAL_TIMEOUT_MS`]
//! is "no answer", which ends the task.
//!
//! The offer of the rest of a step after a failure (RESUME_OFFER, answered by RESUME) waits
//! the same way, on the same slot under [`RESUME_ID`] (the loop waits for one thing at a time);
//! no answer in time is Skip.

use futures::future::{select, Either};
use futures::pin_mut;
use gloo_timers::future::TimeoutFuture;
use zo_core::trust::ApprovalRequest;
use zo_core::wire::{ApprovalDecision, WorkerToPanel};

use crate::session::Session;

/// How long a request waits for the user (the content module waits a little longer for its
/// verdict).
pub const APPROVAL_TIMEOUT_MS: u32 = 10 * 60 * 1000;

/// The slot a resume offer's answer arrives in (approval ids count up from 1).
pub const RESUME_ID: u32 = u32::MAX;

/// Offers the session's panel the `remaining` actions of `step` left after action `index`
/// failed: true to run them, false to skip them (also when nobody answered in time).
pub async fn offer_resume(
    session: &Session,
    step: u32,
    index: u32,
    remaining: u32,
) -> Result<bool, Stopped> {
    let answer = session.expect_approval(RESUME_ID);
    session.post(WorkerToPanel::ResumeOffer {
        session_id: session.id().to_string(),
        step,
        index,
        remaining,
    });
    if !session.is_live() {
        return Err(Stopped);
    }
    let timeout = TimeoutFuture::new(APPROVAL_TIMEOUT_MS);
    let stopped = session.cancel_token().cancelled();
    pin_mut!(stopped);
    match select(answer, select(timeout, stopped)).await {
        Either::Left((Ok(decision), _)) => Ok(decision != ApprovalDecision::Deny),
        Either::Left((Err(_), _)) => Err(Stopped),
        Either::Right((Either::Left(_), _)) => Ok(false),
        Either::Right((Either::Right(_), _)) => Err(Stopped),
    }
}

/// The session was stopped (or its panel went away) while a request waited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped;

/// Asks the session's panel about request `id`, about action `index` of `step`: the user's
/// decision, or `None` when nobody answered within `timeout_ms`.
pub async fn ask(
    session: &Session,
    id: u32,
    (step, index): (u32, u32),
    request: &ApprovalRequest,
    timeout_ms: u32,
) -> Result<Option<ApprovalDecision>, Stopped> {
    let answer = session.expect_approval(id);
    session.post(WorkerToPanel::ApprovalRequest {
        session_id: session.id().to_string(),
        approval_id: id,
        kind: request.kind(),
        description: request.description.clone(),
        origin: request.origin.clone(),
        reasons: request.reasons(),
        destination: request.destination().map(ToString::to_string),
        step,
        index,
    });
    if !session.is_live() {
        return Err(Stopped);
    }
    let timeout = TimeoutFuture::new(timeout_ms);
    let stopped = session.cancel_token().cancelled();
    pin_mut!(stopped);
    match select(answer, select(timeout, stopped)).await {
        Either::Left((Ok(decision), _)) => Ok(Some(decision)),
        Either::Left((Err(_), _)) => Err(Stopped),
        Either::Right((Either::Left(_), _)) => Ok(None),
        Either::Right((Either::Right(_), _)) => Err(Stopped),
    }
}
