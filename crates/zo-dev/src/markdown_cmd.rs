//! `zo-dev markdown`: the HTML the side panel shows for a Markdown answer, without a browser
//! (zo-core's renderer: `zo_core::ui::markdown`).
//!
//! - `zo-dev markdown [FILE|-]` reads one answer (stdin when FILE is `-` or absent; invalid
//!   UTF-8 is replaced with U+FFFD) and prints its blocks, one top-level Markdown block per
//!   line.
//! - `--deltas N` renders it as a stream of N-byte deltas (cut at character boundaries), as
//!   the panel does while an answer arrives, and prints the final blocks; a summary (deltas,
//!   blocks, bytes parsed) goes to stderr. The streamed blocks must equal the whole rendering:
//!   exit status 1 when they do not.
//! - `--jsonl` reads one JSON string (an answer) per line and prints one JSON string of HTML
//!   (the blocks joined) per line; with `--deltas N`, each answer is streamed.
//!
//! Exit status: 0 on success; 1 when a streamed rendering differs from the whole one; 2 with
//! one error line on stderr when the input cannot be read, a `--jsonl` line is not a JSON
//! string, or on bad arguments.

use std::io::{Read, Write};
use std::process::ExitCode;

use zo_core::ui::markdown::{render_blocks, Blocks, MarkdownStream};

const HELP: &str = "\
usage: zo-dev markdown [FILE|-] [--deltas N]
       zo-dev markdown --jsonl [FILE|-] [--deltas N]

  zo-dev markdown [FILE|-]
      Read one Markdown answer (stdin when FILE is - or absent) and print the HTML the side
      panel shows for it: one top-level block per line.

  --deltas N
      Render the answer as a stream of N-byte deltas, as the panel does while it arrives, and
      print the final HTML. A summary (deltas, blocks, bytes parsed) goes to stderr. Exit 1 if
      the streamed HTML differs from the whole rendering.

  --jsonl
      Read one JSON string (a Markdown answer) per line; print one JSON string of HTML per line.

Exit status: 0 on success; 1 if a streamed rendering differs from the whole one; 2 with one
error line on stderr if the input cannot be read, a --jsonl line is not a JSON string, or the
arguments are wrong.";

struct Options {
    file: String,
    deltas: Option<usize>,
    jsonl: bool,
}

fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut opts = Options {
        file: "-".to_string(),
        deltas: None,
        jsonl: false,
    };
    let mut file = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--jsonl" => opts.jsonl = true,
            "--deltas" => {
                let n = args.next().ok_or("--deltas needs a number of bytes")?;
                match n.parse::<usize>() {
                    Ok(n) if n > 0 => opts.deltas = Some(n),
                    _ => return Err(format!("--deltas needs a positive number, not {n:?}")),
                }
            }
            a if a.starts_with("--") => return Err(format!("unknown option {a:?}")),
            a if file.is_none() => file = Some(a.to_string()),
            a => return Err(format!("unexpected argument {a:?}")),
        }
    }
    if let Some(f) = file {
        opts.file = f;
    }
    Ok(Some(opts))
}

/// Entry point of `zo-dev markdown`.
pub fn run(args: &[String]) -> ExitCode {
    let opts = match parse_args(args) {
        Ok(Some(opts)) => opts,
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("zo-dev markdown: {e} (see zo-dev markdown --help)");
            return ExitCode::from(2);
        }
    };
    let input = match read_input(&opts.file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("zo-dev markdown: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    let mut same = true;
    if opts.jsonl {
        for (n, line) in input.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let answer: String = match serde_json::from_str(line) {
                Ok(a) => a,
                Err(e) => {
                    eprintln!(
                        "zo-dev markdown --jsonl: line {}: not a JSON string: {e}",
                        n + 1
                    );
                    return ExitCode::from(2);
                }
            };
            let (blocks, ok) = render(&answer, opts.deltas);
            same &= ok;
            let html = serde_json::Value::String(blocks.concat()).to_string();
            if writeln!(out, "{html}").is_err() {
                return ExitCode::from(2);
            }
        }
    } else {
        let (blocks, ok) = render(&input, opts.deltas);
        same &= ok;
        for block in blocks {
            if writeln!(out, "{block}").is_err() {
                return ExitCode::from(2);
            }
        }
    }
    if same {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The blocks of `answer`, whole or streamed in `deltas`-byte pieces; false when the
/// streamed blocks differ from the whole rendering (reported on stderr).
fn render(answer: &str, deltas: Option<usize>) -> (Vec<String>, bool) {
    let whole = render_blocks(answer);
    let Some(size) = deltas else {
        return (whole, true);
    };
    let mut stream = MarkdownStream::new();
    let mut blocks = Blocks::default();
    let mut count = 0;
    let mut at = 0;
    while at < answer.len() {
        let mut end = (at + size).min(answer.len());
        while !answer.is_char_boundary(end) {
            end += 1;
        }
        blocks.apply(&stream.push(&answer[at..end]));
        count += 1;
        at = end;
    }
    blocks.apply(&stream.finish());
    eprintln!(
        "zo-dev markdown: {} bytes in {count} deltas of {size} bytes: {} blocks, {} bytes parsed ({:.1} per byte)",
        answer.len(),
        blocks.0.len(),
        stream.work(),
        stream.work() as f64 / answer.len().max(1) as f64
    );
    let same = blocks.0 == whole;
    if !same {
        eprintln!("zo-dev markdown: the streamed HTML differs from the whole rendering");
    }
    (blocks.0, same)
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
