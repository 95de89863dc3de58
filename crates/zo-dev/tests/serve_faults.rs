//! `zo-dev serve`: every fault, `times`/`key`, and the client-closed-early record.

#![cfg(test)]

mod common;

use common::{assemble, read_until, Server};
use serde_json::json;
use std::io::{ErrorKind, Read};
use std::time::Duration;

const FAST: &str = "[[zo:pace=0]]";

#[test]
fn status_faults_before_the_stream() {
    let server = Server::start();
    for status in [400u16, 401, 429, 500, 503] {
        for stream in [true, false] {
            let input = format!("{FAST}[[zo:fault={status}]] q");
            let r = server.ask(json!({"input": input, "stream": stream}));
            assert_eq!(r.status, status);
            assert_eq!(r.header("content-type"), Some("application/json"));
            let body = r.json();
            assert!(body["error"].is_string() && body["error_type"].is_string());
            assert_eq!(r.header("retry-after").is_some(), status == 429);
        }
    }
    let r = server.ask(json!({"input": "[[zo:fault=429]][[zo:retry-after=3]]"}));
    assert_eq!(r.header("retry-after"), Some("3"));
    let r = server.ask(json!({"input": "[[zo:fault=429]]"}));
    assert_eq!(r.header("retry-after"), Some("1"));
    let log = server.requests();
    assert_eq!(log[0]["fault"], "400");
    assert_eq!(log[0]["status"], 400);
}

#[test]
fn five_xx_then_success_with_the_same_text() {
    let server = Server::start();
    let input = format!("{FAST}[[zo:fault=503]][[zo:times=2]][[zo:key=retry-a]] Same answer?");
    assert_eq!(server.ask_stream(&input, None).status, 503);
    assert_eq!(server.ask_stream(&input, None).status, 503);
    let ok = server.ask_stream(&input, None);
    assert_eq!(ok.status, 200);
    let text = assemble(&ok.events()).text;
    let reference = assemble(
        &server
            .ask_stream(&format!("{FAST} Same answer?"), None)
            .events(),
    )
    .text;
    assert_eq!(text, reference);
    // Another key has its own counter; no times means always.
    let other = format!("{FAST}[[zo:fault=500]][[zo:times=1]][[zo:key=retry-b]]");
    assert_eq!(server.ask_stream(&other, None).status, 500);
    assert_eq!(server.ask_stream(&other, None).status, 200);
    for _ in 0..3 {
        assert_eq!(server.ask_stream("[[zo:fault=500]]", None).status, 500);
    }
}

#[test]
fn cut_mid_stream_then_success() {
    let server = Server::start();
    let input = format!("{FAST}[[zo:fault=cut]][[zo:times=1]][[zo:key=cut-a]] Cut me");
    let cut = server.ask_stream(&input, Some("conv_cut"));
    assert_eq!(cut.status, 200);
    assert!(!cut.complete, "a cut body has no last chunk");
    let partial = assemble(&cut.events());
    assert_eq!(partial.terminal, None);
    assert!(
        !partial.text.is_empty(),
        "the cut comes after some answer tokens"
    );

    let retry = server.ask_stream(&input, Some("conv_cut"));
    assert!(retry.complete);
    let full = assemble(&retry.events());
    assert_eq!(full.terminal.as_deref(), Some("completed"));
    assert!(full.text.starts_with(&partial.text) && full.text.len() > partial.text.len());
    let entry = server.wait_finished(0);
    assert_eq!(entry["outcome"], "server-cut");
    assert_eq!(entry["fault"], "cut");
    assert_eq!(server.wait_finished(1)["fault"], serde_json::Value::Null);
    assert_eq!(entry["clientClosedEarly"], false);

    // `after` places the cut.
    let early = server.ask_stream(&format!("{FAST}[[zo:fault=cut]][[zo:after=2]]"), None);
    let tokens = early
        .events()
        .iter()
        .filter(|e| e.name == "PartStartEvent" || e.name == "PartDeltaEvent")
        .count();
    assert_eq!(tokens, 2);

    // Non-streaming: half a JSON body, then the connection closes.
    let r = server.ask(json!({"input": "[[zo:fault=cut]]"}));
    assert!(!r.complete);
    assert!(serde_json::from_slice::<serde_json::Value>(&r.body).is_err());
}

#[test]
fn hang_keeps_the_socket_open_until_the_client_leaves() {
    let server = Server::start();
    let body =
        json!({"input": format!("{FAST}[[zo:fault=hang]][[zo:after=3]] wait"), "stream": true});
    let mut conn = server.open(
        "POST",
        "/zo/ask",
        &[("Authorization", "Bearer zo_sk_dev")],
        Some(&body),
    );
    let raw = read_until(&mut conn, b"PartDeltaEvent");
    assert!(raw.starts_with(b"HTTP/1.1 200"));
    // Nothing more comes (no terminal event, no end of body) while the client waits.
    conn.set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    let mut rest = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match conn.read(&mut buf) {
            Ok(0) => panic!("the server closed a hanging stream"),
            Ok(n) => rest.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => break,
            Err(e) => panic!("read failed: {e}"),
        }
    }
    let all = [raw, rest].concat();
    let text = String::from_utf8_lossy(&all);
    assert!(!text.contains("completed") && !text.contains("\r\n0\r\n\r\n"));
    assert!(server.requests()[0]["finished"] == false);
    drop(conn);
    let entry = server.wait_finished(0);
    assert_eq!(entry["clientClosedEarly"], true);
    assert_eq!(entry["outcome"], "client-closed");
}

