//! How an assembled stream ends: final payloads that may only extend the streamed answer,
//! legacy deltas, releasing held-back text, and building the [`FinalResult`] (Co-browse
//! envelopes parsed into `done.response` and normalized actions).

use std::borrow::Cow;

use super::{push_text, Assembler, Kind, PartState, Span, StreamUpdate, TextStream};
use crate::answer::answer_gate::AnswerGate;
use crate::answer::envelope::find_envelope;
use crate::stream::events::PartRef;
use crate::stream::segmented::SegmentedText;
use crate::wire::protocol::{FinalResult, FinalStatus, Mode};

impl Assembler {
    pub(super) fn legacy_delta(&mut self, content: String, out: &mut Vec<StreamUpdate>) {
        let key = PartRef {
            zmid: Some("legacy".to_string()),
            index: 0,
        };
        if self.slot(&key).is_none() {
            let state = self.new_part(Kind::Text, false);
            self.release_held(out);
            self.active_text = Some(key.clone());
            self.insert_part(key.clone(), state);
        }
        self.append(&key, Cow::Owned(content), out);
    }

    /// A complete answer from a final payload: used only if it extends what streamed.
    pub(super) fn final_payload(&mut self, payload: &str, out: &mut Vec<StreamUpdate>) {
        let streamed = self.answer.len();
        if payload.len() <= streamed || !self.answer.matches_at(0, &payload.as_bytes()[..streamed])
        {
            return;
        }
        let Some(missing) = payload.get(streamed..) else {
            return;
        };
        let key = PartRef {
            zmid: Some("final".to_string()),
            index: 0,
        };
        if self.slot(&key).is_none() {
            let state = self.new_part(Kind::Text, false);
            self.insert_part(key.clone(), state);
        }
        if self.active_text.as_ref() != Some(&key) {
            self.release_held(out);
            self.active_text = Some(key.clone());
        }
        self.append(&key, Cow::Borrowed(missing), out);
    }

    pub(super) fn finish_with(
        &mut self,
        status: FinalStatus,
        error: Option<String>,
        out: &mut Vec<StreamUpdate>,
    ) {
        // The gate settles the held text first: an envelope cut short counts as hidden JSON.
        let mut held = Vec::new();
        self.release_held(&mut held);
        let result = self.build(status, error.clone());
        if !self.hid_action_json_in_result(&result) {
            out.append(&mut held);
        }
        self.terminal = Some((status, error));
        out.push(StreamUpdate::Final(result));
    }

    pub(super) fn new_part(&self, kind: Kind, separator_pending: bool) -> PartState {
        PartState {
            kind,
            span: Span::Empty,
            tool_id: String::new(),
            gate: AnswerGate::new(kind == Kind::Text && self.mode == Mode::Cobrowse),
            separator_pending,
        }
    }

    /// Releases the text the active part held back (it ended without being action JSON); an
    /// envelope cut short is dropped and counts as hidden action JSON.
    pub(super) fn release_held(&mut self, out: &mut Vec<StreamUpdate>) {
        let Some(key) = self.active_text.take() else {
            return;
        };
        let Some((held, hid)) = self
            .part_mut(&key)
            .map(|state| (state.gate.release(), state.gate.hid_action_json()))
        else {
            return;
        };
        self.hid_action_json |= hid;
        if let Some(held) = held {
            push_text(out, TextStream::Answer, Cow::Owned(held));
        }
    }

    pub(super) fn hid_action_json_in_result(&self, result: &FinalResult) -> bool {
        self.mode == Mode::Cobrowse && (self.hid_action_json || !result.actions.is_empty())
    }

    pub(super) fn build(&self, status: FinalStatus, error: Option<String>) -> FinalResult {
        let thinking = (!self.thinking.is_empty()).then(|| String::from(&self.thinking));
        let mut result = FinalResult {
            status,
            text: String::new(),
            reasoning: thinking,
            actions: Vec::new(),
            conversation_id: self.conversation_id.clone(),
            error,
        };
        // The answer is joined once (it is held in segments); the envelope is looked for in
        // that text, which becomes the result's text when there is none: one copy at most.
        let text = String::from(&self.answer);
        let envelope = match self.mode {
            Mode::Cobrowse => find_envelope(&text),
            _ => None,
        };
        match envelope {
            Some(env) => {
                drop(text);
                result.text = env.text;
                result.actions = env.actions;
                result.reasoning = env.reasoning.or(result.reasoning);
            }
            None if self.mode == Mode::Cobrowse && self.hid_action_json => {
                // Action JSON that could not be read (cut or malformed): never show it raw.
                if result.error.is_none() && status == FinalStatus::Succeeded {
                    result.error = Some("Zo's action list could not be read".to_string());
                }
            }
            None => result.text = text,
        }
        result
    }
}

/// What goes between two text parts: a blank line, unless the answer already ends with one.
pub(super) fn separator(answer: &SegmentedText) -> &'static str {
    if answer.ends_with("\n\n") {
        ""
    } else if answer.ends_with("\n") {
        "\n"
    } else {
        "\n\n"
    }
}
