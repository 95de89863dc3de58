//! The worker's tab plumbing (crates/zo-worker/src/tab.rs) in a real service worker, with
//! chrome.tabs / chrome.scripting replaced by a fake: content-script detection and injection,
//! snapshots, batches with live progress, port loss, Stop, navigation and screenshots.

#![cfg(test)]

#[path = "cobrowse_support/fake.rs"]
#[allow(dead_code)]
mod fake;

use fake::{content, page, result, FakeTabs, Reply};
use futures::future::LocalBoxFuture;
use wasm_bindgen_test::*;
use zo_core::wire::{Action, HttpUrl, Selector, TargetFacts};
use zo_core::wire::{
    ActionErrorCode, ActionResult, ActionStatus, ContentToWorker, WorkerToContent,
};
use zo_worker::cancel::CancelToken;
use zo_worker::tab::{self, BatchHooks, ContentVerdict, TabError};

wasm_bindgen_test_configure!(run_in_service_worker);

/// A batch's caller for tests: records progress and checks, answers each check with
/// `verdict`, and runs `on_progress` at each progress message.
struct Hooks<'a> {
    seen: Vec<(u32, ActionStatus)>,
    checks: Vec<(u32, Option<TargetFacts>)>,
    on_progress: Box<dyn FnMut() + 'a>,
    verdict: Box<dyn Fn(u32) -> ContentVerdict + 'a>,
}

fn allowing<'a>() -> Hooks<'a> {
    Hooks {
        seen: Vec::new(),
        checks: Vec::new(),
        on_progress: Box::new(|| {}),
        verdict: Box::new(|_| ContentVerdict {
            allow: true,
            reason: None,
        }),
    }
}

impl BatchHooks for Hooks<'_> {
    fn progress(&mut self, r: ActionResult) {
        self.seen.push((r.index, r.status));
        (self.on_progress)();
    }

    fn check(
        &mut self,
        index: u32,
        facts: Option<TargetFacts>,
    ) -> LocalBoxFuture<'_, ContentVerdict> {
        self.checks.push((index, facts));
        let verdict = (self.verdict)(index);
        Box::pin(async move { verdict })
    }

    fn stopped(&mut self) -> bool {
        true
    }
}

fn click(sel: &str) -> Action {
    Action::Click {
        selector: Selector::parse(sel).unwrap(),
    }
}

#[wasm_bindgen_test]
async fn present_content_script_is_not_injected() {
    let tabs = FakeTabs::new(content());
    assert_eq!(tab::ensure_content(&tabs, 1).await, Ok("wasm".to_string()));
    assert_eq!(tabs.log(), vec!["ping"]);
}

#[wasm_bindgen_test]
async fn missing_content_script_is_injected_and_the_ping_retried() {
    let tabs = FakeTabs::new(content());
    tabs.0.present.set(false);
    assert_eq!(tab::ensure_content(&tabs, 1).await, Ok("wasm".to_string()));
    assert_eq!(tabs.log(), vec!["ping", "inject", "ping"]);
}

#[wasm_bindgen_test]
async fn unscriptable_page_is_a_clear_error() {
    let tabs = FakeTabs::new(content());
    tabs.0.present.set(false);
    tabs.0.injectable.set(false);
    let err = tab::snapshot(&tabs, 1, 1000, &CancelToken::new())
        .await
        .unwrap_err();
    assert!(matches!(err, TabError::NoContent(_)), "{err:?}");
    assert!(err.to_string().contains("Cannot access a chrome:// URL"));
    assert!(!tabs.log().contains(&"connect".to_string()));
}

#[wasm_bindgen_test]
async fn snapshot_over_the_content_port() {
    let tabs = FakeTabs::new(content());
    let snap = tab::snapshot(&tabs, 1, 2500, &CancelToken::new()).await;
    assert_eq!(snap, Ok(page("https://shop.example/")));
    assert_eq!(tabs.log(), vec!["ping", "connect", "post SNAPSHOT"]);
}

#[wasm_bindgen_test]
async fn snapshot_error_and_closed_port_are_reported() {
    let tabs = FakeTabs::new(Box::new(|_| Reply {
        messages: vec![ContentToWorker::ContentError {
            message: "snapshot failed: no body".into(),
        }],
        close: false,
    }));
    let err = tab::snapshot(&tabs, 1, 100, &CancelToken::new())
        .await
        .unwrap_err();
    assert_eq!(err, TabError::Content("snapshot failed: no body".into()));

    let tabs = FakeTabs::new(Box::new(|_| Reply {
        messages: vec![],
        close: true,
    }));
    let err = tab::snapshot(&tabs, 1, 100, &CancelToken::new())
        .await
        .unwrap_err();
    assert_eq!(err, TabError::Disconnected);
}

