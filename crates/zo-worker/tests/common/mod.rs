//! Shared helpers of the worker's browser tests: a worker context over in-memory chrome.*, a
//! recording panel port, and raw HTTP to `zo-dev serve` (base URL from `ZO_TEST_SERVER` at
//! compile time) for reference answers and the request log.

#![allow(dead_code)]

use std::rc::Rc;

use crate::fakes::{MemoryChrome, MemoryPort};
use gloo_timers::future::TimeoutFuture;
use js_sys::{Function, Promise, Reflect};
use serde_json::{json, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Request, RequestInit, Response};
use zo_core::wire::{FinalResult, FinalStatus, Mode, StreamFailure, WorkerToPanel};
use zo_worker::ask::report;
use zo_worker::chrome::StorageArea;
use zo_worker::context::WorkerCtx;
use zo_worker::port::PanelPort;
use zo_worker::session::Session;
use zo_worker::stream::{ask_in_chat, AskRequest};
use zo_worker::worker::handle_panel_message;

pub const KEY: &str = "zo_sk_dev";

pub fn server() -> &'static str {
    match option_env!("ZO_TEST_SERVER") {
        Some(url) => url,
        None => panic!(
            "build the tests with ZO_TEST_SERVER=http://127.0.0.1:PORT of a running zo-dev serve"
        ),
    }
}

/// A name no other test run used (the server's fault counters are per key).
pub fn unique(prefix: &str) -> String {
    format!("{prefix}-{}", (js_sys::Math::random() * 1e15) as u64)
}

pub struct Harness {
    pub chrome: Rc<MemoryChrome>,
    pub ctx: WorkerCtx,
    pub port: Rc<MemoryPort>,
}

impl Harness {
    /// Settings pointing at the test server with `liveness_ms`; keepalive every `keepalive_ms`.
    pub fn new(liveness_ms: u64, keepalive_ms: u32) -> Harness {
        let chrome = Rc::new(MemoryChrome::new());
        chrome.put(
            StorageArea::Local,
            "settings",
            json!({"apiBaseUrl": server(), "livenessTimeoutMs": liveness_ms}),
        );
        chrome.put(StorageArea::Local, "apiKey", json!(KEY));
        let ctx = WorkerCtx::new(chrome.clone(), keepalive_ms);
        Harness {
            chrome,
            ctx,
            port: Rc::new(MemoryPort::new()),
        }
    }

    pub fn default() -> Harness {
        Harness::new(10_000, 20_000)
    }

    /// The panel sends `msg` on port 1.
    pub fn send(&self, msg: Value) {
        let port: Rc<dyn PanelPort> = self.port.clone();
        handle_panel_message(&self.ctx, 1, port, &msg.to_string());
    }

    /// Starts `session` as the ASK_ZO handler does, but with `input` sent verbatim (the real
    /// handler wraps it in the mode's page prompt): `ask_in_chat`, then the final message.
    pub fn ask(&self, session: &str, chat: &str, input: &str) {
        let port: Rc<dyn PanelPort> = self.port.clone();
        let session = Session::new(session, 1, port);
        assert!(self.ctx.sessions.insert(session.clone()));
        let req = AskRequest {
            chat_id: chat.to_string(),
            mode: Mode::Ask,
            custom_mode: None,
            input: input.to_string(),
            tab_id: None,
            context_tabs: Vec::new(),
            quote: None,
        };
        let ctx = self.ctx.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let outcome = ask_in_chat(&ctx, &session, &req).await;
            report(&session, outcome);
            ctx.sessions.remove(&session);
        });
    }

    pub fn stop(&self, session: &str) {
        self.send(json!({"type": "STOP", "sessionId": session}));
    }

    /// Messages of `session`, in order.
    pub fn messages(&self, session: &str) -> Vec<WorkerToPanel> {
        self.port
            .messages()
            .into_iter()
            .filter(|m| m.session_id() == session)
            .collect()
    }

    /// Waits for the final STREAM_DONE / STREAM_ERROR of `session` and returns all its messages.
    pub async fn finished(&self, session: &str) -> Vec<WorkerToPanel> {
        wait_for(&format!("final message of {session}"), || {
            self.messages(session).iter().any(is_final)
        })
        .await;
        self.messages(session)
    }

    /// Waits until `session` posted some answer text.
    pub async fn first_chunk(&self, session: &str) {
        wait_for(&format!("first chunk of {session}"), || {
            !chunks(&self.messages(session)).is_empty()
        })
        .await;
    }
}

pub fn is_final(m: &WorkerToPanel) -> bool {
    matches!(
        m,
        WorkerToPanel::StreamDone { .. } | WorkerToPanel::StreamError { .. }
    )
}

/// Polls `cond` every 10 ms; panics after 60 s.
pub async fn wait_for(what: &str, mut cond: impl FnMut() -> bool) {
    for _ in 0..6000 {
        if cond() {
            return;
        }
        TimeoutFuture::new(10).await;
    }
    panic!("timed out waiting for {what}");
}

