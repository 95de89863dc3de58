//! The worker's session handling in a real service worker against `zo-dev serve`: STOP,
//! isolation of sessionIds, dead panel ports, the keepalive counter and the ASK_ZO / STOP
//! dispatch.

#![cfg(test)]

mod fakes;

mod common;

use common::*;
use fakes::MemoryPort;
use wasm_bindgen_test::*;
use zo_core::stream::AskOutcome;
use zo_core::wire::{FinalStatus, WorkerToPanel};
use zo_worker::port::PanelPort;
use zo_worker::session::{Session, STOPPED};

wasm_bindgen_test_configure!(run_in_service_worker);

#[wasm_bindgen_test]
async fn stop_aborts_the_fetch_and_ends_the_session_once() {
    let h = Harness::default();
    let key = unique("stop");
    let session = unique("s");
    h.ask(
        &session,
        &unique("chat"),
        &format!("Long answer [[zo:pace=150]] [[zo:key={key}]]"),
    );
    h.first_chunk(&session).await;
    h.stop(&session);
    let msgs = h.finished(&session).await;
    let count = msgs.len();
    assert_single_final(&msgs);
    let result = done(&msgs);
    assert_eq!(result.status, FinalStatus::Incomplete);
    assert_eq!(result.error.as_deref(), Some(STOPPED));
    assert_eq!(result.text, chunks(&msgs), "the partial text is kept");
    // The server saw the connection close early.
    let reqs = finished_requests(&key, 1).await;
    assert_eq!(reqs[0]["clientClosedEarly"], true, "{:?}", reqs[0]);
    // Nothing more arrives for the stopped session.
    assert_eq!(h.messages(&session).len(), count);
    assert!(h.ctx.sessions.is_empty());
}

#[wasm_bindgen_test]
async fn late_messages_of_a_stopped_session_never_reach_the_next_one() {
    let h = Harness::default();
    let chat = unique("chat");
    let old = unique("old");
    let old_key = unique("old");
    h.ask(
        &old,
        &chat,
        &format!("First question [[zo:pace=100]] [[zo:key={old_key}]]"),
    );
    h.first_chunk(&old).await;
    h.stop(&old);
    let new = unique("new");
    let new_key = unique("new");
    h.ask(
        &new,
        &chat,
        &format!("Second question [[zo:key={new_key}]]"),
    );
    let new_msgs = h.finished(&new).await;
    let old_msgs = h.finished(&old).await;
    // The new session got exactly its own answer.
    let reference = reference_text("Second question").await;
    assert_complete(&new_msgs, &reference);
    // After STOP the old session posted only its final message.
    let all = h.port.messages();
    let stop_point = all
        .iter()
        .position(|m| m.session_id() == new)
        .expect("new session messages");
    let late: Vec<&WorkerToPanel> = all[stop_point..]
        .iter()
        .filter(|m| m.session_id() == old)
        .collect();
    assert!(late.iter().all(|m| is_final(m)), "{late:?}");
    assert_single_final(&old_msgs);
    // Every message names one of the two sessions.
    assert!(all
        .iter()
        .all(|m| m.session_id() == old || m.session_id() == new));
}

#[wasm_bindgen_test]
async fn a_dead_panel_port_cancels_its_stream() {
    let h = Harness::default();
    let key = unique("dead");
    let session = unique("s");
    h.ask(
        &session,
        &unique("chat"),
        &format!("Nobody listens [[zo:pace=150]] [[zo:key={key}]]"),
    );
    h.first_chunk(&session).await;
    let before = h.port.len();
    h.port.mark_dead();
    // The next post fails, the session cancels and the server sees the close.
    let reqs = finished_requests(&key, 1).await;
    assert_eq!(reqs[0]["clientClosedEarly"], true, "{:?}", reqs[0]);
    wait_for("session removed", || h.ctx.sessions.is_empty()).await;
    assert_eq!(h.port.len(), before, "nothing is recorded on a dead port");
}

