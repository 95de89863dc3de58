//! Accessibility and comfort in a real browser DOM: the message list is the panel's one polite
//! live region (role=log), the input has focus when the panel opens, Esc stops an answer from
//! anywhere, a tool's JSON result is pretty-printed, and the input grows without a scrollbar.

#![cfg(test)]

mod common;

use common::*;
use serde_json::json;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlTextAreaElement, KeyboardEvent, KeyboardEventInit};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn one_polite_live_region_and_focus_in_the_input() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("q").unwrap();
    feed(&p, chunk(&sid, "Hello"));
    let log = q(&root, "[role=log]").unwrap();
    assert_eq!(log.get_attribute("aria-live").as_deref(), Some("polite"));
    assert!(log.class_list().contains("messages"));
    // No other polite region, inside it (the running timer is not read out) or outside it: the
    // notices, the Undo toast of a deleted chat among them, are alerts.
    let polite = qa(&root, "[aria-live], [role=status]");
    assert_eq!(polite.len(), 1);
    assert!(polite[0].is_same_node(Some(&log)));
    assert_eq!(
        q(&root, ".toast").unwrap().get_attribute("role").as_deref(),
        Some("alert")
    );
    assert_eq!(
        q(&root, ".timer")
            .unwrap()
            .get_attribute("aria-hidden")
            .as_deref(),
        Some("true")
    );
    let (_p, root) = panel(&host);
    let active = doc().active_element().unwrap();
    assert_eq!(Some(active), q(&root, "textarea.input"));
}

#[wasm_bindgen_test]
fn escape_anywhere_stops_the_answer() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("q").unwrap();
    let init = KeyboardEventInit::new();
    init.set_key("Escape");
    init.set_bubbles(true);
    let esc = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    // From the message list, not the input.
    q(&root, ".messages").unwrap().dispatch_event(&esc).unwrap();
    assert_eq!(host.posted()[1], json!({"type":"STOP","sessionId":sid}));
    assert_eq!(p.active_session(), None);
}

#[wasm_bindgen_test]
fn a_json_tool_result_is_pretty_printed() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let sid = p.send("q").unwrap();
    feed(
        &p,
        json!({"type":"STREAM_TOOL","sessionId":sid,"tool":{"toolCallId":"t1","name":"weather",
               "args":"{}","result":"{\"city\":\"Paris\",\"temp\":21}"}}),
    );
    let summary = q(&root, ".tool-summary").unwrap().text_content().unwrap();
    assert_eq!(summary, "city: Paris, temp: 21");
    let expanded = q(&root, ".tool-result").unwrap().text_content().unwrap();
    assert_eq!(expanded, "{\n  \"city\": \"Paris\",\n  \"temp\": 21\n}");
}

#[wasm_bindgen_test]
fn the_input_grows_without_a_scrollbar() {
    let host = FakeHost::new();
    let (_p, root) = panel(&host);
    let input: HtmlTextAreaElement = q(&root, "textarea.input").unwrap().dyn_into().unwrap();
    // The panel's stylesheet is not loaded here: give it the same borders and box sizing.
    input
        .set_attribute(
            "style",
            "box-sizing: border-box; border: 3px solid; padding: 4px; line-height: 16px; width: 200px",
        )
        .unwrap();
    input.set_value("one\ntwo\nthree");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    assert!(
        input.scroll_height() <= input.client_height(),
        "scrolls: {} > {}",
        input.scroll_height(),
        input.client_height()
    );
    assert_eq!(input.offset_height(), input.scroll_height() + 6);
}
