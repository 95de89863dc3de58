//! The panel side of the worker: `stream` ports connect, their messages (JSON text) are read
//! into `PanelToWorker` by zo-core's codec and dispatched (ASK_ZO starts a session, STOP stops
//! one), and a port that disconnects cancels its sessions. A port is kept only when [`crate::gate`] admits its sender
//! (the side panel or the options page); any other is disconnected at once, so its messages
//! reach nothing. [`handle_panel_message`] is independent of chrome.* so tests drive it with a
//! port of their own.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use zo_core::wire::{ApprovalDecision, PanelToWorker, STREAM_PORT};

use crate::approval::RESUME_ID;
use crate::chrome::BrowserChrome;
use crate::context::WorkerCtx;
use crate::convert::warn;
use crate::gate;
use crate::keepalive::KEEPALIVE_INTERVAL_MS;
use crate::port::{ChromePort, PanelPort};
use crate::session::Session;
use crate::stream::AskRequest;

/// Handles one message (JSON text) from a panel port. Unreadable messages are logged and
/// ignored (they cannot be attributed to a session safely).
pub fn handle_panel_message(ctx: &WorkerCtx, port_id: u32, port: Rc<dyn PanelPort>, message: &str) {
    let parsed = match PanelToWorker::from_json(message) {
        Ok(parsed) => parsed,
        Err(e) => {
            warn("ignored a panel message", &e.to_string());
            return;
        }
    };
    match parsed {
        PanelToWorker::AskZo {
            session_id,
            chat_id,
            mode_id,
            custom_mode,
            input,
            tab_id,
            context_tabs,
            quote,
        } => {
            let session = Session::new(session_id, port_id, port);
            if !ctx.sessions.insert(session.clone()) {
                warn("ignored ASK_ZO of a session already running", session.id());
                return;
            }
            let req = AskRequest {
                chat_id,
                mode: mode_id,
                custom_mode,
                input,
                tab_id,
                context_tabs,
                quote,
            };
            wasm_bindgen_futures::spawn_local(crate::ask::handle_ask(ctx.clone(), session, req));
        }
        PanelToWorker::Stop { session_id } => {
            // Unknown id: the session already ended and sent its final message.
            ctx.sessions.stop(&session_id);
        }
        PanelToWorker::Resume {
            session_id,
            run_rest,
        } => {
            let answer = if run_rest {
                ApprovalDecision::Once
            } else {
                ApprovalDecision::Deny
            };
            if !ctx
                .sessions
                .answer_approval(&session_id, port_id, RESUME_ID, answer)
            {
                warn("ignored a RESUME nothing waits for", &session_id);
            }
        }
        PanelToWorker::Approval {
            session_id,
            approval_id,
            decision,
        } => {
            if !ctx
                .sessions
                .answer_approval(&session_id, port_id, approval_id, decision)
            {
                warn("ignored an APPROVAL nothing waits for", &session_id);
            }
        }
        PanelToWorker::AllowSend { session_id, origin } => {
            // Only the panel that asked the task answers for it.
            let asked = ctx
                .sessions
                .get(&session_id)
                .is_some_and(|s| s.port_id() == port_id);
            if !asked || !crate::net_guard::allow_send(&session_id, &origin) {
                warn(
                    "ignored an ALLOW_SEND no blocked send of a running task asks for",
                    &origin,
                );
            }
        }
    }
}

/// The worker's global state: context over the real chrome.* and the connected ports.
struct Worker {
    ctx: WorkerCtx,
    ports: HashMap<u32, Rc<ChromePort>>,
    next_port_id: u32,
}

thread_local! {
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

fn with_worker<R>(f: impl FnOnce(&mut Worker) -> R) -> R {
    WORKER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let worker = slot.get_or_insert_with(|| Worker {
            ctx: WorkerCtx::new(Rc::new(BrowserChrome), KEEPALIVE_INTERVAL_MS),
            ports: HashMap::new(),
            next_port_id: 1,
        });
        f(worker)
    })
}

/// The shared context of the running worker (co-browse code reaches chrome.* through it).
pub fn context() -> WorkerCtx {
    with_worker(|w| w.ctx.clone())
}

fn port_id_of(port: &zo_chrome::Port) -> Option<u32> {
    port.zo_port_id()
        .filter(|id| id.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(id))
        .map(|id| id as u32)
}

/// `port.disconnect()`, best effort.
fn disconnect(port: &zo_chrome::Port) {
    if let Err(e) = port.disconnect() {
        warn("disconnecting a refused port", &zo_chrome::error_text(&e));
    }
}

/// chrome.runtime.onConnect: registers a `stream` port of the side panel or the options page;
/// every other port is disconnected.
pub fn on_connect(port: JsValue) {
    let port: zo_chrome::Port = port.unchecked_into();
    let Some(page) = gate::admit(port.sender().as_ref(), "a port") else {
        disconnect(&port);
        return;
    };
    if port.name().as_deref() != Some(STREAM_PORT) {
        warn("refused a port", "not the stream port");
        disconnect(&port);
        return;
    }
    with_worker(|w| {
        let id = w.next_port_id;
        w.next_port_id += 1;
        port.set_zo_port_id(f64::from(id));
        w.ports.insert(id, Rc::new(ChromePort::new(port, page)));
    });
}

/// port.onMessage of a `stream` port: one `PanelToWorker` as JSON text.
pub fn on_port_message(port: JsValue, message: JsValue) {
    let Some(id) = port_id_of(port.unchecked_ref()) else {
        return;
    };
    let Some((ctx, chrome_port)) =
        with_worker(|w| w.ports.get(&id).map(|p| (w.ctx.clone(), p.clone())))
    else {
        return;
    };
    match message.as_string() {
        Some(text) => handle_panel_message(&ctx, id, chrome_port, &text),
        None => warn("ignored a panel message", "not JSON text"),
    }
}

/// port.onDisconnect: the panel closed; its sessions are cancelled (fetches aborted).
pub fn on_port_disconnect(port: JsValue) {
    let Some(id) = port_id_of(port.unchecked_ref()) else {
        return;
    };
    let ctx = with_worker(|w| {
        if let Some(p) = w.ports.remove(&id) {
            p.mark_dead();
        }
        w.ctx.clone()
    });
    ctx.sessions.cancel_port(id);
}