/// The concatenated STREAM_CHUNK deltas.
pub fn chunks(msgs: &[WorkerToPanel]) -> String {
    msgs.iter()
        .filter_map(|m| match m {
            WorkerToPanel::StreamChunk { delta, .. } => Some(delta.as_str()),
            _ => None,
        })
        .collect()
}

pub fn reconnects(msgs: &[WorkerToPanel]) -> Vec<(u32, u32, u64, String)> {
    msgs.iter()
        .filter_map(|m| match m {
            WorkerToPanel::StreamReconnect {
                attempt,
                max,
                delay_ms,
                reason,
                ..
            } => Some((*attempt, *max, *delay_ms, reason.clone())),
            _ => None,
        })
        .collect()
}

pub fn done(msgs: &[WorkerToPanel]) -> FinalResult {
    match msgs.last() {
        Some(WorkerToPanel::StreamDone { result, .. }) => result.clone(),
        other => panic!("expected STREAM_DONE last, got {other:?}"),
    }
}

pub fn error(msgs: &[WorkerToPanel]) -> StreamFailure {
    match msgs.last() {
        Some(WorkerToPanel::StreamError { error, .. }) => error.clone(),
        other => panic!("expected STREAM_ERROR last, got {other:?}"),
    }
}

/// Exactly one final message, and it is the last.
pub fn assert_single_final(msgs: &[WorkerToPanel]) {
    let finals = msgs.iter().filter(|m| is_final(m)).count();
    assert_eq!(finals, 1, "{msgs:?}");
    assert!(msgs.last().is_some_and(is_final), "{msgs:?}");
}

async fn fetch(method: &str, path: &str, body: Option<&Value>) -> Value {
    let init = RequestInit::new();
    init.set_method(method);
    let headers = web_sys::Headers::new().unwrap();
    headers
        .set("Authorization", &format!("Bearer {KEY}"))
        .unwrap();
    headers.set("Content-Type", "application/json").unwrap();
    init.set_headers(&headers);
    if let Some(body) = body {
        init.set_body(&JsValue::from_str(&body.to_string()));
    }
    let request = Request::new_with_str_and_init(&format!("{}{path}", server()), &init).unwrap();
    let fetch: Function = Reflect::get(&js_sys::global(), &JsValue::from_str("fetch"))
        .unwrap()
        .dyn_into()
        .unwrap();
    let promise: Promise = fetch
        .call1(&JsValue::NULL, &request)
        .unwrap()
        .dyn_into()
        .unwrap();
    let response: Response = JsFuture::from(promise).await.unwrap().dyn_into().unwrap();
    assert!(response.ok(), "{method} {path}: HTTP {}", response.status());
    let text = JsFuture::from(response.text().unwrap()).await.unwrap();
    serde_json::from_str(&text.as_string().unwrap()).unwrap()
}

/// Defines a `zo-dev serve` script: one answer per Co-browse step.
pub async fn define_script(name: &str, steps: &[&str]) {
    let reply = fetch(
        "POST",
        "/__script",
        Some(&json!({"name": name, "steps": steps})),
    )
    .await;
    assert_eq!(reply["ok"], true, "{reply}");
}

/// The server's whole answer to `input` (non-streaming, fault directives left out by caller).
pub async fn reference_text(input: &str) -> String {
    let answer = fetch(
        "POST",
        "/zo/ask",
        Some(&json!({"input": input, "stream": false})),
    )
    .await;
    answer["output"].as_str().unwrap().to_string()
}

/// Recorded /zo/ask requests whose input contains `needle`.
pub async fn requests_with(needle: &str) -> Vec<Value> {
    requests_to("/zo/ask", needle).await
}

/// Recorded requests to `path` whose JSON body's input contains `needle`.
pub async fn requests_to(path: &str, needle: &str) -> Vec<Value> {
    let all = fetch("GET", "/__requests", None).await;
    all.as_array()
        .unwrap()
        .iter()
        .filter(|r| {
            r["path"] == path
                && r["body"]["input"]
                    .as_str()
                    .is_some_and(|i| i.contains(needle))
        })
        .cloned()
        .collect()
}

/// Waits until the server finished every request containing `needle` and returns them.
pub async fn finished_requests(needle: &str, count: usize) -> Vec<Value> {
    let mut last = Vec::new();
    for _ in 0..600 {
        last = requests_with(needle).await;
        if last.len() >= count && last.iter().all(|r| r["finished"] == true) {
            return last;
        }
        TimeoutFuture::new(100).await;
    }
    panic!("server did not finish {count} request(s) with {needle}: {last:?}");
}

/// Streamed chunks and the final text both equal the server's answer; one final message;
/// every message names the session.
pub fn assert_complete(msgs: &[WorkerToPanel], reference: &str) {
    assert_single_final(msgs);
    let result = done(msgs);
    assert_eq!(result.status, FinalStatus::Succeeded, "{msgs:?}");
    assert_eq!(result.text, reference);
    assert_eq!(chunks(msgs), reference, "streamed text differs");
}
