//! A Co-browse task's containment in the real panel DOM: the origins it may act on, each
//! approval request as a card with keyboard-reachable buttons whose answer goes to the
//! worker, refused actions in the timeline with their reason, notes, and a saved chat that
//! shows all of it again.

#![cfg(test)]

mod common;

use common::*;
use serde_json::{json, Value};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

fn request(sid: &str, id: u32) -> Value {
    json!({"type": "APPROVAL_REQUEST", "sessionId": sid, "approvalId": id,
           "step": 1, "index": 0, "kind": "secret_fill",
           "description": "Fill the password field \u{201c}Password\u{201d} on https://bank.example",
           "origin": "https://bank.example", "reasons": ["it is a password field"]})
}

fn scope(sid: &str) -> Value {
    json!({"type": "TASK_SCOPE", "sessionId": sid, "origins": [
        {"origin": "https://bank.example", "access": "read-write", "source": "start"},
        {"origin": "https://other.example", "access": "read-only", "source": "visited"}]})
}

fn click(e: &web_sys::Element) {
    e.clone().dyn_into::<HtmlElement>().unwrap().click();
}

fn text(root: &web_sys::Element, sel: &str) -> String {
    q(root, sel).unwrap().text_content().unwrap()
}

#[wasm_bindgen_test]
fn origins_show_as_a_line_of_chips() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("log me in").unwrap();
    feed(&p, scope(&sid));
    let chips = qa(&root, ".scope-chip");
    assert_eq!(chips.len(), 2);
    assert_eq!(
        chips[0].text_content().unwrap(),
        "https://bank.example (where you started)"
    );
    assert_eq!(
        chips[1].text_content().unwrap(),
        "https://other.example (visited once, read-only)"
    );
}

#[wasm_bindgen_test]
fn a_card_says_what_and_why_and_its_buttons_answer_the_worker() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("log me in").unwrap();
    feed(&p, request(&sid, 4));
    let card = q(&root, ".approval").expect("a card");
    assert_eq!(card.get_attribute("role").as_deref(), Some("group"));
    assert_eq!(
        text(&card, ".approval-title"),
        "Fill the password field \u{201c}Password\u{201d} on https://bank.example"
    );
    assert_eq!(text(&card, ".approval-reasons"), "it is a password field");
    let buttons = qa(&card, "button");
    let labels: Vec<_> = buttons.iter().map(|b| b.text_content().unwrap()).collect();
    assert_eq!(labels, ["Allow once", "Allow for this task", "Deny"]);
    // Real buttons in the tab order: Tab reaches them, Enter and Space press them.
    for b in &buttons {
        assert_eq!(b.tag_name(), "BUTTON");
        assert_eq!(b.get_attribute("type").as_deref(), Some("button"));
        assert!(b.get_attribute("tabindex").is_none());
    }
    assert_eq!(
        text(&root, ".indicator-label"),
        "Waiting for your approval…"
    );
    click(&buttons[1]);
    let posted = host.posted();
    assert_eq!(
        posted.last().unwrap(),
        &json!({"type": "APPROVAL", "sessionId": sid, "approvalId": 4, "decision": "task"})
    );
    let card = q(&root, ".approval").unwrap();
    assert!(qa(&card, "button").is_empty(), "answered: no more buttons");
    assert_eq!(text(&card, ".approval-label"), "Allowed for this task");
    assert_eq!(
        text(&card, ".approval-outcome"),
        "You allowed this for the rest of the task."
    );
    // A second click anywhere posts nothing more.
    let count = host.posted().len();
    click(&card);
    assert_eq!(host.posted().len(), count);
}

#[wasm_bindgen_test]
fn a_waiting_card_reads_not_answered_after_stop() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("log me in").unwrap();
    feed(&p, request(&sid, 1));
    p.stop();
    let card = q(&root, ".approval").unwrap();
    assert!(qa(&card, "button").is_empty());
    assert_eq!(text(&card, ".approval-label"), "Not answered");
}

#[wasm_bindgen_test]
fn refused_actions_and_notes_are_in_the_work_log() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("go").unwrap();
    feed(
        &p,
        json!({"type":"ACTION_STATUS","sessionId":sid,"step":1,"index":0,
               "action":{"type":"navigate","url":"https://evil.example/?q=1"},
               "result":{"index":0,"status":"failed","error":{"code":"refused",
               "message":"You declined: Go to https://evil.example/?…."}}}),
    );
    feed(
        &p,
        json!({"type": "TASK_NOTE", "sessionId": sid,
               "text": "Zo proposed 300 actions in one answer: only the first 20 ran, the other 280 were dropped."}),
    );
    let row = q(&root, ".timeline li").unwrap();
    assert_eq!(row.get_attribute("data-status").as_deref(), Some("failed"));
    assert_eq!(text(&row, ".step-status"), "refused");
    assert!(q(&row, "details[open]").is_some(), "the reason shows");
    assert!(row
        .text_content()
        .unwrap()
        .contains("WhyYou declined: Go to https://evil.example/?…."));
    assert_eq!(
        text(&root, ".notes li"),
        "Zo proposed 300 actions in one answer: only the first 20 ran, the other 280 were dropped."
    );
}

#[wasm_bindgen_test]
fn a_saved_chat_shows_origins_cards_and_notes_again() {
    let host = FakeHost::new();
    let (p, _root) = panel(&host);
    let sid = p.send("log me in").unwrap();
    feed(&p, scope(&sid));
    feed(&p, request(&sid, 1));
    click(&qa(&_root, ".approval button")[2]);
    feed(
        &p,
        json!({"type": "TASK_NOTE", "sessionId": sid, "text": "I stopped this task."}),
    );
    feed(&p, done(&sid, "Stopped."));
    let saved: Value = serde_json::from_str(&p.history_json()).unwrap();
    let host2 = FakeHost::new();
    let (_p2, root2) = panel_with(
        &host2,
        json!({"apiKey": "zo_sk_dev", "defaultMode": "cobrowse"}),
        saved,
    );
    assert_eq!(qa(&root2, ".scope-chip").len(), 2);
    let card = q(&root2, ".approval").unwrap();
    assert_eq!(text(&card, ".approval-label"), "Denied");
    assert_eq!(
        text(&card, ".approval-outcome"),
        "You denied this: Zo did not do it."
    );
    assert!(qa(&card, "button").is_empty());
    assert_eq!(text(&root2, ".notes li"), "I stopped this task.");
}
