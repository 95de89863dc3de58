//! What crosses a boundary: the messages the panel, the worker, the content module and the
//! extension pages exchange, the flow rule of a query's messages, the canonical actions and
//! their outcomes, the page snapshot, the settings and the API key as stored, the API base URL
//! rule, and Zo's request and reply.

pub(crate) mod action;
pub(crate) mod api_key;
pub(crate) mod approval;
pub(crate) mod base_url;
pub(crate) mod choices;
pub(crate) mod codec;
pub(crate) mod facts;
pub(crate) mod json;
pub(crate) mod outcome;
pub(crate) mod page_messages;
pub(crate) mod protocol;
pub(crate) mod ready_question;
pub(crate) mod session_flow;
pub(crate) mod settings;
pub(crate) mod snapshot;
pub(crate) mod zo_api;

pub use action::{
    Action, ActionKind, Direction, FieldError, HttpUrl, Quoted, Selector, WaitMs, DEFAULT_WAIT_MS,
    MAX_WAIT_MS,
};
pub use api_key::{split_legacy_key, ApiKey, API_KEY_KEY};
pub use approval::{Access, ApprovalKind, ScopeOrigin, Source};
pub use choices::{
    parse_choices, Choice, ChoiceLists, ChoicesCache, CHOICES_KEY, CHOICES_TTL_MS, MAX_CHOICES,
    MAX_CHOICE_CHARS, MAX_LIST_BODY_BYTES,
};
pub use facts::{
    may_hold_secret, EffectKind, FieldFacts, FormFacts, TargetFacts, MAX_FIELD_NAME_CHARS,
    MAX_FORM_FIELDS, MAX_NAME_CHARS,
};
pub use json::{
    parse as parse_json, Json, JsonError, Node as JsonNode, Obj, ParseFloat, RawJson, WireError,
    WireName,
};
pub use outcome::{at_scroll_end, FillOutcome, ScrollOutcome, WaitOutcome};
pub use page_messages::{settings_changed, PageToWorker, WorkerToPage};
pub use protocol::{
    ActionError, ActionErrorCode, ActionResult, ActionStatus, ApprovalDecision, ContentToWorker,
    FailureKind, FinalResult, FinalStatus, Mode, PanelToWorker, StreamFailure, TextPart,
    ToolActivity, WorkerToContent, WorkerToPanel, CONTENT_PORT, STREAM_PORT,
};
pub use ready_question::{Caret, Claim, Quote, QuoteKind, ReadyQuestion, READY_TTL_MS};
pub use session_flow::SessionFlow;
pub use settings::quick_actions;
pub use settings::{
    check_mode, check_modes, default_quick_actions, new_mode_id, ContextLevel, CustomMode,
    EditedInstructions, FontSize, ModeError, QuickAction, Settings, SettingsError, SettingsView,
    Theme, CUSTOM_ID_PREFIX, DEFAULT_API_BASE_URL, DEFAULT_MAX_ACTIONS, DEFAULT_MAX_NAVIGATIONS,
    DEFAULT_MAX_STEPS, DEFAULT_MODE_BUDGET, EXCERPT_CHARS, MAX_ACTIONS_CEILING, MAX_CUSTOM_MODES,
    MAX_INSTRUCTIONS_CHARS, MAX_MODE_BUDGET, MAX_MODE_NAME_CHARS, MAX_NAVIGATIONS_CEILING,
    MAX_STEPS_CEILING, MIN_MODE_BUDGET, SETTINGS_KEY,
};
pub use snapshot::{OmittedLinks, PageSnapshot, SnapshotElement};
pub use zo_api::{AskBody, AskReply};
