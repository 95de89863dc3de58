//! One ask to Zo across its attempts, sans-IO. The worker tells the [`AskDriver`] what happened
//! to its HTTP exchange (the response head, body bytes, the end of the body, a network error, a
//! liveness timeout, the end of a backoff sleep, Stop) and carries out the [`Effect`]s it
//! returns: send the request, close the response, post a message to the panel, sleep, done.
//! Every retry, resume, liveness and Stop decision of an ask is made here.
//!
//! - **Attempts.** Each attempt POSTs the same [`AskBody`] (`stream: true`), so a retry
//!   continues the conversation as it was before the ask. A failure is classified and retried
//!   or given up by [`RetryPolicy`] (`Retry-After` in seconds or as an HTTP-date), announced
//!   with STREAM_RECONNECT before the backoff sleep.
//! - **One attempt's bytes** go through a [`StreamPipeline`]; the next attempt's pipeline
//!   resumes from what was shown, so repeated text is not shown twice and a retry that says
//!   something else replaces what was shown at once, with one STREAM_REPLACE (answer or
//!   reasoning) carrying the whole text the query now shows.
//! - **The reply's content type** decides how it is read: `text/event-stream` (Zo's answer)
//!   through the pipeline; `application/json` (`{output, conversation_id}`: a Zo deployment or
//!   proxy that does not stream) whole, as one text part through the same pipeline (same gate,
//!   same resume); anything else is a permanent failure (the base URL is not Zo).
//! - **Stop** ends the ask at once wherever it is (request, body, backoff) with what was shown.
//!
//! ```text
//! let mut driver = AskDriver::new(spec);
//! perform(driver.start());                 // Send
//! perform(driver.on_head(head));           // then on_body(bytes)..., on_end()
//! // ... until Effect::Done(outcome); on Stop: perform(driver.stop())
//! ```

mod head;
mod io;
mod outcome;

pub use head::ResponseHead;
pub use io::{AskSpec, Effect, Shown};
pub use outcome::{AskOutcome, STOPPED};

use head::{media_type, Media};

use crate::stream::pipeline::StreamPipeline;
use crate::stream::retry::{
    error_detail, retry_after_ms, Failure, RetryDecision, RetryPolicy, MAX_ERROR_BODY_BYTES,
};
use crate::stream::StreamUpdate;
use crate::wire::protocol::{
    FailureKind, FinalResult, FinalStatus, StreamFailure, TextPart, WorkerToPanel,
};
use crate::wire::zo_api::AskReply;

/// The largest JSON reply read (an answer of the largest size with room for its escapes).
pub const MAX_REPLY_BYTES: usize = 16 * 1024 * 1024;

#[derive(Debug)]
enum Phase {
    /// Not started.
    Ready,
    /// The request is in flight.
    AwaitHead,
    /// Reading an event stream.
    Streaming,
    /// Reading a JSON reply; its bytes so far, and the head's conversation id.
    Reply {
        body: Vec<u8>,
        conversation_id: Option<String>,
    },
    /// Reading the body of a refused request (a permanent HTTP status) for the server's
    /// words; at most [`MAX_ERROR_BODY_BYTES`].
    ErrorBody {
        status: u16,
        body: Vec<u8>,
    },
    /// Waiting before the next attempt.
    Sleeping,
    Done,
}

/// One ask across its attempts; see the module doc.
#[derive(Debug)]
pub struct AskDriver {
    session_id: String,
    body: String,
    /// The conversation every attempt continues.
    conversation_id: Option<String>,
    policy: RetryPolicy,
    /// The current (or last) attempt, 1-based.
    attempt: u32,
    phase: Phase,
    pipeline: StreamPipeline,
    /// What earlier asks of the query showed.
    base: Shown,
}

impl AskDriver {
    pub fn new(spec: AskSpec) -> AskDriver {
        let AskSpec {
            session_id,
            mode,
            mut body,
            shown,
            policy,
        } = spec;
        body.stream = true;
        AskDriver {
            session_id,
            conversation_id: body.conversation_id.clone(),
            body: body.to_json(),
            policy,
            attempt: 0,
            phase: Phase::Ready,
            pipeline: StreamPipeline::new(mode),
            base: shown,
        }
    }

