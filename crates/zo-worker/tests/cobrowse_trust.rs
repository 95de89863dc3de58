//! Containment of the Co-browse loop in a real service worker, against `zo-dev serve`
//! scripts and a fake tab: approval requests reach the panel and its answer (from the
//! session's own port only) decides; a denial or a refusal goes back to Zo as the action's
//! result; Stop while a request waits ends the task without acting.

#![cfg(test)]

mod fakes;

mod common;
#[path = "cobrowse_support/fake.rs"]
#[allow(dead_code)]
mod fake;

use std::rc::Rc;

use common::*;
use serde_json::json;
use wasm_bindgen_test::*;
use zo_core::wire::{
    Access, ActionErrorCode, ActionStatus, ApprovalKind, FinalStatus, Mode, Source, WorkerToPanel,
};
use zo_worker::ask::report;
use zo_worker::port::PanelPort;
use zo_worker::query::run_query_with;
use zo_worker::session::Session;
use zo_worker::stream::AskRequest;
use zo_worker::worker::handle_panel_message;

wasm_bindgen_test_configure!(run_in_service_worker);

/// Starts a Co-browse task of `steps` on the fake shop tab as the ASK_ZO handler does
/// (registered session on panel port 1); returns its session id and the tab.
async fn start(h: &Harness, steps: &[&str], goal: &str) -> (String, fake::FakeTabs) {
    let name = unique("trust");
    define_script(&name, steps).await;
    let port: Rc<dyn PanelPort> = h.port.clone();
    let session = Session::new(name.clone(), 1, port);
    assert!(h.ctx.sessions.insert(session.clone()));
    let req = AskRequest {
        chat_id: format!("chat-{name}"),
        mode: Mode::Cobrowse,
        custom_mode: None,
        input: format!("[[zo:script={name}]] {goal}"),
        tab_id: Some(3),
        context_tabs: Vec::new(),
        quote: None,
    };
    let tabs = fake::shop();
    let (ctx, t) = (h.ctx.clone(), tabs.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let outcome = run_query_with(&ctx, &session, &req, &t).await;
        report(&session, outcome);
        ctx.sessions.remove(&session);
    });
    (name, tabs)
}

/// The approval requests `session` posted so far: (id, kind, description).
fn requests(h: &Harness, session: &str) -> Vec<(u32, ApprovalKind, String)> {
    h.messages(session)
        .into_iter()
        .filter_map(|m| match m {
            WorkerToPanel::ApprovalRequest {
                approval_id,
                kind,
                description,
                ..
            } => Some((approval_id, kind, description)),
            _ => None,
        })
        .collect()
}

async fn first_request(h: &Harness, session: &str) -> (u32, ApprovalKind, String) {
    wait_for("an approval request", || !requests(h, session).is_empty()).await;
    requests(h, session).remove(0)
}

fn answer(h: &Harness, port_id: u32, session: &str, id: u32, decision: &str) {
    let port: Rc<dyn PanelPort> = h.port.clone();
    handle_panel_message(
        &h.ctx,
        port_id,
        port,
        &json!({"type": "APPROVAL", "sessionId": session, "approvalId": id, "decision": decision})
            .to_string(),
    );
}

