//! Command-line options of `zo-dev serve`: parsing and the help text.

use std::time::Duration;

/// The API key accepted by default (`Authorization: Bearer zo_sk_dev`).
pub const DEFAULT_KEY: &str = "zo_sk_dev";
/// How long the server lives by default.
pub const DEFAULT_TTL_SECS: u64 = 1800;

pub const HELP: &str = r#"zo-dev serve: a local Zo-compatible server for tests, the demo and offline development.

usage: zo-dev serve [--port P] [--key K] [--ttl SECS] [--verbose]

  --port P      port on 127.0.0.1 (0, the default, picks a free port)
  --key K       the valid Bearer key (default zo_sk_dev)
  --ttl SECS    exit by itself after SECS seconds (default 1800)
  --verbose     log one line per request on stderr

The first stdout line is exactly `listening on http://127.0.0.1:PORT`.

Routes: POST /zo/ask, GET /models/available, GET /personas/available,
        /redirect/PATH (any method: 307 to /PATH on this server, for redirect tests),
        POST /__script, GET|DELETE /__requests, POST /__reset, OPTIONS (CORS preflight).

Directives in the `input` of /zo/ask, any number of `[[zo:KEY=VALUE]]`:
  scenario=plain|thinking|tool|cobrowse-typefirst|cobrowse-keyfirst|cobrowse-action|
           cobrowse-fenced|cobrowse-embedded|long|legacy      (default: thinking)
  fault=401|400|429|500|503|cut|diverge|hang|malformed|badjson|failed|completed-failed|
        bytewise|split-utf8   (diverge: a first draft, cut; its retry says something else)
  times=N        the fault applies to the first N requests with the same key, then none
  key=NAME       the counter key for times (default: the whole input)
  pace=MS        delay between tokens (default 3; long: 0)
  delay=MS       wait before the response head (watching for the client closing)
  after=N        tokens sent before cut/hang/failed/completed-failed (default: half)
  retry-after=S  Retry-After seconds of fault=429 (default 1)
  size=BYTES     answer length of scenario=long (default 1048576)
  script=NAME    answer with the steps of a script posted to /__script
  reply=json     answer {output, conversation_id} as application/json even to stream:true
  reply=html     answer a text/html page with status 200 (a base URL that is not Zo)
  stamps=1       record when the write of each token started (tokenWrittenAt in /__requests)

Scripts: POST /__script {"name":"demo","steps":["<answer 1>","<answer 2>"]}; an input with
[[zo:script=demo]] gets step 1 (and a conversation id), later requests with that
conversation_id get the next steps, the last one repeating. A failed attempt (cut, hang,
failed, 4xx/5xx) does not consume its step.
GET /__requests: every request except /__* ones: method, path, headers (no Authorization
value; `authorization`: absent|valid|invalid), JSON body, status, fault, finished, outcome,
clientClosedEarly, tokenWrittenAt (with stamps=1). DELETE /__requests clears it; POST /__reset also forgets scripts and
times=N counters.
"#;

/// Parsed options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub port: u16,
    pub key: String,
    pub ttl: Duration,
    pub verbose: bool,
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Serve(Options),
    Help,
}

/// Parses the arguments after `serve`.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut options = Options {
        port: 0,
        key: DEFAULT_KEY.to_owned(),
        ttl: Duration::from_secs(DEFAULT_TTL_SECS),
        verbose: false,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_owned())),
            _ => (arg.as_str(), None),
        };
        let mut value = |flag: &str| -> Result<String, String> {
            match inline.clone() {
                Some(v) => Ok(v),
                None => rest.next().cloned().ok_or(format!("{flag} needs a value")),
            }
        };
        match name {
            "-h" | "--help" => return Ok(Command::Help),
            "--port" => {
                let v = value("--port")?;
                options.port = v.parse().map_err(|_| format!("invalid --port {v:?}"))?;
            }
            "--key" => {
                let v = value("--key")?;
                if v.is_empty() {
                    return Err("--key must not be empty".to_owned());
                }
                options.key = v;
            }
            "--ttl" => {
                let v = value("--ttl")?;
                let secs: u64 = v.parse().map_err(|_| format!("invalid --ttl {v:?}"))?;
                options.ttl = Duration::from_secs(secs);
            }
            "-v" | "--verbose" => options.verbose = true,
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    Ok(Command::Serve(options))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn defaults_and_values() {
        let Ok(Command::Serve(o)) = parse(&[]) else {
            panic!("expected serve")
        };
        assert_eq!(
            (o.port, o.key.as_str(), o.ttl.as_secs()),
            (0, "zo_sk_dev", 1800)
        );
        let Ok(Command::Serve(o)) = parse(&args(&["--port", "8123", "--key=k", "--ttl", "5"]))
        else {
            panic!("expected serve")
        };
        assert_eq!((o.port, o.key.as_str(), o.ttl.as_secs()), (8123, "k", 5));
    }

    #[test]
    fn errors_and_help() {
        assert_eq!(parse(&args(&["--help"])), Ok(Command::Help));
        assert!(parse(&args(&["--port"])).is_err());
        assert!(parse(&args(&["--port", "x"])).is_err());
        assert!(parse(&args(&["--bogus"])).is_err());
    }
}
