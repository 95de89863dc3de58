//! One assistant turn as the panel sees it: the `WorkerToPanel` messages of one sessionId
//! folded into a history [`Message`], and the list of [`Change`]s the view must apply.
//! Which messages are applied is the session's flow rule ([`SessionFlow`]: its own sessionId,
//! nothing after the final message or after the turn ended). The answer text is what the worker
//! sent: it already kept Co-browse action JSON off the screen. Text already shown is never
//! lost: errors and lost connections keep it; a STREAM_REPLACE (a retry that said something
//! else) and a final text that differs replace it. An answer that ends successfully with
//! nothing to show is a failure the user can retry.

use crate::ui::history::{Message, MessageStatus};
use crate::ui::markdown::{self, BlockUpdate, MarkdownStream};
use crate::ui::reasoning::ThoughtView;
use crate::ui::run_order::RunItem;
use crate::ui::trust_view::{ApprovalCard, ScopeChip};
use crate::ui::view::{self, connection_lost_card, error_card, ErrorCard, Indicator, TimelineRow};
use crate::wire::protocol::{
    FailureKind, FinalStatus, StreamFailure, TextPart, ToolActivity, WorkerToPanel,
};
use crate::wire::session_flow::SessionFlow;

/// What the view must change after a message.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Markdown blocks of the answer that changed (new, rendered again, gone, grown).
    Answer(BlockUpdate),
    /// The answer shown so far is gone (a retry replaced it): remove its blocks; the
    /// replacement follows as [`Change::Answer`] updates.
    AnswerCleared,
    /// Replace the whole answer with these blocks (final text differs from the streamed one).
    AnswerReplaced(Vec<String>),
    /// Thinking text to append to the live thinking view.
    ReasoningDelta(String),
    /// The live thinking view shows this text instead (a retry replaced it).
    ReasoningReplaced(String),
    /// The reasoning kept so far, as shown (each step's in a Co-browse task): the live
    /// thinking view empties and hides; thinking that follows is the next step's.
    Thoughts(Vec<ThoughtView>),
    /// Tool `position` (in arrival order) was added or updated.
    Tool {
        position: usize,
        tool: ToolActivity,
    },
    /// Timeline row `position` was added or updated.
    Timeline {
        position: usize,
        row: TimelineRow,
    },
    /// The progress indicator changed.
    Indicator(Indicator),
    /// The turn ended with this status (stop the timer, hide the indicator).
    Finished(MessageStatus),
    Error(ErrorCard),
    /// The Co-browse task's origins changed.
    Scope(Vec<ScopeChip>),
    /// Approval card `position` (in arrival order) was added or changed.
    Approval {
        position: usize,
        card: ApprovalCard,
    },
    /// Work-log note `position` was added.
    Note {
        position: usize,
        text: String,
    },
    /// The offer of the rest of a step after a failure was made or changed.
    Resume(ResumeCard),
    /// An offer to let the task's tabs send data to a blocked site was made or changed.
    SendOffer(SendOfferCard),
    /// The run's rows and cards, in the order shown (after a row or card was added).
    RunOrder(Vec<RunItem>),
}

/// The assistant turn being streamed.
#[derive(Debug, Clone)]
pub struct Turn {
    pub message: Message,
    /// Which worker messages this turn applies.
    flow: SessionFlow,
    md: MarkdownStream,
    /// Bytes of `message.text` pushed into `md` so far.
    rendered_len: usize,
    /// The thinking streamed since the last step's reasoning was kept.
    reasoning_live: String,
    /// A Co-browse task's reasoning per step (index = step - 1), as the worker told it.
    thoughts: Vec<String>,
    /// The last step whose actions reported.
    action_step: u32,
    status: Option<String>,
    indicator: Option<Indicator>,
}

impl Turn {
    /// A new turn for `message` (an assistant message with its sessionId).
    pub fn new(message: Message) -> Turn {
        let flow = SessionFlow::new(message.session_id.clone().unwrap_or_default());
        Turn {
            message,
            flow,
            md: MarkdownStream::new(),
            rendered_len: 0,
            reasoning_live: String::new(),
            thoughts: Vec::new(),
            action_step: 0,
            status: None,
            indicator: None,
        }
    }