/// The /zo/ask inputs of `session`'s script, oldest first.
async fn inputs(session: &str) -> Vec<String> {
    requests_with(&format!("script={session}"))
        .await
        .iter()
        .map(|r| r["body"]["input"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[wasm_bindgen_test]
async fn the_task_scope_starts_with_the_tabs_origin() {
    let h = Harness::default();
    let (s, _) = start(
        &h,
        &[r#"{"actions":[{"type":"done","response":"ok"}]}"#],
        "hi",
    )
    .await;
    let msgs = h.finished(&s).await;
    let scope = msgs
        .iter()
        .find_map(|m| match m {
            WorkerToPanel::TaskScope { origins, .. } => Some(origins.clone()),
            _ => None,
        })
        .expect("TASK_SCOPE");
    assert_eq!(scope[0].origin, "https://shop.example");
    assert_eq!(
        (scope[0].access, scope[0].source),
        (Access::ReadWrite, Source::Start)
    );
}

#[wasm_bindgen_test]
async fn a_navigation_elsewhere_waits_for_the_panel_and_runs_once_allowed() {
    let h = Harness::default();
    let (s, tabs) = start(
        &h,
        &[
            r#"{"actions":[{"type":"navigate","url":"https://other.example/x?from=shop"}]}"#,
            r#"{"actions":[{"type":"done","response":"went there"}]}"#,
        ],
        "compare prices",
    )
    .await;
    let (id, kind, description) = first_request(&h, &s).await;
    assert_eq!(kind, ApprovalKind::Navigate);
    assert_eq!(description, "Go to https://other.example/x?…");
    assert!(
        !tabs.log().iter().any(|l| l.starts_with("update")),
        "the tab waits for the user"
    );
    // Only the panel that asked may answer: another port is ignored.
    answer(&h, 2, &s, id, "task");
    answer(&h, 1, &s, id, "once");
    let msgs = h.finished(&s).await;
    assert_eq!(done(&msgs).text, "went there");
    assert!(tabs
        .log()
        .contains(&"update https://other.example/x?from=shop".to_string()));
    let last_scope = msgs
        .iter()
        .rev()
        .find_map(|m| match m {
            WorkerToPanel::TaskScope { origins, .. } => Some(origins.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        (last_scope[1].origin.as_str(), last_scope[1].access),
        ("https://other.example", Access::ReadOnly),
        "allowed once: visited, not added read-write (port 2's \"task\" was ignored)"
    );
}

#[wasm_bindgen_test]
async fn a_denial_goes_back_to_zo_as_the_actions_result() {
    let h = Harness::default();
    let (s, tabs) = start(
        &h,
        &[
            r##"{"actions":[{"type":"click","selector":"#pay"},{"type":"click","selector":"#after"}]}"##,
            r#"{"actions":[{"type":"done","response":"You declined the payment."}]}"#,
        ],
        "buy the Pro plan",
    )
    .await;
    let (id, kind, description) = first_request(&h, &s).await;
    assert_eq!(kind, ApprovalKind::SensitiveControl);
    assert_eq!(
        description,
        "Click \u{201c}Pay now\u{201d} on https://shop.example"
    );
    answer(&h, 1, &s, id, "deny");
    let msgs = h.finished(&s).await;
    assert_eq!(done(&msgs).status, FinalStatus::Succeeded);
    let statuses: Vec<_> = msgs
        .iter()
        .filter_map(|m| match m {
            WorkerToPanel::ActionStatus {
                step: 1,
                index,
                result,
                ..
            } if result.status.is_final() => {
                Some((*index, result.status, result.error.as_ref().map(|e| e.code)))
            }
            _ => None,
        })
        .collect();
    assert!(
        statuses.contains(&(0, ActionStatus::Failed, Some(ActionErrorCode::Refused))),
        "{statuses:?}"
    );
    assert!(statuses
        .iter()
        .any(|(i, st, _)| (*i, *st) == (1, ActionStatus::Skipped)));
    let asks = inputs(&s).await;
    assert_eq!(asks.len(), 2);
    assert!(
        asks[1].contains(
            "1. click #pay -> FAILED (refused: You declined: Click \u{201c}Pay now\u{201d} on https://shop.example.)"
        ),
        "{}",
        asks[1]
    );
    assert!(asks[1].contains("do not try it again"), "{}", asks[1]);
    // The fake page only acts on an allowing verdict: nothing was clicked.
    assert_eq!(
        tabs.log()
            .iter()
            .filter(|l| *l == "post ACTION_VERDICT")
            .count(),
        1
    );
}

#[wasm_bindgen_test]
async fn a_local_target_is_refused_without_asking() {
    let h = Harness::default();
    let (s, tabs) = start(
        &h,
        &[
            r#"{"actions":[{"type":"navigate","url":"http://127.0.0.1:9/collect?page=Pro+%2425"}]}"#,
            r#"{"actions":[{"type":"done","response":"could not"}]}"#,
        ],
        "find the price",
    )
    .await;
    let msgs = h.finished(&s).await;
    assert!(requests(&h, &s).is_empty(), "no approval is offered");
    assert!(!tabs.log().iter().any(|l| l.starts_with("update")));
    assert_eq!(done(&msgs).text, "could not");
    let asks = inputs(&s).await;
    assert!(
        asks[1].contains(
            "(refused: Not allowed: http://127.0.0.1:9 is an address on this computer, and this task started on the public web"
        ),
        "{}",
        asks[1]
    );
}

#[wasm_bindgen_test]
async fn stop_while_a_request_waits_ends_the_task_without_acting() {
    let h = Harness::default();
    let (s, tabs) = start(
        &h,
        &[r#"{"actions":[{"type":"navigate","url":"https://other.example/"}]}"#],
        "go",
    )
    .await;
    first_request(&h, &s).await;
    h.stop(&s);
    let msgs = h.finished(&s).await;
    assert_eq!(done(&msgs).status, FinalStatus::Incomplete);
    assert!(!tabs.log().iter().any(|l| l.starts_with("update")));
}