#[wasm_bindgen_test]
async fn keepalive_pings_while_streaming_and_stops_when_idle() {
    let h = Harness::new(10_000, 50);
    let key = unique("alive");
    let session = unique("s");
    assert_eq!(h.ctx.keepalive.in_flight(), 0);
    h.ask(
        &session,
        &unique("chat"),
        &format!("Keep me alive [[zo:pace=40]] [[zo:key={key}]]"),
    );
    h.first_chunk(&session).await;
    assert_eq!(h.ctx.keepalive.in_flight(), 1);
    wait_for("a keepalive ping", || h.chrome.pings() > 0).await;
    done(&h.finished(&session).await);
    assert_eq!(h.ctx.keepalive.in_flight(), 0);
    wait_for("the ping loop to stop", || !h.ctx.keepalive.is_pinging()).await;
    let pings = h.chrome.pings();
    // Idle now: a new hold restarts the loop, dropping it lets the loop end again.
    let guard = h.ctx.keepalive.hold();
    wait_for("ping after new work", || h.chrome.pings() > pings).await;
    drop(guard);
    wait_for("the ping loop to stop again", || {
        !h.ctx.keepalive.is_pinging()
    })
    .await;
}

#[wasm_bindgen_test]
async fn unparseable_panel_messages_are_ignored() {
    let h = Harness::default();
    h.send(serde_json::json!({"type": "TELEPORT", "sessionId": "x"}));
    h.send(serde_json::json!("not an object"));
    h.stop("never-started");
    assert!(h.port.is_empty());
    assert!(h.ctx.sessions.is_empty());
}

fn chunk_of(session: &str, delta: &str) -> WorkerToPanel {
    WorkerToPanel::StreamChunk {
        session_id: session.into(),
        delta: delta.into(),
    }
}

#[wasm_bindgen_test]
fn session_posts_only_its_own_messages_and_one_final() {
    let port = std::rc::Rc::new(MemoryPort::new());
    let session = Session::new("a", 1, port.clone());
    assert!(session.post(chunk_of("a", "x")));
    // A message naming another session is never posted through this one.
    assert!(!session.post(chunk_of("b", "late")));
    session.stop();
    assert!(session.cancel_token().is_cancelled());
    assert!(!session.post(chunk_of("a", "after stop")));
    zo_worker::ask::report(&session, AskOutcome::Stopped(Default::default()));
    let again = AskOutcome::Done(Default::default()).final_message("a", false);
    assert!(!session.post(again), "only one final message");
    let msgs = port.messages();
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    assert!(msgs.iter().all(|m| m.session_id() == "a"));
    assert_eq!(done(&msgs).error.as_deref(), Some(STOPPED));
}

#[wasm_bindgen_test]
fn a_failed_post_marks_the_port_dead_and_cancels_the_session() {
    let port = std::rc::Rc::new(MemoryPort::new());
    let session = Session::new("a", 1, port.clone());
    port.mark_dead();
    assert!(!session.post(chunk_of("a", "lost")));
    assert!(session.cancel_token().is_cancelled());
    assert!(port.is_empty());
}

#[wasm_bindgen_test]
async fn ask_zo_and_stop_messages_drive_sessions_through_the_real_dispatch() {
    let h = Harness::default();
    let key = unique("dispatch");
    let session = unique("s");
    let ask = serde_json::json!({"type": "ASK_ZO", "sessionId": session, "chatId": unique("chat"),
        "modeId": "ask", "input": format!("Via the port [[zo:pace=100]] [[zo:key={key}]]")});
    h.send(ask.clone());
    // The same sessionId again while it runs is ignored, not a second request.
    h.send(ask);
    assert_eq!(h.ctx.sessions.len(), 1);
    h.first_chunk(&session).await;
    h.send(serde_json::json!({"type": "STOP", "sessionId": session}));
    let msgs = h.finished(&session).await;
    assert_single_final(&msgs);
    assert_eq!(done(&msgs).error.as_deref(), Some(STOPPED));
    let reqs = finished_requests(&key, 1).await;
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0]["clientClosedEarly"], true);
    wait_for("session removed", || h.ctx.sessions.is_empty()).await;
    assert_eq!(h.ctx.keepalive.in_flight(), 0);
}
