//! Faults a request can ask for (`[[zo:fault=...]]`) and the per-key counters behind
//! `[[zo:times=N]]` ("fail the first N requests with this key, then answer normally").

use std::collections::HashMap;
use std::sync::Mutex;

/// One fault. Status faults answer before any stream; the others shape the stream itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// An HTTP error status before the stream: 400, 401, 429 (with Retry-After), 500, 503.
    Status(u16),
    /// Close the connection after some tokens, without a terminal event.
    Cut,
    /// Stream a first draft of the answer (each text and thinking part begins differently)
    /// and close the connection after some tokens: the retry (with `times=1`) says something
    /// else than what was shown.
    Diverge,
    /// Send some tokens, then nothing, keeping the connection open until the client closes.
    Hang,
    /// Malformed SSE lines (no colon, unknown fields, bad retry, comments, mixed line ends,
    /// empty events) between the real events.
    Malformed,
    /// Events whose data is not valid JSON between the real events.
    BadJson,
    /// A `failed` event (`{status:"failed", error, error_type}`) after some tokens; for the
    /// legacy scenario an `Error {message}` event.
    Failed,
    /// A `completed` event carrying `status:"failed"` after some tokens.
    CompletedFailed,
    /// Every byte of the body in its own write (and its own HTTP chunk).
    Bytewise,
    /// Writes split inside every multibyte UTF-8 character.
    SplitUtf8,
}

impl Fault {
    pub const NAMES: [&'static str; 14] = [
        "401",
        "400",
        "429",
        "500",
        "503",
        "cut",
        "diverge",
        "hang",
        "malformed",
        "badjson",
        "failed",
        "completed-failed",
        "bytewise",
        "split-utf8",
    ];

    /// The directive spelling (`fault=NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Fault::Status(400) => "400",
            Fault::Status(401) => "401",
            Fault::Status(429) => "429",
            Fault::Status(503) => "503",
            Fault::Status(_) => "500",
            Fault::Cut => "cut",
            Fault::Diverge => "diverge",
            Fault::Hang => "hang",
            Fault::Malformed => "malformed",
            Fault::BadJson => "badjson",
            Fault::Failed => "failed",
            Fault::CompletedFailed => "completed-failed",
            Fault::Bytewise => "bytewise",
            Fault::SplitUtf8 => "split-utf8",
        }
    }

    pub fn parse(name: &str) -> Option<Fault> {
        Some(match name {
            "400" => Fault::Status(400),
            "401" => Fault::Status(401),
            "429" => Fault::Status(429),
            "500" => Fault::Status(500),
            "503" => Fault::Status(503),
            "cut" => Fault::Cut,
            "diverge" => Fault::Diverge,
            "hang" => Fault::Hang,
            "malformed" => Fault::Malformed,
            "badjson" => Fault::BadJson,
            "failed" => Fault::Failed,
            "completed-failed" => Fault::CompletedFailed,
            "bytewise" => Fault::Bytewise,
            "split-utf8" => Fault::SplitUtf8,
            _ => return None,
        })
    }

    /// Whether the client still receives the whole answer despite this fault (the transport
    /// is odd but nothing is lost). Script steps only advance on such answers.
    pub fn delivers_answer(self) -> bool {
        matches!(
            self,
            Fault::Malformed | Fault::BadJson | Fault::Bytewise | Fault::SplitUtf8
        )
    }

    /// The JSON error body and its `error_type` for a status fault.
    pub fn status_error(status: u16) -> (&'static str, &'static str) {
        match status {
            400 => ("bad_request", "Bad request (simulated by zo-dev serve)"),
            401 => (
                "unauthorized",
                "Invalid API key (simulated by zo-dev serve)",
            ),
            429 => (
                "rate_limited",
                "Too many requests (simulated by zo-dev serve)",
            ),
            503 => (
                "service_unavailable",
                "Service unavailable (simulated by zo-dev serve)",
            ),
            _ => (
                "internal_error",
                "Internal server error (simulated by zo-dev serve)",
            ),
        }
    }
}

/// Counts requests per key so a fault can apply to the first N of them only.
#[derive(Debug, Default)]
pub struct FaultCounter {
    seen: Mutex<HashMap<String, u32>>,
}

impl FaultCounter {
    /// Counts this request under `key` and says whether a fault limited to `times` requests
    /// (`None`: every request) applies to it.
    pub fn applies(&self, key: &str, times: Option<u32>) -> bool {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        let count = seen.entry(key.to_owned()).or_insert(0);
        *count = count.saturating_add(1);
        match times {
            None => true,
            Some(n) => *count <= n,
        }
    }

    pub fn clear(&self) {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_parses() {
        for name in Fault::NAMES {
            assert_eq!(Fault::parse(name).map(Fault::name), Some(name));
        }
        assert_eq!(Fault::parse("404"), None);
    }

    #[test]
    fn times_limits_per_key() {
        let c = FaultCounter::default();
        assert!(c.applies("a", Some(2)));
        assert!(c.applies("b", Some(1)));
        assert!(c.applies("a", Some(2)));
        assert!(!c.applies("a", Some(2)));
        assert!(!c.applies("b", Some(1)));
        assert!(c.applies("c", None));
        assert!(c.applies("c", None));
    }
}
