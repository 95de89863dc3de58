//! zo-dev: the developer tool of Zo Co-browse.
//!
//! - `zo-dev actions [FILE|-]`: normalize one complete model answer into canonical actions.
//! - `zo-dev markdown [FILE|-] [--deltas N] [--jsonl]`: the HTML the side panel shows for a
//!   Markdown answer, whole or streamed.
//! - `zo-dev replay [FILE|-] [--chunk N] [--emit sse|events|final]`: feed a recorded stream
//!   through zo-core.
//! - `zo-dev serve [--port P] [--key K] [--ttl SECS]`: a local Zo-compatible server.

use std::process::ExitCode;

mod actions_cmd;
mod markdown_cmd;
mod replay;
mod serve;

const USAGE: &str =
    "usage: zo-dev <actions|markdown|replay|serve> [options]  (zo-dev <command> --help)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match command.as_str() {
        "actions" => actions_cmd::run(rest),
        "markdown" => markdown_cmd::run(rest),
        "replay" => replay::run(rest),
        "serve" => serve::run(rest),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        other => {
            eprintln!("zo-dev: unknown command {other:?}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
