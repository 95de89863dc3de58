//! Asking Zo once, with retries: builds the request from the settings, streams the answer
//! through `zo_core::stream`, forwards every update of the session to its panel port, and
//! retries transient failures per `zo_core::stream` without showing text twice
//! (`zo_core::stream`). The final message (STREAM_DONE / STREAM_ERROR) is left to the caller,
//! so a plain ask and a Co-browse loop of several asks both build on [`stream_ask`].

use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;
use serde::Serialize;
use zo_core::answer::parse_answer;
use zo_core::stream::{Failure, RetryDecision, RetryPolicy, StreamPipeline, StreamUpdate};
use zo_core::wire::{ApiKey, FailureKind, FinalResult, FinalStatus, Mode, Settings, StreamFailure};

use crate::context::WorkerCtx;
use crate::http::{Exchange, HttpError, HttpResponse};
use crate::session::Session;

/// One question to Zo on behalf of a chat.
#[derive(Debug, Clone, PartialEq)]
pub struct AskRequest {
    /// The panel's chat: its Zo conversation id is reused and updated.
    pub chat_id: String,
    /// Decides how the answer is assembled (Co-browse: action envelopes, no raw JSON shown).
    pub mode: Mode,
    /// The full text sent as `input` (prompt included).
    pub input: String,
    /// The tab the panel is bound to, if any (used by Co-browse).
    pub tab_id: Option<i32>,
}

/// How an ask ended.
#[derive(Debug, Clone, PartialEq)]
pub enum AskOutcome {
    /// A terminal event (or a non-streaming answer) arrived; status Succeeded.
    Done(FinalResult),
    /// Gave up: permanent failure or retries exhausted. `partial_text` is what was shown.
    Failed(StreamFailure),
    /// Cancelled (STOP or dead port); the result holds what was shown so far.
    Stopped(FinalResult),
}

/// The JSON body of POST /zo/ask.
#[derive(Debug, Serialize)]
struct AskBody<'a> {
    input: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    conversation_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    model_name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    persona_id: Option<&'a str>,
    stream: bool,
}

/// The non-streaming answer `{output, conversation_id}`.
#[derive(Debug, serde::Deserialize)]
struct PlainAnswer {
    output: String,
    #[serde(default)]
    conversation_id: Option<String>,
}

/// What one attempt came to.
enum AttemptEnd {
    Final(FinalResult),
    Failed(Failure),
    Cancelled,
}

/// What the panel has been shown during this ask, across attempts: the pipeline of the current
/// attempt (it resumes from the previous one, see `StreamPipeline::next_attempt`) and whether a
/// retry replaced text on screen.
struct Shown {
    pipeline: StreamPipeline,
    /// A retry diverged from what is on screen. The protocol has no "replace" message, so further
    /// deltas would append to stale text: they are held back and STREAM_DONE's full text (which
    /// the panel renders in place of the streamed one) corrects the screen.
    answer_stale: bool,
    thinking_stale: bool,
}

impl Shown {
    fn new(mode: Mode) -> Self {
        Shown {
            pipeline: StreamPipeline::new(mode),
            answer_stale: false,
            thinking_stale: false,
        }
    }

    /// A new attempt starts its answer from the beginning.
    fn restart(&mut self) {
        self.pipeline = self.pipeline.next_attempt();
    }

    fn answer(&self) -> &str {
        self.pipeline.shown_answer()
    }

    fn partial(&self, conversation_id: Option<String>) -> FinalResult {
        FinalResult {
            status: FinalStatus::Incomplete,
            text: self.answer().to_string(),
            reasoning: Some(self.pipeline.shown_thinking().to_string()).filter(|s| !s.is_empty()),
            conversation_id,
            ..FinalResult::default()
        }
    }
}

/// Streams one ask (`stream: true`) with retries, forwarding STREAM_CHUNK / REASONING / TOOL /
/// STATUS / RECONNECT / DIAGNOSTIC of `session`. Posts no final message: the caller reports the
/// outcome (see [`crate::ask::report`]). Holds the worker alive while it runs.
pub async fn stream_ask(ctx: &WorkerCtx, session: &Session, req: &AskRequest) -> AskOutcome {
    ask_with_retries(ctx, session, req, true).await
}

/// The non-streaming ask (`stream: false`, answer `{output, conversation_id}`), same retries and
/// messages; the whole answer arrives as one STREAM_CHUNK.
pub async fn ask_once(ctx: &WorkerCtx, session: &Session, req: &AskRequest) -> AskOutcome {
    ask_with_retries(ctx, session, req, false).await
}

