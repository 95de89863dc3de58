//! The ask driver driven by hand as the worker would drive it (response heads, body bytes, the
//! end, errors, timeouts, the end of a sleep, Stop), keeping every effect it asked for and what
//! the panel would show from the messages it posted.

#![allow(dead_code)]

use zo_core::stream::{AskDriver, AskOutcome, AskSpec, Effect, ResponseHead, RetryPolicy, Shown};
use zo_core::wire::{AskBody, FinalResult, Mode, StreamFailure, TextPart, WorkerToPanel};

pub const SID: &str = "s1";
/// 2026-10-21T07:28:00Z.
pub const NOW: u64 = 1_792_567_680_000;

pub fn spec(mode: Mode, conversation: Option<&str>, shown: Shown) -> AskSpec {
    AskSpec {
        session_id: SID.into(),
        mode,
        body: AskBody {
            input: "What is Zo?".into(),
            conversation_id: conversation.map(str::to_string),
            model_name: Some("zo-fast".into()),
            persona_id: None,
            stream: false,
        },
        shown,
        policy: RetryPolicy::new(7),
    }
}

pub fn head(status: u16, content_type: &str) -> ResponseHead {
    ResponseHead {
        status,
        content_type: content_type.into(),
        conversation_id: Some("conv_new".into()),
        received_at_ms: NOW,
        ..ResponseHead::default()
    }
}

pub fn sse_head() -> ResponseHead {
    head(200, "text/event-stream; charset=utf-8")
}

/// The driver plus what the panel would show from its messages.
pub struct Run {
    pub driver: AskDriver,
    pub effects: Vec<Effect>,
    pub answer: String,
    pub thinking: String,
    pub replaces: Vec<(TextPart, String)>,
}

impl Run {
    pub fn new(mode: Mode) -> Run {
        Run::with(spec(mode, None, Shown::default()))
    }

    pub fn with(spec: AskSpec) -> Run {
        let shown = spec.shown.clone();
        let mut run = Run {
            driver: AskDriver::new(spec),
            effects: Vec::new(),
            answer: shown.answer,
            thinking: shown.thinking,
            replaces: Vec::new(),
        };
        let first = run.driver.start();
        run.take(first);
        run
    }

    /// Records `effects` and applies their messages to the screen; returns them.
    pub fn take(&mut self, effects: Vec<Effect>) -> Vec<Effect> {
        for effect in &effects {
            if let Effect::Post(msg) = effect {
                assert_eq!(msg.session_id(), SID);
                match msg {
                    WorkerToPanel::StreamChunk { delta, .. } => self.answer.push_str(delta),
                    WorkerToPanel::StreamReasoning { delta, .. } => self.thinking.push_str(delta),
                    WorkerToPanel::StreamReplace { part, text, .. } => {
                        self.replaces.push((*part, text.clone()));
                        match part {
                            TextPart::Answer => self.answer.clone_from(text),
                            TextPart::Reasoning => self.thinking.clone_from(text),
                        }
                    }
                    _ => {}
                }
            }
        }
        self.effects.extend(effects.iter().cloned());
        effects
    }

    pub fn head(&mut self, head: ResponseHead) -> Vec<Effect> {
        let e = self.driver.on_head(head);
        self.take(e)
    }

    /// Feeds `body` in chunks of `size` bytes; returns every effect.
    pub fn body(&mut self, body: &str, size: usize) -> Vec<Effect> {
        let mut all = Vec::new();
        for chunk in body.as_bytes().chunks(size.max(1)) {
            let e = self.driver.on_body(chunk);
            all.extend(self.take(e));
        }
        all
    }

    pub fn end(&mut self) -> Vec<Effect> {
        let e = self.driver.on_end();
        self.take(e)
    }

    pub fn woke(&mut self) -> Vec<Effect> {
        let e = self.driver.on_woke();
        self.take(e)
    }

    pub fn stop(&mut self) -> Vec<Effect> {
        let e = self.driver.stop();
        self.take(e)
    }

    pub fn timeout(&mut self) -> Vec<Effect> {
        let e = self.driver.on_timeout();
        self.take(e)
    }

    pub fn network_error(&mut self, message: &str) -> Vec<Effect> {
        let e = self.driver.on_network_error(message);
        self.take(e)
    }

    /// One whole successful attempt: head, `body` in chunks of `size`, end of body.
    pub fn attempt(&mut self, body: &str, size: usize) -> Vec<Effect> {
        let mut all = self.head(sse_head());
        all.extend(self.body(body, size));
        if !self.driver.is_done() {
            all.extend(self.end());
        }
        all
    }

    pub fn sends(&self) -> Vec<(u32, String)> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Send { attempt, body } => Some((*attempt, body.clone())),
                _ => None,
            })
            .collect()
    }

    pub fn reconnects(&self) -> Vec<(u32, u32, u64, String)> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Post(WorkerToPanel::StreamReconnect {
                    attempt,
                    max,
                    delay_ms,
                    reason,
                    ..
                }) => Some((*attempt, *max, *delay_ms, reason.clone())),
                _ => None,
            })
            .collect()
    }

    pub fn outcome(&self) -> AskOutcome {
        let done: Vec<&AskOutcome> = self
            .effects
            .iter()
            .filter_map(|e| match e {
                Effect::Done(o) => Some(o),
                _ => None,
            })
            .collect();
        assert_eq!(done.len(), 1, "exactly one Done: {:?}", self.effects);
        done[0].clone()
    }

    pub fn result(&self) -> FinalResult {
        match self.outcome() {
            AskOutcome::Done(r) => r,
            other => panic!("not done: {other:?}"),
        }
    }

    pub fn failure(&self) -> StreamFailure {
        match self.outcome() {
            AskOutcome::Failed(f) => f,
            other => panic!("not failed: {other:?}"),
        }
    }
}

pub fn sleep_of(effects: &[Effect]) -> Option<u64> {
    effects.iter().find_map(|e| match e {
        Effect::Sleep { ms } => Some(*ms),
        _ => None,
    })
}

pub fn has_close(effects: &[Effect]) -> bool {
    effects.contains(&Effect::Close)
}

pub const THINKING: &str = "The user asks about Zo.";
pub const TEXT: &str = "Zo is a **personal** cloud computer.\n\n- with an AI assistant";
