//! `zo-dev actions` and `zo-dev actions --check`, run as the built binary.

#![cfg(test)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zo-dev"))
        .arg("actions")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn zo-dev");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout_json(out: &Output) -> Value {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn prints_actions_dropped_text_and_reasoning_from_stdin() {
    let out = run(
        &[],
        r##"Plan: {"reasoning":"go","actions":[{"click":"#pricing"},{"navigate":"javascript:alert(1)"},{"done":{"response":"Done."}}]}"##,
    );
    let v = stdout_json(&out);
    assert_eq!(
        v,
        json!({
            "actions": [{"type":"click","selector":"#pricing"},{"type":"done","response":"Done."}],
            "dropped": [{"entry":{"navigate":"javascript:alert(1)"},
                         "reason":"navigate: url scheme \"javascript\" is not allowed: only http and https"}],
            "text": "Done.",
            "reasoning": "go"
        })
    );
    let raw = String::from_utf8(out.stdout).unwrap();
    assert!(
        raw.starts_with(r##"{"actions":[{"type":"click","selector":"#pricing"}"##),
        "fields in order, actions type-first: {raw}"
    );
}

#[test]
fn plain_prose_from_a_file_and_dash_means_stdin() {
    let dir = std::env::temp_dir().join(format!("zo-dev-actions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("answer.txt");
    std::fs::write(&file, "Just prose.\n").unwrap();
    let v = stdout_json(&run(&[file.to_str().unwrap()], ""));
    assert_eq!(
        v,
        json!({"actions":[],"dropped":[],"text":"Just prose.\n","reasoning":null})
    );
    let v = stdout_json(&run(&["-"], "```json\n[{\"wait\":5}]\n```"));
    assert_eq!(v["actions"], json!([{"type":"wait","ms":5}]));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unreadable_input_is_one_error_line_and_exit_2() {
    let out = run(&["/nonexistent/zo-answer.txt"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("cannot read /nonexistent/zo-answer.txt"),
        "{err}"
    );
    let dir = run(&["/"], "");
    assert_eq!(dir.status.code(), Some(2));
}

#[test]
fn bad_arguments_exit_2_and_help_exits_0() {
    assert_eq!(run(&["--bogus"], "").status.code(), Some(2));
    assert_eq!(run(&["a", "b"], "").status.code(), Some(2));
    let help = run(&["--help"], "");
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8(help.stdout).unwrap().contains("--check"));
}

#[test]
fn check_judges_each_entry_strictly_in_order() {
    let entries = json!([
        {"type":"click","selector":" #a "},
        {"click":"#a"},
        {"type":"wait","ms":30001},
        {"type":"scroll"},
        {"type":"navigate","url":"data:text/html,x"},
        {"type":"click","selector":"#a","extra":1}
    ]);
    let v = stdout_json(&run(&["--check"], &entries.to_string()));
    let verdicts = v.as_array().unwrap();
    assert_eq!(verdicts.len(), 6);
    assert_eq!(
        verdicts[0],
        json!({"valid":true,"canonical":{"type":"click","selector":"#a"},"reason":null})
    );
    assert_eq!(verdicts[1]["valid"], json!(false));
    assert_eq!(verdicts[1]["canonical"], Value::Null);
    assert_eq!(verdicts[1]["reason"], json!("missing \"type\""));
    assert_eq!(verdicts[2]["valid"], json!(false));
    assert_eq!(
        verdicts[3]["canonical"],
        json!({"type":"scroll","direction":"down"})
    );
    assert_eq!(verdicts[4]["valid"], json!(false));
    assert_eq!(verdicts[5]["valid"], json!(false));
}

#[test]
fn check_refuses_input_that_is_not_a_json_array() {
    for input in ["{\"type\":\"click\"}", "not json", ""] {
        let out = run(&["--check", "-"], input);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    }
}