fn permanent(message: String) -> AskOutcome {
    AskOutcome::Failed(StreamFailure {
        kind: FailureKind::Permanent,
        http_status: None,
        message,
        partial_text: String::new(),
    })
}

async fn ask_with_retries(
    ctx: &WorkerCtx,
    session: &Session,
    req: &AskRequest,
    stream: bool,
) -> AskOutcome {
    let _alive = ctx.keepalive.hold();
    let (settings, api_key) = match ctx.credentials().await {
        Ok(credentials) => (credentials.settings, credentials.api_key),
        Err(e) => return permanent(e.to_string()),
    };
    // Every attempt (retries included) continues the conversation as it was before this ask:
    // a failed attempt's new conversation id must not make Zo treat the retry as a follow-up.
    let previous_conversation = ctx.conversations.get(&req.chat_id).await;
    let body = AskBody {
        input: &req.input,
        conversation_id: previous_conversation.as_deref(),
        model_name: settings.model.as_deref(),
        persona_id: settings.persona_id.as_deref(),
        stream,
    };
    let body = match serde_json::to_string(&body) {
        Ok(body) => body,
        Err(e) => return permanent(format!("request body: {e}")),
    };
    let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
    let mut policy = RetryPolicy::new(seed);
    let mut shown = Shown::new(req.mode);
    let mut attempt = 1;
    loop {
        if session.cancel_token().is_cancelled() {
            return AskOutcome::Stopped(shown.partial(previous_conversation.clone()));
        }
        let attempt_ctx = Attempt {
            session,
            settings: &settings,
            api_key: &api_key,
            body: &body,
            mode: req.mode,
        };
        match attempt_ctx.run(&mut shown).await {
            AttemptEnd::Cancelled => {
                return AskOutcome::Stopped(shown.partial(previous_conversation.clone()));
            }
            AttemptEnd::Final(mut result) => {
                if let Some(id) = &result.conversation_id {
                    ctx.conversations.set(&req.chat_id, id).await;
                } else {
                    result.conversation_id = previous_conversation;
                }
                if result.status == FinalStatus::Failed {
                    let failure = Failure::FailedEvent {
                        message: result
                            .error
                            .clone()
                            .unwrap_or_else(|| "no reason given".into()),
                    };
                    return AskOutcome::Failed(StreamFailure {
                        kind: FailureKind::Permanent,
                        http_status: None,
                        message: failure.describe(),
                        partial_text: shown.answer().to_string(),
                    });
                }
                return AskOutcome::Done(result);
            }
            AttemptEnd::Failed(failure) => match policy.decide(attempt, &failure) {
                RetryDecision::RetryAfter {
                    attempt: next,
                    max,
                    delay_ms,
                } => {
                    session.reconnect(next, max, delay_ms, failure.describe());
                    let delay = u32::try_from(delay_ms).unwrap_or(u32::MAX);
                    let cancelled = session.cancel_token().cancelled();
                    if let Either::Right(_) = select(TimeoutFuture::new(delay), cancelled).await {
                        return AskOutcome::Stopped(shown.partial(previous_conversation.clone()));
                    }
                    shown.restart();
                    attempt = next;
                }
                RetryDecision::GiveUp {
                    kind,
                    http_status,
                    message,
                } => {
                    return AskOutcome::Failed(StreamFailure {
                        kind,
                        http_status,
                        message,
                        partial_text: shown.answer().to_string(),
                    });
                }
            },
        }
    }
}

/// The fixed inputs of one attempt.
struct Attempt<'a> {
    session: &'a Session,
    settings: &'a Settings,
    api_key: &'a ApiKey,
    body: &'a str,
    mode: Mode,
}