#[test]
fn client_closing_mid_stream_is_recorded() {
    let server = Server::start();
    let body = json!({"input": "[[zo:pace=40]] slow answer", "stream": true});
    let mut conn = server.open(
        "POST",
        "/zo/ask",
        &[("Authorization", "Bearer zo_sk_dev")],
        Some(&body),
    );
    read_until(&mut conn, b"PartDeltaEvent");
    drop(conn);
    let entry = server.wait_finished(0);
    assert_eq!(entry["clientClosedEarly"], true);
    // A stream read to its end is not.
    server.ask_stream(FAST, None);
    assert_eq!(server.wait_finished(1)["clientClosedEarly"], false);
    assert_eq!(server.wait_finished(1)["outcome"], "complete");
}

#[test]
fn malformed_lines_change_no_event() {
    let server = Server::start();
    let normal = server.ask_stream(&format!("{FAST} q"), Some("conv_m"));
    let odd = server.ask_stream(&format!("{FAST}[[zo:fault=malformed]] q"), Some("conv_m"));
    assert!(odd.complete);
    let raw = odd.text();
    assert!(raw.starts_with('\u{feff}'));
    assert!(
        raw.contains("garbage line without a colon")
            && raw.contains("\r\n")
            && raw.contains("retry: 12x")
    );
    // FrontendModelRequest echoes the input, which differs: compare everything else.
    let strip = |events: Vec<common::Event>| -> Vec<(String, String, String)> {
        events
            .into_iter()
            .filter(|e| e.name != "FrontendModelRequest")
            .map(|e| (e.name, e.data, e.id))
            .collect()
    };
    assert_eq!(strip(odd.events()), strip(normal.events()));
}

#[test]
fn invalid_json_events_between_valid_ones() {
    let server = Server::start();
    let normal = server.ask_stream(&format!("{FAST} q"), Some("conv_b"));
    let odd = server.ask_stream(&format!("{FAST}[[zo:fault=badjson]] q"), Some("conv_b"));
    let events = odd.events();
    let invalid = events
        .iter()
        .filter(|e| serde_json::from_str::<serde_json::Value>(&e.data).is_err())
        .count();
    assert!(invalid >= 2);
    assert!(events.iter().any(|e| e.name == "SomethingNewEvent"));
    assert_eq!(assemble(&events).text, assemble(&normal.events()).text);
    assert_eq!(assemble(&events).terminal.as_deref(), Some("completed"));
    let r = server.ask(json!({"input": "[[zo:fault=badjson]]"}));
    assert_eq!(r.status, 200);
    assert!(serde_json::from_slice::<serde_json::Value>(&r.body).is_err());
}

#[test]
fn failed_events() {
    let server = Server::start();
    let r = server.ask_stream(&format!("{FAST}[[zo:fault=failed]] q"), None);
    assert!(r.complete);
    let events = r.events();
    let last = events.last().unwrap();
    assert_eq!(last.name, "failed");
    let data = last.json();
    assert_eq!(data["status"], "failed");
    assert!(data["error"].is_string() && data["error_type"].is_string());
    assert!(!events.iter().any(|e| e.name == "completed"));

    let r = server.ask_stream(&format!("{FAST}[[zo:fault=completed-failed]] q"), None);
    let last = r.events().last().unwrap().clone();
    assert_eq!(
        (last.name.as_str(), last.json()["status"].as_str()),
        ("completed", Some("failed"))
    );

    let legacy = server.ask_stream(
        &format!("{FAST}[[zo:scenario=legacy]][[zo:fault=failed]]"),
        None,
    );
    let last = legacy.events().last().unwrap().clone();
    assert_eq!(last.name, "Error");
    assert!(last.json()["message"].is_string());

    let r = server.ask(json!({"input": "[[zo:fault=failed]]"}));
    assert_eq!(r.status, 500);
}

#[test]
fn one_byte_writes() {
    let server = Server::start();
    let normal = server.ask_stream(&format!("{FAST} q"), Some("conv_w"));
    let bytewise = server.ask_stream(&format!("{FAST}[[zo:fault=bytewise]] q"), Some("conv_w"));
    assert!(bytewise.complete);
    assert!(bytewise.chunks.len() > 1000);
    assert!(bytewise.chunks.iter().all(|c| c.len() == 1));
    assert_eq!(
        assemble(&bytewise.events()).text,
        assemble(&normal.events()).text
    );
    let r = server.ask(json!({"input": "[[zo:fault=bytewise]] q"}));
    assert!(r.json()["output"].as_str().unwrap().contains('q'));
}

