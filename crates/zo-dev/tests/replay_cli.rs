//! `zo-dev replay` end to end on the recorded streams in tests/fixtures/streams.

#![cfg(test)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_zo-dev");

fn fixture(name: &str) -> String {
    format!(
        "{}/../../tests/fixtures/streams/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn replay(args: &[&str]) -> Output {
    match Command::new(BIN).arg("replay").args(args).output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run zo-dev: {e}"),
    }
}

fn json_lines(out: &Output) -> Vec<Value> {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l:?}: {e}")))
        .collect()
}

fn final_of(name: &str, extra: &[&str]) -> Value {
    let path = fixture(name);
    let mut args = vec![path.as_str(), "--emit", "final"];
    args.extend_from_slice(extra);
    let lines = json_lines(&replay(&args));
    assert_eq!(lines.len(), 1);
    lines[0].clone()
}

#[test]
fn final_result_of_a_live_stream_is_the_same_at_any_chunk_size() {
    let whole = final_of("live-thinking-tool.sse", &[]);
    assert_eq!(whole["status"], "succeeded");
    assert_eq!(
        whole["text"],
        "Let me check the docs.\n\nVersion 2.0 was released on 12 March 2026 — see the changelog for details."
    );
    assert_eq!(
        whole["thinking"],
        "The user wants the release date. I should search the docs first."
    );
    assert_eq!(whole["tools"][0]["name"], "web_search");
    assert_eq!(
        whole["tools"][0]["result"],
        "Version 2.0 was released on 12 March 2026."
    );
    assert_eq!(whole["actions"], Value::Array(vec![]));
    assert_eq!(whole["error"], Value::Null);
    for size in ["1", "2", "7", "100"] {
        assert_eq!(
            final_of("live-thinking-tool.sse", &["--chunk", size]),
            whole
        );
    }
}

#[test]
fn sse_view_lists_events_and_retry_fields() {
    let path = fixture("live-thinking-tool.sse");
    let whole = json_lines(&replay(&[&path, "--emit", "sse"]));
    assert_eq!(whole[0], serde_json::json!({"retry": 3000}));
    assert_eq!(whole[1]["event"], "AgentRuntimeStreamChunk");
    assert_eq!(whole[1]["id"], "1");
    let data: Value =
        serde_json::from_str(whole[1]["data"].as_str().unwrap_or("")).unwrap_or_default();
    assert_eq!(data["status"], "running");
    assert_eq!(
        whole.last().map(|v| v["event"].clone()),
        Some("completed".into())
    );
    let bytewise = json_lines(&replay(&[&path, "--emit", "sse", "--chunk", "1"]));
    assert_eq!(bytewise, whole);
}

#[test]
fn events_view_never_prints_the_model_request() {
    let path = fixture("live-thinking-tool.sse");
    let out = replay(&[&path, "--emit", "events", "--chunk", "5"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    for secret in ["PRIVATE-PROMPT", "hunter2", "secrets.txt"] {
        assert!(!text.contains(secret), "{secret} printed");
    }
    let lines = json_lines(&out);
    let kinds: Vec<&str> = lines.iter().filter_map(|l| l["kind"].as_str()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "modelRequest").count(), 2);
    assert!(kinds.contains(&"toolCall"));
    assert!(kinds.contains(&"toolResult"));
    assert_eq!(kinds.last(), Some(&"completed"));
}

#[test]
fn reads_stdin() {
    let mut child = match Command::new(BIN)
        .args(["replay", "-", "--chunk", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("spawn: {e}"),
    };
    let bytes = std::fs::read(fixture("legacy.sse")).unwrap_or_default();
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(&bytes)
            .unwrap_or_else(|e| panic!("write: {e}"));
    }
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("wait: {e}"));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["status"], "succeeded");
    assert_eq!(
        lines[0]["text"],
        "Hello from the old API. It still streams fine."
    );
}

#[test]
fn failed_cut_and_cobrowse_streams() {
    let failed = final_of("failed.sse", &["--chunk", "4"]);
    assert_eq!(failed["status"], "failed");
    assert_eq!(failed["error"], "The model provider returned an error");
    assert_eq!(failed["text"], "I started writing an answer but");

    let cut = final_of("cut.sse", &[]);
    assert_eq!(cut["status"], "incomplete");
    assert_eq!(cut["text"], "This answer is cut off before the end");

    let cb = final_of("cobrowse-envelope.sse", &["--chunk", "1"]);
    assert_eq!(cb["status"], "succeeded");
    assert_eq!(cb["text"], "I opened the pricing page for you.");
    assert_eq!(cb["actions"][0]["type"], "click");
    assert_eq!(cb["actions"][0]["selector"], "#pricing");

    let ask = final_of("cobrowse-envelope.sse", &["--mode", "ask"]);
    assert!(ask["text"]
        .as_str()
        .unwrap_or("")
        .starts_with("{\"actions\""));
    assert_eq!(ask["actions"], Value::Array(vec![]));
}

#[test]
fn bad_usage_and_missing_files_fail_clearly() {
    let out = replay(&["--emit", "xml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--emit"));
    let out = replay(&["/nonexistent/zo/stream.sse"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}