    /// The first attempt.
    pub fn start(&mut self) -> Vec<Effect> {
        match self.phase {
            Phase::Ready => self.send(),
            _ => Vec::new(),
        }
    }

    /// The current (or last) attempt, 1-based; 0 before [`AskDriver::start`].
    pub fn attempt(&self) -> u32 {
        self.attempt
    }

    /// Whether the ask ended ([`Effect::Done`] was returned).
    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done)
    }

    /// Everything the query shows now: the earlier asks' text and this ask's.
    pub fn shown(&self) -> Shown {
        Shown {
            answer: self.shown_answer(),
            thinking: format!("{}{}", self.base.thinking, self.pipeline.shown_thinking()),
        }
    }

    /// The response head arrived.
    pub fn on_head(&mut self, head: ResponseHead) -> Vec<Effect> {
        let mut out = Vec::new();
        if !matches!(self.phase, Phase::AwaitHead) {
            return out;
        }
        if !(200..300).contains(&head.status) {
            let retry_after = head
                .retry_after
                .as_deref()
                .and_then(|v| retry_after_ms(v, head.date.as_deref(), head.received_at_ms));
            let failure = Failure::Http {
                status: head.status,
                retry_after_ms: retry_after,
                detail: None,
            };
            if failure.kind() == FailureKind::Permanent {
                // Not retried: its body says why (a 401's "invalid API key"), read first.
                self.phase = Phase::ErrorBody {
                    status: head.status,
                    body: Vec::new(),
                };
            } else {
                self.fail(failure, true, &mut out);
            }
            return out;
        }
        match media_type(&head.content_type) {
            Media::EventStream => {
                if let Some(id) = &head.conversation_id {
                    self.pipeline.set_conversation_id(id);
                }
                self.phase = Phase::Streaming;
            }
            Media::Json => {
                self.phase = Phase::Reply {
                    body: Vec::new(),
                    conversation_id: head.conversation_id,
                }
            }
            Media::Other => {
                let failure = Failure::NotAnAnswer {
                    content_type: head.content_type,
                };
                self.fail(failure, true, &mut out);
            }
        }
        out
    }

    /// The server answered with a redirect (which is never followed: the key would go along).
    pub fn on_redirect(&mut self) -> Vec<Effect> {
        let mut out = Vec::new();
        if matches!(self.phase, Phase::AwaitHead) {
            self.fail(Failure::Redirect, false, &mut out);
        }
        out
    }

    /// The next bytes of the response body.
    #[inline]
    pub fn on_body(&mut self, bytes: &[u8]) -> Vec<Effect> {
        let mut out = Vec::new();
        match &mut self.phase {
            Phase::Streaming => {
                let updates = self.pipeline.push_bytes(bytes);
                if let Some(result) = self.forward(updates, &mut out) {
                    out.push(Effect::Close);
                    self.post_diagnostics(&mut out);
                    self.finish(result, &mut out);
                }
            }
            Phase::ErrorBody { status, body } => {
                let room = MAX_ERROR_BODY_BYTES.saturating_sub(body.len());
                body.extend_from_slice(&bytes[..bytes.len().min(room)]);
                if body.len() >= MAX_ERROR_BODY_BYTES {
                    let failure = refused(*status, body);
                    self.fail(failure, true, &mut out);
                }
            }
            Phase::Reply { body, .. } => {
                if body.len().saturating_add(bytes.len()) > MAX_REPLY_BYTES {
                    let failure = Failure::TooLarge {
                        limit_bytes: MAX_REPLY_BYTES,
                    };
                    self.fail(failure, true, &mut out);
                } else {
                    body.extend_from_slice(bytes);
                }
            }
            _ => {}
        }
        out
    }

    /// The response body ended.
    pub fn on_end(&mut self) -> Vec<Effect> {
        let mut out = Vec::new();
        match &mut self.phase {
            Phase::Streaming => {
                let result = self.pipeline.finish();
                self.post_diagnostics(&mut out);
                if result.status == FinalStatus::Incomplete {
                    self.fail(Failure::StreamCut, false, &mut out);
                } else {
                    self.finish(result, &mut out);
                }
            }
            Phase::Reply {
                body,
                conversation_id,
            } => {
                let body = std::mem::take(body);
                let header_id = conversation_id.take();
                self.read_reply(&body, header_id, &mut out);
            }
            Phase::ErrorBody { status, body } => {
                let failure = refused(*status, body);
                self.fail(failure, false, &mut out);
            }
            _ => {}
        }
        out
    }

    /// A whole JSON reply: one text part through the pipeline, or a failure to read it.
    fn read_reply(&mut self, body: &[u8], header_id: Option<String>, out: &mut Vec<Effect>) {
        match AskReply::from_json(body) {
            Ok(reply) => {
                if let Some(id) = reply.conversation_id.or(header_id) {
                    self.pipeline.set_conversation_id(&id);
                }
                let updates = self.pipeline.push_reply(&reply.output);
                let result = self
                    .forward(updates, out)
                    .unwrap_or_else(|| self.pipeline.finish());
                self.finish(result, out);
            }
            Err(e) => {
                let message = format!("it is not the JSON Zo answers with ({e})");
                self.fail(Failure::BadReply { message }, false, out);
            }
        }
    }

    /// The request failed before a response (refused, reset, DNS...) or the body broke off.
    pub fn on_network_error(&mut self, message: &str) -> Vec<Effect> {
        let mut out = Vec::new();
        match self.phase {
            Phase::AwaitHead => {
                let failure = Failure::Network {
                    message: message.to_string(),
                };
                self.fail(failure, false, &mut out);
            }
            Phase::Streaming => {
                self.post_diagnostics(&mut out);
                self.fail(Failure::StreamCut, false, &mut out);
            }
            Phase::Reply { .. } => self.fail(Failure::StreamCut, false, &mut out),
            Phase::ErrorBody { status, .. } => {
                let failure = refused(status, &[]);
                self.fail(failure, false, &mut out);
            }
            _ => {}
        }
        out
    }

    /// Nothing arrived for the liveness period.
    pub fn on_timeout(&mut self) -> Vec<Effect> {
        let mut out = Vec::new();
        match self.phase {
            Phase::AwaitHead | Phase::Reply { .. } => self.fail(Failure::Liveness, true, &mut out),
            Phase::ErrorBody { status, .. } => {
                let failure = refused(status, &[]);
                self.fail(failure, true, &mut out);
            }
            Phase::Streaming => {
                self.post_diagnostics(&mut out);
                self.fail(Failure::Liveness, true, &mut out);
            }
            _ => {}
        }
        out
    }

    /// The backoff sleep ended: the next attempt.
    pub fn on_woke(&mut self) -> Vec<Effect> {
        match self.phase {
            Phase::Sleeping => {
                self.pipeline = self.pipeline.next_attempt();
                self.send()
            }
            _ => Vec::new(),
        }
    }

    /// Stop (the user, or the panel went away): the ask ends now with what was shown.
    pub fn stop(&mut self) -> Vec<Effect> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Done => return out,
            Phase::AwaitHead | Phase::Streaming | Phase::Reply { .. } | Phase::ErrorBody { .. } => {
                out.push(Effect::Close)
            }
            Phase::Ready | Phase::Sleeping => {}
        }
        let partial = FinalResult {
            status: FinalStatus::Incomplete,
            text: self.shown_answer(),
            reasoning: Some(self.shown().thinking).filter(|t| !t.is_empty()),
            conversation_id: self.conversation_id.clone(),
            ..FinalResult::default()
        };
        self.phase = Phase::Done;
        out.push(Effect::Done(AskOutcome::Stopped(partial)));
        out
    }

    fn send(&mut self) -> Vec<Effect> {
        self.attempt += 1;
        self.phase = Phase::AwaitHead;
        vec![Effect::Send {
            attempt: self.attempt,
            body: self.body.clone(),
        }]
    }

    fn shown_answer(&self) -> String {
        format!("{}{}", self.base.answer, self.pipeline.shown_answer())
    }

    /// Posts the pipeline's updates; returns the final result when the answer ended.
    #[inline]
    fn forward(&self, updates: Vec<StreamUpdate>, out: &mut Vec<Effect>) -> Option<FinalResult> {
        let session_id = || self.session_id.clone();
        let mut last = None;
        for update in updates {
            let msg = match update {
                StreamUpdate::Answer(delta) => WorkerToPanel::StreamChunk {
                    session_id: session_id(),
                    delta,
                },
                StreamUpdate::Thinking(delta) => WorkerToPanel::StreamReasoning {
                    session_id: session_id(),
                    delta,
                },
                StreamUpdate::Replace(text) => WorkerToPanel::StreamReplace {
                    session_id: session_id(),
                    part: TextPart::Answer,
                    text: format!("{}{text}", self.base.answer),
                },
                StreamUpdate::ReplaceThinking(text) => WorkerToPanel::StreamReplace {
                    session_id: session_id(),
                    part: TextPart::Reasoning,
                    text: format!("{}{text}", self.base.thinking),
                },
                StreamUpdate::Tool(tool) => WorkerToPanel::StreamTool {
                    session_id: session_id(),
                    tool,
                },
                StreamUpdate::Status(status) => WorkerToPanel::StreamStatus {
                    session_id: session_id(),
                    status,
                },
                StreamUpdate::Final(result) => {
                    last = Some(result);
                    continue;
                }
            };
            out.push(Effect::Post(msg));
        }
        last
    }

    fn post_diagnostics(&self, out: &mut Vec<Effect>) {
        out.push(Effect::Post(WorkerToPanel::StreamDiagnostic {
            session_id: self.session_id.clone(),
            diagnostics: self.pipeline.diagnostics(),
        }));
    }

    /// The answer ended with a terminal event (or a JSON reply).
    fn finish(&mut self, mut result: FinalResult, out: &mut Vec<Effect>) {
        if let Some(limit) = self.pipeline.limit_exceeded() {
            // The same answer would pass it again: permanent, what was shown stays.
            self.fail(Failure::Limit(limit), false, out);
            return;
        }
        if result.conversation_id.is_none() {
            result.conversation_id.clone_from(&self.conversation_id);
        }
        match result.status {
            FinalStatus::Succeeded => {
                self.phase = Phase::Done;
                out.push(Effect::Done(AskOutcome::Done(result)));
            }
            FinalStatus::Failed => {
                let message = result.error.unwrap_or_else(|| "no reason given".into());
                self.fail(Failure::FailedEvent { message }, false, out);
            }
            FinalStatus::Incomplete => self.fail(Failure::StreamCut, false, out),
        }
    }

    /// The attempt failed: retry after the policy's delay, or give up. `close` when the
    /// response may still be open.
    fn fail(&mut self, failure: Failure, close: bool, out: &mut Vec<Effect>) {
        if close {
            out.push(Effect::Close);
        }
        match self.policy.decide(self.attempt, &failure) {
            RetryDecision::RetryAfter {
                attempt,
                max,
                delay_ms,
            } => {
                out.push(Effect::Post(WorkerToPanel::StreamReconnect {
                    session_id: self.session_id.clone(),
                    attempt,
                    max,
                    delay_ms,
                    reason: failure.describe(),
                }));
                self.phase = Phase::Sleeping;
                out.push(Effect::Sleep { ms: delay_ms });
            }
            RetryDecision::GiveUp {
                kind,
                http_status,
                message,
            } => self.end_failed(kind, http_status, message, out),
        }
    }

    fn end_failed(
        &mut self,
        kind: FailureKind,
        http_status: Option<u16>,
        message: String,
        out: &mut Vec<Effect>,
    ) {
        self.phase = Phase::Done;
        out.push(Effect::Done(AskOutcome::Failed(StreamFailure {
            kind,
            http_status,
            message,
            partial_text: self.shown_answer(),
        })));
    }
}

/// The failure of a request refused with `status`, with what its `body` says.
fn refused(status: u16, body: &[u8]) -> Failure {
    Failure::Http {
        status,
        retry_after_ms: None,
        detail: error_detail(body),
    }
}
