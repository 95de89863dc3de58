//! The Co-browse loop and the page-context modes end to end inside a real service worker:
//! real fetch + streaming against `zo-dev serve` (scripted answers, one per step), a fake tab
//! (crates/zo-worker/tests/cobrowse_support/fake.rs) standing in for chrome.tabs and the content
//! module. Needs `ZO_TEST_SERVER` (the base URL of a running `zo-dev serve`) at compile time.

#![cfg(test)]

mod fakes;

#[path = "cobrowse_support/fake.rs"]
#[allow(dead_code)]
mod fake;

use std::rc::Rc;

use fakes::{MemoryChrome, MemoryPort};
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;
use zo_core::wire::{ActionStatus, FinalStatus, Mode, WorkerToPanel};
use zo_worker::chrome::StorageArea;
use zo_worker::context::WorkerCtx;
use zo_worker::query::{run_query_with, NO_TAB};
use zo_worker::session::Session;
use zo_worker::stream::{AskOutcome, AskRequest};

wasm_bindgen_test_configure!(run_in_service_worker);

fn server() -> &'static str {
    match option_env!("ZO_TEST_SERVER") {
        Some(url) => url,
        None => panic!(
            "ZO_TEST_SERVER must hold the base URL of a running `zo-dev serve` (./build.sh test sets it)"
        ),
    }
}

async fn http(method: &str, path: &str, body: Option<serde_json::Value>) -> serde_json::Value {
    let global = js_sys::global();
    let fetch: Function = Reflect::get(&global, &"fetch".into())
        .unwrap()
        .dyn_into()
        .unwrap();
    let init = js_sys::Object::new();
    Reflect::set(&init, &"method".into(), &method.into()).unwrap();
    if let Some(body) = body {
        Reflect::set(&init, &"body".into(), &body.to_string().into()).unwrap();
    }
    let url = format!("{}{path}", server());
    let response = JsFuture::from(Promise::from(
        fetch.call2(&global, &url.into(), &init).unwrap(),
    ))
    .await
    .unwrap();
    let text: Function = Reflect::get(&response, &"text".into())
        .unwrap()
        .dyn_into()
        .unwrap();
    let text = JsFuture::from(Promise::from(text.call0(&response).unwrap()))
        .await
        .unwrap();
    serde_json::from_str(&text.as_string().unwrap()).unwrap()
}

/// `name` made unique to this run (the server's request log outlives test runs).
fn unique(name: &str) -> String {
    format!("{name}-{}", (js_sys::Math::random() * 1e12) as u64)
}

/// Defines a script (one answer per step) under a name unique to the test.
async fn script(name: &str, steps: &[&str]) {
    let reply = http(
        "POST",
        "/__script",
        Some(serde_json::json!({"name": name, "steps": steps})),
    )
    .await;
    assert_eq!(reply["ok"], true, "{reply}");
}

/// The /zo/ask request bodies that carried `marker` in their input, oldest first.
async fn asks_with(marker: &str) -> Vec<serde_json::Value> {
    let log = http("GET", "/__requests", None).await;
    log.as_array()
        .unwrap()
        .iter()
        .filter(|e| e["path"] == "/zo/ask")
        .filter(|e| {
            e["body"]["input"]
                .as_str()
                .is_some_and(|i| i.contains(marker))
        })
        .map(|e| e["body"].clone())
        .collect()
}

struct Run {
    port: Rc<MemoryPort>,
    session: Rc<Session>,
    outcome: AskOutcome,
}

impl Run {
    fn statuses(&self) -> Vec<(u32, u32, String, ActionStatus)> {
        self.port
            .messages()
            .into_iter()
            .filter_map(|m| match m {
                WorkerToPanel::ActionStatus {
                    step,
                    index,
                    action,
                    result,
                    ..
                } => Some((step, index, action.kind().to_string(), result.status)),
                _ => None,
            })
            .collect()
    }
}

fn ctx(max_steps: u32, screenshots: bool) -> WorkerCtx {
    let chrome = MemoryChrome::new();
    chrome.put(
        StorageArea::Local,
        "settings",
        serde_json::json!({
            "apiKey": "zo_sk_dev",
            "apiBaseUrl": server(),
            "maxSteps": max_steps,
            "screenshots": screenshots,
        }),
    );
    WorkerCtx::new(Rc::new(chrome), 20_000)
}

async fn run(
    ctx: &WorkerCtx,
    tabs: &fake::FakeTabs,
    mode: Mode,
    input: &str,
    tab_id: Option<i32>,
    name: &str,
) -> Run {
    let port = Rc::new(MemoryPort::new());
    let session = Session::new(name, 1, port.clone());
    let req = AskRequest {
        chat_id: format!("chat-{name}"),
        mode,
        custom_mode: None,
        input: input.to_string(),
        tab_id,
        context_tabs: Vec::new(),
        quote: None,
    };
    let outcome = run_query_with(ctx, &session, &req, tabs).await;
    Run {
        port,
        session,
        outcome,
    }
}

