//! Writing a streamed (chunked, `text/event-stream`) body: token pacing, the write modes of the
//! transport faults (one byte per write, writes split inside UTF-8 characters), the endings
//! (complete, server cut, hang until the client leaves) and noticing a client that closed
//! the connection early.

use super::frames::Frame;
use super::http::{write_chunk, write_last_chunk};
use super::request_log::Outcome;
use std::io::{self, Read};
use std::net::{Shutdown, TcpStream};
use std::thread::sleep;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How body bytes are cut into writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteMode {
    /// One write per frame.
    Whole,
    /// One write (and one HTTP chunk) per byte.
    Bytewise,
    /// Writes split after the first byte of every multibyte UTF-8 character.
    SplitUtf8,
}

/// How the stream ends after its frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The last chunk: a well-formed end of body.
    Finish,
    /// Close the connection without ending the body.
    Cut,
    /// Send nothing more and keep the connection open until the client closes it.
    Hang,
}

/// Pause between the pieces of a split-utf8 write, so they tend to arrive apart.
const SPLIT_PAUSE: Duration = Duration::from_millis(2);
/// How often a hanging stream looks for the client closing.
const HANG_POLL: Duration = Duration::from_millis(100);

/// The pieces `bytes` is written in under `mode`. Concatenated they give back `bytes`.
pub fn pieces(bytes: &[u8], mode: WriteMode) -> Vec<&[u8]> {
    match mode {
        WriteMode::Whole => vec![bytes],
        WriteMode::Bytewise => bytes.chunks(1).collect(),
        WriteMode::SplitUtf8 => {
            let mut out = Vec::new();
            let mut start = 0;
            for i in 1..bytes.len() {
                let lead = bytes[i - 1] >= 0xC0;
                let continuation = bytes[i] & 0xC0 == 0x80;
                if lead && continuation {
                    out.push(&bytes[start..i]);
                    start = i;
                }
            }
            out.push(&bytes[start..]);
            out
        }
    }
}

/// Writes `bytes` as HTTP chunks, one per piece.
pub fn write_pieces(mut out: &TcpStream, bytes: &[u8], mode: WriteMode) -> io::Result<()> {
    for (n, piece) in pieces(bytes, mode).into_iter().enumerate() {
        if n > 0 && mode == WriteMode::SplitUtf8 {
            sleep(SPLIT_PAUSE);
        }
        write_chunk(&mut out, piece)?;
    }
    Ok(())
}

/// Whether the client has closed its side of the connection (checked without blocking).
pub fn peer_closed(stream: &TcpStream) -> bool {
    if stream.set_nonblocking(true).is_err() {
        return true;
    }
    let mut byte = [0u8; 1];
    let closed = match stream.peek(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => e.kind() != io::ErrorKind::WouldBlock,
    };
    closed || stream.set_nonblocking(false).is_err()
}

/// Streams `frames` (after the response head was written), pacing token frames by `pace`,
/// then ends the body as `ending` says. With `stamps`, records when the write of each token
/// frame started (ms since the Unix epoch).
pub fn write_stream(
    stream: &TcpStream,
    frames: &[Frame],
    pace: Duration,
    mode: WriteMode,
    ending: Ending,
    mut stamps: Option<&mut Vec<f64>>,
) -> Outcome {
    for frame in frames {
        if frame.is_token() && !pace.is_zero() {
            sleep(pace);
        }
        if peer_closed(stream) {
            return Outcome::ClientClosed;
        }
        let sse = frame.to_sse();
        // Stamped as the write starts: a thread paused right after its write cannot make the
        // delta look faster than it was.
        if let (true, Some(stamps)) = (frame.is_token(), stamps.as_deref_mut()) {
            stamps.push(epoch_ms());
        }
        if let Err(e) = write_pieces(stream, sse.as_bytes(), mode) {
            return write_error(&e);
        }
    }
    match ending {
        Ending::Finish => match write_last_chunk(&mut &*stream) {
            Ok(()) => Outcome::Complete,
            Err(e) => write_error(&e),
        },
        Ending::Cut => {
            let _ = stream.shutdown(Shutdown::Both);
            Outcome::ServerCut
        }
        Ending::Hang => wait_for_close(stream),
    }
}

/// Now, in ms since the Unix epoch, to the microsecond.
pub fn epoch_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Blocks until the client closes the connection (the process ttl ends it otherwise).
pub fn wait_for_close(stream: &TcpStream) -> Outcome {
    while wait_open(stream, Duration::from_secs(3600)) {}
    Outcome::ClientClosed
}

/// Waits `duration` while watching the connection: `false` as soon as the client closes it.
pub fn wait_open(mut stream: &TcpStream, duration: Duration) -> bool {
    let deadline = Instant::now() + duration;
    let mut buf = [0u8; 1024];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return stream.set_read_timeout(None).is_ok();
        }
        if stream.set_read_timeout(Some(left.min(HANG_POLL))).is_err() {
            return false;
        }
        match stream.read(&mut buf) {
            Ok(0) => return false,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock
                        | io::ErrorKind::TimedOut
                        | io::ErrorKind::Interrupted
                ) => {}
            Err(_) => return false,
        }
    }
}

/// A failed write: the client went away (or the connection broke).
pub fn write_error(e: &io::Error) -> Outcome {
    match e.kind() {
        io::ErrorKind::BrokenPipe
        | io::ErrorKind::ConnectionReset
        | io::ErrorKind::ConnectionAborted
        | io::ErrorKind::NotConnected => Outcome::ClientClosed,
        _ => Outcome::WriteError,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_utf8_cuts_inside_every_multibyte_character() {
        let text = "a你🚀b é";
        let p = pieces(text.as_bytes(), WriteMode::SplitUtf8);
        assert_eq!(p.concat(), text.as_bytes());
        assert_eq!(p.len(), 4);
        assert!(p.iter().skip(1).all(|piece| piece[0] & 0xC0 == 0x80));
        assert!(std::str::from_utf8(p[0]).is_err());
    }

    #[test]
    fn bytewise_and_whole() {
        assert_eq!(pieces(b"abc", WriteMode::Bytewise).len(), 3);
        assert_eq!(pieces(b"abc", WriteMode::Whole), vec![&b"abc"[..]]);
    }
}
