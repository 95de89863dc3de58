//! Asking again in a real browser DOM: Retry and Regenerate put the new answer in the old one's
//! place (not at the end) in the question's own mode; editing a question drops what followed
//! it and asks the new text; Copy shows only on answers with text, as plain text or Markdown;
//! the footer names the mode and model; the model and persona pickers; the empty chat offers
//! the mode's starter prompts, or the onboarding card when no key is set.

#![cfg(test)]

mod common;

use common::*;
use serde_json::json;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

fn click(e: &web_sys::Element) {
    e.clone().dyn_into::<HtmlElement>().unwrap().click();
}

fn answers(root: &web_sys::Element) -> Vec<String> {
    qa(root, ".msg.assistant .answer")
        .iter()
        .map(|a| a.text_content().unwrap_or_default())
        .collect()
}

#[wasm_bindgen_test]
async fn retry_of_an_older_answer_takes_its_place_in_its_own_mode() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    p.set_mode("summarize");
    let s1 = p.send("first").unwrap();
    feed(
        &p,
        json!({"type":"STREAM_ERROR","sessionId":s1,"error":{"kind":"permanent","httpStatus":400,"message":"bad","partialText":""}}),
    );
    p.set_mode("ask");
    let s2 = p.send("second").unwrap();
    feed(&p, done(&s2, "Second answer"));
    // Retry the first (failed) answer: in Summarize, where the question was asked.
    let retry = q(&qa(&root, ".msg.assistant")[0], ".retry").unwrap();
    assert!(!is_hidden(&retry));
    click(&retry);
    until("the retry is asked", || host.posted().len() == 3).await;
    assert_eq!(host.posted()[2]["input"], "first");
    assert_eq!(host.posted()[2]["modeId"], "summarize");
    let s3 = ask_session(&host, 2);
    feed(&p, done(&s3, "First answer"));
    // In the old one's place, not at the end.
    assert_eq!(answers(&root), ["First answer", "Second answer"]);
    let history: serde_json::Value = serde_json::from_str(&p.history_json()).unwrap();
    let texts: Vec<&str> = history["chats"][0]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(texts, ["first", "First answer", "second", "Second answer"]);
}

#[wasm_bindgen_test]
async fn regenerate_answers_again_in_place_and_copy_needs_text() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let s1 = p.send("q").unwrap();
    feed(&p, done(&s1, "One"));
    let footer = q(&root, ".msg-footer").unwrap();
    assert!(!is_hidden(&q(&footer, ".copy").unwrap()));
    let regenerate = q(&footer, ".regenerate").unwrap();
    assert!(!is_hidden(&regenerate));
    click(&regenerate);
    until("regenerate asks again", || host.posted().len() == 2).await;
    let s2 = ask_session(&host, 1);
    assert_ne!(s1, s2);
    feed(&p, done(&s2, "Two"));
    assert_eq!(answers(&root), ["Two"]);
    assert_eq!(qa(&root, ".msg.user").len(), 1);
    // An empty answer is an error to retry, with nothing to copy.
    let s3 = p.send("again").unwrap();
    feed(&p, done(&s3, ""));
    let last = qa(&root, ".msg.assistant").pop().unwrap();
    let card = q(&last, ".error-card").unwrap();
    assert_eq!(card.get_attribute("data-kind").as_deref(), Some("empty"));
    assert!(!is_hidden(&q(&card, ".retry").unwrap()));
    assert!(is_hidden(&q(&last, ".copy").unwrap()));
    assert!(is_hidden(&q(&last, ".regenerate").unwrap()));
}

#[wasm_bindgen_test]
async fn editing_a_question_drops_what_followed_and_asks_it() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let s1 = p.send("first").unwrap();
    feed(&p, done(&s1, "A1"));
    let s2 = p.send("second").unwrap();
    feed(&p, done(&s2, "A2"));
    let first = qa(&root, ".msg.user")[0].clone();
    click(&q(&first, ".edit").unwrap());
    let input: HtmlTextAreaElement = q(&first, ".edit-input").unwrap().dyn_into().unwrap();
    assert_eq!(input.value(), "first");
    assert!(is_hidden(&q(&first, ".bubble").unwrap()));
    // Cancel leaves it as it was.
    click(&q(&first, ".edit-cancel").unwrap());
    assert!(!is_hidden(&q(&first, ".bubble").unwrap()));
    click(&q(&first, ".edit").unwrap());
    input.set_value("first, better");
    click(&q(&first, ".edit-send").unwrap());
    until("the edited question is asked", || host.posted().len() == 3).await;
    assert_eq!(host.posted()[2]["input"], "first, better");
    assert_eq!(qa(&root, ".msg.user").len(), 1);
    assert_eq!(
        q(&first, ".bubble").unwrap().text_content().as_deref(),
        Some("first, better")
    );
    let s3 = ask_session(&host, 2);
    feed(&p, done(&s3, "Better"));
    assert_eq!(answers(&root), ["Better"]);
}

