//! Test helper for `zo-dev serve`: starts the binary on a free port, speaks raw HTTP/1.1 over
//! std TcpStream (decoding chunked bodies and keeping the chunk boundaries), parses SSE with
//! zo-core's parser and assembles Zo answers minimally.

#![allow(dead_code)]

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use zo_core::stream::{SseOutput, SseParser};

pub const KEY: &str = "zo_sk_dev";
/// Upper bound for waiting on a condition (never a timing assertion: only a failure bound).
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A running `zo-dev serve` child, killed on drop.
pub struct Server {
    child: Child,
    pub port: u16,
    pub first_line: String,
}

impl Server {
    pub fn start() -> Server {
        Server::start_with(&["--port", "0", "--ttl", "60"])
    }

    pub fn start_with(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_zo-dev"))
            .arg("serve")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start zo-dev serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut first_line = String::new();
        BufReader::new(stdout)
            .read_line(&mut first_line)
            .expect("read first line");
        let port = first_line
            .trim_end()
            .strip_prefix("listening on http://127.0.0.1:")
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("unexpected first line {first_line:?}"));
        Server {
            child,
            port,
            first_line,
        }
    }

    pub fn wait_exit(&mut self, bound: Duration) -> Option<std::process::ExitStatus> {
        let start = Instant::now();
        while start.elapsed() < bound {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    /// `POST /zo/ask` with the valid key.
    pub fn ask(&self, body: Value) -> Response {
        self.request(
            "POST",
            "/zo/ask",
            &[("Authorization", "Bearer zo_sk_dev")],
            Some(&body),
        )
    }

    /// `POST /zo/ask` with `stream: true`.
    pub fn ask_stream(&self, input: &str, conversation_id: Option<&str>) -> Response {
        let mut body = json!({"input": input, "stream": true});
        if let Some(c) = conversation_id {
            body["conversation_id"] = json!(c);
        }
        self.ask(body)
    }

    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> Response {
        let mut conn = self.open(method, path, headers, body);
        let mut raw = Vec::new();
        let mut buf = [0u8; 65536];
        loop {
            match conn.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => raw.extend_from_slice(&buf[..n]),
                Err(_) => break,
            }
        }
        Response::parse(&raw)
    }

    /// Sends a request and returns the open connection (for incremental reads).
    pub fn open(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> TcpStream {
        let mut conn = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        conn.set_read_timeout(Some(PATIENCE)).expect("timeout");
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: {}\r\n",
            self.port,
            body.len()
        );
        if !body.is_empty() {
            head.push_str("Content-Type: application/json\r\n");
        }
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        conn.write_all(head.as_bytes()).expect("write head");
        conn.write_all(body.as_bytes()).expect("write body");
        conn
    }

    /// `GET /__requests`.
    pub fn requests(&self) -> Vec<Value> {
        let r = self.request("GET", "/__requests", &[], None);
        assert_eq!(r.status, 200);
        r.json().as_array().expect("array").clone()
    }

    /// Waits until the logged request number `index` (0-based, among /zo/ask requests) is
    /// finished, and returns it.
    pub fn wait_finished(&self, index: usize) -> Value {
        let start = Instant::now();
        loop {
            let asks: Vec<Value> = self
                .requests()
                .into_iter()
                .filter(|r| r["path"] == "/zo/ask")
                .collect();
            if let Some(entry) = asks.get(index) {
                if entry["finished"] == true {
                    return entry.clone();
                }
            }
            assert!(start.elapsed() < PATIENCE, "request {index} never finished");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response read to the end of the connection.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    /// Lowercased names.
    pub headers: BTreeMap<String, String>,
    /// The body (chunked bodies decoded).
    pub body: Vec<u8>,
    /// The data of each HTTP chunk, in order (chunked bodies only).
    pub chunks: Vec<Vec<u8>>,
    /// The body ended properly (last chunk or full Content-Length).
    pub complete: bool,
}

impl Response {
    pub fn parse(raw: &[u8]) -> Response {
        let end = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no response head in {:?}", String::from_utf8_lossy(raw)));
        let head = std::str::from_utf8(&raw[..end]).expect("utf-8 head");
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .expect("status");
        let headers: BTreeMap<String, String> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        let rest = &raw[end + 4..];
        let mut response = Response {
            status,
            headers,
            body: Vec::new(),
            chunks: Vec::new(),
            complete: false,
        };
        if response.header("transfer-encoding") == Some("chunked") {
            let (chunks, complete) = decode_chunked(rest);
            response.body = chunks.concat();
            response.chunks = chunks;
            response.complete = complete;
        } else {
            let length: Option<usize> = response
                .header("content-length")
                .and_then(|l| l.parse().ok());
            response.body = rest.to_vec();
            response.complete = length.is_none_or(|l| l == rest.len());
        }
        response
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }

    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("utf-8 body")
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    /// The SSE events, fed to zo-core's parser one HTTP chunk at a time.
    pub fn events(&self) -> Vec<Event> {
        let mut parser = SseParser::new();
        let mut out = Vec::new();
        let pieces: Vec<&[u8]> = if self.chunks.is_empty() {
            vec![&self.body]
        } else {
            self.chunks.iter().map(Vec::as_slice).collect()
        };
        for piece in pieces {
            for output in parser.push(piece) {
                if let SseOutput::Event(e) = output {
                    out.push(Event {
                        name: e.event,
                        data: e.data,
                        id: e.id,
                    });
                }
            }
        }
        parser.finish();
        out
    }
}

/// Decodes a chunked body: the chunks' data and whether the last chunk arrived.
pub fn decode_chunked(mut raw: &[u8]) -> (Vec<Vec<u8>>, bool) {
    let mut chunks = Vec::new();
    loop {
        let Some(line_end) = raw.windows(2).position(|w| w == b"\r\n") else {
            return (chunks, false);
        };
        let size = std::str::from_utf8(&raw[..line_end])
            .ok()
            .and_then(|s| usize::from_str_radix(s.trim(), 16).ok())
            .expect("chunk size line");
        raw = &raw[line_end + 2..];
        if size == 0 {
            return (chunks, raw.starts_with(b"\r\n"));
        }
        if raw.len() < size + 2 {
            if !raw.is_empty() {
                chunks.push(raw[..size.min(raw.len())].to_vec());
            }
            return (chunks, false);
        }
        chunks.push(raw[..size].to_vec());
        raw = &raw[size + 2..];
    }
}

/// One dispatched SSE event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub name: String,
    pub data: String,
    pub id: String,
}

impl Event {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.data)
            .unwrap_or_else(|e| panic!("{} data is not JSON ({e}): {}", self.name, self.data))
    }
}