#[wasm_bindgen_test]
async fn snapshot_waits_for_a_loading_tab() {
    let tabs = FakeTabs::new(content());
    *tabs.0.status.borrow_mut() = "loading".to_string();
    let t = tabs.clone();
    wasm_bindgen_futures::spawn_local(async move {
        t.fire_complete();
    });
    let snap = tab::snapshot(&tabs, 1, 100, &CancelToken::new()).await;
    assert!(snap.is_ok(), "{snap:?}");
    assert_eq!(tabs.0.status.borrow().as_str(), "complete");
}

#[wasm_bindgen_test]
async fn batch_forwards_progress_and_returns_results() {
    let tabs = FakeTabs::new(content());
    let mut hooks = allowing();
    let outcome = tab::run_batch(
        &tabs,
        1,
        vec![click("#a"), click("#missing"), click("#c")],
        &mut hooks,
        &CancelToken::new(),
    )
    .await;
    assert_eq!(
        hooks.seen,
        vec![
            (0, ActionStatus::Running),
            (0, ActionStatus::Done),
            (1, ActionStatus::Running),
            (1, ActionStatus::Failed)
        ]
    );
    assert_eq!(outcome.interrupted, None);
    let statuses: Vec<_> = outcome.results.iter().map(|r| r.status).collect();
    assert_eq!(
        statuses,
        vec![
            ActionStatus::Done,
            ActionStatus::Failed,
            ActionStatus::Skipped
        ]
    );
    // Each action was checked (with its facts) before it ran; the third never was.
    let checked: Vec<u32> = hooks.checks.iter().map(|(i, _)| *i).collect();
    assert_eq!(checked, vec![0, 1]);
    assert_eq!(hooks.checks[0].1, fake::facts_for(&click("#a")));
    assert_eq!(
        tabs.log(),
        vec![
            "ping",
            "connect",
            "post EXECUTE_ACTION",
            "post ACTION_VERDICT",
            "post ACTION_VERDICT"
        ]
    );
}

#[wasm_bindgen_test]
async fn a_refused_check_fails_the_action_in_the_page() {
    let tabs = FakeTabs::new(content());
    let mut hooks = allowing();
    hooks.verdict = Box::new(|i| ContentVerdict {
        allow: i != 1,
        reason: (i == 1).then(|| "You declined: Click “Pay now”.".to_string()),
    });
    let outcome = tab::run_batch(
        &tabs,
        1,
        vec![click("#a"), click("#pay"), click("#c")],
        &mut hooks,
        &CancelToken::new(),
    )
    .await;
    let r = &outcome.results[1];
    assert_eq!(r.status, ActionStatus::Failed);
    let e = r.error.as_ref().unwrap();
    assert_eq!(
        (e.code, e.message.as_str()),
        (ActionErrorCode::Refused, "You declined: Click “Pay now”.")
    );
    assert_eq!(outcome.results[2].status, ActionStatus::Skipped);
}

#[wasm_bindgen_test]
async fn batch_injects_the_content_script_when_absent() {
    let tabs = FakeTabs::new(content());
    tabs.0.present.set(false);
    let outcome = tab::run_batch(
        &tabs,
        1,
        vec![click("#a")],
        &mut allowing(),
        &CancelToken::new(),
    )
    .await;
    assert_eq!(outcome.interrupted, None);
    assert_eq!(
        tabs.log(),
        vec![
            "ping",
            "inject",
            "ping",
            "connect",
            "post EXECUTE_ACTION",
            "post ACTION_VERDICT"
        ]
    );
}

#[wasm_bindgen_test]
async fn batch_port_closing_midway_is_an_interruption() {
    let tabs = FakeTabs::new(Box::new(|msg| match msg {
        WorkerToContent::ExecuteAction { batch_id, .. } => Reply {
            messages: vec![ContentToWorker::ActionResult {
                batch_id: batch_id.clone(),
                result: result(0, ActionStatus::Done),
            }],
            close: true,
        },
        _ => Reply {
            messages: vec![],
            close: false,
        },
    }));
    let mut hooks = allowing();
    let outcome = tab::run_batch(
        &tabs,
        1,
        vec![click("#link"), click("#b")],
        &mut hooks,
        &CancelToken::new(),
    )
    .await;
    assert_eq!(hooks.seen, vec![(0, ActionStatus::Done)]);
    assert!(outcome
        .interrupted
        .as_deref()
        .is_some_and(|m| m.contains("closed the connection")));
}

