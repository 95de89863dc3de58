//! Asking Zo once: the worker's side of `zo_core::stream::AskDriver`, which makes every
//! decision of an ask (attempts, retries, resume, liveness, Stop). This module only pumps it:
//! it sends the request the driver asks for ([`crate::http`]), feeds it the response head,
//! each body chunk, the end of the body, errors, liveness timeouts and Stop, sleeps when told,
//! and posts its messages on the session's panel port. The final message (STREAM_DONE /
//! STREAM_ERROR) is left to the caller, so a plain ask and a Co-browse loop of several asks both
//! build on [`stream_ask`].

use std::collections::VecDeque;

use futures::future::{select, Either};
use gloo_timers::future::TimeoutFuture;
use zo_core::stream::{AskDriver, AskSpec, Effect, RetryPolicy};
use zo_core::wire::{ApiKey, AskBody, FailureKind, Mode, StreamFailure, WorkerToPanel};

pub use zo_core::stream::{AskOutcome, Shown};
use zo_core::wire::Quote;

use crate::context::{Credentials, WorkerCtx};
use crate::http::{BodyReader, Exchange, HttpError};
use crate::session::Session;

/// One question to Zo on behalf of a chat.
#[derive(Debug, Clone, PartialEq)]
pub struct AskRequest {
    /// The panel's chat: its Zo conversation id is reused and updated.
    pub chat_id: String,
    /// Decides how the answer is assembled (Co-browse: action envelopes, no raw JSON shown).
    pub mode: Mode,
    /// The custom mode the panel named (its id): its definition is read from the settings.
    pub custom_mode: Option<String>,
    /// The full text sent as `input` (prompt included).
    pub input: String,
    /// The tab the panel is bound to, if any (used by Co-browse).
    pub tab_id: Option<i32>,
    /// Other tabs the user chose to send along ([`crate::tab_context`]).
    pub context_tabs: Vec<i32>,
    /// Page content the user chose to ask about (fenced in the prompt as page content).
    pub quote: Option<Quote>,
}

/// Asks `req.input` in the chat's Zo conversation (the one stored for `req.chat_id`), as the
/// only ask of its query.
pub async fn ask_in_chat(ctx: &WorkerCtx, session: &Session, req: &AskRequest) -> AskOutcome {
    let conversation = ctx.conversations.get(&req.chat_id).await;
    stream_ask(ctx, session, req, conversation, &mut Shown::default()).await
}

/// Streams one ask continuing `conversation_id`, posting STREAM_CHUNK / REASONING / REPLACE /
/// TOOL / STATUS / RECONNECT / DIAGNOSTIC of `session`. `shown` is what earlier asks of the same
/// query showed; it is updated with this ask's text. A conversation id Zo gives is stored for
/// the chat. Posts no final message: the caller reports the outcome (see
/// [`crate::ask::report`]). Holds the worker alive while it runs.
pub async fn stream_ask(
    ctx: &WorkerCtx,
    session: &Session,
    req: &AskRequest,
    conversation_id: Option<String>,
    shown: &mut Shown,
) -> AskOutcome {
    let _alive = ctx.keepalive.hold();
    let Credentials { settings, api_key } = match ctx.credentials().await {
        Ok(credentials) => credentials,
        Err(e) => {
            return AskOutcome::Failed(StreamFailure {
                kind: FailureKind::Permanent,
                http_status: None,
                message: e.to_string(),
                partial_text: shown.answer.clone(),
            })
        }
    };
    let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
    let mut driver = AskDriver::new(AskSpec {
        session_id: session.id().to_string(),
        mode: req.mode,
        body: AskBody {
            input: req.input.clone(),
            conversation_id,
            model_name: settings.model.clone(),
            persona_id: settings.persona_id.clone(),
            stream: true,
        },
        shown: std::mem::take(shown),
        policy: RetryPolicy::new(seed),
    });
    let pump = Pump {
        session,
        chrome: ctx.chrome.clone(),
        url: settings.ask_url(),
        api_key: &api_key,
        liveness_ms: settings.liveness_timeout_ms,
    };
    let outcome = pump.run(&mut driver).await;
    *shown = driver.shown();
    if let AskOutcome::Done(result) = &outcome {
        if let Some(id) = &result.conversation_id {
            ctx.conversations.set(&req.chat_id, id).await;
        }
    }
    outcome
}

