//! The server's shared state: the valid key, the request log, fault counters, scripts and
//! the conversation id generator.

use super::faults::FaultCounter;
use super::request_log::{AuthState, RequestLog};
use super::scripts::Scripts;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug)]
pub struct State {
    pub key: String,
    pub verbose: bool,
    pub log: RequestLog,
    pub faults: FaultCounter,
    pub scripts: Scripts,
    /// Distinguishes conversation ids of different server runs.
    nonce: u32,
    next_conversation: AtomicU64,
}

impl State {
    pub fn new(key: String, verbose: bool) -> State {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos() ^ (d.as_secs() as u32));
        State {
            key,
            verbose,
            log: RequestLog::default(),
            faults: FaultCounter::default(),
            scripts: Scripts::default(),
            nonce: nanos ^ std::process::id().rotate_left(16),
            next_conversation: AtomicU64::new(1),
        }
    }

    /// A fresh conversation id, `conv_<run><n>`.
    pub fn new_conversation_id(&self) -> String {
        let n = self.next_conversation.fetch_add(1, Ordering::Relaxed);
        format!("conv_{:08x}{n:04}", self.nonce)
    }

    /// What an `Authorization` header value amounts to.
    pub fn auth(&self, header: Option<&str>) -> AuthState {
        let Some(value) = header else {
            return AuthState::Absent;
        };
        let mut words = value.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some(scheme), Some(token), None)
                if scheme.eq_ignore_ascii_case("bearer") && token == self.key =>
            {
                AuthState::Valid
            }
            _ => AuthState::Invalid,
        }
    }

    /// Forgets everything recorded: the log, the fault counters and the scripts.
    pub fn reset(&self) {
        self.log.clear();
        self.faults.clear();
        self.scripts.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_check() {
        let s = State::new("zo_sk_dev".into(), false);
        assert_eq!(s.auth(None), AuthState::Absent);
        assert_eq!(s.auth(Some("Bearer zo_sk_dev")), AuthState::Valid);
        assert_eq!(s.auth(Some("bearer  zo_sk_dev")), AuthState::Valid);
        assert_eq!(s.auth(Some("Bearer nope")), AuthState::Invalid);
        assert_eq!(s.auth(Some("zo_sk_dev")), AuthState::Invalid);
        assert_ne!(s.new_conversation_id(), s.new_conversation_id());
    }
}
