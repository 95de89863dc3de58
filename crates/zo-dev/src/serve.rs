//! `zo-dev serve`: a local Zo-compatible server on 127.0.0.1 for tests, the demo and offline
//! development. This file is the shell (options, listener, one thread per connection, the
//! time to live); the submodules own HTTP, routes, scenarios, frames, faults, the request log,
//! scripts and CORS.

use std::io::Write;
use std::net::TcpListener;
use std::process::ExitCode;
use std::sync::Arc;
use std::thread;

mod ask;
mod cli;
mod cors;
mod directives;
mod fault_frames;
mod faults;
mod frames;
mod http;
mod request_log;
mod routes;
mod scenario;
mod scripts;
mod state;
mod stream;
mod tokens;

pub fn run(args: &[String]) -> ExitCode {
    let options = match cli::parse(args) {
        Ok(cli::Command::Serve(options)) => options,
        Ok(cli::Command::Help) => {
            print!("{}", cli::HELP);
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("zo-dev serve: {e}\n(zo-dev serve --help)");
            return ExitCode::from(2);
        }
    };
    let listener = match TcpListener::bind(("127.0.0.1", options.port)) {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!(
                "zo-dev serve: cannot listen on 127.0.0.1:{}: {e}",
                options.port
            );
            return ExitCode::FAILURE;
        }
    };
    let port = match listener.local_addr() {
        Ok(addr) => addr.port(),
        Err(e) => {
            eprintln!("zo-dev serve: no local address: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut stdout = std::io::stdout();
    if writeln!(stdout, "listening on http://127.0.0.1:{port}")
        .and_then(|()| stdout.flush())
        .is_err()
    {
        // Nobody reads the port: keep serving until the ttl anyway.
    }
    let ttl = options.ttl;
    thread::spawn(move || {
        thread::sleep(ttl);
        std::process::exit(0);
    });
    let state = Arc::new(state::State::new(options.key, options.verbose));
    for conn in listener.incoming() {
        match conn {
            Ok(conn) => {
                let state = Arc::clone(&state);
                let spawned = thread::Builder::new()
                    .name("zo-dev-conn".to_owned())
                    .spawn(move || routes::serve_connection(&state, conn));
                if let Err(e) = spawned {
                    eprintln!("zo-dev serve: cannot start a connection thread: {e}");
                }
            }
            Err(e) => eprintln!("zo-dev serve: accept failed: {e}"),
        }
    }
    ExitCode::SUCCESS
}
