//! `zo-dev serve`: every scenario, streamed (parsed by zo-core's SSE parser) and not.

#![cfg(test)]

mod common;

use common::{assemble, Event, Server};
use serde_json::{json, Value};

fn names(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.name.as_str()).collect()
}

/// Streams `input` and fetches it without streaming in the same conversation; checks the
/// stream is well formed and that both give the same answer text.
fn stream_and_output(server: &Server, input: &str) -> (Vec<Event>, common::Assembled, String) {
    let r = server.ask_stream(input, Some("conv_scenario"));
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("content-type"),
        Some("text/event-stream; charset=utf-8")
    );
    assert_eq!(r.header("x-conversation-id"), Some("conv_scenario"));
    assert!(r.complete, "the body must end with the last chunk");
    let events = r.events();
    let assembled = assemble(&events);
    let output = server.ask(json!({"input": input, "conversation_id": "conv_scenario"}));
    let output = output.json()["output"].as_str().unwrap().to_owned();
    assert_eq!(
        assembled.text, output,
        "streamed text differs from the non-streaming output"
    );
    (events, assembled, output)
}

#[test]
fn default_is_thinking_then_text_in_live_shapes() {
    let server = Server::start();
    let (events, assembled, output) = stream_and_output(&server, "[[zo:pace=0]] What is Zo?");
    assert!(output.contains("What is Zo?"));
    assert!(
        !output.contains("[[zo:"),
        "directives are not echoed in the answer"
    );
    assert!(assembled.thinking.contains("What is Zo?"));
    assert_eq!(assembled.terminal.as_deref(), Some("completed"));

    let n = names(&events);
    assert_eq!(&n[..2], ["AgentRuntimeStreamChunk", "FrontendModelRequest"]);
    assert_eq!(n.last(), Some(&"completed"));
    for expected in [
        "PartStartEvent",
        "PartDeltaEvent",
        "PartEndEvent",
        "FinalResultEvent",
    ] {
        assert!(n.contains(&expected), "{expected} missing");
    }
    // Every event has JSON data and an id.
    for e in &events {
        e.json();
        assert!(!e.id.is_empty());
    }
    let lifecycle = events[0].json();
    assert_eq!(lifecycle["type"], "status");
    let persisted = &events[events.len() - 2].json();
    assert_eq!(persisted["type"], "persisted");
    assert!(persisted["data"]["message_id"].is_string());
    assert_eq!(events.last().unwrap().json()["status"], "completed");

    // The prompt echo carries the input.
    let echo = events[1].json();
    assert!(echo.to_string().contains("What is Zo?"));

    // Part shapes: the first token is in part.content, with metadata; deltas are underscored.
    let starts: Vec<Value> = events
        .iter()
        .filter(|e| e.name == "PartStartEvent")
        .map(Event::json)
        .collect();
    assert_eq!(starts[0]["part"]["part_kind"], "thinking");
    assert_eq!(starts[1]["part"]["part_kind"], "text");
    assert_eq!(starts[1]["previous_part_kind"], "thinking");
    assert_eq!(starts[0]["event_kind"], "part_start");
    assert!(!starts[1]["part"]["content"].as_str().unwrap().is_empty());
    assert!(output.starts_with(starts[1]["part"]["content"].as_str().unwrap()));
    assert!(
        starts[0]["metadata"]["zmid"].is_string() && starts[0]["metadata"]["runner_id"].is_string()
    );
    let delta_kinds: Vec<String> = events
        .iter()
        .filter(|e| e.name == "PartDeltaEvent")
        .map(|e| {
            e.json()["delta"]["part_delta_kind"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert!(
        delta_kinds.contains(&"thinking".to_owned()) && delta_kinds.contains(&"text".to_owned())
    );
    // Many tokens, not one big blob.
    assert!(delta_kinds.len() > 20);
    // FinalResultEvent comes right after the text part starts, before its deltas.
    let final_at = n.iter().position(|e| *e == "FinalResultEvent").unwrap();
    assert_eq!(n[final_at - 1], "PartStartEvent");
    let ends: Vec<Value> = events
        .iter()
        .filter(|e| e.name == "PartEndEvent")
        .map(Event::json)
        .collect();
    assert_eq!(ends[1]["part"]["content"].as_str().unwrap(), output);
}

#[test]
fn plain_has_no_thinking_and_multibyte_text() {
    let server = Server::start();
    let (events, assembled, output) =
        stream_and_output(&server, "[[zo:scenario=plain]][[zo:pace=0]] hi");
    assert!(assembled.thinking.is_empty());
    assert!(!events.iter().any(|e| e.data.contains("\"thinking\"")));
    assert!(output.contains("你好世界") && output.contains("🚀"));
}

#[test]
fn tool_call_scenario() {
    let server = Server::start();
    let (events, assembled, output) =
        stream_and_output(&server, "[[zo:scenario=tool]][[zo:pace=0]] Zo pricing");
    assert!(output.contains("Zo pricing"));
    assert_eq!(assembled.tool_args.len(), 2);
    let (name, args) = &assembled.tool_args[0];
    assert_eq!(name, "web_search");
    let args: Value = serde_json::from_str(args).expect("streamed args are JSON");
    assert_eq!(args["query"], "Zo pricing");
    let deltas: Vec<Value> = events
        .iter()
        .filter(|e| e.name == "PartDeltaEvent")
        .map(Event::json)
        .filter(|d| d["delta"]["part_delta_kind"] == "tool_call")
        .collect();
    assert!(deltas.len() > 1);
    assert!(deltas
        .iter()
        .all(|d| d["delta"]["tool_call_id"] == "call_search_1"));
    // The second call has its args as an object.
    let starts: Vec<Value> = events
        .iter()
        .filter(|e| e.name == "PartStartEvent")
        .map(Event::json)
        .collect();
    let read = starts
        .iter()
        .find(|s| s["part"]["tool_name"] == "read_webpage")
        .unwrap();
    assert_eq!(read["part"]["part_kind"], "tool-call");
    assert!(read["part"]["args"].is_object());

    let calls: Vec<Value> = events
        .iter()
        .filter(|e| e.name == "FunctionToolCallEvent")
        .map(Event::json)
        .collect();
    assert_eq!(calls.len(), 2);
    let results: Vec<Value> = events
        .iter()
        .filter(|e| e.name == "FunctionToolResultEvent")
        .map(Event::json)
        .collect();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["part"]["part_kind"], "tool-return");
    assert_eq!(results[1]["result"]["part_kind"], "tool-return");

    // The answer is a second model response: index restarts at 0 under a new zmid.
    let text_start = starts
        .iter()
        .find(|s| s["part"]["part_kind"] == "text")
        .unwrap();
    assert_eq!(text_start["index"], 0);
    assert_ne!(
        text_start["metadata"]["zmid"],
        starts[0]["metadata"]["zmid"]
    );
    assert_eq!(
        names(&events)
            .iter()
            .filter(|n| **n == "FrontendModelRequest")
            .count(),
        2
    );
}

#[test]
fn cobrowse_shapes() {
    let server = Server::start();
    let cases = [
        ("cobrowse-typefirst", r#"{"actions":[{"type":"navigate""#),
        (
            "cobrowse-keyfirst",
            r##"{"actions":[{"click":"#pricing"},{"done":{"response":"##,
        ),
        (
            "cobrowse-action",
            r##"[{"action":"fill","selector":"#email""##,
        ),
        ("cobrowse-fenced", "```json\n[\n  {\"action\": \"fill\""),
        (
            "cobrowse-embedded",
            r#"this page: {"actions":[{"type":"click""#,
        ),
    ];
    for (scenario, expected) in cases {
        let input = format!("[[zo:scenario={scenario}]][[zo:pace=0]] open pricing");
        let (events, assembled, output) = stream_and_output(&server, &input);
        assert!(output.contains(expected), "{scenario}: {output}");
        assert!(!assembled.thinking.is_empty());
        // Streamed token by token.
        let text_deltas = events
            .iter()
            .filter(|e| {
                e.name == "PartDeltaEvent" && e.data.contains(r#""part_delta_kind":"text""#)
            })
            .count();
        assert!(text_deltas > 5, "{scenario}");
        match scenario {
            "cobrowse-typefirst" | "cobrowse-keyfirst" => {
                let v: Value = serde_json::from_str(&output).unwrap();
                assert!(v["actions"].as_array().unwrap().len() >= 2);
            }
            "cobrowse-action" => {
                let v: Value = serde_json::from_str(&output).unwrap();
                assert_eq!(v[0]["action"], "fill");
            }
            "cobrowse-fenced" => {
                let inner = output
                    .split("```json")
                    .nth(1)
                    .unwrap()
                    .split("```")
                    .next()
                    .unwrap();
                let v: Value = serde_json::from_str(inner).unwrap();
                assert_eq!(v.as_array().unwrap().len(), 3);
            }
            _ => {
                let start = output.find('{').unwrap();
                let end = output.rfind('}').unwrap();
                let v: Value = serde_json::from_str(&output[start..=end]).unwrap();
                assert_eq!(v["actions"][1]["type"], "done");
            }
        }
    }
}

#[test]
fn long_answer_is_one_megabyte() {
    let server = Server::start();
    let (events, assembled, output) = stream_and_output(&server, "[[zo:scenario=long]]");
    assert_eq!(output.len(), 1 << 20);
    assert_eq!(assembled.text.len(), 1 << 20);
    assert!(events.len() > 1000);
    let sized = server.ask(json!({"input": "[[zo:scenario=long]][[zo:size=5000]]"}));
    assert_eq!(sized.json()["output"].as_str().unwrap().len(), 5000);
}

#[test]
fn legacy_events() {
    let server = Server::start();
    let (events, assembled, output) =
        stream_and_output(&server, "[[zo:scenario=legacy]][[zo:pace=0]] old");
    assert!(output.contains("old"));
    let n = names(&events);
    assert_eq!(n.last(), Some(&"End"));
    assert!(n[..n.len() - 1]
        .iter()
        .all(|e| *e == "FrontendModelResponse"));
    assert!(n.len() > 10);
    assert_eq!(assembled.terminal.as_deref(), Some("End"));
}

#[test]
fn answers_are_deterministic_across_requests() {
    let server = Server::start();
    let a = server.ask_stream("[[zo:pace=0]] same question", None);
    let b = server.ask_stream("[[zo:pace=0]] same question", None);
    assert_ne!(a.header("x-conversation-id"), b.header("x-conversation-id"));
    assert_eq!(assemble(&a.events()).text, assemble(&b.events()).text);
}
