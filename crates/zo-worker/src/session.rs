//! One query of the side panel (a sessionId) and the registry of running ones.
//!
//! Isolation: what a session posts follows its flow rule (`zo_core::wire::SessionFlow`, the
//! rule the panel applies too): only messages naming its own id; after STOP only its single
//! final message (here STREAM_DONE with `status: "incomplete"`, `error: "stopped"`
//! ([`STOPPED`]) and the text shown so far); after the final message nothing. When its panel
//! port dies (postMessage throws or the panel disconnects) the session is
//!   cancelled: its fetch is aborted at once and its result is dropped (nobody can show it; the
//!   panel keeps its own history of what it already received).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use futures::channel::oneshot;
use zo_core::wire::{ApprovalDecision, SessionFlow, WorkerToPanel};

use crate::cancel::CancelToken;
use crate::convert::warn;
use crate::port::PanelPort;

/// `FinalResult.error` of a session ended by STOP.
pub use zo_core::stream::STOPPED;

/// A running query.
pub struct Session {
    id: String,
    port_id: u32,
    port: Rc<dyn PanelPort>,
    cancel: CancelToken,
    /// Which messages may still be posted.
    flow: RefCell<SessionFlow>,
    /// The approval request waiting for this session's panel: (id, where its answer goes).
    approval: RefCell<Option<(u32, oneshot::Sender<ApprovalDecision>)>>,
}

impl Session {
    pub fn new(id: impl Into<String>, port_id: u32, port: Rc<dyn PanelPort>) -> Rc<Session> {
        let id = id.into();
        Rc::new(Session {
            flow: RefCell::new(SessionFlow::new(id.clone())),
            id,
            port_id,
            port,
            cancel: CancelToken::new(),
            approval: RefCell::new(None),
        })
    }

    /// Waits for the panel's answer to approval request `id` (one request at a time: a new
    /// one replaces any earlier).
    pub fn expect_approval(&self, id: u32) -> oneshot::Receiver<ApprovalDecision> {
        let (tx, rx) = oneshot::channel();
        *self.approval.borrow_mut() = Some((id, tx));
        rx
    }

    /// The panel answered approval request `id`; false when no such request waits.
    pub fn answer_approval(&self, id: u32, decision: ApprovalDecision) -> bool {
        let waiting = self.approval.borrow().as_ref().map(|(i, _)| *i) == Some(id);
        if !waiting {
            return false;
        }
        match self.approval.borrow_mut().take() {
            Some((_, tx)) => tx.send(decision).is_ok(),
            None => false,
        }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn port_id(&self) -> u32 {
        self.port_id
    }

    /// The extension page that asked (what the query may reach depends on it).
    pub fn page(&self) -> zo_core::trust::sender::TrustedPage {
        self.port.page()
    }

    /// Cancelled by STOP or a dead port; long-running work (fetch, action batches) watches it.
    pub fn cancel_token(&self) -> &CancelToken {
        &self.cancel
    }

    pub fn is_stopped(&self) -> bool {
        self.flow.borrow().is_stopped()
    }

    /// Whether the session should keep working (not stopped, not cancelled, not finished).
    pub fn is_live(&self) -> bool {
        self.flow.borrow().is_live() && !self.cancel.is_cancelled()
    }

    /// STOP: no further messages except the final one; aborts the fetch in flight.
    pub fn stop(&self) {
        self.flow.borrow_mut().stop();
        self.cancel.cancel();
    }

    /// Posts `msg` on the panel port if the session's flow admits it (progress while live,
    /// the single final message also after STOP). Returns whether it was posted; a post that
    /// fails (the panel is gone) cancels the session.
    pub fn post(&self, msg: WorkerToPanel) -> bool {
        if !self.flow.borrow_mut().admit(&msg) {
            if msg.session_id() != self.id {
                warn(
                    "dropped a message naming another session",
                    &format!("{} != {}", msg.session_id(), self.id),
                );
            }
            return false;
        }
        let posted = self.port.post(&msg);
        if !posted {
            // Nobody can see this session any more: stop spending the network on it.
            self.cancel.cancel();
        }
        posted
    }
}

/// Sessions currently running, by sessionId.
#[derive(Default)]
pub struct Sessions {
    map: RefCell<HashMap<String, Rc<Session>>>,
}

impl Sessions {
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers a new session; false when that sessionId is already running.
    pub fn insert(&self, session: Rc<Session>) -> bool {
        let mut map = self.map.borrow_mut();
        if map.contains_key(session.id()) {
            return false;
        }
        map.insert(session.id().to_string(), session);
        true
    }

    pub fn get(&self, id: &str) -> Option<Rc<Session>> {
        self.map.borrow().get(id).cloned()
    }

    /// Forgets `session` (only that very session, not a newer one reusing its id).
    pub fn remove(&self, session: &Rc<Session>) {
        let mut map = self.map.borrow_mut();
        if map
            .get(session.id())
            .is_some_and(|s| Rc::ptr_eq(s, session))
        {
            map.remove(session.id());
        }
    }

    /// STOP of `id`; false when no such session runs (already finished).
    pub fn stop(&self, id: &str) -> bool {
        match self.get(id) {
            Some(session) => {
                session.stop();
                true
            }
            None => false,
        }
    }

    /// An APPROVAL from panel port `port_id` for session `id`: only the port that asked the
    /// query may answer its requests. False when nothing was answered.
    pub fn answer_approval(
        &self,
        id: &str,
        port_id: u32,
        approval_id: u32,
        decision: ApprovalDecision,
    ) -> bool {
        match self.get(id) {
            Some(session) if session.port_id() == port_id => {
                session.answer_approval(approval_id, decision)
            }
            _ => false,
        }
    }

    /// Cancels every session of a port that disconnected.
    pub fn cancel_port(&self, port_id: u32) {
        let sessions: Vec<Rc<Session>> = self
            .map
            .borrow()
            .values()
            .filter(|s| s.port_id() == port_id)
            .cloned()
            .collect();
        for session in sessions {
            session.cancel_token().cancel();
        }
    }

    pub fn len(&self) -> usize {
        self.map.borrow().len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.borrow().is_empty()
    }
}
