//! `POST /zo/ask`: checks the key and the body, reads the directives, picks the answer (a
//! script step or a scenario), applies the fault and replies as JSON (`{output,
//! conversation_id}`) or as an SSE stream with the `x-conversation-id` header.

use super::directives::{self, Directives, ReplyForm};
use super::fault_frames;
use super::faults::Fault;
use super::frames::{self, Frame, StreamContext};
use super::http::{self, Request};
use super::request_log::{AuthState, Outcome};
use super::scenario::{self, Answer, Scenario};
use super::state::State;
use super::stream::{self, Ending, WriteMode};
use serde_json::{json, Value};
use std::io::Write;
use std::net::{Shutdown, TcpStream};
use std::time::Duration;
use zo_core::wire::AskReply;

/// The model named in FrontendModelRequest when the request names none.
pub const DEFAULT_MODEL: &str = "zo-dev/fast";
/// Delay between tokens unless `pace=` says otherwise (the long scenario: none).
pub const DEFAULT_PACE_MS: u64 = 3;
/// Retry-After of fault=429 unless `retry-after=` says otherwise.
pub const DEFAULT_RETRY_AFTER_SECS: u64 = 1;

/// What the request log learns about the reply.
#[derive(Debug, Clone, PartialEq)]
pub struct Handled {
    pub status: u16,
    pub outcome: Outcome,
    pub conversation_id: Option<String>,
    pub fault: Option<Fault>,
    /// When each token was written (`[[zo:stamps=1]]`).
    pub token_written_at: Option<Vec<f64>>,
}

/// An error reply in the JSON shape the dev server uses everywhere.
pub fn error_body(error_type: &str, message: &str) -> Value {
    json!({"detail": message, "error": message, "error_type": error_type})
}

/// Writes a JSON error reply.
pub fn reply_error(
    conn: &TcpStream,
    mut headers: Vec<(String, String)>,
    status: u16,
    error_type: &str,
    message: &str,
    extra: &[(&str, String)],
) -> Handled {
    headers.extend(extra.iter().map(|(n, v)| ((*n).to_owned(), v.clone())));
    let written = http::write_json(
        &mut &*conn,
        status,
        headers,
        &error_body(error_type, message),
    );
    Handled {
        status,
        outcome: written.map_or_else(|e| stream::write_error(&e), |()| Outcome::Complete),
        conversation_id: None,
        fault: None,
        token_written_at: None,
    }
}

