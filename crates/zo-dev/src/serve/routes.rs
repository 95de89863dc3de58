//! One connection: read the request, record it, dispatch it to its route, record how the
//! reply ended. Routes: `POST /zo/ask`, `GET /models/available`, `GET /personas/available`,
//! `/redirect/<path>` (any method: `307 Temporary Redirect` to `/<path>` on this server, so tests
//! can check that a client never carries its key through a redirect), the test controls
//! `POST /__script`, `GET|DELETE /__requests`, `POST /__reset`, and CORS preflights (`OPTIONS`).

use super::ask::{self, reply_error, Handled};
use super::cors;
use super::http::{self, ReadError, Request};
use super::request_log::{loggable_body, loggable_headers, AuthState, Entry, Outcome};
use super::state::State;
use super::stream;
use serde_json::{json, Value};
use std::net::{Shutdown, TcpStream};
use std::time::Duration;

/// How long a client may take to send its request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Serves one connection to the end.
pub fn serve_connection(state: &State, mut conn: TcpStream) {
    let _ = conn.set_nodelay(true);
    let _ = conn.set_read_timeout(Some(REQUEST_TIMEOUT));
    let req = match http::read_request(&mut conn) {
        Ok(req) => req,
        Err(ReadError::Closed) => return,
        Err(ReadError::Io(e)) => {
            if state.verbose {
                eprintln!("zo-dev serve: reading a request failed: {e}");
            }
            return;
        }
        Err(ReadError::TooLarge) => {
            reply_error(
                &conn,
                Vec::new(),
                413,
                "too_large",
                "Request too large",
                &[],
            );
            return close(conn);
        }
        Err(ReadError::Malformed(why)) => {
            reply_error(&conn, Vec::new(), 400, "bad_request", &why, &[]);
            return close(conn);
        }
    };
    let _ = conn.set_read_timeout(None);
    let control = req.path.starts_with("/__");
    let seq = (!control).then(|| state.log.record(entry_for(state, &req)));
    let on_head = |h: &Handled| {
        if let Some(seq) = seq {
            state.log.update(seq, |e| {
                e.status = Some(h.status);
                e.conversation_id = h.conversation_id.clone();
                e.fault = h.fault.map(|f| f.name().to_owned());
            });
        }
    };
    let handled = dispatch(state, &req, &conn, &on_head);
    if state.verbose {
        eprintln!(
            "zo-dev serve: {} {} -> {} {:?}",
            req.method, req.path, handled.status, handled.outcome
        );
    }
    if let Some(seq) = seq {
        on_head(&handled);
        state.log.update(seq, |e| {
            e.finished = true;
            e.outcome = Some(handled.outcome);
            e.client_closed_early = handled.outcome == Outcome::ClientClosed;
            e.token_written_at.clone_from(&handled.token_written_at);
        });
    }
    if handled.outcome == Outcome::Complete {
        close(conn);
    }
}

/// Ends a connection whose reply is complete: no more writes, then close.
fn close(conn: TcpStream) {
    let _ = conn.shutdown(Shutdown::Write);
}

fn entry_for(state: &State, req: &Request) -> Entry {
    Entry {
        seq: 0,
        method: req.method.clone(),
        path: req.path.clone(),
        query: req.query.clone(),
        headers: loggable_headers(&req.headers),
        authorization: state.auth(req.header("authorization")),
        body: loggable_body(&req.body),
        status: None,
        conversation_id: None,
        fault: None,
        finished: false,
        outcome: None,
        client_closed_early: false,
        token_written_at: None,
    }
}

fn dispatch(state: &State, req: &Request, conn: &TcpStream, on_head: &dyn Fn(&Handled)) -> Handled {
    let cors = cors::response_headers(req);
    let json = |status: u16, value: Value| -> Handled {
        let written = http::write_json(&mut &*conn, status, cors.clone(), &value);
        Handled {
            status,
            outcome: written.map_or_else(|e| stream::write_error(&e), |()| Outcome::Complete),
            conversation_id: None,
            fault: None,
            token_written_at: None,
        }
    };
    let authorized = || state.auth(req.header("authorization")) == AuthState::Valid;
    let unauthorized = || {
        reply_error(
            conn,
            cors.clone(),
            401,
            "unauthorized",
            "Missing or invalid API key: send Authorization: Bearer <key>",
            &[],
        )
    };
    match (req.method.as_str(), req.path.as_str()) {
        ("OPTIONS", _) => preflight(req, conn),
        (_, path) if path.starts_with(REDIRECT_PREFIX) => redirect(req, conn, cors.clone()),
        ("POST", "/zo/ask") => ask::handle(state, req, conn, cors.clone(), on_head),
        ("GET", "/models/available") if authorized() => json(200, models()),
        ("GET", "/personas/available") if authorized() => json(200, personas()),
        ("GET", "/models/available" | "/personas/available") => unauthorized(),
        ("GET", "/") => json(200, json!({"server": "zo-dev serve", "ok": true})),
        ("POST", "/__script") => define_script(state, req, conn, cors.clone()),
        ("GET", "/__requests") => json(200, state.log.to_json()),
        ("DELETE", "/__requests") => {
            state.log.clear();
            json(200, json!({"ok": true}))
        }
        ("POST", "/__reset") => {
            state.reset();
            json(200, json!({"ok": true}))
        }
        (
            _,
            "/zo/ask"
            | "/models/available"
            | "/personas/available"
            | "/__script"
            | "/__requests"
            | "/__reset",
        ) => reply_error(
            conn,
            cors.clone(),
            405,
            "method_not_allowed",
            &format!("{} is not allowed on {}", req.method, req.path),
            &[],
        ),
        _ => reply_error(
            conn,
            cors.clone(),
            404,
            "not_found",
            &format!("no route {}", req.path),
            &[],
        ),
    }
}

