//! Messages exchanged by the three wasm modules, defined once (serde) and shared by all:
//! side panel <-> worker over the `stream` port, and worker <-> content over the tab port.
//! Every `STREAM_*` message carries the sessionId of the query it belongs to.
//!
//! JSON shape: `{"type":"STREAM_CHUNK","sessionId":"...","delta":"..."}` (type tag in
//! SCREAMING_SNAKE_CASE, fields in camelCase).

use serde::{Deserialize, Serialize};

use crate::wire::approval::{ApprovalKind, ScopeOrigin};

use crate::wire::action::Action;
use crate::wire::facts::{EffectKind, TargetFacts};
use crate::wire::json::RawJson;
use crate::wire::ready_question::Quote;
use crate::wire::snapshot::PageSnapshot;

/// Name of the port the side panel opens to the worker.
pub const STREAM_PORT: &str = "stream";
/// Name of the port the worker opens to a tab's content script.
pub const CONTENT_PORT: &str = "content";

/// The assistant modes offered in the panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    #[default]
    Cobrowse,
    Ask,
    Summarize,
    Extract,
    Research,
    Visual,
}

/// Side panel -> worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "SCREAMING_SNAKE_CASE",
    rename_all_fields = "camelCase"
)]
pub enum PanelToWorker {
    AskZo {
        session_id: String,
        chat_id: String,
        #[serde(default)]
        mode_id: Mode,
        /// A custom mode's id: the worker reads what the mode is from the settings (the panel
        /// only names it). `mode_id` is then the path it takes (Co-browse or Ask).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        custom_mode: Option<String>,
        input: String,
        /// The tab the panel is bound to (page context and Co-browse actions).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tab_id: Option<i32>,
        /// Other open tabs of the window the user chose (`@`) to send along: read, never acted
        /// on (`trust::may_read_as_context`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        context_tabs: Vec<i32>,
        /// Page content the user chose to ask about (from the context menu), untrusted: the
        /// prompt fences it as page content.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        quote: Option<Quote>,
    },
    Stop {
        session_id: String,
    },
    /// The user's answer to a RESUME_OFFER of the session: run the rest of the step's actions
    /// after the one that failed (each still judged by the policy), or skip them.
    Resume {
        session_id: String,
        run_rest: bool,
    },
    /// The user's answer to an APPROVAL_REQUEST of the session.
    Approval {
        session_id: String,
        approval_id: u32,
        decision: ApprovalDecision,
    },
    /// The user's yes to a SEND_OFFER of the session: the task's tabs may send data to
    /// `origin` for the rest of the task.
    AllowSend {
        session_id: String,
        origin: String,
    },
}

/// What the user answered to an approval request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ApprovalDecision {
    /// Allow this action only.
    Once,
    /// Allow it for the rest of the task.
    Task,
    Deny,
}

/// Worker -> side panel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "SCREAMING_SNAKE_CASE",
    rename_all_fields = "camelCase"
)]
pub enum WorkerToPanel {
    /// Answer text to append.
    StreamChunk { session_id: String, delta: String },
    /// Thinking text to append.
    StreamReasoning { session_id: String, delta: String },
    /// A retry of an ask diverged from what was shown: everything this query has shown of
    /// `part` so far is replaced at once by `text` (later chunks append to it).
    StreamReplace {
        session_id: String,
        part: TextPart,
        text: String,
    },
    /// Tool activity ("Explored").
    StreamTool {
        session_id: String,
        tool: ToolActivity,
    },
    /// Lifecycle status reported by Zo (e.g. "running").
    StreamStatus { session_id: String, status: String },
    /// A transient failure; attempt `attempt` of `max` starts after `delay_ms`.
    StreamReconnect {
        session_id: String,
        attempt: u32,
        max: u32,
        delay_ms: u64,
        reason: String,
    },
    /// Which event and field names were seen (never values).
    StreamDiagnostic {
        session_id: String,
        /// The report's JSON (see `stream::Diagnostics`).
        diagnostics: RawJson,
    },
    /// A Co-browse action's status changed.
    ActionStatus {
        session_id: String,
        step: u32,
        index: u32,
        action: Action,
        result: ActionResult,
    },
    StreamDone {
        session_id: String,
        result: FinalResult,
    },
    StreamError {
        session_id: String,
        error: StreamFailure,
    },
    /// The Co-browse task's origin set (sent at the start and whenever it changes).
    TaskScope {
        session_id: String,
        origins: Vec<ScopeOrigin>,
    },
    /// An action needs the user's approval; answered with PanelToWorker::Approval.
    ApprovalRequest {
        session_id: String,
        approval_id: u32,
        kind: ApprovalKind,
        /// What will happen and where, sensitive values masked.
        description: String,
        /// The origin it concerns.
        origin: String,
        /// Why it needs approval, one sentence each.
        reasons: Vec<String>,
        /// The origin the tab goes to if the user allows it (a navigation, or a link to another
        /// origin): the panel asks Chrome for access to that site in the click that allows it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        destination: Option<String>,
        /// The action it is about: action `index` of step `step` (the panel shows the card
        /// after that action's row).
        step: u32,
        index: u32,
    },
    /// A note for the task's work log (actions dropped, the task ended by refusals...).
    TaskNote { session_id: String, text: String },
    /// The reasoning of Co-browse step `step` (its thinking, or the reasoning its answer gave
    /// with its actions), once the step's answer ended: each step keeps its own.
    StepThought {
        session_id: String,
        step: u32,
        text: String,
    },
    /// Action `index` of step `step` failed and `remaining` actions of the step did not run:
    /// the task waits for the user (PanelToWorker::Resume) to run them or skip them.
    ResumeOffer {
        session_id: String,
        step: u32,
        index: u32,
        remaining: u32,
    },
    /// A request of the task's tabs that sent data to `origin` was blocked: the panel offers
    /// to let them send data there for the rest of the task (PanelToWorker::AllowSend). The
    /// task does not wait for the answer.
    SendOffer { session_id: String, origin: String },
}