#[wasm_bindgen_test]
async fn cobrowse_runs_steps_until_done_with_results_fed_back() {
    let name = &unique("loop-done");
    script(
        name,
        &[
            r##"{"actions":[{"type":"fill","selector":"#q","value":"pro"},{"type":"navigate","url":"https://shop.example/pricing"},{"type":"extract","selector":".price"}]}"##,
            r##"{"actions":[{"type":"click","selector":"#missing"},{"type":"done","response":"too early"}]}"##,
            r##"{"actions":[{"type":"done","response":"Pro costs $25 / month."}]}"##,
        ],
    )
    .await;
    let tabs = fake::shop();
    let goal = format!("[[zo:script={name}]] find the Pro price");
    let r = run(&ctx(10, false), &tabs, Mode::Cobrowse, &goal, Some(3), name).await;

    let AskOutcome::Done(result) = &r.outcome else {
        panic!("expected Done, got {:?}", r.outcome);
    };
    assert_eq!(result.status, FinalStatus::Succeeded);
    assert_eq!(result.text, "Pro costs $25 / month.");

    // The batch was split at navigate: fill ran in the page, the worker navigated, extract
    // ran on the new page.
    let log = tabs.log();
    let update = log
        .iter()
        .position(|l| l == "update https://shop.example/pricing");
    let batches: Vec<_> = log
        .iter()
        .enumerate()
        .filter(|(_, l)| *l == "post EXECUTE_ACTION")
        .map(|(i, _)| i)
        .collect();
    assert!(update.is_some(), "{log:?}");
    assert_eq!(batches.len(), 3, "{log:?}");
    assert!(batches[0] < update.unwrap() && update.unwrap() < batches[1]);

    use ActionStatus::*;
    let statuses = r.statuses();
    for expected in [
        (1, 0, "fill", Pending),
        (1, 0, "fill", Running),
        (1, 0, "fill", Done),
        (1, 1, "navigate", Running),
        (1, 1, "navigate", Done),
        (1, 2, "extract", Running),
        (1, 2, "extract", Done),
        (2, 0, "click", Failed),
        (2, 1, "done", Skipped),
        (3, 0, "done", Done),
    ] {
        let expected = (expected.0, expected.1, expected.2.to_string(), expected.3);
        assert!(
            statuses.contains(&expected),
            "{expected:?} missing in {statuses:?}"
        );
    }

    // Three asks in one conversation; each follow-up reports the previous step.
    let asks = asks_with(&format!("script={name}")).await;
    assert_eq!(asks.len(), 3, "{asks:?}");
    assert!(asks[0].get("conversation_id").is_none());
    let conv = asks[1]["conversation_id"]
        .as_str()
        .expect("conversation id");
    assert_eq!(asks[2]["conversation_id"].as_str(), Some(conv));
    let first = asks[0]["input"].as_str().unwrap();
    assert!(first.contains("#pricing a \"Pricing\""), "{first}");
    let second = asks[1]["input"].as_str().unwrap();
    assert!(
        second.contains("3. extract .price -> done: $25 / month"),
        "{second}"
    );
    assert!(
        second.contains("The page is now: https://shop.example/pricing"),
        "{second}"
    );
    let third = asks[2]["input"].as_str().unwrap();
    assert!(
        third.contains("1. click #missing -> FAILED (not_found: no element matches #missing"),
        "{third}"
    );

    // The final message is the caller's: STREAM_DONE with done.response.
    zo_worker::ask::report(&r.session, r.outcome.clone());
    let last = r.port.messages().pop().unwrap();
    match last {
        WorkerToPanel::StreamDone { result, .. } => {
            assert_eq!(result.text, "Pro costs $25 / month.")
        }
        other => panic!("expected STREAM_DONE, got {other:?}"),
    }
}

#[wasm_bindgen_test]
async fn cobrowse_stops_at_the_step_limit() {
    let name = &unique("loop-limit");
    let step = r##"{"actions":[{"type":"scroll","direction":"down"}]}"##;
    script(name, &[step, step, step, step]).await;
    let tabs = fake::shop();
    let goal = format!("[[zo:script={name}]] scroll forever");
    let r = run(&ctx(2, false), &tabs, Mode::Cobrowse, &goal, Some(3), name).await;
    let AskOutcome::Done(result) = &r.outcome else {
        panic!("expected Done, got {:?}", r.outcome);
    };
    assert!(result.text.contains("after 2 steps"), "{}", result.text);
    assert_eq!(asks_with(&format!("script={name}")).await.len(), 2);
}