/// Paths under this prefix answer with a redirect to the rest of the path.
const REDIRECT_PREFIX: &str = "/redirect/";

/// `307` to the path after [`REDIRECT_PREFIX`] (query kept): method, body and, for a client that
/// follows it, the `Authorization` header go along to the same server.
fn redirect(req: &Request, conn: &TcpStream, mut headers: Vec<(String, String)>) -> Handled {
    let target = &req.path[REDIRECT_PREFIX.len() - 1..];
    let location = match &req.query {
        Some(query) => format!("{target}?{query}"),
        None => target.to_owned(),
    };
    headers.push(("Location".to_owned(), location));
    let written = http::write_full(&mut &*conn, 307, headers, "text/plain", b"");
    Handled {
        status: 307,
        outcome: written.map_or_else(|e| stream::write_error(&e), |()| Outcome::Complete),
        conversation_id: None,
        fault: None,
        token_written_at: None,
    }
}

fn preflight(req: &Request, conn: &TcpStream) -> Handled {
    let (status, headers) = match cors::preflight_headers(req) {
        Some(headers) => (204, headers),
        None => (403, Vec::new()),
    };
    let written = http::write_full(&mut &*conn, status, headers, "text/plain", b"");
    Handled {
        status,
        outcome: written.map_or_else(|e| stream::write_error(&e), |()| Outcome::Complete),
        conversation_id: None,
        fault: None,
        token_written_at: None,
    }
}

fn define_script(
    state: &State,
    req: &Request,
    conn: &TcpStream,
    cors: Vec<(String, String)>,
) -> Handled {
    let parsed: Result<(String, Vec<String>), String> = serde_json::from_slice::<Value>(&req.body)
        .map_err(|e| format!("the body must be JSON: {e}"))
        .and_then(|body| {
            let name = body
                .get("name")
                .and_then(Value::as_str)
                .ok_or("`name` (a string) is required")?;
            let steps = body
                .get("steps")
                .and_then(Value::as_array)
                .ok_or("`steps` (an array of strings) is required")?
                .iter()
                .map(|s| {
                    s.as_str()
                        .map(str::to_owned)
                        .ok_or("every step must be a string")
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok((name.to_owned(), steps))
        });
    let result = parsed.and_then(|(name, steps)| {
        let count = steps.len();
        state.scripts.define(&name, steps).map(|()| (name, count))
    });
    match result {
        Ok((name, count)) => {
            let value = json!({"ok": true, "name": name, "steps": count});
            let written = http::write_json(&mut &*conn, 200, cors, &value);
            Handled {
                status: 200,
                outcome: written.map_or_else(|e| stream::write_error(&e), |()| Outcome::Complete),
                conversation_id: None,
                fault: None,
                token_written_at: None,
            }
        }
        Err(e) => reply_error(conn, cors, 400, "bad_script", &e, &[]),
    }
}

/// `GET /models/available`, in the documented shape.
fn models() -> Value {
    json!({"models": [
        {"model_name": "zo-dev/fast", "label": "Zo Dev Fast", "vendor": "Zo",
         "description": "Local dev server model: quick scripted answers.", "type": "fast",
         "context_window": 200000, "is_byok": false},
        {"model_name": "zo-dev/capable", "label": "Zo Dev Capable", "vendor": "Zo",
         "description": "Local dev server model: the same scripted answers.", "type": "capable",
         "context_window": 1000000, "is_byok": false},
    ]})
}

/// `GET /personas/available`, in the documented shape.
fn personas() -> Value {
    json!({"personas": [
        {"id": "persona_default", "name": "Zo", "prompt": "You are Zo, a helpful assistant.",
         "model": "zo-dev/fast", "image": ""},
        {"id": "persona_browser", "name": "Co-browser",
         "prompt": "You operate the user's browser tab with JSON actions.",
         "model": "zo-dev/capable", "image": ""},
    ]})
}