/// Which streamed text a [`WorkerToPanel::StreamReplace`] replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TextPart {
    /// The answer (STREAM_CHUNK text).
    Answer,
    /// The thinking (STREAM_REASONING text).
    Reasoning,
}

impl WorkerToPanel {
    /// Whether this is the single final message of its session (STREAM_DONE or
    /// STREAM_ERROR).
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            WorkerToPanel::StreamDone { .. } | WorkerToPanel::StreamError { .. }
        )
    }

    pub fn session_id(&self) -> &str {
        match self {
            WorkerToPanel::StreamChunk { session_id, .. }
            | WorkerToPanel::StreamReasoning { session_id, .. }
            | WorkerToPanel::StreamReplace { session_id, .. }
            | WorkerToPanel::StreamTool { session_id, .. }
            | WorkerToPanel::StreamStatus { session_id, .. }
            | WorkerToPanel::StreamReconnect { session_id, .. }
            | WorkerToPanel::StreamDiagnostic { session_id, .. }
            | WorkerToPanel::ActionStatus { session_id, .. }
            | WorkerToPanel::StreamDone { session_id, .. }
            | WorkerToPanel::StreamError { session_id, .. }
            | WorkerToPanel::TaskScope { session_id, .. }
            | WorkerToPanel::ApprovalRequest { session_id, .. }
            | WorkerToPanel::TaskNote { session_id, .. }
            | WorkerToPanel::StepThought { session_id, .. }
            | WorkerToPanel::ResumeOffer { session_id, .. }
            | WorkerToPanel::SendOffer { session_id, .. } => session_id,
        }
    }
}

/// One tool call as shown under "Explored".
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolActivity {
    pub tool_call_id: String,
    pub name: String,
    /// Arguments as accumulated so far (JSON text).
    #[serde(default)]
    pub args: String,
    /// Short result text, once the tool returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// How a stream ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FinalStatus {
    Succeeded,
    Failed,
    /// The stream ended before a terminal event.
    #[default]
    Incomplete,
}

/// The assembled answer of one stream.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FinalResult {
    pub status: FinalStatus,
    /// The prose to show: done.response for Co-browse envelopes.
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning: Option<String>,
    #[serde(default)]
    pub actions: Vec<Action>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversation_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Whether retrying can help.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailureKind {
    Transient,
    Permanent,
}

/// A failed query, as told to the panel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StreamFailure {
    pub kind: FailureKind,
    /// HTTP status when the failure came from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    pub message: String,
    /// Text received before the failure (never lost).
    #[serde(default)]
    pub partial_text: String,
}

/// Worker -> content script.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "SCREAMING_SNAKE_CASE",
    rename_all_fields = "camelCase"
)]
pub enum WorkerToContent {
    /// Run `actions` in order; stop at the first failure and mark the rest skipped.
    ExecuteAction {
        batch_id: String,
        actions: Vec<Action>,
        /// How long to wait for a missing element (5000 when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        timeout_ms: Option<u32>,
    },
    /// Abort the batch: pending actions are skipped.
    CancelBatch {
        batch_id: String,
    },
    Snapshot {
        request_id: String,
        /// Character budget for the page text excerpt.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text_budget: Option<u32>,
    },
    Ping,
    /// Cover every secret field of the page with an opaque box (`on`), or take the boxes away:
    /// a screenshot never shows what a secret field holds. Answered with SECRETS_MASKED once
    /// the boxes are painted.
    MaskSecrets {
        request_id: String,
        on: bool,
    },
    /// The answer to ACTION_CHECK `index` of batch `batch_id`: act only when `allow`;
    /// otherwise the action fails as `refused` with `reason`.
    ActionVerdict {
        batch_id: String,
        index: u32,
        allow: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The answer to EFFECT_CHECK of action `index` of batch `batch_id`: carry the effect out
    /// only when `allow`; otherwise it is dropped and the action fails as `refused` with
    /// `reason`.
    EffectVerdict {
        batch_id: String,
        index: u32,
        allow: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}

/// Content script -> worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "SCREAMING_SNAKE_CASE",
    rename_all_fields = "camelCase"
)]
pub enum ContentToWorker {
    /// Progress of one action (running, then its final status).
    ActionResult {
        batch_id: String,
        result: ActionResult,
    },
    BatchDone {
        batch_id: String,
        results: Vec<ActionResult>,
    },
    SnapshotResult {
        request_id: String,
        snapshot: PageSnapshot,
    },
    Pong {
        /// "wasm" or "js": which build of the content module runs.
        build: String,
    },
    /// A message could not be understood or handled.
    ContentError { message: String },
    /// MASK_SECRETS `request_id` is done: `count` secret fields are covered (0 after `on:
    /// false`).
    SecretsMasked { request_id: String, count: u32 },
    /// Before acting on action `index` of batch `batch_id`: the facts about its element
    /// (absent for actions without one). The action waits for ACTION_VERDICT.
    ActionCheck {
        batch_id: String,
        index: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        facts: Option<TargetFacts>,
    },
    /// While allowed action `index` of batch `batch_id` acts, the browser was about to do
    /// `effect` with facts other than the ones checked: held until EFFECT_VERDICT. `facts` are
    /// those of the element the browser activates (the link, or the submitter with its form).
    EffectCheck {
        batch_id: String,
        index: u32,
        effect: EffectKind,
        facts: TargetFacts,
    },
}

