//! The side panel's controls and failure paths in a real browser DOM: error cards, Retry,
//! Stop, a lost port, history restore, the history drawer and the composer keys.

#![cfg(test)]

mod common;

use common::*;
use serde_json::{json, Value};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn auth_error_links_to_settings() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("q").unwrap();
    feed(
        &p,
        json!({"type":"STREAM_ERROR","sessionId":sid,"error":{"kind":"permanent","httpStatus":401,"message":"Unauthorized","partialText":""}}),
    );
    let card = q(&root, ".error-card").unwrap();
    assert!(!is_hidden(&card));
    assert_eq!(card.get_attribute("data-kind").as_deref(), Some("auth"));
    // The server's own words, and Retry (after fixing the key, asking again is the way on).
    assert!(card.text_content().unwrap().contains("Unauthorized"));
    assert!(!is_hidden(&q(&card, ".retry").unwrap()));
    // An error alone has nothing to copy.
    assert!(is_hidden(&q(&root, ".msg-footer .copy").unwrap()));
    let link = q(&card, ".settings-link").unwrap();
    assert!(!is_hidden(&link));
    link.dyn_into::<HtmlElement>().unwrap().click();
    assert_eq!(host.calls("options").len(), 1);
    assert_eq!(p.active_session(), None);
}

#[wasm_bindgen_test]
async fn transient_error_keeps_text_and_retry_asks_again() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("tell me").unwrap();
    feed(&p, chunk(&sid, "Partial answ"));
    feed(
        &p,
        json!({"type":"STREAM_RECONNECT","sessionId":sid,"attempt":2,"max":3,"delayMs":1000,"reason":"503"}),
    );
    assert_eq!(
        q(&root, ".indicator-label")
            .unwrap()
            .text_content()
            .unwrap(),
        "Reconnecting (attempt 2 of 3)"
    );
    feed(
        &p,
        json!({"type":"STREAM_ERROR","sessionId":sid,"error":{"kind":"transient","httpStatus":503,"message":"Service unavailable after 3 attempts","partialText":"Partial answer"}}),
    );
    let card = q(&root, ".error-card").unwrap();
    assert_eq!(
        card.get_attribute("data-kind").as_deref(),
        Some("interrupted")
    );
    assert!(card
        .text_content()
        .unwrap()
        .contains("Response interrupted"));
    assert!(last_answer(&root)
        .text_content()
        .unwrap()
        .contains("Partial answer"));
    let retry = q(&card, ".retry").unwrap();
    assert!(!is_hidden(&retry));
    retry.dyn_into::<HtmlElement>().unwrap().click();
    until("retry posts a new ASK_ZO", || host.posted().len() == 2).await;
    let sid2 = ask_session(&host, 1);
    assert_ne!(sid, sid2);
    assert_eq!(host.posted()[1]["input"], "tell me");
    // The failed answer made room for the new one; the user's message stays once.
    assert_eq!(qa(&root, ".msg.user").len(), 1);
    assert_eq!(qa(&root, ".msg.assistant").len(), 1);
    feed(&p, done(&sid2, "Full answer"));
    assert!(last_answer(&root)
        .text_content()
        .unwrap()
        .contains("Full answer"));
}

#[wasm_bindgen_test]
fn stop_posts_stop_and_skips_pending_actions() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    p.set_mode("cobrowse");
    let sid = p.send("do it").unwrap();
    feed(
        &p,
        action_status(
            &sid,
            0,
            json!({"type":"click","selector":"#a"}),
            "running",
            Value::Null,
        ),
    );
    feed(
        &p,
        action_status(
            &sid,
            1,
            json!({"type":"click","selector":"#b"}),
            "pending",
            Value::Null,
        ),
    );
    q(&root, ".stop")
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    let posted = host.posted();
    assert_eq!(posted[1], json!({"type":"STOP","sessionId":sid}));
    let statuses: Vec<String> = qa(&root, ".timeline li")
        .iter()
        .map(|li| li.get_attribute("data-status").unwrap())
        .collect();
    assert_eq!(statuses, ["skipped", "skipped"]);
    assert_eq!(p.active_session(), None);
    assert!(!is_hidden(&q(&root, ".send").unwrap()));
    assert_eq!(
        q(&root, ".msg.assistant")
            .unwrap()
            .get_attribute("data-status")
            .as_deref(),
        Some("stopped")
    );
}

#[wasm_bindgen_test]
fn lost_port_keeps_text_and_offers_retry() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("q").unwrap();
    feed(&p, chunk(&sid, "Already shown"));
    p.on_disconnect();
    assert!(last_answer(&root)
        .text_content()
        .unwrap()
        .contains("Already shown"));
    let card = q(&root, ".error-card").unwrap();
    assert!(!is_hidden(&card));
    assert!(!is_hidden(&q(&card, ".retry").unwrap()));
    // A post that fails outright ends the same way.
    let host = FakeHost::new();
    host.failing_post();
    let (p, root) = panel(&host);
    p.send("q").unwrap();
    assert_eq!(p.active_session(), None);
    assert!(!is_hidden(&q(&root, ".error-card").unwrap()));
}