#[wasm_bindgen_test]
async fn stop_during_a_batch_ends_the_loop() {
    let name = &unique("loop-stop");
    script(
        name,
        &[
            r##"{"actions":[{"type":"click","selector":"#a"},{"type":"done","response":"never"}]}"##,
            r##"{"actions":[{"type":"done","response":"never either"}]}"##,
        ],
    )
    .await;
    let tabs = fake::shop();
    let port = Rc::new(MemoryPort::new());
    let session = Session::new(name, 1, port.clone());
    // The page is slow: Stop arrives while the click runs.
    let s = session.clone();
    *tabs.0.responder.borrow_mut() = Box::new(move |msg| {
        if let zo_core::wire::WorkerToContent::ExecuteAction { .. } = msg {
            s.stop();
        }
        fake::Reply {
            messages: vec![],
            close: false,
        }
    });
    let req = AskRequest {
        chat_id: format!("chat-{name}"),
        mode: Mode::Cobrowse,
        custom_mode: None,
        input: format!("[[zo:script={name}]] click a"),
        tab_id: Some(3),
        context_tabs: Vec::new(),
        quote: None,
    };
    let outcome = run_query_with(&ctx(10, false), &session, &req, &tabs).await;
    assert!(matches!(outcome, AskOutcome::Stopped(_)), "{outcome:?}");
    assert!(tabs.log().contains(&"post CANCEL_BATCH".to_string()));
    assert_eq!(asks_with(&format!("script={name}")).await.len(), 1);
}

#[wasm_bindgen_test]
async fn cobrowse_without_a_tab_is_a_clear_error() {
    let tabs = fake::shop();
    let r = run(
        &ctx(10, false),
        &tabs,
        Mode::Cobrowse,
        "go",
        None,
        "loop-notab",
    )
    .await;
    match r.outcome {
        AskOutcome::Failed(f) => assert_eq!(f.message, NO_TAB),
        other => panic!("expected Failed, got {other:?}"),
    }
}

#[wasm_bindgen_test]
async fn unscriptable_page_still_reaches_zo_with_the_reason() {
    let name = &unique("loop-chrome-page");
    script(
        name,
        &[r##"{"actions":[{"type":"done","response":"Open a web page first."}]}"##],
    )
    .await;
    let tabs = fake::shop();
    tabs.0.present.set(false);
    tabs.0.injectable.set(false);
    let goal = format!("[[zo:script={name}]] what is here?");
    let r = run(&ctx(10, false), &tabs, Mode::Cobrowse, &goal, Some(3), name).await;
    let AskOutcome::Done(result) = &r.outcome else {
        panic!("expected Done, got {:?}", r.outcome);
    };
    assert_eq!(result.text, "Open a web page first.");
    let asks = asks_with(&format!("script={name}")).await;
    let input = asks[0]["input"].as_str().unwrap();
    assert!(input.contains("Cannot access a chrome:// URL"), "{input}");
    assert!(
        input.contains("(the tab is at https://shop.example/)"),
        "{input}"
    );
}

#[wasm_bindgen_test]
async fn ask_mode_sends_the_page_text_with_the_question() {
    let marker = &unique("ask-mode");
    let tabs = fake::shop();
    let r = run(
        &ctx(10, false),
        &tabs,
        Mode::Ask,
        &format!("[[zo:scenario=plain]] {marker} what does Pro cost?"),
        Some(3),
        "ask-mode",
    )
    .await;
    assert!(matches!(r.outcome, AskOutcome::Done(_)), "{:?}", r.outcome);
    let asks = asks_with(marker).await;
    assert_eq!(asks.len(), 1);
    let input = asks.last().unwrap()["input"].as_str().unwrap().to_string();
    assert!(input.contains("question about the web page"), "{input}");
    assert!(input.contains("Pro $25"), "{input}");
    assert!(input.contains("URL: https://shop.example/"), "{input}");
}

#[wasm_bindgen_test]
async fn visual_mode_sends_a_screenshot_only_when_allowed() {
    let off_marker = &unique("visual-off");
    let on_marker = &unique("visual-on");
    let tabs = fake::shop();
    run(
        &ctx(10, false),
        &tabs,
        Mode::Visual,
        &format!("[[zo:scenario=plain]] {off_marker}"),
        Some(3),
        "visual-off",
    )
    .await;
    assert!(!tabs.log().iter().any(|l| l.starts_with("capture")));
    let off = asks_with(off_marker).await;
    assert_eq!(off.len(), 1);
    let input = off.last().unwrap()["input"].as_str().unwrap().to_string();
    assert!(input.contains("screenshots turned off"), "{input}");
    assert!(!input.contains("data:image"));

    run(
        &ctx(10, true),
        &tabs,
        Mode::Visual,
        &format!("[[zo:scenario=plain]] {on_marker}"),
        Some(3),
        "visual-on",
    )
    .await;
    // The secret fields are covered for the screenshot, and uncovered after it.
    let log = tabs.log();
    let at = |what: &str| log.iter().position(|l| l.starts_with(what));
    let (covered, shot) = (at("post MASK_SECRETS"), at("capture"));
    assert!(covered.is_some() && covered < shot, "{log:?}");
    assert_eq!(
        log.iter()
            .filter(|l| l.starts_with("post MASK_SECRETS"))
            .count(),
        2,
        "{log:?}"
    );
    let on = asks_with(on_marker).await;
    assert_eq!(on.len(), 1);
    let input = on.last().unwrap()["input"].as_str().unwrap().to_string();
    assert!(
        input.contains("<screenshot>\ndata:image/jpeg;base64,"),
        "{input}"
    );
}
