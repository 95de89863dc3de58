//! What the Co-browse state machine asks of the worker ([`Command`]), why a loop ended
//! ([`FinishReason`]) and how a content batch came back ([`BatchOutcome`]).

use crate::trust::policy::ApprovalRequest;

use crate::wire::action::{Action, HttpUrl};
use crate::wire::approval::ScopeOrigin;
use crate::wire::protocol::ActionResult;

/// What the worker must do next.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Take a snapshot of the tab (answer with [`crate::cobrowse::Cobrowse::on_snapshot`]).
    RequestSnapshot { text_budget: u32 },
    /// Stream `prompt` to Zo (answer with [`crate::cobrowse::Cobrowse::on_answer`]).
    Ask {
        step: u32,
        prompt: String,
        conversation_id: Option<String>,
    },
    /// Run `actions` in the content module; their batch indexes start at 0, their step indexes
    /// at `first_index` (answer with [`crate::cobrowse::Cobrowse::on_action_progress`] and
    /// [`crate::cobrowse::Cobrowse::on_batch_done`]).
    RunBatch {
        step: u32,
        first_index: u32,
        actions: Vec<Action>,
    },
    /// Abort the batch running in the content module.
    CancelBatch,
    /// Load `url` in the tab and wait for it (answer with [`crate::cobrowse::Cobrowse::on_navigated`]).
    Navigate { step: u32, index: u32, url: HttpUrl },
    /// Action `index` of `step` changed status: tell the panel.
    Status {
        step: u32,
        index: u32,
        action: Action,
        result: ActionResult,
    },
    /// The loop ended; `text` is the answer to show.
    Finish { text: String, reason: FinishReason },
    /// Zo's answer failed: the loop ended with an error.
    Fail { message: String },
    /// The task's origin set changed (and at the start): tell the panel.
    Scope { origins: Vec<ScopeOrigin> },
    /// Ask the user about action `index` of `step` (answer with [`crate::cobrowse::Cobrowse::on_approval`]).
    AskApproval {
        id: u32,
        step: u32,
        index: u32,
        request: ApprovalRequest,
    },
    /// Answer the content module's ACTION_CHECK of batch index `batch_index`: act only when
    /// `allow`; else the action fails as refused with `reason`.
    Verdict {
        batch_index: u32,
        allow: bool,
        reason: Option<String>,
    },
    /// Answer the content module's EFFECT_CHECK of action `batch_index` (batch index): carry
    /// the effect out only when `allow`; else it is dropped and the action fails as refused
    /// with `reason` (answers [`crate::cobrowse::Cobrowse::on_effect_check`]).
    EffectVerdict {
        batch_index: u32,
        allow: bool,
        reason: Option<String>,
    },
    /// A line for the task's work log in the panel.
    Note { text: String },
    /// A request of the task's tabs that sent data to `origin` was blocked: offer the user to
    /// let the tabs send data there for the rest of the task (answered through the network
    /// guard, [`crate::trust::net_rules::NetGuard::allow_send`]).
    OfferSend { origin: String },
    /// The reasoning of `step` (its answer's thinking or the reasoning it gave with its
    /// actions): tell the panel, which keeps each step's.
    Thought { step: u32, text: String },
    /// Action `index` of `step` failed and `remaining` actions of the step are left: ask the
    /// user whether to run them (answer with [`crate::cobrowse::Cobrowse::on_resume`]).
    OfferResume {
        step: u32,
        index: u32,
        remaining: u32,
    },
}

/// Why the loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinishReason {
    /// A `done` action; the text is its response.
    Done,
    /// Zo answered in prose without actions.
    Prose,
    /// `max_steps` asks were used without a `done`.
    StepLimit,
    /// The user pressed Stop.
    Stopped,
    /// Actions were refused or declined too often: the task ended.
    Refused,
    /// Nobody answered an approval request in time.
    NoAnswer,
    /// A tab of the task ended up outside its origin set, or moved past the navigation cap
    /// by itself.
    Contained,
}

/// How a content batch ended.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BatchOutcome {
    /// Final results with batch indexes (0 = first action of the batch).
    pub results: Vec<ActionResult>,
    /// Set when the batch could not finish: the port closed (the page navigated away), the
    /// content script could not be reached...
    pub interrupted: Option<String>,
}