    pub fn session_id(&self) -> &str {
        self.flow.id()
    }

    pub fn is_active(&self) -> bool {
        self.message.status == MessageStatus::Streaming
    }

    /// Whether [`Turn::apply`] would take `msg` (the session's flow rule).
    pub fn accepts(&self, msg: &WorkerToPanel) -> bool {
        self.is_active() && self.flow.admits(msg)
    }

    /// The indicator currently shown, if any.
    pub fn indicator(&self) -> Option<&Indicator> {
        self.indicator.as_ref()
    }

    /// The liveness label after `quiet_ms` without events, when the working indicator shows.
    pub fn liveness(&self, quiet_ms: u64) -> Option<String> {
        match (&self.indicator, self.is_active()) {
            (Some(Indicator::Working { .. }), true) => {
                Some(view::working_label(self.status.as_deref(), quiet_ms))
            }
            _ => None,
        }
    }

    fn set_indicator(&mut self, next: Indicator, changes: &mut Vec<Change>) {
        if self.indicator.as_ref() != Some(&next) {
            self.indicator = Some(next.clone());
            changes.push(Change::Indicator(next));
        }
    }

    /// The indicator shown before anything arrives.
    pub fn start(&mut self) -> Vec<Change> {
        let mut changes = Vec::new();
        self.set_indicator(
            Indicator::Working {
                label: view::working_label(None, 0),
            },
            &mut changes,
        );
        changes
    }