/// A minimal assembly of a Zo stream: text and thinking by part (keyed by zmid and index),
/// tool calls, the legacy text, and the terminal event name.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Assembled {
    pub text: String,
    pub thinking: String,
    /// (tool name, args as concatenated from the stream, in part order)
    pub tool_args: Vec<(String, String)>,
    pub terminal: Option<String>,
}

pub fn assemble(events: &[Event]) -> Assembled {
    // (zmid, index) -> (kind, content, tool name)
    let mut parts: Vec<((String, u64), String, String, String)> = Vec::new();
    let mut legacy = String::new();
    let mut terminal = None;
    for e in events {
        let Ok(data) = serde_json::from_str::<Value>(&e.data) else {
            continue;
        };
        let key = || {
            (
                data["metadata"]["zmid"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                data["index"].as_u64().unwrap_or_default(),
            )
        };
        match e.name.as_str() {
            "PartStartEvent" => {
                let part = &data["part"];
                let kind = part["part_kind"].as_str().unwrap_or_default().to_owned();
                let (content, tool) = if kind == "tool-call" {
                    let args = match &part["args"] {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    (
                        args,
                        part["tool_name"].as_str().unwrap_or_default().to_owned(),
                    )
                } else {
                    (
                        part["content"].as_str().unwrap_or_default().to_owned(),
                        String::new(),
                    )
                };
                parts.push((key(), kind, content, tool));
            }
            "PartDeltaEvent" => {
                let delta = &data["delta"];
                let piece = match delta["part_delta_kind"].as_str() {
                    Some("tool_call") => delta["args_delta"].as_str(),
                    _ => delta["content_delta"].as_str(),
                }
                .unwrap_or_default();
                let k = key();
                let part = parts
                    .iter_mut()
                    .rev()
                    .find(|p| p.0 == k)
                    .unwrap_or_else(|| panic!("delta for an unknown part {k:?}"));
                part.2.push_str(piece);
            }
            "FrontendModelResponse" => {
                legacy.push_str(data["content"].as_str().unwrap_or_default())
            }
            "completed" | "failed" | "End" | "Error" => terminal = Some(e.name.clone()),
            _ => {}
        }
    }
    let mut out = Assembled {
        terminal,
        ..Assembled::default()
    };
    for (_, kind, content, tool) in parts {
        match kind.as_str() {
            "text" => out.text.push_str(&content),
            "thinking" => out.thinking.push_str(&content),
            "tool-call" => out.tool_args.push((tool, content)),
            _ => {}
        }
    }
    out.text.push_str(&legacy);
    out
}

/// Reads from an open streaming connection until `bytes` contains `needle`; returns what was
/// read (raw, including the head).
pub fn read_until(conn: &mut TcpStream, needle: &[u8]) -> Vec<u8> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    while !raw.windows(needle.len()).any(|w| w == needle) {
        let n = conn.read(&mut buf).expect("read");
        assert!(
            n > 0,
            "connection closed before {:?}",
            String::from_utf8_lossy(needle)
        );
        raw.extend_from_slice(&buf[..n]);
    }
    raw
}
