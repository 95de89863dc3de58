//! The side panel in a real browser DOM: streamed answers, Markdown blocks, sessions,
//! reasoning, tools, the Co-browse timeline and envelope hiding.

#![cfg(test)]

mod common;

use common::*;
use serde_json::{json, Value};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn send_posts_ask_with_session_chat_mode_and_tab() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("What is on this page?").unwrap();
    let posted = host.posted();
    assert_eq!(posted.len(), 1);
    assert_eq!(posted[0]["sessionId"], Value::from(sid.clone()));
    assert_eq!(posted[0]["input"], "What is on this page?");
    assert_eq!(posted[0]["modeId"], "ask");
    assert_eq!(posted[0]["tabId"], 7);
    assert!(posted[0]["chatId"].as_str().is_some_and(|c| !c.is_empty()));
    assert_eq!(
        q(&root, ".msg.user .bubble")
            .unwrap()
            .text_content()
            .unwrap(),
        "What is on this page?"
    );
    // Streaming UI: Stop shown, Send hidden, answer busy.
    assert!(!is_hidden(&q(&root, ".stop").unwrap()));
    assert!(is_hidden(&q(&root, ".send").unwrap()));
    assert_eq!(
        last_answer(&root).get_attribute("aria-busy").as_deref(),
        Some("true")
    );
    // A second query while one streams is refused.
    assert!(p.send("again").is_err());
    // Every query gets its own session.
    feed(&p, done(&sid, "ok"));
    let sid2 = p.send("next").unwrap();
    assert_ne!(sid, sid2);
}

#[wasm_bindgen_test]
fn chunks_render_markdown_and_done_finishes() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("hi").unwrap();
    for d in [
        "# Ti",
        "tle\n\nSome **bo",
        "ld** text and `code`",
        "\n\n- a\n- b",
    ] {
        feed(&p, chunk(&sid, d));
    }
    let answer = last_answer(&root);
    assert!(answer.inner_html().contains("<h1>Title</h1>"));
    assert!(answer.inner_html().contains("<strong>bold</strong>"));
    feed(
        &p,
        done(&sid, "# Title\n\nSome **bold** text and `code`\n\n- a\n- b"),
    );
    let html = answer.inner_html();
    assert!(html.contains("<ul><li>a</li><li>b</li></ul>"), "{html}");
    assert!(answer.get_attribute("aria-busy").is_none());
    assert_eq!(p.active_session(), None);
    assert!(is_hidden(&q(&root, ".stop").unwrap()));
    assert!(!is_hidden(&q(&root, ".msg-footer").unwrap()));
    // Copy copies the answer as plain text.
    q(&root, ".copy")
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    assert_eq!(
        host.calls("copied"),
        vec![Value::from("Title\n\nSome bold text and code\n\n- a\n- b")]
    );
    // History was saved with the message.
    let saved = host.calls("saved");
    let last = saved.last().unwrap();
    let msgs = &last["chats"][0]["messages"];
    assert_eq!(msgs[1]["status"], "done");
    assert_eq!(
        msgs[1]["text"],
        "# Title\n\nSome **bold** text and `code`\n\n- a\n- b"
    );
}

#[wasm_bindgen_test]
async fn a_failed_history_save_is_shown_until_a_save_succeeds() {
    let host = FakeHost::new();
    host.saving(Some("Error: QUOTA_BYTES quota exceeded"));
    let (p, root) = panel(&host);
    let notice = q(&root, ".storage-notice").unwrap();
    assert!(is_hidden(&notice));
    let sid = p.send("hi").unwrap();
    feed(&p, done(&sid, "ok"));
    until("the notice shows", || !is_hidden(&notice)).await;
    let text = notice.text_content().unwrap();
    assert!(text.contains("storage is full"), "{text}");
    assert_eq!(notice.get_attribute("role").as_deref(), Some("alert"));
    host.saving(None);
    let sid = p.send("again").unwrap();
    feed(&p, done(&sid, "fine"));
    until("the notice hides", || is_hidden(&notice)).await;
}

