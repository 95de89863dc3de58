//! `zo-dev serve`: command line, routes, Bearer check, CORS and the request log.

#![cfg(test)]

mod common;

use common::{Server, PATIENCE};
use serde_json::json;
use std::process::Command;

#[test]
fn first_line_help_and_bad_options() {
    let server = Server::start();
    assert_eq!(
        server.first_line,
        format!("listening on http://127.0.0.1:{}\n", server.port)
    );
    assert_ne!(server.port, 0);

    let help = Command::new(env!("CARGO_BIN_EXE_zo-dev"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(help.status.success());
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("--ttl") && help.contains("fault=") && help.contains("scenario="));

    let bad = Command::new(env!("CARGO_BIN_EXE_zo-dev"))
        .args(["serve", "--port", "nope"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn exits_by_itself_after_ttl() {
    let mut server = Server::start_with(&["--port", "0", "--ttl", "1"]);
    let status = server
        .wait_exit(PATIENCE)
        .expect("server still running after its ttl");
    assert!(status.success());
}

#[test]
fn custom_key_and_bearer_check() {
    let server = Server::start_with(&["--port", "0", "--ttl", "60", "--key", "zo_sk_other"]);
    let body = json!({"input": "hi"});
    let missing = server.request("POST", "/zo/ask", &[], Some(&body));
    assert_eq!(missing.status, 401);
    assert_eq!(missing.json()["error_type"], "unauthorized");
    let wrong = server.ask(body.clone()); // the default key is wrong here
    assert_eq!(wrong.status, 401);
    let ok = server.request(
        "POST",
        "/zo/ask",
        &[("Authorization", "Bearer zo_sk_other")],
        Some(&body),
    );
    assert_eq!(ok.status, 200);
    assert!(ok.json()["output"].as_str().unwrap().contains("hi"));
}

#[test]
fn models_and_personas() {
    let server = Server::start();
    let auth = [("Authorization", "Bearer zo_sk_dev")];
    let models = server.request("GET", "/models/available", &auth, None);
    assert_eq!(models.status, 200);
    let models = models.json();
    let list = models["models"].as_array().unwrap();
    assert!(!list.is_empty());
    assert!(list
        .iter()
        .all(|m| m["model_name"].is_string() && m["label"].is_string()));

    let personas = server.request("GET", "/personas/available", &auth, None);
    assert_eq!(personas.status, 200);
    let personas = personas.json();
    assert!(personas["personas"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["id"].is_string()));

    assert_eq!(
        server.request("GET", "/models/available", &[], None).status,
        401
    );
    assert_eq!(
        server
            .request("GET", "/personas/available", &[], None)
            .status,
        401
    );
}

#[test]
fn bad_requests_and_unknown_routes() {
    let server = Server::start();
    assert_eq!(server.request("GET", "/nope", &[], None).status, 404);
    assert_eq!(server.request("GET", "/zo/ask", &[], None).status, 405);
    let auth = [("Authorization", "Bearer zo_sk_dev")];
    let not_object = server.request("POST", "/zo/ask", &auth, Some(&json!([1])));
    assert_eq!(not_object.status, 400);
    let no_input = server.request("POST", "/zo/ask", &auth, Some(&json!({"stream": true})));
    assert_eq!(no_input.status, 422);
    let typo = server.ask(json!({"input": "[[zo:scenario=nope]]"}));
    assert_eq!(typo.status, 400);
    assert_eq!(typo.json()["error_type"], "bad_directive");
    assert!(typo.json()["error"]
        .as_str()
        .unwrap()
        .contains("cobrowse-keyfirst"));
}

#[test]
fn non_streaming_answer() {
    let server = Server::start();
    let r = server.ask(json!({"input": "What is Zo?"}));
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let body = r.json();
    let conv = body["conversation_id"].as_str().unwrap();
    assert!(conv.starts_with("conv_"));
    assert_eq!(r.header("x-conversation-id"), Some(conv));
    assert!(body["output"].as_str().unwrap().contains("What is Zo?"));

    // The same conversation continues; the same input gives the same text.
    let again = server.ask(json!({"input": "What is Zo?", "conversation_id": conv}));
    assert_eq!(again.json()["conversation_id"], conv);
    assert_eq!(again.json()["output"], body["output"]);
}

#[test]
fn cors_preflight_and_headers() {
    let server = Server::start();
    for origin in [
        "http://127.0.0.1:5000",
        "http://localhost:8080",
        "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
    ] {
        let pre = server.request(
            "OPTIONS",
            "/zo/ask",
            &[
                ("Origin", origin),
                ("Access-Control-Request-Method", "POST"),
                (
                    "Access-Control-Request-Headers",
                    "authorization,content-type",
                ),
            ],
            None,
        );
        assert_eq!(pre.status, 204, "{origin}");
        assert_eq!(pre.header("access-control-allow-origin"), Some(origin));
        let allowed = pre
            .header("access-control-allow-headers")
            .unwrap()
            .to_lowercase();
        assert!(allowed.contains("authorization") && allowed.contains("content-type"));
        assert!(pre
            .header("access-control-allow-methods")
            .unwrap()
            .contains("POST"));
        let custom = server.request(
            "OPTIONS",
            "/zo/ask",
            &[
                ("Origin", origin),
                ("Access-Control-Request-Method", "POST"),
                ("Access-Control-Request-Headers", "cache-control, x-zo-test"),
            ],
            None,
        );
        let allowed = custom.header("access-control-allow-headers").unwrap();
        assert!(allowed.contains("cache-control") && allowed.contains("x-zo-test"));
        assert!(allowed.contains("Authorization"));

        let r = server.request(
            "POST",
            "/zo/ask",
            &[("Origin", origin), ("Authorization", "Bearer zo_sk_dev")],
            Some(&json!({"input": "[[zo:pace=0]] hi", "stream": true})),
        );
        assert_eq!(r.header("access-control-allow-origin"), Some(origin));
        assert!(r
            .header("access-control-expose-headers")
            .unwrap()
            .contains("x-conversation-id"));
    }
    let foreign = server.request(
        "OPTIONS",
        "/zo/ask",
        &[
            ("Origin", "https://evil.example"),
            ("Access-Control-Request-Method", "POST"),
        ],
        None,
    );
    assert_eq!(foreign.status, 403);
    assert_eq!(foreign.header("access-control-allow-origin"), None);
    let r = server.request(
        "POST",
        "/zo/ask",
        &[
            ("Origin", "https://evil.example"),
            ("Authorization", "Bearer zo_sk_dev"),
        ],
        Some(&json!({"input": "hi"})),
    );
    assert_eq!(r.header("access-control-allow-origin"), None);
}

#[test]
fn request_log_records_and_clears() {
    let server = Server::start();
    server.ask(json!({"input": "logged", "model_name": "zo-dev/capable"}));
    server.request(
        "POST",
        "/zo/ask",
        &[("Authorization", "Bearer wrong")],
        Some(&json!({"input": "x"})),
    );
    server.request("GET", "/models/available", &[], None);
    let log = server.requests();
    assert_eq!(log.len(), 3, "{log:?}");
    let first = &log[0];
    assert_eq!(first["method"], "POST");
    assert_eq!(first["path"], "/zo/ask");
    assert_eq!(first["authorization"], "valid");
    assert_eq!(first["body"]["input"], "logged");
    assert_eq!(first["body"]["model_name"], "zo-dev/capable");
    assert_eq!(first["status"], 200);
    assert_eq!(first["finished"], true);
    assert_eq!(first["clientClosedEarly"], false);
    assert!(first["conversationId"]
        .as_str()
        .unwrap()
        .starts_with("conv_"));
    assert_eq!(first["headers"]["content-type"], "application/json");
    assert!(first["headers"].get("authorization").is_none());
    assert!(!log.iter().any(|e| e.to_string().contains("zo_sk_dev")));
    assert_eq!(log[1]["authorization"], "invalid");
    assert_eq!(log[1]["status"], 401);
    assert_eq!(log[2]["authorization"], "absent");

    let cleared = server.request("DELETE", "/__requests", &[], None);
    assert_eq!(cleared.status, 200);
    assert!(server.requests().is_empty());
    server.request("GET", "/", &[], None);
    assert_eq!(server.requests().len(), 1);
    assert_eq!(server.request("POST", "/__reset", &[], None).status, 200);
    assert!(server.requests().is_empty());
}

#[test]
fn redirect_route_points_at_the_same_path_without_the_prefix() {
    let server = Server::start();
    let origin = [("Origin", "chrome-extension://abcdef")];
    let post = server.request(
        "POST",
        "/redirect/zo/ask?x=1",
        &origin,
        Some(&json!({"input": "hi"})),
    );
    assert_eq!(post.status, 307);
    assert_eq!(post.header("location"), Some("/zo/ask?x=1"));
    assert_eq!(
        post.header("access-control-allow-origin"),
        Some("chrome-extension://abcdef")
    );
    let get = server.request("GET", "/redirect/models/available", &[], None);
    assert_eq!(get.status, 307);
    assert_eq!(get.header("location"), Some("/models/available"));
    // Only the redirects themselves were asked for: nothing followed them here.
    let paths: Vec<_> = server
        .requests()
        .iter()
        .map(|r| r["path"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(paths, ["/redirect/zo/ask", "/redirect/models/available"]);
}