    /// Fold one worker message in. Messages the flow rule does not admit (another session's,
    /// anything after the turn ended) give no change.
    pub fn apply(&mut self, msg: &WorkerToPanel) -> Vec<Change> {
        let mut changes = Vec::new();
        if !self.is_active() || !self.flow.admit(msg) {
            return changes;
        }
        match msg {
            WorkerToPanel::StreamChunk { delta, .. } => {
                self.take_chunk(delta, &mut changes);
            }
            WorkerToPanel::StreamReplace {
                part: TextPart::Answer,
                text,
                ..
            } => self.replace_answer(text, &mut changes),
            WorkerToPanel::StreamReplace {
                part: TextPart::Reasoning,
                text,
                ..
            } => {
                self.reasoning_live.clone_from(text);
                changes.push(Change::ReasoningReplaced(text.clone()));
            }
            WorkerToPanel::StreamReasoning { delta, .. } => {
                self.reasoning_live.push_str(delta);
                changes.push(Change::ReasoningDelta(delta.clone()));
                if self.rendered_len == 0 {
                    self.set_indicator(Indicator::Thinking, &mut changes);
                }
            }
            WorkerToPanel::StreamTool { tool, .. } => {
                let tools = &mut self.message.tools;
                let position = match tools
                    .iter()
                    .position(|t| t.tool_call_id == tool.tool_call_id)
                {
                    Some(p) => {
                        tools[p] = tool.clone();
                        p
                    }
                    None => {
                        tools.push(tool.clone());
                        tools.len() - 1
                    }
                };
                changes.push(Change::Tool {
                    position,
                    tool: tool.clone(),
                });
            }
            WorkerToPanel::StreamStatus { status, .. } => {
                self.status = Some(status.clone());
                if matches!(self.indicator, Some(Indicator::Working { .. }) | None) {
                    self.set_indicator(
                        Indicator::Working {
                            label: view::working_label(Some(status), 0),
                        },
                        &mut changes,
                    );
                }
            }
            WorkerToPanel::StreamReconnect { attempt, max, .. } => {
                self.set_indicator(
                    Indicator::Reconnecting {
                        attempt: *attempt,
                        max: *max,
                    },
                    &mut changes,
                );
            }
            WorkerToPanel::StreamDiagnostic { .. } => {}
            WorkerToPanel::ActionStatus {
                step,
                index,
                action,
                result,
                ..
            } => self.apply_action(*step, *index, action, result, &mut changes),
            WorkerToPanel::StreamDone { result, .. } => {
                self.finish_answer(&result.text, &mut changes);
                self.finalize_reasoning(result.reasoning.as_deref(), &mut changes);
                match result.status {
                    FinalStatus::Succeeded if self.is_empty_answer() => {
                        self.fail(view::empty_answer_failure(), &mut changes)
                    }
                    FinalStatus::Succeeded => self.end(MessageStatus::Done, &mut changes),
                    FinalStatus::Failed => self.fail(
                        StreamFailure {
                            kind: FailureKind::Permanent,
                            http_status: None,
                            message: result
                                .error
                                .clone()
                                .unwrap_or_else(|| "Zo reported a failure.".into()),
                            partial_text: String::new(),
                        },
                        &mut changes,
                    ),
                    FinalStatus::Incomplete => self.fail(
                        StreamFailure {
                            kind: FailureKind::Transient,
                            http_status: None,
                            message: "The answer ended before it was complete.".into(),
                            partial_text: String::new(),
                        },
                        &mut changes,
                    ),
                }
            }
            WorkerToPanel::TaskScope { origins, .. } => self.apply_scope(origins, &mut changes),
            WorkerToPanel::ApprovalRequest {
                approval_id,
                kind,
                description,
                origin,
                reasons,
                destination,
                step,
                index,
                ..
            } => {
                let record = crate::ui::history::ApprovalRecord {
                    id: *approval_id,
                    kind: *kind,
                    description: description.clone(),
                    origin: origin.clone(),
                    reasons: reasons.clone(),
                    decision: None,
                    destination: destination.clone(),
                    at: Some(crate::ui::history::RunPlace {
                        step: *step,
                        index: *index,
                    }),
                };
                self.apply_request(record, &mut changes);
            }
            WorkerToPanel::TaskNote { text, .. } => self.apply_note(text, &mut changes),
            WorkerToPanel::StepThought { step, text, .. } => {
                self.keep_thought(*step, text, &mut changes)
            }
            WorkerToPanel::ResumeOffer {
                step,
                index,
                remaining,
                ..
            } => self.apply_offer(*step, *index, *remaining, &mut changes),
            WorkerToPanel::SendOffer { origin, .. } => self.apply_send_offer(origin, &mut changes),
            WorkerToPanel::StreamError { error, .. } => {
                // Keep what was shown; add text the worker had but the panel had not seen.
                if let Some(extra) = error
                    .partial_text
                    .strip_prefix(self.message.text.as_str())
                    .filter(|extra| !extra.is_empty())
                {
                    let extra = extra.to_string();
                    self.take_chunk(&extra, &mut changes);
                }
                self.finish_answer("", &mut changes);
                self.finalize_reasoning(None, &mut changes);
                self.fail(error.clone(), &mut changes);
            }
        }
        changes
    }

    /// The user pressed Stop: keep what was shown, skip pending actions.
    pub fn stop(&mut self) -> Vec<Change> {
        let mut changes = Vec::new();
        if !self.is_active() {
            return changes;
        }
        self.finish_answer("", &mut changes);
        self.finalize_reasoning(None, &mut changes);
        self.skip_unfinished(&mut changes);
        self.end(MessageStatus::Stopped, &mut changes);
        changes
    }

    /// The port to the worker died mid-answer.
    pub fn connection_lost(&mut self) -> Vec<Change> {
        let mut changes = Vec::new();
        if !self.is_active() {
            return changes;
        }
        self.finish_answer("", &mut changes);
        self.finalize_reasoning(None, &mut changes);
        self.message.error = Some(StreamFailure {
            kind: FailureKind::Transient,
            http_status: None,
            message: "connection to the worker lost".into(),
            partial_text: String::new(),
        });
        changes.push(Change::Error(connection_lost_card()));
        self.end(MessageStatus::Interrupted, &mut changes);
        changes
    }

