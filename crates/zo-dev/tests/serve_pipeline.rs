//! Cross-check: what `zo-dev serve` streams, fed one HTTP chunk at a time through zo-core's
//! `StreamPipeline`, gives the same answer as the non-streaming reply, for every scenario and
//! every transport fault; failures end as Failed or Incomplete; a cut attempt followed by a
//! retry loses and duplicates nothing.

#![cfg(test)]

mod common;

use common::{Response, Server};
use serde_json::json;
use zo_core::stream::StreamPipeline;
use zo_core::wire::{Action, FinalResult, FinalStatus, Mode};

fn run(pipeline: &mut StreamPipeline, r: &Response) -> FinalResult {
    if let Some(id) = r.header("x-conversation-id") {
        pipeline.set_conversation_id(id);
    }
    for chunk in &r.chunks {
        pipeline.push_bytes(chunk);
    }
    pipeline.finish()
}

fn output(server: &Server, input: &str) -> String {
    let r = server.ask(json!({"input": input}));
    r.json()["output"].as_str().unwrap().to_owned()
}

#[test]
fn prose_scenarios_and_transport_faults() {
    let server = Server::start();
    for scenario in ["plain", "thinking", "tool", "long", "legacy"] {
        for fault in ["", "malformed", "badjson", "bytewise", "split-utf8"] {
            // The full 1 MB answer is checked in serve_scenarios; 100 KB keeps this quick.
            let size = if scenario == "long" {
                "[[zo:size=100000]]"
            } else {
                ""
            };
            let fault = if fault.is_empty() {
                String::new()
            } else {
                format!("[[zo:fault={fault}]]")
            };
            let input =
                format!("[[zo:scenario={scenario}]][[zo:pace=0]]{size}{fault} Tell me about Zo");
            let expected = output(
                &server,
                &format!("[[zo:scenario={scenario}]]{size} Tell me about Zo"),
            );
            let r = server.ask_stream(&input, None);
            let result = run(&mut StreamPipeline::new(Mode::Ask), &r);
            assert_eq!(result.status, FinalStatus::Succeeded, "{input}");
            assert_eq!(result.text, expected, "{input}");
            assert_eq!(
                result.conversation_id.as_deref(),
                r.header("x-conversation-id")
            );
        }
    }
}

#[test]
fn cobrowse_shapes_normalize_to_actions() {
    let server = Server::start();
    for (scenario, count) in [
        ("cobrowse-typefirst", 7),
        ("cobrowse-keyfirst", 2),
        ("cobrowse-action", 3),
        ("cobrowse-fenced", 3),
        ("cobrowse-embedded", 2),
    ] {
        let r = server.ask_stream(&format!("[[zo:scenario={scenario}]][[zo:pace=0]]"), None);
        let result = run(&mut StreamPipeline::new(Mode::Cobrowse), &r);
        assert_eq!(result.status, FinalStatus::Succeeded, "{scenario}");
        assert_eq!(result.actions.len(), count, "{scenario}: {result:?}");
        let Some(Action::Done { response }) = result.actions.last() else {
            panic!("{scenario}: no done action: {result:?}");
        };
        assert_eq!(&result.text, response, "{scenario}");
    }
}

#[test]
fn failures_end_as_failed_or_incomplete() {
    let server = Server::start();
    for (fault, status) in [
        ("failed", FinalStatus::Failed),
        ("completed-failed", FinalStatus::Failed),
        ("cut", FinalStatus::Incomplete),
    ] {
        let r = server.ask_stream(&format!("[[zo:pace=0]][[zo:fault={fault}]] q"), None);
        let result = run(&mut StreamPipeline::new(Mode::Ask), &r);
        assert_eq!(result.status, status, "{fault}");
        if status == FinalStatus::Failed {
            assert!(result.error.is_some(), "{fault}");
        }
    }
    let legacy = server.ask_stream(
        "[[zo:pace=0]][[zo:scenario=legacy]][[zo:fault=failed]]",
        None,
    );
    let result = run(&mut StreamPipeline::new(Mode::Ask), &legacy);
    assert_eq!(result.status, FinalStatus::Failed);
}

#[test]
fn cut_then_retry_loses_and_duplicates_nothing() {
    let server = Server::start();
    let input = "[[zo:pace=0]][[zo:fault=cut]][[zo:times=1]][[zo:key=pipeline]] retry me";
    let expected = output(&server, "retry me");
    let mut first = StreamPipeline::new(Mode::Ask);
    let cut = run(&mut first, &server.ask_stream(input, None));
    assert_eq!(cut.status, FinalStatus::Incomplete);
    assert!(!cut.text.is_empty() && expected.starts_with(&cut.text));
    let mut second = first.next_attempt();
    let done = run(&mut second, &server.ask_stream(input, None));
    assert_eq!(done.status, FinalStatus::Succeeded);
    assert_eq!(done.text, expected);
}
