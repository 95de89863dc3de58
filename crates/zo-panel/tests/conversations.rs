//! Conversations in a real browser DOM: an answer keeps streaming into its own chat when the
//! user opens another chat or a new one (and is drawn live on return), the history list in
//! date groups with search, a title renamed in place, and a chat deleted then brought back
//! with Undo.

#![cfg(test)]

mod common;

use common::*;
use serde_json::{json, Value};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement, KeyboardEvent, KeyboardEventInit};

wasm_bindgen_test_configure!(run_in_browser);

fn click(e: &web_sys::Element) {
    e.clone().dyn_into::<HtmlElement>().unwrap().click();
}

fn open_history(root: &web_sys::Element) {
    click(&q(root, ".history-btn").unwrap());
}

/// The row of the chat titled `title` in the history list.
fn row(root: &web_sys::Element, title: &str) -> Option<web_sys::Element> {
    qa(root, ".chat-item").into_iter().find(|r| {
        q(r, ".chat-title")
            .and_then(|t| t.text_content())
            .as_deref()
            == Some(title)
    })
}

fn stored_chat(p: &zo_panel::Panel, title: &str) -> Value {
    let history: Value = serde_json::from_str(&p.history_json()).unwrap();
    history["chats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["title"] == title)
        .cloned()
        .unwrap_or(Value::Null)
}

fn key(target: &web_sys::Element, k: &str) {
    let init = KeyboardEventInit::new();
    init.set_key(k);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let e = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&e).unwrap();
}

#[wasm_bindgen_test]
async fn an_answer_keeps_streaming_into_its_chat_across_new_and_switch() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let first = p.send("first chat").unwrap();
    feed(&p, chunk(&first, "Alpha "));
    // New chat: the answer is not stopped, only no longer on screen.
    p.new_chat();
    assert_eq!(qa(&root, ".msg").len(), 0);
    assert!(!host.posted().iter().any(|m| m["type"] == "STOP"));
    assert!(is_hidden(&q(&root, ".stop").unwrap()));
    feed(&p, chunk(&first, "beta "));
    assert!(!root.text_content().unwrap().contains("beta"));
    // Another answer runs here meanwhile.
    let second = p.send("second chat").unwrap();
    feed(&p, chunk(&second, "Other answer"));
    feed(&p, chunk(&first, "gamma "));
    // The history list marks the first chat running.
    open_history(&root);
    let first_row = row(&root, "first chat").expect("first chat listed");
    assert_eq!(
        first_row.get_attribute("data-state").as_deref(),
        Some("running")
    );
    assert!(first_row.text_content().unwrap().contains("Running"));
    // Back to it: what streamed meanwhile is there, and it goes on live.
    click(&q(&first_row, ".chat-open").unwrap());
    until("the first chat on screen", || {
        q(&root, ".msg.user .bubble").and_then(|b| b.text_content()) == Some("first chat".into())
    })
    .await;
    let answer = last_answer(&root);
    let article = answer.closest("article").unwrap().unwrap();
    assert_eq!(
        article.get_attribute("data-status").as_deref(),
        Some("streaming")
    );
    assert!(answer.text_content().unwrap().contains("Alpha beta gamma"));
    assert!(!is_hidden(&q(&root, ".stop").unwrap()));
    feed(&p, chunk(&first, "delta."));
    feed(&p, chunk(&second, " still elsewhere"));
    assert!(answer
        .text_content()
        .unwrap()
        .contains("Alpha beta gamma delta."));
    assert!(!root.text_content().unwrap().contains("still elsewhere"));
    feed(&p, done(&first, ""));
    assert_eq!(
        article.get_attribute("data-status").as_deref(),
        Some("done")
    );
    assert!(is_hidden(&q(&root, ".stop").unwrap()));
    // The second chat's answer finishes off screen, saved into its own chat.
    feed(&p, done(&second, ""));
    let second_chat = stored_chat(&p, "second chat");
    assert_eq!(
        second_chat["messages"][1]["text"],
        "Other answer still elsewhere"
    );
    assert_eq!(second_chat["messages"][1]["status"], "done");
    let first_chat = stored_chat(&p, "first chat");
    assert_eq!(first_chat["messages"][1]["text"], "Alpha beta gamma delta.");
    assert_eq!(first_chat["messages"].as_array().unwrap().len(), 2);
}

#[wasm_bindgen_test]
fn stop_stops_only_the_chat_on_screen_and_one_cobrowse_task_at_a_time() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    p.set_mode("cobrowse");
    let task = p.send("act on the page").unwrap();
    p.new_chat();
    // A second Co-browse task is refused while the first acts in the tab, and says why.
    assert!(p.send("another task").is_err());
    let notice = q(&root, ".send-notice").unwrap();
    assert!(!is_hidden(&notice));
    assert!(notice
        .text_content()
        .unwrap()
        .contains("Co-browse task is running"));
    p.set_mode("ask");
    let ask = p.send("a question").unwrap();
    assert!(is_hidden(&notice));
    p.stop();
    let stops: Vec<Value> = host
        .posted()
        .into_iter()
        .filter(|m| m["type"] == "STOP")
        .collect();
    assert_eq!(stops, [json!({"type": "STOP", "sessionId": ask})]);
    // The task goes on in its chat.
    feed(&p, chunk(&task, "Working on it"));
    feed(&p, done(&task, "Working on it"));
    assert_eq!(
        stored_chat(&p, "act on the page")["messages"][1]["status"],
        "done"
    );
}