/// Handles one `POST /zo/ask`. `on_head` is told the status, conversation id and fault as
/// soon as they are known (before a long stream runs).
pub fn handle(
    state: &State,
    req: &Request,
    conn: &TcpStream,
    cors: Vec<(String, String)>,
    on_head: &dyn Fn(&Handled),
) -> Handled {
    if state.auth(req.header("authorization")) != AuthState::Valid {
        return reply_error(
            conn,
            cors,
            401,
            "unauthorized",
            "Missing or invalid API key: send Authorization: Bearer <key>",
            &[],
        );
    }
    let body = match serde_json::from_slice::<Value>(&req.body) {
        Ok(body @ Value::Object(_)) => body,
        _ => {
            return reply_error(
                conn,
                cors,
                400,
                "invalid_json",
                "The body must be a JSON object",
                &[],
            )
        }
    };
    let Some(input) = body.get("input").and_then(Value::as_str) else {
        return reply_error(
            conn,
            cors,
            422,
            "validation_error",
            "`input` (a string) is required",
            &[],
        );
    };
    let parsed = match directives::parse(input) {
        Ok(parsed) => parsed,
        Err(e) => return reply_error(conn, cors, 400, "bad_directive", &e, &[]),
    };
    let d = &parsed.directives;
    let fault = d.fault.filter(|_| {
        state
            .faults
            .applies(d.key.as_deref().unwrap_or(input), d.times)
    });

    if let Some(delay) = d.delay_ms {
        if !stream::wait_open(conn, Duration::from_millis(delay)) {
            return Handled {
                status: 200,
                outcome: Outcome::ClientClosed,
                conversation_id: None,
                fault,
                token_written_at: None,
            };
        }
    }

    if let Some(Fault::Status(status)) = fault {
        let (error_type, message) = Fault::status_error(status);
        let extra = match status {
            429 => vec![(
                "Retry-After",
                d.retry_after
                    .unwrap_or(DEFAULT_RETRY_AFTER_SECS)
                    .to_string(),
            )],
            _ => Vec::new(),
        };
        let mut handled = reply_error(conn, cors, status, error_type, message, &extra);
        handled.fault = fault;
        return handled;
    }

    if d.reply == Some(ReplyForm::Html) {
        let page = "<!doctype html><title>Not Zo</title><p>This is a web page, not Zo's API \
                    (simulated by zo-dev serve).</p>";
        let written = http::write_full(
            &mut &*conn,
            200,
            cors,
            "text/html; charset=utf-8",
            page.as_bytes(),
        );
        return Handled {
            status: 200,
            outcome: written.map_or_else(|e| stream::write_error(&e), |()| Outcome::Complete),
            conversation_id: None,
            fault,
            token_written_at: None,
        };
    }

    let client_conversation = body
        .get("conversation_id")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty());
    let delivers = fault.is_none_or(Fault::delivers_answer);
    let step = state
        .scripts
        .step(client_conversation, d.script.as_deref(), delivers, || {
            state.new_conversation_id()
        });
    let (conversation_id, answer, scenario) = match step {
        Err(e) => return reply_error(conn, cors, 400, "unknown_script", &e, &[]),
        Ok(Some((conversation_id, step))) => {
            (conversation_id, scenario::text_answer(&step.text), None)
        }
        Ok(None) => {
            let scenario = d.scenario.unwrap_or(Scenario::Thinking);
            (
                client_conversation.map_or_else(|| state.new_conversation_id(), str::to_owned),
                scenario::answer(scenario, &parsed.question, d.size),
                Some(scenario),
            )
        }
    };
    // A diverging attempt streams a first draft instead.
    let answer = match fault {
        Some(Fault::Diverge) => scenario::draft(&answer),
        _ => answer,
    };
    let mut handled = Handled {
        status: 200,
        outcome: Outcome::Complete,
        conversation_id: Some(conversation_id.clone()),
        fault,
        token_written_at: None,
    };
    let wants_stream = body.get("stream").and_then(Value::as_bool) == Some(true)
        && d.reply != Some(ReplyForm::Json);
    let mut headers = cors;
    headers.push(("x-conversation-id".to_owned(), conversation_id.clone()));
    if !wants_stream {
        handled.outcome = reply_json(
            conn,
            headers,
            &answer,
            &conversation_id,
            fault,
            &mut handled,
            on_head,
        );
        return handled;
    }

    let model_name = body
        .get("model_name")
        .and_then(Value::as_str)
        .unwrap_or(DEFAULT_MODEL);
    let ctx = StreamContext {
        conversation_id: &conversation_id,
        input,
        model_name,
    };
    let all = frames::frames(&answer, &ctx);
    let (frames, mode, ending) = shape_stream(all, &answer, &conversation_id, d, fault);
    let pace = Duration::from_millis(d.pace_ms.unwrap_or(match scenario {
        Some(Scenario::Long) => 0,
        _ => DEFAULT_PACE_MS,
    }));
    headers.extend([
        (
            "Content-Type".to_owned(),
            "text/event-stream; charset=utf-8".to_owned(),
        ),
        ("Cache-Control".to_owned(), "no-cache".to_owned()),
        ("X-Accel-Buffering".to_owned(), "no".to_owned()),
        ("Transfer-Encoding".to_owned(), "chunked".to_owned()),
    ]);
    if let Err(e) = http::write_head(&mut &*conn, 200, &headers) {
        handled.outcome = stream::write_error(&e);
        return handled;
    }
    on_head(&handled);
    let mut stamps = d.stamps.then(Vec::new);
    handled.outcome = stream::write_stream(conn, &frames, pace, mode, ending, stamps.as_mut());
    handled.token_written_at = stamps;
    handled
}