#[wasm_bindgen_test]
fn history_restores_with_reasoning_timeline_and_errors() {
    let host = FakeHost::new();
    let (p, _root) = panel(&host);
    p.set_mode("cobrowse");
    let sid = p.send("first question").unwrap();
    let long = "Reasoning that goes on and on. ".repeat(20);
    feed(
        &p,
        json!({"type":"STREAM_REASONING","sessionId":sid,"delta":long}),
    );
    feed(
        &p,
        action_status(
            &sid,
            0,
            json!({"type":"click","selector":"#go"}),
            "done",
            Value::Null,
        ),
    );
    feed(&p, done(&sid, "Clicked **go**."));
    let sid = p.send("second").unwrap();
    feed(
        &p,
        json!({"type":"STREAM_ERROR","sessionId":sid,"error":{"kind":"transient","message":"cut","partialText":""}}),
    );
    let stored: Value = serde_json::from_str(&p.history_json()).unwrap();

    let host2 = FakeHost::new();
    let (_p2, root2) = panel_with(&host2, json!({"hasApiKey": true}), stored);
    assert_eq!(qa(&root2, ".msg.user").len(), 2);
    let answers = qa(&root2, ".msg.assistant");
    assert_eq!(answers.len(), 2);
    assert!(answers[0]
        .inner_html()
        .contains("Clicked <strong>go</strong>."));
    assert!(q(&answers[0], "details.thought").is_some());
    assert_eq!(
        q(&answers[0], ".timeline li")
            .unwrap()
            .get_attribute("data-status")
            .as_deref(),
        Some("done")
    );
    assert!(!is_hidden(&q(&answers[1], ".error-card").unwrap()));
    assert_eq!(
        q(&root2, "select.mode")
            .unwrap()
            .dyn_into::<web_sys::HtmlSelectElement>()
            .unwrap()
            .value(),
        "cobrowse"
    );
}

#[wasm_bindgen_test]
async fn history_drawer_lists_loads_and_deletes_chats() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("chat one").unwrap();
    feed(&p, done(&sid, "one"));
    p.new_chat();
    assert_eq!(qa(&root, ".msg").len(), 0);
    let sid = p.send("chat two").unwrap();
    feed(&p, done(&sid, "two"));
    q(&root, ".history-btn")
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    let titles: Vec<String> = qa(&root, ".chat-open")
        .iter()
        .map(|b| b.first_child().unwrap().text_content().unwrap())
        .collect();
    assert_eq!(titles, ["chat two", "chat one"]);
    qa(&root, ".chat-open")[1]
        .clone()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    until("chat one loads", || {
        q(&root, ".msg.user .bubble").and_then(|b| b.text_content()) == Some("chat one".into())
    })
    .await;
    q(&root, ".history-btn")
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    qa(&root, ".chat-delete")[0]
        .clone()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    until("chat two deleted", || qa(&root, ".chat-open").len() == 1).await;
    let saved = host.calls("saved").last().unwrap().clone();
    assert_eq!(saved["chats"].as_array().unwrap().len(), 1);
    assert_eq!(saved["chats"][0]["title"], "chat one");
}

#[wasm_bindgen_test]
fn enter_sends_and_shift_enter_does_not() {
    let host = FakeHost::new();
    let (_p, root) = panel(&host);
    let input: web_sys::HtmlTextAreaElement = q(&root, "textarea").unwrap().dyn_into().unwrap();
    input.set_value("line one");
    let key = |shift: bool| {
        let init = web_sys::KeyboardEventInit::new();
        init.set_key("Enter");
        init.set_shift_key(shift);
        init.set_cancelable(true);
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap()
    };
    let shift_enter = key(true);
    input.dispatch_event(&shift_enter).unwrap();
    assert!(host.posted().is_empty());
    assert!(!shift_enter.default_prevented());
    let enter = key(false);
    input.dispatch_event(&enter).unwrap();
    assert!(enter.default_prevented());
    assert_eq!(host.posted().len(), 1);
    assert_eq!(host.posted()[0]["input"], "line one");
    assert_eq!(input.value(), "");
}

#[wasm_bindgen_test]
fn empty_state_hints_at_missing_key() {
    let host = FakeHost::new();
    let (_p, root) = panel_with(&host, Value::Null, Value::Null);
    assert!(!is_hidden(&q(&root, ".key-hint").unwrap()));
    assert_eq!(
        q(&root, "select.mode")
            .unwrap()
            .dyn_into::<web_sys::HtmlSelectElement>()
            .unwrap()
            .value(),
        "cobrowse"
    );
    let (_p, root) = panel(&host);
    assert!(is_hidden(&q(&root, ".key-hint").unwrap()));
    assert_eq!(qa(&root, "select.mode option").len(), 6);
    // The panel goes by `hasApiKey` alone: a key value handed to it is neither used nor kept.
    let (p, root) = panel_with(&host, json!({"apiKey": "zo_sk_x"}), Value::Null);
    assert!(!is_hidden(&q(&root, ".key-hint").unwrap()));
    p.send("hi").unwrap();
    assert!(!p.history_json().contains("zo_sk_x"));
}