fn dated_history() -> Value {
    let now = js_sys::Date::now() as u64;
    let day = 86_400_000u64;
    let chat = |id: &str, title: &str, at: u64, answer: &str| {
        json!({
            "id": id, "title": title, "mode": "ask", "createdAt": at, "updatedAt": at,
            "messages": [
                {"id": format!("{id}-q"), "role": "user", "mode": "ask", "text": title, "status": "done"},
                {"id": format!("{id}-a"), "role": "assistant", "mode": "ask", "text": answer, "status": "done", "sessionId": "s"}
            ]
        })
    };
    json!({"chats": [
        chat("t", "Plan the trip", now, "Book the train."),
        chat("o", "Old recipe", now - 40 * day, "Bake the CAKE for 40 minutes."),
        chat("w", "Weekly notes", now - 3 * day, "Nothing."),
    ]})
}

#[wasm_bindgen_test]
async fn the_history_list_groups_searches_renames_and_deletes_with_undo() {
    let host = FakeHost::new();
    let (p, root) = panel_with(
        &host,
        json!({"hasApiKey": true, "defaultMode": "ask"}),
        dated_history(),
    );
    open_history(&root);
    let headings: Vec<String> = qa(&root, ".group-label")
        .iter()
        .map(|h| h.text_content().unwrap())
        .collect();
    assert_eq!(headings, ["Today", "Previous 7 days", "Older"]);

    // Search: titles and message text, ignoring case.
    let search: HtmlInputElement = q(&root, ".chat-search").unwrap().dyn_into().unwrap();
    search.set_value("cake");
    search
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    let titles: Vec<String> = qa(&root, ".chat-title")
        .iter()
        .map(|t| t.text_content().unwrap())
        .collect();
    assert_eq!(titles, ["Old recipe"]);
    assert!(q(&root, ".chat-snippet")
        .unwrap()
        .text_content()
        .unwrap()
        .contains("CAKE"));
    search.set_value("");
    search
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    assert_eq!(qa(&root, ".chat-item").len(), 3);

    // Rename in place: Esc cancels, Enter keeps.
    click(&q(&row(&root, "Weekly notes").unwrap(), ".chat-rename").unwrap());
    until("the title editor", || {
        q(&root, ".chat-rename-input").is_some()
    })
    .await;
    let input: HtmlInputElement = q(&root, ".chat-rename-input").unwrap().dyn_into().unwrap();
    input.set_value("Never mind");
    key(&input, "Escape");
    until("the edit cancelled", || {
        q(&root, ".chat-rename-input").is_none()
    })
    .await;
    assert!(row(&root, "Weekly notes").is_some());
    click(&q(&row(&root, "Weekly notes").unwrap(), ".chat-rename").unwrap());
    until("the title editor", || {
        q(&root, ".chat-rename-input").is_some()
    })
    .await;
    let input: HtmlInputElement = q(&root, ".chat-rename-input").unwrap().dyn_into().unwrap();
    input.set_value("  Notes of the week ");
    key(&input, "Enter");
    until("renamed", || row(&root, "Notes of the week").is_some()).await;
    assert_eq!(stored_chat(&p, "Notes of the week")["id"], "w");
    let saved = host.calls("saved").last().unwrap().clone();
    assert!(saved["chats"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["title"] == "Notes of the week"));

    // Delete, then Undo: back in its place.
    click(&q(&row(&root, "Notes of the week").unwrap(), ".chat-delete").unwrap());
    until("deleted", || row(&root, "Notes of the week").is_none()).await;
    let toast = q(&root, ".toast").unwrap();
    assert!(!is_hidden(&toast));
    assert!(toast
        .text_content()
        .unwrap()
        .contains("Deleted “Notes of the week”"));
    assert_eq!(stored_chat(&p, "Notes of the week"), Value::Null);
    // The focus stays in the list.
    assert_eq!(doc().active_element(), q(&root, ".chat-search"));
    click(&q(&toast, ".toast-undo").unwrap());
    assert!(is_hidden(&toast));
    // ...and lands on the chat that came back.
    let back = row(&root, "Notes of the week").unwrap();
    assert_eq!(doc().active_element(), q(&back, ".chat-open"));
    let titles: Vec<String> = qa(&root, ".chat-title")
        .iter()
        .map(|t| t.text_content().unwrap())
        .collect();
    assert_eq!(titles, ["Plan the trip", "Notes of the week", "Old recipe"]);
    let history: Value = serde_json::from_str(&p.history_json()).unwrap();
    let ids: Vec<&str> = history["chats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["t", "o", "w"]);
}
