//! The message flow of one query (a sessionId) on the `stream` port: one rule, checked by the
//! worker before it posts a message and by the panel's turn before it applies one.
//!
//! - A message belongs to a session only when it names the session's id.
//! - Progress messages (text, reasoning, replaces, tools, statuses, reconnects, diagnostics,
//!   action statuses, origins, approval requests, notes) flow while the session is live.
//! - After Stop only the single final message (STREAM_DONE or STREAM_ERROR) flows.
//! - The final message ends the session: nothing flows after it.

use crate::wire::protocol::WorkerToPanel;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Live,
    Stopped,
    Ended,
}

/// Where one session's flow is; see the module doc for the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionFlow {
    id: String,
    state: State,
}

impl SessionFlow {
    /// The flow of session `id`, live.
    pub fn new(id: impl Into<String>) -> SessionFlow {
        SessionFlow {
            id: id.into(),
            state: State::Live,
        }
    }

    /// The session's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Whether `msg` may flow now (without taking it).
    pub fn admits(&self, msg: &WorkerToPanel) -> bool {
        msg.session_id() == self.id
            && match self.state {
                State::Live => true,
                State::Stopped => msg.is_final(),
                State::Ended => false,
            }
    }

    /// Takes `msg` if it may flow now: true when it does. A final message ends the session.
    pub fn admit(&mut self, msg: &WorkerToPanel) -> bool {
        let admitted = self.admits(msg);
        if admitted && msg.is_final() {
            self.state = State::Ended;
        }
        admitted
    }

    /// Stop: from now on only the final message flows.
    pub fn stop(&mut self) {
        if self.state == State::Live {
            self.state = State::Stopped;
        }
    }

    /// The session ended without (or before) its final message: nothing flows any more.
    pub fn end(&mut self) {
        self.state = State::Ended;
    }

    /// Progress messages still flow.
    pub fn is_live(&self) -> bool {
        self.state == State::Live
    }

    /// Stopped, its final message not sent yet.
    pub fn is_stopped(&self) -> bool {
        self.state == State::Stopped
    }

    /// Nothing flows any more.
    pub fn is_ended(&self) -> bool {
        self.state == State::Ended
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::protocol::{FinalResult, StreamFailure};

    fn chunk(sid: &str) -> WorkerToPanel {
        WorkerToPanel::StreamChunk {
            session_id: sid.into(),
            delta: "x".into(),
        }
    }

    fn done(sid: &str) -> WorkerToPanel {
        WorkerToPanel::StreamDone {
            session_id: sid.into(),
            result: FinalResult::default(),
        }
    }

    fn error(sid: &str) -> WorkerToPanel {
        WorkerToPanel::StreamError {
            session_id: sid.into(),
            error: StreamFailure {
                kind: crate::wire::protocol::FailureKind::Transient,
                http_status: None,
                message: "cut".into(),
                partial_text: String::new(),
            },
        }
    }

    #[test]
    fn only_messages_naming_the_session_flow() {
        let mut flow = SessionFlow::new("a");
        assert!(!flow.admit(&chunk("b")));
        assert!(!flow.admit(&done("b")));
        assert!(flow.admit(&chunk("a")));
        assert!(flow.is_live(), "another session's final ends nothing");
    }

    #[test]
    fn the_final_message_ends_the_flow() {
        for last in [done("a"), error("a")] {
            let mut flow = SessionFlow::new("a");
            assert!(flow.admit(&last));
            assert!(flow.is_ended());
            assert!(!flow.admit(&chunk("a")));
            assert!(!flow.admit(&last), "a second final never flows");
        }
    }

    #[test]
    fn after_stop_only_the_final_message_flows() {
        let mut flow = SessionFlow::new("a");
        flow.stop();
        assert!(flow.is_stopped());
        assert!(!flow.admits(&chunk("a")));
        assert!(!flow.admit(&chunk("a")));
        assert!(flow.admit(&done("a")));
        assert!(!flow.admit(&done("a")));
        // Stop after the end changes nothing.
        flow.stop();
        assert!(flow.is_ended());
    }

    #[test]
    fn an_ended_flow_admits_nothing() {
        let mut flow = SessionFlow::new("a");
        flow.end();
        assert!(!flow.admit(&done("a")));
        assert!(!flow.admit(&chunk("a")));
    }
}
