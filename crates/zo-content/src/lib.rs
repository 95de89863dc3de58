//! zo-content: the content module of Zo Co-browse. Runs in the page (as wasm, or as its JS
//! translation on pages whose CSP forbids wasm), executes DOM actions and snapshots the page.
//!
//! Exported API (identical in both builds):
//! - `start(build)`: records which build runs (`"wasm"` or `"js"`, reported in PONG);
//! - `handle_message(json, reply)`: one `WorkerToContent` message as JSON text; answers are
//!   `ContentToWorker` JSON strings passed to `reply` (possibly several, possibly later). Each
//!   action of a batch is checked with the worker first (ACTION_CHECK, then ACTION_VERDICT:
//!   see [`guard`]); what an allowed action makes the browser do is held to what was
//!   checked (EFFECT_CHECK, then EFFECT_VERDICT: see [`effect_guard`]). Messages are read and written by zo-core's serde-free codec
//!   (`zo_core::wire::codec`, held to the serde definitions by zo-core's tests), so the module
//!   carries no serde code;
//! - `version()`: the crate version.

pub mod actionable;
#[cfg(target_arch = "wasm32")]
mod allocator;
pub mod boxes;
pub mod click;
pub mod composed;
pub mod dict;
pub mod dom;
pub mod effect_guard;
pub mod events;
pub mod executor;
pub mod extract;
pub mod facts;
pub mod failure;
pub mod fill;
pub mod guard;
pub mod hit;
pub mod in_view;
pub mod locate;
pub mod mask;
pub mod name;
pub mod option;
pub mod outline;
pub mod page_summary;
pub mod pointer;
pub mod reply;
pub mod scroll;
pub mod secret;
pub mod selector;
pub mod settle;
pub mod snapshot;
pub mod target;
pub mod tree;
pub mod turn;
pub mod uniqueness;

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use zo_core::wire::{ContentToWorker, WorkerToContent};

use crate::reply::Reply;

thread_local! {
    /// The build `start` recorded; `"wasm"` until then. Const-initialized: no lazy
    /// initialization code in the module.
    static BUILD: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Records which build of the module runs: `"wasm"` or `"js"`.
#[wasm_bindgen]
pub fn start(build: &str) {
    BUILD.with(|b| *b.borrow_mut() = Some(build.to_string()));
}

/// The crate version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The page text a snapshot sends, alone (the reader bench times the extraction with it).
#[wasm_bindgen]
pub fn page_text(budget: u32) -> String {
    dom::document()
        .map(|d| snapshot::page_text(&d, budget as usize).text)
        .unwrap_or_default()
}

/// Handles one `WorkerToContent` message (JSON text). Answers go to `reply` as
/// `ContentToWorker` JSON text: PONG and SNAPSHOT_RESULT at once, a batch's ACTION_RESULTs
/// and BATCH_DONE as it runs.
#[wasm_bindgen]
pub fn handle_message(json: &str, reply: js_sys::Function) {
    let reply = Reply::new(reply);
    let msg = match WorkerToContent::from_json_with(json, dom::parse_number) {
        Ok(m) => m,
        Err(e) => return reply.error(format!("could not read the message: {e}")),
    };
    match msg {
        WorkerToContent::Ping => {
            let build = BUILD
                .with(|b| b.borrow().clone())
                .unwrap_or_else(|| "wasm".to_string());
            reply.send(&ContentToWorker::Pong { build }, &|_| None);
        }
        WorkerToContent::ExecuteAction {
            batch_id,
            actions,
            timeout_ms,
        } => wasm_bindgen_futures::spawn_local(executor::run_batch(
            batch_id, actions, timeout_ms, reply,
        )),
        WorkerToContent::CancelBatch { batch_id } => {
            executor::cancel(&batch_id);
        }
        WorkerToContent::Snapshot {
            request_id,
            text_budget,
        } => match snapshot::take(text_budget) {
            Ok(snapshot) => reply.send(
                &ContentToWorker::SnapshotResult {
                    request_id,
                    snapshot,
                },
                &|_| None,
            ),
            Err(e) => reply.error(format!("snapshot failed: {e}")),
        },
        WorkerToContent::MaskSecrets { request_id, on } => {
            wasm_bindgen_futures::spawn_local(async move {
                match mask::set(on).await {
                    Ok(count) => reply.send(
                        &ContentToWorker::SecretsMasked { request_id, count },
                        &|_| None,
                    ),
                    Err(e) => reply.error(format!("could not cover the secret fields: {e}")),
                }
            });
        }
        WorkerToContent::ActionVerdict {
            batch_id,
            index,
            allow,
            reason,
        } => {
            guard::verdict(&batch_id, index, allow, reason);
        }
        WorkerToContent::EffectVerdict {
            batch_id,
            index,
            allow,
            reason,
        } => {
            effect_guard::verdict(&batch_id, index, allow, reason);
        }
    }
}