#[test]
fn multibyte_characters_split_across_writes() {
    let server = Server::start();
    let normal = server.ask_stream(&format!("{FAST} q"), Some("conv_u"));
    let split = server.ask_stream(&format!("{FAST}[[zo:fault=split-utf8]] q"), Some("conv_u"));
    assert!(split.complete);
    let broken = split
        .chunks
        .iter()
        .filter(|c| std::str::from_utf8(c).is_err())
        .count();
    assert!(
        broken >= 8,
        "{broken} chunks end or start inside a character"
    );
    let text = assemble(&split.events()).text;
    assert!(text.contains("你好世界") && text.contains("🚀✨"));
    assert_eq!(text, assemble(&normal.events()).text);
    let r = server.ask(json!({"input": "[[zo:fault=split-utf8]] q"}));
    assert!(r.json()["output"].as_str().unwrap().contains("你好世界"));
}

#[test]
fn delay_before_the_head() {
    let server = Server::start();
    let r = server.ask_stream("[[zo:pace=0]][[zo:delay=50]] late", None);
    assert_eq!(r.status, 200);
    assert!(r.complete);
    // A client giving up during the delay is recorded as such.
    let body = json!({"input": "[[zo:delay=600000]] never", "stream": true});
    let mut conn = server.open(
        "POST",
        "/zo/ask",
        &[("Authorization", "Bearer zo_sk_dev")],
        Some(&body),
    );
    conn.set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let mut buf = [0u8; 16];
    let read = conn.read(&mut buf);
    assert!(
        matches!(&read, Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)),
        "no response head during the delay: {read:?}"
    );
    drop(conn);
    let entry = server.wait_finished(1);
    assert_eq!(entry["clientClosedEarly"], true);
}

#[test]
fn diverge_streams_a_cut_first_draft_then_the_real_answer() {
    let server = Server::start();
    let input = format!(
        "{FAST}[[zo:scenario=thinking]][[zo:fault=diverge]][[zo:times=1]][[zo:key=div-a]] Why?"
    );
    let draft = server.ask_stream(&input, None);
    assert_eq!(draft.status, 200);
    assert!(!draft.complete, "the draft is cut");
    let shown = assemble(&draft.events());
    assert_eq!(shown.terminal, None);
    assert!(shown.thinking.starts_with("(First draft) "), "{shown:?}");
    let real = assemble(&server.ask_stream(&input, None).events());
    assert_eq!(real.terminal.as_deref(), Some("completed"));
    assert!(!real.thinking.starts_with("(First draft)"));
    assert!(!real.thinking.starts_with(&shown.thinking));
    let reference = assemble(
        &server
            .ask_stream(&format!("{FAST}[[zo:scenario=thinking]] Why?"), None)
            .events(),
    );
    assert_eq!(real, reference);
    assert_eq!(server.requests()[0]["fault"], "diverge");
}

#[test]
fn reply_json_answers_a_streaming_request_with_the_whole_answer() {
    let server = Server::start();
    let r = server.ask(json!({"input": "[[zo:reply=json]] Hi", "stream": true}));
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let body = r.json();
    let reference = assemble(&server.ask_stream(&format!("{FAST} Hi"), None).events());
    assert_eq!(body["output"], reference.text.as_str());
    assert!(body["conversation_id"]
        .as_str()
        .unwrap()
        .starts_with("conv_"));
    assert_eq!(
        r.header("x-conversation-id"),
        body["conversation_id"].as_str()
    );
}

#[test]
fn reply_html_is_a_web_page_with_status_200() {
    let server = Server::start();
    let r = server.ask(json!({"input": "[[zo:reply=html]] Hi", "stream": true}));
    assert_eq!(r.status, 200);
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    assert!(r.text().contains("<title>"));
}

#[test]
fn stamps_record_when_each_token_was_written() {
    let server = Server::start();
    let input = "[[zo:scenario=plain]][[zo:pace=2]][[zo:stamps=1]] Stamp me";
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
        * 1000.0;
    let r = server.ask_stream(input, None);
    let tokens = r
        .events()
        .iter()
        .filter(|e| e.name == "PartStartEvent" || e.name == "PartDeltaEvent")
        .count();
    let entry = server.wait_finished(0);
    let stamps: Vec<f64> = entry["tokenWrittenAt"]
        .as_array()
        .expect("tokenWrittenAt")
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(stamps.len(), tokens);
    assert!(stamps[0] >= before);
    assert!(stamps.windows(2).all(|w| w[0] <= w[1]), "{stamps:?}");
    // Without the directive nothing is recorded.
    server.ask_stream(&format!("{FAST} Plain"), None);
    assert!(server.wait_finished(1).get("tokenWrittenAt").is_none());
}