impl Attempt<'_> {
    async fn run(&self, shown: &mut Shown) -> AttemptEnd {
        let controller = match self.session.cancel_token().new_controller() {
            Ok(controller) => controller,
            Err(message) => return AttemptEnd::Failed(Failure::Network { message }),
        };
        let exchange = Exchange {
            controller: &controller,
            cancel: self.session.cancel_token(),
            liveness_ms: self.settings.liveness_timeout_ms,
        };
        let response = match exchange
            .post_json(&self.settings.ask_url(), self.api_key, self.body)
            .await
        {
            Ok(response) => response,
            Err(e) => return failed(e, false),
        };
        if !(200..300).contains(&response.status) {
            return AttemptEnd::Failed(Failure::Http {
                status: response.status,
                retry_after: response.retry_after.clone(),
            });
        }
        if response.is_event_stream() {
            self.read_stream(&exchange, &response, shown).await
        } else {
            self.read_plain(&exchange, &response, shown).await
        }
    }

    /// Feeds the SSE body to the pipeline and forwards its updates until a terminal event.
    async fn read_stream(
        &self,
        exchange: &Exchange<'_>,
        response: &HttpResponse,
        shown: &mut Shown,
    ) -> AttemptEnd {
        let Some(reader) = response.reader() else {
            return AttemptEnd::Failed(Failure::StreamCut);
        };
        if let Some(id) = &response.conversation_id {
            shown.pipeline.set_conversation_id(id);
        }
        let end = loop {
            match reader.next(exchange).await {
                Ok(Some(bytes)) => {
                    let mut terminal = None;
                    for update in shown.pipeline.push_bytes(&bytes) {
                        if let Some(result) = forward(self.session, shown, update) {
                            terminal = Some(result);
                        }
                    }
                    if let Some(result) = terminal {
                        reader.close();
                        break AttemptEnd::Final(result);
                    }
                }
                Ok(None) => {
                    let result = shown.pipeline.finish();
                    break if result.status == FinalStatus::Incomplete {
                        AttemptEnd::Failed(Failure::StreamCut)
                    } else {
                        AttemptEnd::Final(result)
                    };
                }
                Err(e) => break failed(e, true),
            }
        };
        self.session.diagnostic(shown.pipeline.diagnostics());
        end
    }

    /// The fallback for a response that is not an event stream: `{output, conversation_id}`.
    async fn read_plain(
        &self,
        exchange: &Exchange<'_>,
        response: &HttpResponse,
        shown: &mut Shown,
    ) -> AttemptEnd {
        let text = match response.text(exchange).await {
            Ok(text) => text,
            Err(e) => return failed(e, true),
        };
        let answer: PlainAnswer = match serde_json::from_str(&text) {
            Ok(answer) => answer,
            Err(e) => {
                return AttemptEnd::Failed(Failure::Network {
                    message: format!("Zo's answer is neither an event stream nor JSON: {e}"),
                })
            }
        };
        let mut result = FinalResult {
            status: FinalStatus::Succeeded,
            conversation_id: answer
                .conversation_id
                .or_else(|| response.conversation_id.clone()),
            ..FinalResult::default()
        };
        if self.mode == Mode::Cobrowse {
            let envelope = parse_answer(&answer.output);
            result.text = envelope.text;
            result.reasoning = envelope.reasoning;
            result.actions = envelope.actions;
        } else {
            result.text = answer.output;
        }
        // What a previous attempt already showed is not shown twice.
        match result.text.strip_prefix(shown.answer()) {
            Some(rest) if !rest.is_empty() && !shown.answer_stale => {
                self.session.chunk(rest.to_string());
            }
            Some(_) => {}
            None => shown.answer_stale = true,
        }
        AttemptEnd::Final(result)
    }
}

/// Maps a transport error; `in_body` says the response had started (a cut stream).
fn failed(error: HttpError, in_body: bool) -> AttemptEnd {
    match error {
        HttpError::Cancelled => AttemptEnd::Cancelled,
        HttpError::Timeout(_) => AttemptEnd::Failed(Failure::Liveness),
        HttpError::Network(_) if in_body => AttemptEnd::Failed(Failure::StreamCut),
        HttpError::Network(message) | HttpError::Build(message) => {
            AttemptEnd::Failed(Failure::Network { message })
        }
        HttpError::Redirect => AttemptEnd::Failed(Failure::Redirect),
    }
}

/// Posts one pipeline update for `session`; returns the final result of a terminal event.
fn forward(session: &Session, shown: &mut Shown, update: StreamUpdate) -> Option<FinalResult> {
    match update {
        StreamUpdate::Answer(delta) if !shown.answer_stale => {
            session.chunk(delta);
        }
        StreamUpdate::Thinking(delta) if !shown.thinking_stale => {
            session.reasoning(delta);
        }
        StreamUpdate::Answer(_) | StreamUpdate::Thinking(_) => {}
        StreamUpdate::Replace(_) => shown.answer_stale = true,
        StreamUpdate::ReplaceThinking(_) => shown.thinking_stale = true,
        StreamUpdate::Tool(tool) => {
            session.tool(tool);
        }
        StreamUpdate::Status(status) => {
            session.status(status);
        }
        StreamUpdate::Final(result) => return Some(result),
    }
    None
}