/// The frames, write mode and ending the fault asks for.
fn shape_stream(
    all: Vec<Frame>,
    answer: &Answer,
    conversation_id: &str,
    d: &Directives,
    fault: Option<Fault>,
) -> (Vec<Frame>, WriteMode, Ending) {
    let tokens = all.iter().filter(|f| f.is_token()).count();
    let after = d.after.unwrap_or((tokens / 2).max(1));
    let prefix = || fault_frames::truncate_after_tokens(&all, after);
    match fault {
        None | Some(Fault::Status(_)) => (all, WriteMode::Whole, Ending::Finish),
        Some(Fault::Cut | Fault::Diverge) => (prefix(), WriteMode::Whole, Ending::Cut),
        Some(Fault::Hang) => (prefix(), WriteMode::Whole, Ending::Hang),
        Some(Fault::Failed) => {
            let mut f = prefix();
            f.push(fault_frames::failed_frame(answer.style, conversation_id));
            (f, WriteMode::Whole, Ending::Finish)
        }
        Some(Fault::CompletedFailed) => {
            let mut f = prefix();
            f.push(fault_frames::completed_failed_frame(conversation_id));
            (f, WriteMode::Whole, Ending::Finish)
        }
        Some(Fault::Malformed) => (
            fault_frames::inject_malformed(&all),
            WriteMode::Whole,
            Ending::Finish,
        ),
        Some(Fault::BadJson) => (
            fault_frames::inject_bad_json(&all),
            WriteMode::Whole,
            Ending::Finish,
        ),
        Some(Fault::Bytewise) => (all, WriteMode::Bytewise, Ending::Finish),
        Some(Fault::SplitUtf8) => (all, WriteMode::SplitUtf8, Ending::Finish),
    }
}

/// The non-streaming reply, with the faults mapped onto a JSON body: cut (and diverge) = half
/// the body then close; hang = no reply until the client leaves; failed = 500; malformed/badjson = a
/// truncated JSON body; bytewise/split-utf8 = the body in small writes.
fn reply_json(
    conn: &TcpStream,
    headers: Vec<(String, String)>,
    answer: &Answer,
    conversation_id: &str,
    fault: Option<Fault>,
    handled: &mut Handled,
    on_head: &dyn Fn(&Handled),
) -> Outcome {
    let reply = AskReply {
        output: answer.text(),
        conversation_id: Some(conversation_id.to_owned()),
    };
    let body = serde_json::to_string(&reply).unwrap_or_default();
    let mut out = conn;
    let result = match fault {
        Some(Fault::Hang) => {
            on_head(handled);
            return stream::wait_for_close(conn);
        }
        Some(Fault::Failed | Fault::CompletedFailed) => {
            handled.status = 500;
            let value = error_body(
                "ModelProviderError",
                "The model provider returned an error (simulated by zo-dev serve)",
            );
            http::write_json(&mut out, 500, headers, &value)
        }
        Some(Fault::Malformed | Fault::BadJson) => {
            let cut = &body.as_bytes()[..body.len() / 2];
            http::write_full(&mut out, 200, headers, "application/json", cut)
        }
        Some(Fault::Cut | Fault::Diverge) => {
            let mut headers = headers;
            headers.push(("Content-Type".to_owned(), "application/json".to_owned()));
            headers.push(("Content-Length".to_owned(), body.len().to_string()));
            let half = floor_char_boundary(&body, body.len() / 2);
            let written = http::write_head(&mut out, 200, &headers)
                .and_then(|()| out.write_all(&body.as_bytes()[..half]))
                .and_then(|()| out.flush());
            return match written {
                Ok(()) => {
                    let _ = conn.shutdown(Shutdown::Both);
                    Outcome::ServerCut
                }
                Err(e) => stream::write_error(&e),
            };
        }
        Some(mode @ (Fault::Bytewise | Fault::SplitUtf8)) => {
            let mut headers = headers;
            headers.push(("Content-Type".to_owned(), "application/json".to_owned()));
            headers.push(("Content-Length".to_owned(), body.len().to_string()));
            let mode = match mode {
                Fault::Bytewise => WriteMode::Bytewise,
                _ => WriteMode::SplitUtf8,
            };
            http::write_head(&mut out, 200, &headers).and_then(|()| {
                stream::pieces(body.as_bytes(), mode)
                    .into_iter()
                    .try_for_each(|piece| out.write_all(piece).and_then(|()| out.flush()))
            })
        }
        None | Some(Fault::Status(_)) => {
            http::write_full(&mut out, 200, headers, "application/json", body.as_bytes())
        }
    };
    result.map_or_else(|e| stream::write_error(&e), |()| Outcome::Complete)
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    while index > 0 && !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}