#[wasm_bindgen_test]
async fn the_empty_chat_offers_starters_or_the_onboarding_card() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    let starters = q(&root, ".starters").unwrap();
    assert!(!is_hidden(&starters));
    assert!(is_hidden(&q(&root, ".onboarding").unwrap()));
    let ask_first = qa(&starters, "button")[0].text_content().unwrap();
    p.set_mode("extract");
    let extract_first = qa(&starters, "button")[0].text_content().unwrap();
    assert_ne!(ask_first, extract_first, "each mode has its own");
    click(&qa(&starters, "button")[0]);
    until("the starter is asked", || host.posted().len() == 1).await;
    assert_eq!(host.posted()[0]["input"], extract_first.as_str());
    assert!(is_hidden(&q(&root, ".empty").unwrap()));

    // No key: the onboarding card in an empty chat, a banner in a chat with messages.
    let host = FakeHost::new();
    let (p, root) = panel_with(&host, json!({"hasApiKey": false}), serde_json::Value::Null);
    let card = q(&root, ".onboarding").unwrap();
    assert!(!is_hidden(&card));
    assert!(is_hidden(&q(&root, ".starters").unwrap()));
    assert!(card.text_content().unwrap().contains("API key"));
    click(&q(&card, "button").unwrap());
    assert_eq!(host.calls("options").len(), 1);
    p.send("hi").unwrap();
    assert!(!is_hidden(&q(&root, ".key-banner").unwrap()));
}

/// Makes the fake host answer one-off messages: CHOICES for GET_CHOICES, SETTINGS (with the
/// model and persona asked for) for SET_CHOICES, no question for TAKE_QUESTION (which the panel
/// sends when it opens); every other message is recorded in `messages`.
fn answer_messages(host: &FakeHost) {
    let arr = js_sys::Array::new();
    js_sys::Reflect::set(&host.obj, &"messages".into(), &arr).unwrap();
    let f = wasm_bindgen::closure::Closure::<dyn FnMut(String) -> js_sys::Promise>::new(
        move |text: String| {
            let msg: serde_json::Value = serde_json::from_str(&text).unwrap();
            if msg["type"] != "TAKE_QUESTION" {
                arr.push(&text.clone().into());
            }
            let reply = match msg["type"].as_str() {
                Some("TAKE_QUESTION") => json!({"type": "QUESTION"}),
                Some("GET_CHOICES") => json!({"type": "CHOICES", "choices": {
                    "models": [{"id": "zo/fast", "label": "Zo Fast"}, {"id": "zo/deep", "label": "Zo Deep"}],
                    "personas": [{"id": "p1", "label": "Helper"}]}}),
                _ => {
                    json!({"type": "SETTINGS", "settings": {"hasApiKey": true, "defaultMode": "ask",
                    "model": msg["model"], "personaId": msg["personaId"]}})
                }
            };
            js_sys::Promise::resolve(&wasm_bindgen::JsValue::from_str(&reply.to_string()))
        },
    );
    js_sys::Reflect::set(&host.obj, &"sendMessage".into(), &f.into_js_value()).unwrap();
}

#[wasm_bindgen_test]
async fn pickers_footer_and_two_ways_to_copy() {
    let host = FakeHost::new();
    answer_messages(&host);
    let (p, root) = panel(&host);
    let model: web_sys::HtmlSelectElement = q(&root, "select.model").unwrap().dyn_into().unwrap();
    until("the lists", || model.length() == 3).await;
    assert!(!is_hidden(&q(&root, ".choices").unwrap()));
    assert_eq!(model.value(), "", "Zo's default first");
    model.set_value("zo/fast");
    model
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    let messages = || -> Vec<String> {
        let arr: js_sys::Array = js_sys::Reflect::get(&host.obj, &"messages".into())
            .unwrap()
            .into();
        arr.iter().filter_map(|v| v.as_string()).collect()
    };
    until("the choice is stored", || messages().len() == 2).await;
    assert_eq!(messages()[1], r#"{"type":"SET_CHOICES","model":"zo/fast"}"#);
    let sid = p.send("q").unwrap();
    feed(&p, done(&sid, "**Bold** and `code`"));
    let footer = q(&root, ".msg-footer").unwrap();
    let label = q(&footer, ".elapsed").unwrap().text_content().unwrap();
    assert!(label.starts_with("Ask · Zo Fast · "), "{label}");
    click(&q(&footer, ".copy").unwrap());
    click(&q(&footer, ".copy-md").unwrap());
    let copied: Vec<String> = host
        .calls("copied")
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(copied, ["Bold and code", "**Bold** and `code`"]);
}
