//! `zo-dev replay [FILE|-] [--chunk N] [--emit sse|events|final] [--mode MODE]`: feeds a
//! recorded Zo stream through zo-core in N-byte chunks (whole when absent) and prints, as JSON:
//! - `sse`: one line per dispatched event `{"event","data","id"}` and `{"retry":N}` per valid
//!   retry field;
//! - `events`: one line per decoded Zo event (FrontendModelRequest without its content), or
//!   `{"error": ...}` for an undecodable one;
//! - `final` (default): one object `{status, text, reasoning, thinking, tools, actions, error,
//!   conversationId}` as the stream pipeline assembles it (`--mode`, default `cobrowse`).

use std::io::{Read, Write};
use std::process::ExitCode;

use serde_json::{json, Value};
use zo_core::stream::{decode, Diagnostics, SseOutput, SseParser, StreamPipeline};
use zo_core::wire::Mode;

const USAGE: &str = "usage: zo-dev replay [FILE|-] [--chunk N] [--emit sse|events|final] [--mode cobrowse|ask|summarize|extract|research|visual]";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Emit {
    Sse,
    Events,
    Final,
}

#[derive(Debug)]
struct Options {
    input: Option<String>,
    chunk: Option<usize>,
    emit: Emit,
    mode: Mode,
}

fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut opts = Options {
        input: None,
        chunk: None,
        emit: Emit::Final,
        mode: Mode::Cobrowse,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--chunk" => {
                let v = value("--chunk")?;
                match v.parse::<usize>() {
                    Ok(n) if n > 0 => opts.chunk = Some(n),
                    _ => return Err(format!("--chunk must be a positive integer, got {v:?}")),
                }
            }
            "--emit" => {
                opts.emit = match value("--emit")?.as_str() {
                    "sse" => Emit::Sse,
                    "events" => Emit::Events,
                    "final" => Emit::Final,
                    other => {
                        return Err(format!(
                            "--emit must be sse, events or final, got {other:?}"
                        ))
                    }
                }
            }
            "--mode" => {
                let v = value("--mode")?;
                opts.mode = serde_json::from_value(Value::String(v.clone()))
                    .map_err(|_| format!("unknown mode {v:?}"))?;
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag:?}")),
            path => {
                if opts.input.is_some() {
                    return Err(format!("only one input file, got a second one {path:?}"));
                }
                opts.input = Some(path.to_string());
            }
        }
    }
    Ok(Some(opts))
}

fn read_input(input: Option<&str>) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    match input {
        None | Some("-") => std::io::stdin()
            .read_to_end(&mut bytes)
            .map(|_| bytes)
            .map_err(|e| format!("cannot read stdin: {e}")),
        Some(path) => std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}")),
    }
}

pub fn run(args: &[String]) -> ExitCode {
    let opts = match parse_args(args) {
        Ok(Some(opts)) => opts,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("zo-dev replay: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let bytes = match read_input(opts.input.as_deref()) {
        Ok(b) => b,
        Err(message) => {
            eprintln!("zo-dev replay: {message}");
            return ExitCode::from(1);
        }
    };
    let size = opts.chunk.unwrap_or(bytes.len()).max(1);
    let lines = match opts.emit {
        Emit::Sse => sse_lines(&bytes, size),
        Emit::Events => event_lines(&bytes, size),
        Emit::Final => vec![final_object(&bytes, size, opts.mode)],
    };
    let mut out = std::io::stdout().lock();
    for line in lines {
        if writeln!(out, "{line}").is_err() {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

fn parse_all(bytes: &[u8], size: usize) -> Vec<SseOutput> {
    let mut parser = SseParser::new();
    let mut outputs = Vec::new();
    for chunk in bytes.chunks(size) {
        parser.push_into(chunk, &mut outputs);
    }
    parser.finish();
    outputs
}

fn sse_lines(bytes: &[u8], size: usize) -> Vec<Value> {
    parse_all(bytes, size)
        .into_iter()
        .map(|o| match o {
            SseOutput::Event(e) => json!({"event": e.event, "data": e.data, "id": e.id}),
            SseOutput::Retry(ms) => json!({ "retry": ms }),
        })
        .collect()
}

fn event_lines(bytes: &[u8], size: usize) -> Vec<Value> {
    let mut diagnostics = Diagnostics::new();
    parse_all(bytes, size)
        .into_iter()
        .filter_map(|o| match o {
            SseOutput::Event(e) => Some(match decode(&e, &mut diagnostics) {
                Ok(event) => serde_json::to_value(&event)
                    .unwrap_or_else(|e| json!({"error": format!("cannot serialize: {e}")})),
                Err(err) => json!({"error": err.to_string()}),
            }),
            SseOutput::Retry(_) => None,
        })
        .collect()
}

fn final_object(bytes: &[u8], size: usize, mode: Mode) -> Value {
    let mut pipeline = StreamPipeline::new(mode);
    for chunk in bytes.chunks(size) {
        pipeline.push_bytes(chunk);
    }
    let result = pipeline.finish();
    json!({
        "status": result.status,
        "text": result.text,
        "reasoning": result.reasoning,
        "thinking": pipeline.thinking(),
        "tools": pipeline.tools(),
        "actions": result.actions,
        "error": result.error,
        "conversationId": result.conversation_id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_are_parsed_and_checked() {
        let o = parse_args(&args(&[
            "f.sse", "--chunk", "3", "--emit", "sse", "--mode", "ask",
        ]));
        let o = match o {
            Ok(Some(o)) => o,
            other => panic!("{other:?}"),
        };
        assert_eq!(o.input.as_deref(), Some("f.sse"));
        assert_eq!(o.chunk, Some(3));
        assert_eq!(o.emit, Emit::Sse);
        assert_eq!(o.mode, Mode::Ask);
        assert!(parse_args(&args(&["--chunk", "0"])).is_err());
        assert!(parse_args(&args(&["--emit", "xml"])).is_err());
        assert!(parse_args(&args(&["--mode", "nope"])).is_err());
        assert!(parse_args(&args(&["a", "b"])).is_err());
        assert!(parse_args(&args(&["--chunk"])).is_err());
        assert!(matches!(parse_args(&args(&["--help"])), Ok(None)));
    }
}