    /// A piece of answer text, into the Markdown stream.
    fn take_chunk(&mut self, delta: &str, changes: &mut Vec<Change>) {
        self.message.text.push_str(delta);
        self.render_answer(changes);
    }

    /// The answer shown so far is replaced by `text`, which keeps streaming: a fresh Markdown
    /// stream renders it, so the blocks shown stay those of rendering the whole text.
    fn replace_answer(&mut self, text: &str, changes: &mut Vec<Change>) {
        self.message.text = text.to_string();
        self.md = MarkdownStream::new();
        self.rendered_len = 0;
        changes.push(Change::AnswerCleared);
        self.render_answer(changes);
    }

    fn render_answer(&mut self, changes: &mut Vec<Change>) {
        // Nothing but whitespace yet: wait for the first visible character.
        if self.rendered_len == 0 && self.message.text.trim().is_empty() {
            return;
        }
        let pending = &self.message.text[self.rendered_len..];
        if pending.is_empty() {
            return;
        }
        let update = self.md.push(pending);
        self.rendered_len = self.message.text.len();
        if !update.is_empty() {
            changes.push(Change::Answer(update));
        }
        self.set_indicator(Indicator::Answering, changes);
    }

    /// End the answer text: `final_text`, when non-empty and not what was shown (a Co-browse
    /// task's final answer is its `done` response), wins over what was shown.
    fn finish_answer(&mut self, final_text: &str, changes: &mut Vec<Change>) {
        let final_text = final_text.trim();
        if !final_text.is_empty() && final_text != self.message.text.trim() {
            self.message.text = final_text.to_string();
            self.md = MarkdownStream::new();
            self.rendered_len = self.message.text.len();
            changes.push(Change::AnswerReplaced(markdown::render_blocks(
                &self.message.text,
            )));
            return;
        }
        if self.rendered_len == 0 && self.message.text.trim().is_empty() {
            self.message.text.clear();
            return;
        }
        if self.rendered_len < self.message.text.len() {
            let pending = self.message.text[self.rendered_len..].to_string();
            self.md.load(&pending);
            self.rendered_len = self.message.text.len();
        }
        let update = self.md.finish();
        if !update.is_empty() {
            changes.push(Change::Answer(update));
        }
    }

    fn fail(&mut self, failure: StreamFailure, changes: &mut Vec<Change>) {
        let status = match failure.kind {
            FailureKind::Transient => MessageStatus::Interrupted,
            FailureKind::Permanent => MessageStatus::Failed,
        };
        changes.push(Change::Error(error_card(&failure)));
        self.message.error = Some(failure);
        self.end(status, changes);
    }

    fn end(&mut self, status: MessageStatus, changes: &mut Vec<Change>) {
        self.flow.end();
        self.message.status = status;
        self.indicator = None;
        self.close_approvals(changes);
        self.close_offer(changes);
        self.close_send_offers(changes);
        changes.push(Change::Finished(status));
    }
}

impl Turn {
    /// A successful answer that shows nothing: no text, no actions, no tools.
    fn is_empty_answer(&self) -> bool {
        self.message.text.trim().is_empty()
            && self.message.timeline.is_empty()
            && self.message.tools.is_empty()
    }
}

/// The error card of a stored message, if it ended with one.
pub fn stored_error_card(message: &Message) -> Option<ErrorCard> {
    match (&message.error, message.status) {
        (Some(f), MessageStatus::Failed | MessageStatus::Interrupted) => Some(error_card(f)),
        (None, MessageStatus::Interrupted) => Some(connection_lost_card()),
        _ => None,
    }
}

mod reattach;
mod resume;
mod run;
mod send_offer;
mod thoughts;
mod trust;
pub use resume::{ResumeCard, ResumeState, RESUME_BUTTONS};
pub use run::{stored_run, timeline_rows};
pub use send_offer::{SendOfferCard, SendOfferState, MAX_SEND_OFFERS, SEND_OFFER_BUTTON};
pub use trust::MAX_LOG_ENTRIES;

#[cfg(test)]
pub(crate) mod tests;