#[wasm_bindgen_test]
fn messages_of_other_sessions_are_ignored() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("hi").unwrap();
    feed(&p, chunk("some-other-session", "INTRUDER"));
    feed(&p, done("some-other-session", "INTRUDER"));
    feed(&p, chunk(&sid, "mine"));
    assert!(!root.text_content().unwrap().contains("INTRUDER"));
    assert!(last_answer(&root).text_content().unwrap().contains("mine"));
    assert_eq!(p.active_session(), Some(sid.clone()));
    // Late messages of a finished session do nothing either.
    feed(&p, done(&sid, "mine"));
    feed(&p, chunk(&sid, " LATE"));
    assert!(!root.text_content().unwrap().contains("LATE"));
}

#[wasm_bindgen_test]
fn finished_blocks_are_not_recreated_by_later_deltas() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("hi").unwrap();
    feed(&p, chunk(&sid, "First paragraph with **bold**.\n\nSecond"));
    let answer = last_answer(&root);
    let first_block = q(&answer, ".md-block").unwrap();
    let first_inner = first_block.first_child().unwrap();
    for i in 0..50 {
        feed(&p, chunk(&sid, &format!(" word{i}")));
    }
    feed(&p, chunk(&sid, "\n\nThird"));
    let still = q(&answer, ".md-block").unwrap();
    assert!(still.is_same_node(Some(&first_block)));
    assert!(first_block
        .first_child()
        .unwrap()
        .is_same_node(Some(&first_inner)));
    assert!(first_inner.is_connected());
    assert_eq!(qa(&answer, ".md-block").len(), 3);
    assert!(answer.text_content().unwrap().contains("word49"));
}

#[wasm_bindgen_test]
fn reasoning_streams_live_then_short_is_inline_long_is_collapsed() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("q").unwrap();
    feed(
        &p,
        json!({"type":"STREAM_REASONING","sessionId":sid,"delta":"Looking at "}),
    );
    feed(
        &p,
        json!({"type":"STREAM_REASONING","sessionId":sid,"delta":"the page."}),
    );
    let thinking = q(&root, ".thinking").unwrap();
    assert!(!is_hidden(&thinking));
    assert_eq!(
        q(&root, ".thinking-text").unwrap().text_content().unwrap(),
        "Looking at the page."
    );
    assert_eq!(
        q(&root, ".indicator-label")
            .unwrap()
            .text_content()
            .unwrap(),
        "Thinking…"
    );
    feed(&p, done(&sid, "Answer."));
    assert!(is_hidden(&thinking));
    assert_eq!(
        q(&root, ".reasoning-inline")
            .unwrap()
            .text_content()
            .unwrap(),
        "Looking at the page."
    );

    let sid = p.send("q2").unwrap();
    let long = "A long line of thought. ".repeat(30);
    feed(
        &p,
        json!({"type":"STREAM_REASONING","sessionId":sid,"delta":long}),
    );
    feed(&p, done(&sid, "Answer two."));
    let thought = qa(&root, "details.thought").pop().unwrap();
    assert!(!thought.has_attribute("open"), "collapsed");
    let part = |sel: &str| {
        thought
            .query_selector(sel)
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap()
    };
    assert_eq!(part("summary .thought-title"), "Thought");
    assert!(part("summary .thought-summary").starts_with("A long line of thought. A long"));
    // The reasoning is rendered as the answers' Markdown.
    let body = thought.query_selector(".thought-body").unwrap().unwrap();
    assert!(body.inner_html().starts_with("<p>A long line of thought."));
}

#[wasm_bindgen_test]
fn tools_show_under_explored_with_expandable_result() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("q").unwrap();
    let tool = |result: Value| json!({"type":"STREAM_TOOL","sessionId":sid,"tool":{"toolCallId":"t1","name":"web_search","args":"{}","result":result}});
    feed(&p, tool(Value::Null));
    assert_eq!(qa(&root, ".tool-list li").len(), 1);
    assert!(q(&root, ".tool-list li")
        .unwrap()
        .class_list()
        .contains("running"));
    feed(
        &p,
        tool(Value::from("Found 3 results\nresult one\nresult two")),
    );
    let items = qa(&root, ".tool-list li");
    assert_eq!(items.len(), 1);
    assert_eq!(
        q(&root, ".tool-name").unwrap().text_content().unwrap(),
        "web_search"
    );
    assert!(q(&root, ".tool-list details pre")
        .unwrap()
        .text_content()
        .unwrap()
        .contains("result two"));
    assert!(!is_hidden(&q(&root, ".explored").unwrap()));
}

