//! `zo-dev markdown`, run as the built binary: whole, streamed in deltas, and JSON lines.

#![cfg(test)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zo-dev"))
        .arg("markdown")
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

fn stdout(out: &Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

const ANSWER: &str = "# Plan\n\nSee [docs] and www.example.com.\n\n- [x] done\n- [ ] todo\n\n\
                      ```js\nlet a = 1 < 2;\n```\n\n<script>alert(1)</script>\n\n[docs]: https://docs.example\n";

#[test]
fn prints_the_blocks_the_panel_shows_one_per_line() {
    let html = stdout(&run(&[], ANSWER));
    let lines: Vec<&str> = html.lines().collect();
    assert_eq!(lines[0], "<h1>Plan</h1>");
    assert_eq!(
        lines[1],
        "<p>See <a href=\"https://docs.example\" target=\"_blank\" rel=\"noopener noreferrer\">docs</a> \
         and <a href=\"http://www.example.com\" target=\"_blank\" rel=\"noopener noreferrer\">www.example.com</a>.</p>"
    );
    assert!(
        lines[2].starts_with("<ul><li><input type=\"checkbox\" disabled=\"\" checked=\"\"> done")
    );
    assert!(html.contains("<code class=\"language-js\">let a = 1 &lt; 2;\n</code>"));
    assert!(html.contains("<p class=\"md-raw\">&lt;script&gt;alert(1)&lt;/script&gt;</p>"));
    assert!(!html.contains("<script"));
}

#[test]
fn reads_a_file_and_streams_it_in_deltas_to_the_same_html() {
    let dir = std::env::temp_dir().join(format!("zo-dev-markdown-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("answer.md");
    std::fs::write(&file, ANSWER).unwrap();
    let path = file.to_str().unwrap();
    let whole = stdout(&run(&[path], ""));
    for n in ["1", "3", "24", "4096"] {
        let out = run(&[path, "--deltas", n], "");
        assert_eq!(stdout(&out), whole, "--deltas {n}");
        let summary = String::from_utf8_lossy(&out.stderr);
        assert!(summary.contains("bytes parsed"), "{summary}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn jsonl_renders_one_answer_per_line() {
    let input = [
        serde_json::to_string("**a**").unwrap(),
        String::new(),
        serde_json::to_string("x\n\n```\ncode\n").unwrap(),
        serde_json::to_string("[x](javascript:alert(1))").unwrap(),
    ]
    .join("\n");
    for args in [&["--jsonl"][..], &["--jsonl", "--deltas", "2"]] {
        let text = stdout(&run(args, &input));
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3, "{args:?}: {text}");
        assert_eq!(lines[0], "<p><strong>a</strong></p>");
        assert!(lines[1]
            .as_str()
            .unwrap()
            .ends_with("<code>code\n</code></pre></div>"));
        assert_eq!(lines[2], "<p>x</p>");
    }
}

#[test]
fn bad_input_and_arguments_are_errors() {
    let out = run(&["--jsonl"], "\"ok\"\nnot json\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
    for args in [
        &["--deltas"][..],
        &["--deltas", "0"],
        &["--nope"],
        &["a", "b"],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let out = run(&["/nonexistent/answer.md"], "");
    assert_eq!(out.status.code(), Some(2));
    let help = stdout(&run(&["--help"], ""));
    assert!(help.contains("--deltas N") && help.contains("--jsonl"));
}