#[wasm_bindgen_test]
async fn stop_during_a_batch_cancels_it_in_the_page() {
    // The content module starts but never finishes.
    let tabs = FakeTabs::new(Box::new(|msg| match msg {
        WorkerToContent::ExecuteAction { batch_id, .. } => Reply {
            messages: vec![ContentToWorker::ActionResult {
                batch_id: batch_id.clone(),
                result: result(0, ActionStatus::Running),
            }],
            close: false,
        },
        _ => Reply {
            messages: vec![],
            close: false,
        },
    }));
    let cancel = CancelToken::new();
    let c = cancel.clone();
    let mut hooks = allowing();
    // Stop arrives while the action runs.
    hooks.on_progress = Box::new(move || c.cancel());
    let outcome = tab::run_batch(&tabs, 1, vec![click("#slow")], &mut hooks, &cancel).await;
    assert_eq!(hooks.seen.len(), 1);
    assert_eq!(outcome.interrupted.as_deref(), Some("stopped"));
    assert_eq!(
        tabs.log(),
        vec![
            "ping",
            "connect",
            "post EXECUTE_ACTION",
            "post CANCEL_BATCH"
        ]
    );
}

#[wasm_bindgen_test]
async fn navigate_waits_for_the_load_to_complete() {
    let tabs = FakeTabs::new(content());
    let url = HttpUrl::parse("https://shop.example/pricing").unwrap();
    let loaded = tab::navigate(&tabs, 1, &url, &CancelToken::new()).await;
    assert_eq!(loaded, Ok("https://shop.example/pricing".to_string()));
    assert_eq!(tabs.0.status.borrow().as_str(), "complete");
    assert_eq!(tabs.log(), vec!["update https://shop.example/pricing"]);
}

#[wasm_bindgen_test]
async fn navigate_that_never_loads_times_out() {
    let tabs = FakeTabs::new(content());
    tabs.0.completes.set(false);
    let url = HttpUrl::parse("https://slow.example/").unwrap();
    let loaded = tab::navigate_within(&tabs, 1, &url, 50, &CancelToken::new()).await;
    assert_eq!(loaded, Err(TabError::Timeout(50)));
}

#[wasm_bindgen_test]
async fn same_document_navigation_needs_no_load_event() {
    let tabs = FakeTabs::new(content());
    tabs.0.same_document.set(true);
    let url = HttpUrl::parse("https://shop.example/#plans").unwrap();
    // Without the shortcut this would time out: no 'complete' event comes.
    let loaded = tab::navigate_within(&tabs, 1, &url, 5_000, &CancelToken::new()).await;
    assert_eq!(loaded, Ok("https://shop.example/#plans".to_string()));
}

#[wasm_bindgen_test]
async fn navigate_is_cancelled_by_stop() {
    let tabs = FakeTabs::new(content());
    tabs.0.completes.set(false);
    let cancel = CancelToken::new();
    let c = cancel.clone();
    wasm_bindgen_futures::spawn_local(async move { c.cancel() });
    let url = HttpUrl::parse("https://slow.example/").unwrap();
    let loaded = tab::navigate_within(&tabs, 1, &url, 600_000, &cancel).await;
    assert_eq!(loaded, Err(TabError::Cancelled));
}

#[wasm_bindgen_test]
async fn capture_lowers_quality_until_the_screenshot_fits() {
    let tabs = FakeTabs::new(content());
    *tabs.0.capture_sizes.borrow_mut() = vec![5000, 900, 100];
    let shot = tab::capture_visible(&tabs, 1, 1000).await.unwrap();
    assert_eq!(shot.len(), 900);
    assert!(shot.starts_with("data:image/jpeg;base64,"));
    assert_eq!(tabs.log(), vec!["capture 7 q60", "capture 7 q35"]);

    *tabs.0.capture_sizes.borrow_mut() = vec![5000, 5000, 5000];
    let err = tab::capture_visible(&tabs, 1, 1000).await.unwrap_err();
    assert!(err.to_string().contains("too large"), "{err}");

    tabs.0.active.set(false);
    let err = tab::capture_visible(&tabs, 1, 1000).await.unwrap_err();
    assert!(err.to_string().contains("not the visible tab"), "{err}");
}