/// What the pump waits on next.
enum Flight {
    /// Nothing: the driver is done (or waits for nothing, which ends it).
    Idle,
    /// The request to send.
    Request { body: String },
    /// A response whose body is being read.
    Body {
        controller: web_sys::AbortController,
        reader: BodyReader,
    },
    /// A backoff sleep.
    Sleep { ms: u64 },
}

impl Flight {
    /// Releases a response still open.
    fn close(&mut self) {
        if let Flight::Body { reader, .. } = std::mem::replace(self, Flight::Idle) {
            reader.close();
        }
    }
}

/// The IO of one ask.
struct Pump<'a> {
    session: &'a Session,
    /// Where the stream-shape record is kept.
    chrome: std::rc::Rc<dyn crate::chrome::ChromeApi>,
    url: String,
    api_key: &'a ApiKey,
    liveness_ms: u64,
}

impl Pump<'_> {
    async fn run(&self, driver: &mut AskDriver) -> AskOutcome {
        let mut effects: VecDeque<Effect> = driver.start().into();
        let mut flight = Flight::Idle;
        loop {
            while let Some(effect) = effects.pop_front() {
                match effect {
                    Effect::Post(msg) => {
                        if let WorkerToPanel::StreamDiagnostic { diagnostics, .. } = &msg {
                            crate::stream_shape::record(self.chrome.clone(), diagnostics);
                        }
                        self.session.post(msg);
                    }
                    Effect::Send { body, .. } => flight = Flight::Request { body },
                    Effect::Close => flight.close(),
                    Effect::Sleep { ms } => flight = Flight::Sleep { ms },
                    Effect::Done(outcome) => {
                        flight.close();
                        return outcome;
                    }
                }
            }
            effects.extend(self.next(&mut flight, driver).await);
        }
    }

    /// Waits for what `flight` waits on and tells the driver what happened.
    async fn next(&self, flight: &mut Flight, driver: &mut AskDriver) -> Vec<Effect> {
        let cancel = self.session.cancel_token();
        if cancel.is_cancelled() {
            return driver.stop();
        }
        match std::mem::replace(flight, Flight::Idle) {
            Flight::Request { body } => {
                let controller = match cancel.new_controller() {
                    Ok(controller) => controller,
                    Err(message) => return driver.on_network_error(&message),
                };
                let exchange = self.exchange(&controller);
                match exchange.post_json(&self.url, self.api_key, &body).await {
                    Ok(response) => {
                        let head = response.head(js_sys::Date::now() as u64);
                        let mut effects = driver.on_head(head);
                        match response.reader() {
                            Some(reader) => *flight = Flight::Body { controller, reader },
                            None => effects.extend(driver.on_end()),
                        }
                        effects
                    }
                    Err(e) => self.failed(driver, e),
                }
            }
            Flight::Body { controller, reader } => {
                let read = reader.next(&self.exchange(&controller)).await;
                match read {
                    Ok(Some(bytes)) => {
                        *flight = Flight::Body { controller, reader };
                        zo_stream_path::on_body(driver, &bytes)
                    }
                    Ok(None) => driver.on_end(),
                    Err(e) => self.failed(driver, e),
                }
            }
            Flight::Sleep { ms } => {
                let ms = u32::try_from(ms).unwrap_or(u32::MAX);
                match select(TimeoutFuture::new(ms), cancel.cancelled()).await {
                    Either::Left(_) => driver.on_woke(),
                    Either::Right(_) => driver.stop(),
                }
            }
            // The driver waits for nothing it asked for: end it rather than spin.
            Flight::Idle => driver.stop(),
        }
    }

    fn exchange<'a>(&'a self, controller: &'a web_sys::AbortController) -> Exchange<'a> {
        Exchange {
            controller,
            cancel: self.session.cancel_token(),
            liveness_ms: self.liveness_ms,
        }
    }

    /// Tells the driver how the exchange failed.
    fn failed(&self, driver: &mut AskDriver, error: HttpError) -> Vec<Effect> {
        match error {
            HttpError::Cancelled => driver.stop(),
            HttpError::Timeout(_) => driver.on_timeout(),
            HttpError::Redirect => driver.on_redirect(),
            HttpError::Network(message) | HttpError::Build(message) => {
                driver.on_network_error(&message)
            }
        }
    }
}