#[wasm_bindgen_test]
fn timeline_goes_pending_running_done_and_shows_the_masked_fill_it_was_sent() {
    // The worker's Co-browse machine masks secret fills (zo-core cobrowse::machine::mask);
    // the panel shows and stores what it is sent.
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    p.set_mode("cobrowse");
    let sid = p.send("log me in").unwrap();
    assert_eq!(host.posted()[0]["modeId"], "cobrowse");
    let fill_user = json!({"type":"fill","selector":"#user","value":"alice"});
    let fill_pw = json!({"type":"fill","selector":"input[type=password]","value":"••••••••"});
    let extract = json!({"type":"extract","selector":".greeting"});
    feed(
        &p,
        action_status(&sid, 0, fill_user.clone(), "pending", Value::Null),
    );
    feed(
        &p,
        action_status(&sid, 1, fill_pw.clone(), "pending", Value::Null),
    );
    feed(
        &p,
        action_status(&sid, 2, extract.clone(), "pending", Value::Null),
    );
    let statuses = || {
        qa(&root, ".timeline li")
            .iter()
            .map(|li| li.get_attribute("data-status").unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(statuses(), ["pending", "pending", "pending"]);
    feed(
        &p,
        action_status(&sid, 0, fill_user.clone(), "running", Value::Null),
    );
    assert_eq!(statuses(), ["running", "pending", "pending"]);
    feed(&p, action_status(&sid, 0, fill_user, "done", Value::Null));
    feed(&p, action_status(&sid, 1, fill_pw, "done", Value::Null));
    feed(
        &p,
        action_status(&sid, 2, extract, "done", Value::from("Hello, Alice")),
    );
    assert_eq!(statuses(), ["done", "done", "done"]);
    let text = root.text_content().unwrap();
    assert!(text.contains("alice"));
    assert!(text.contains("••••••••"));
    assert!(text.contains("Hello, Alice"));
    assert!(text.contains("input[type=password]"));
    feed(&p, done(&sid, "Logged in."));
    let saved = host.calls("saved").last().unwrap().to_string();
    assert!(
        saved.contains("••••••••"),
        "the masked fill is saved as sent"
    );
}

#[wasm_bindgen_test]
fn a_cobrowse_tasks_done_response_replaces_its_prose() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    p.set_mode("cobrowse");
    // Action JSON never reaches the panel (the worker keeps it back); its prose does, and the
    // task's final answer (the done response) replaces it.
    let sid = p.send("click pricing").unwrap();
    feed(&p, chunk(&sid, "I will open the pricing page."));
    feed(&p, done(&sid, "Opened the **pricing** page."));
    assert_eq!(
        last_answer(&root).inner_html(),
        "<div class=\"md-group\"><div class=\"md-block\"><p>Opened the <strong>pricing</strong> page.</p></div></div>"
    );
}

#[wasm_bindgen_test]
fn malformed_messages_are_ignored() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("q").unwrap();
    p.on_message(wasm_bindgen::JsValue::from_str("garbage"));
    feed(&p, json!({"type":"NOT_A_THING","sessionId":sid}));
    feed(&p, json!({"type":"STREAM_CHUNK"}));
    feed(&p, chunk(&sid, "fine"));
    assert!(last_answer(&root).text_content().unwrap().contains("fine"));
}

#[wasm_bindgen_test]
fn large_open_block_streams_and_completes() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("extract").unwrap();
    let mut text = String::from("| n | square |\n|---|---|\n");
    for i in 0..400 {
        text.push_str(&format!("| {i} | {} |\n", i * i));
    }
    let chars: Vec<char> = text.chars().collect();
    for piece in chars.chunks(11) {
        feed(&p, chunk(&sid, &piece.iter().collect::<String>()));
    }
    // Shown while streaming (possibly a little behind), complete at the end.
    assert!(qa(&root, ".answer tbody tr").len() > 300);
    feed(&p, done(&sid, &text));
    assert_eq!(qa(&root, ".answer tbody tr").len(), 400);
    assert_eq!(qa(&root, ".answer table").len(), 1);
}
