//! `zo-dev actions`: runs zo-core's action protocol on files, for people and for the Zod
//! contract test (`tests/contract/actions.test.ts`).
//!
//! - `zo-dev actions [FILE|-]` reads ONE complete model answer (stdin when FILE is `-` or
//!   absent; invalid UTF-8 is replaced with U+FFFD), runs `zo_core::answer::parse_answer` and
//!   prints one JSON object on one line:
//!   `{"actions":[canonical...],"dropped":[{"entry":...,"reason":"..."}],"text":"...","reasoning":"..."|null}`.
//! - `zo-dev actions --check [FILE|-]` reads a JSON ARRAY of entries and judges each one
//!   strictly against the canonical form (`zo_core::answer::from_canonical`, the same rules as
//!   `Action`'s `Deserialize`). It prints one JSON array on one line, one object per entry in
//!   input order: `{"valid":true,"canonical":ACTION,"reason":null}` or
//!   `{"valid":false,"canonical":null,"reason":"..."}`; `canonical` is the action re-serialized
//!   (selectors and urls trimmed, `direction` and `ms` defaults filled in).
//!
//! Exit status: 0 on success (even when entries are dropped or invalid); 2 with one error line
//! on stderr when the input cannot be read, when `--check` input is not a JSON array, or on bad
//! arguments.

use std::io::Read;
use std::process::ExitCode;

use serde::Serialize;
use serde_json::Value;
use zo_core::answer::{from_canonical, parse_answer, Dropped};
use zo_core::wire::Action;

const HELP: &str = "\
usage: zo-dev actions [FILE|-]
       zo-dev actions --check [FILE|-]

  zo-dev actions [FILE|-]
      Read one complete model answer (stdin when FILE is - or absent) and print one JSON object:
      {\"actions\":[canonical...],\"dropped\":[{\"entry\":...,\"reason\":\"...\"}],\"text\":\"...\",\"reasoning\":...}
      text is the final prose: done.response, else the prose around the JSON, else the reasoning.

  zo-dev actions --check [FILE|-]
      Read a JSON array of entries and judge each strictly against the canonical action form.
      Print one JSON array, one {\"valid\":bool,\"canonical\":ACTION|null,\"reason\":STRING|null}
      per entry, in input order.

Exit status: 0 on success; 2 with one error line on stderr if the input cannot be read,
--check input is not a JSON array, or the arguments are wrong.";

/// Entry point of `zo-dev actions`.
pub fn run(args: &[String]) -> ExitCode {
    let mut check = false;
    let mut file: Option<&str> = None;
    for arg in args {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{HELP}");
                return ExitCode::SUCCESS;
            }
            "--check" => check = true,
            a if a.starts_with("--") => return usage_error(&format!("unknown option {a:?}")),
            a if file.is_none() => file = Some(a),
            a => return usage_error(&format!("unexpected argument {a:?}")),
        }
    }
    let input = match read_input(file.unwrap_or("-")) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("zo-dev actions: {e}");
            return ExitCode::from(2);
        }
    };
    let output = if check {
        match check_entries(&input) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("zo-dev actions --check: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        answer_json(&input)
    };
    println!("{output}");
    ExitCode::SUCCESS
}

fn usage_error(msg: &str) -> ExitCode {
    eprintln!("zo-dev actions: {msg} (see zo-dev actions --help)");
    ExitCode::from(2)
}

fn read_input(file: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    if file == "-" {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
    } else {
        bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The `{"actions","dropped","text","reasoning"}` object of one answer, fields in that order
/// (and each action type-first, as `Action` serializes).
#[derive(Serialize)]
struct AnswerOut<'a> {
    actions: &'a [Action],
    dropped: &'a [Dropped],
    text: &'a str,
    reasoning: Option<&'a str>,
}

/// One `--check` verdict.
#[derive(Serialize)]
struct CheckOut {
    valid: bool,
    canonical: Option<Action>,
    reason: Option<String>,
}

/// The one-line JSON printed for one model answer.
pub fn answer_json(answer: &str) -> String {
    let env = parse_answer(answer);
    to_json(&AnswerOut {
        actions: &env.actions,
        dropped: &env.dropped,
        text: &env.text,
        reasoning: env.reasoning.as_deref(),
    })
}

/// The one-line JSON array of `--check` verdicts for a JSON array of entries.
pub fn check_entries(input: &str) -> Result<String, String> {
    let entries: Value =
        serde_json::from_str(input).map_err(|e| format!("input is not valid JSON: {e}"))?;
    let Value::Array(entries) = entries else {
        return Err("input must be a JSON array of entries".to_string());
    };
    let verdicts: Vec<CheckOut> = entries
        .iter()
        .map(|entry| match from_canonical(entry) {
            Ok(action) => CheckOut {
                valid: true,
                canonical: Some(action),
                reason: None,
            },
            Err(e) => CheckOut {
                valid: false,
                canonical: None,
                reason: Some(e.to_string()),
            },
        })
        .collect();
    Ok(to_json(&verdicts))
}

/// Serializes plain data (strings, numbers, JSON values); cannot fail for these types, but
/// a failure would still be reported rather than panicking.
fn to_json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v)
        .unwrap_or_else(|e| format!("{{\"error\":\"cannot serialize output: {e}\"}}"))
}
