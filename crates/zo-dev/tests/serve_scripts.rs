//! `zo-dev serve`: Co-browse scripts (`POST /__script`, `[[zo:script=NAME]]`, steps per
//! conversation).

#![cfg(test)]

mod common;

use common::{assemble, Server};
use serde_json::json;

fn post_script(server: &Server, name: &str, steps: &[&str]) -> common::Response {
    server.request(
        "POST",
        "/__script",
        &[],
        Some(&json!({"name": name, "steps": steps})),
    )
}

#[test]
fn steps_follow_the_conversation() {
    let server = Server::start();
    let step1 = r##"{"actions":[{"type":"click","selector":"#next"}]}"##;
    let step2 = r##"{"actions":[{"type":"done","response":"All done ✅"}]}"##;
    let r = post_script(&server, "demo", &[step1, step2]);
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["steps"], 2);

    let first = server.ask_stream("[[zo:script=demo]][[zo:pace=0]] start", None);
    assert_eq!(first.status, 200);
    let conv = first.header("x-conversation-id").unwrap().to_owned();
    let events = first.events();
    assert_eq!(assemble(&events).text, step1);
    assert_eq!(assemble(&events).terminal.as_deref(), Some("completed"));
    let text_tokens = events
        .iter()
        .filter(|e| e.name == "PartStartEvent" || e.name == "PartDeltaEvent")
        .count();
    assert!(text_tokens > 3, "streamed token by token");

    // Follow-ups carry the conversation id only (the page state as input).
    let second = server.ask_stream("results: clicked #next", Some(&conv));
    assert_eq!(second.header("x-conversation-id"), Some(conv.as_str()));
    assert_eq!(assemble(&second.events()).text, step2);
    let third = server.ask(json!({"input": "results: done", "conversation_id": conv}));
    assert_eq!(third.json()["output"], step2, "the last step repeats");

    // A new conversation starts over.
    let again = server.ask_stream("[[zo:script=demo]][[zo:pace=0]]", None);
    assert_ne!(again.header("x-conversation-id"), Some(conv.as_str()));
    assert_eq!(assemble(&again.events()).text, step1);

    // A conversation not bound to a script gets the ordinary answer.
    let other = server.ask(json!({"input": "plain", "conversation_id": "conv_unrelated"}));
    assert!(other.json()["output"].as_str().unwrap().contains("plain"));
}

#[test]
fn a_failed_attempt_does_not_consume_its_step() {
    let server = Server::start();
    post_script(&server, "retry", &["one", "two words here", "three"]);
    let first = server.ask_stream("[[zo:script=retry]][[zo:pace=0]]", None);
    let conv = first.header("x-conversation-id").unwrap().to_owned();
    let cut = server.ask_stream(
        "[[zo:fault=cut]][[zo:after=1]][[zo:times=1]][[zo:key=s]]",
        Some(&conv),
    );
    assert!(!cut.complete);
    let retry = server.ask_stream(
        "[[zo:fault=cut]][[zo:after=1]][[zo:times=1]][[zo:key=s]]",
        Some(&conv),
    );
    assert!(retry.complete);
    assert_eq!(assemble(&retry.events()).text, "two words here");
    let next = server.ask_stream("", Some(&conv));
    assert_eq!(assemble(&next.events()).text, "three");
}

#[test]
fn bad_scripts_are_rejected() {
    let server = Server::start();
    assert_eq!(post_script(&server, "empty", &[]).status, 400);
    assert_eq!(post_script(&server, "", &["x"]).status, 400);
    let r = server.request(
        "POST",
        "/__script",
        &[],
        Some(&json!({"name": "n", "steps": [1]})),
    );
    assert_eq!(r.status, 400);
    let unknown = server.ask(json!({"input": "[[zo:script=missing]]"}));
    assert_eq!(unknown.status, 400);
    assert_eq!(unknown.json()["error_type"], "unknown_script");
    // /__reset forgets scripts.
    post_script(&server, "gone", &["x"]);
    server.request("POST", "/__reset", &[], None);
    assert_eq!(
        server.ask(json!({"input": "[[zo:script=gone]]"})).status,
        400
    );
}