/// Status of one action in a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionStatus {
    #[default]
    Pending,
    Running,
    Done,
    Failed,
    Skipped,
}

impl ActionStatus {
    /// The wire name (`"running"` ...), as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            ActionStatus::Pending => "pending",
            ActionStatus::Running => "running",
            ActionStatus::Done => "done",
            ActionStatus::Failed => "failed",
            ActionStatus::Skipped => "skipped",
        }
    }

    /// Done, failed or skipped: nothing more will happen to the action.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            ActionStatus::Done | ActionStatus::Failed | ActionStatus::Skipped
        )
    }
}

/// What happened to action `index` of a batch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionResult {
    pub index: u32,
    pub status: ActionStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<RawJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ActionError>,
    /// How long the page took to settle after the action (ms; see `crate::page::Settle`), for the
    /// actions that change the page (click, fill, scroll) and finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settle_ms: Option<u32>,
    /// What the element acted on is called (its accessible name, from the facts the content
    /// module gave for the check), for people: "Click “I agree”". Set by the worker's machine,
    /// never by the page's report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_name: Option<String>,
}

/// A typed action failure with a message for people.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionError {
    pub code: ActionErrorCode,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionErrorCode {
    NotFound,
    InvalidSelector,
    Hidden,
    Disabled,
    ReadOnly,
    Covered,
    Detached,
    NotEditable,
    NoSuchOption,
    Unsupported,
    Navigation,
    Cancelled,
    Internal,
    /// A fill value the control cannot take (bad date format, unknown toggle word).
    InvalidValue,
    /// The element kept moving (animating) until the deadline.
    Unstable,
    /// The containment policy refused the action, or the user declined it.
    Refused,
}

impl ActionErrorCode {
    /// The wire name (`"not_found"` ...), as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            ActionErrorCode::NotFound => "not_found",
            ActionErrorCode::InvalidSelector => "invalid_selector",
            ActionErrorCode::Hidden => "hidden",
            ActionErrorCode::Disabled => "disabled",
            ActionErrorCode::ReadOnly => "read_only",
            ActionErrorCode::Covered => "covered",
            ActionErrorCode::Detached => "detached",
            ActionErrorCode::NotEditable => "not_editable",
            ActionErrorCode::NoSuchOption => "no_such_option",
            ActionErrorCode::Unsupported => "unsupported",
            ActionErrorCode::Navigation => "navigation",
            ActionErrorCode::Cancelled => "cancelled",
            ActionErrorCode::Internal => "internal",
            ActionErrorCode::InvalidValue => "invalid_value",
            ActionErrorCode::Unstable => "unstable",
            ActionErrorCode::Refused => "refused",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `as_str` names are the serialized names.
    #[test]
    fn wire_names_match_serde() {
        use ActionErrorCode::*;
        for c in [
            NotFound,
            InvalidSelector,
            Hidden,
            Disabled,
            ReadOnly,
            Covered,
            Detached,
            NotEditable,
            NoSuchOption,
            Unsupported,
            Navigation,
            Cancelled,
            Internal,
            InvalidValue,
            Unstable,
            Refused,
        ] {
            assert_eq!(serde_json::to_value(c).unwrap(), c.as_str());
        }
        use ActionStatus::*;
        for s in [Pending, Running, Done, Failed, Skipped] {
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
    }

    /// The settle time travels as `settleMs`, and is left out when there is none.
    #[test]
    fn settle_time_on_the_wire() {
        let r: ActionResult =
            serde_json::from_str(r#"{"index":2,"status":"done","settleMs":17}"#).unwrap();
        assert_eq!(r.settle_ms, Some(17));
        let none = ActionResult {
            settle_ms: None,
            target_name: None,
            ..r.clone()
        };
        assert_eq!(
            serde_json::to_string(&none).unwrap(),
            r#"{"index":2,"status":"done"}"#
        );
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"index":2,"status":"done","settleMs":17}"#
        );
    }
}
