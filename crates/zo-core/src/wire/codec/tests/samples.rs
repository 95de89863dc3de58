//! Messages of every variant, with optional fields both present and absent, odd strings
//! (escapes, non-ASCII, control characters) and the limits of integer fields.

use serde_json::json;

use crate::page::secret_field::SecretKind;
use crate::page::Capped;
use crate::wire::approval::{Access, ApprovalKind, ScopeOrigin, Source};
use crate::wire::facts::{EffectKind, FieldFacts, FormFacts, TargetFacts};
use crate::wire::json::RawJson;
use crate::wire::outcome::{FillOutcome, ScrollOutcome, WaitOutcome};
use crate::wire::protocol::*;
use crate::wire::snapshot::{PageSnapshot, SnapshotElement};
use crate::wire::Action;

/// A string that needs every kind of escape.
pub const ODD: &str = "é \"q\" \\ / \n\r\t\u{1}\u{1f} 🚀 </page>";

fn action(v: serde_json::Value) -> Action {
    serde_json::from_value(v).unwrap()
}

/// One action of each kind, with and without optional fields.
pub fn actions() -> Vec<Action> {
    vec![
        action(json!({"type": "navigate", "url": "https://example.com/a?b=1#c"})),
        action(json!({"type": "click", "selector": "#go"})),
        action(json!({"type": "fill", "selector": "input[name=q]", "value": ODD})),
        action(json!({"type": "fill", "selector": "#e", "value": ""})),
        action(json!({"type": "extract", "selector": "a", "attribute": "href"})),
        action(json!({"type": "extract", "selector": "h1"})),
        action(json!({"type": "scroll", "direction": "up", "selector": "#feed", "amount": -120.5})),
        action(json!({"type": "scroll", "direction": "down", "amount": 600})),
        action(json!({"type": "scroll", "direction": "down", "amount": 0.30000000000000004})),
        action(json!({"type": "scroll", "direction": "down", "amount": 1e300})),
        action(json!({"type": "wait", "ms": 250})),
        action(json!({"type": "wait", "ms": 30000})),
        action(json!({"type": "done", "response": ODD})),
    ]
}

pub fn worker_to_content() -> Vec<WorkerToContent> {
    vec![
        WorkerToContent::Ping,
        WorkerToContent::MaskSecrets {
            request_id: ODD.into(),
            on: true,
        },
        WorkerToContent::MaskSecrets {
            request_id: "m-2".into(),
            on: false,
        },
        WorkerToContent::ExecuteAction {
            batch_id: "batch-1".into(),
            actions: actions(),
            timeout_ms: Some(u32::MAX),
        },
        WorkerToContent::ExecuteAction {
            batch_id: ODD.into(),
            actions: vec![],
            timeout_ms: None,
        },
        WorkerToContent::CancelBatch {
            batch_id: "batch-1".into(),
        },
        WorkerToContent::Snapshot {
            request_id: "snap-2".into(),
            text_budget: Some(4000),
        },
        WorkerToContent::Snapshot {
            request_id: "".into(),
            text_budget: None,
        },
        WorkerToContent::ActionVerdict {
            batch_id: "batch-1".into(),
            index: 3,
            allow: true,
            reason: None,
        },
        WorkerToContent::ActionVerdict {
            batch_id: "batch-1".into(),
            index: 0,
            allow: false,
            reason: Some(format!("You declined: {ODD}")),
        },
        WorkerToContent::EffectVerdict {
            batch_id: "batch-1".into(),
            index: u32::MAX,
            allow: true,
            reason: None,
        },
        WorkerToContent::EffectVerdict {
            batch_id: ODD.into(),
            index: 0,
            allow: false,
            reason: Some(format!("Not allowed: {ODD}")),
        },
    ]
}

/// Results of every status and error code, with values of every action's shape.
pub fn results() -> Vec<ActionResult> {
    let values = [
        None,
        Some(json!(FillOutcome {
            value: Some(ODD.into()),
            checked: None
        })),
        Some(json!(FillOutcome {
            value: None,
            checked: Some(true)
        })),
        Some(json!(ScrollOutcome {
            target: "window".into(),
            x: -3,
            y: 1_000_000,
            at_end: true
        })),
        Some(json!(WaitOutcome { ms: 250 })),
        Some(json!(crate::page::cap(ODD, 5))),
    ];
    let mut out = Vec::new();
    for (i, status) in [
        ActionStatus::Pending,
        ActionStatus::Running,
        ActionStatus::Done,
        ActionStatus::Skipped,
    ]
    .into_iter()
    .enumerate()
    {
        out.push(ActionResult {
            index: i as u32,
            status,
            value: values[i % values.len()].as_ref().map(RawJson::from_value),
            error: None,
            settle_ms: None,
            target_name: None,
        });
    }
    for (i, value) in values.iter().enumerate() {
        out.push(ActionResult {
            index: 10 + i as u32,
            status: ActionStatus::Done,
            value: value.as_ref().map(RawJson::from_value),
            error: None,
            // Settled after changing the page, or a read that does not settle.
            settle_ms: [Some(17), Some(0), None, Some(u32::MAX)][i % 4],
            target_name: [
                None,
                Some("I agree".to_string()),
                Some("“Né” <b>".to_string()),
            ][i % 3]
                .clone(),
        });
    }
    use crate::wire::json::WireName;
    for (i, &code) in ActionErrorCode::ALL.iter().enumerate() {
        out.push(ActionResult {
            index: 20 + i as u32,
            status: ActionStatus::Failed,
            value: None,
            error: Some(ActionError {
                code,
                message: format!("{} {ODD}", code.as_str()),
            }),
            settle_ms: None,
            target_name: None,
        });
    }
    out
}

fn facts() -> Vec<TargetFacts> {
    vec![
        TargetFacts {
            tag: "input".into(),
            ..TargetFacts::default()
        },
        TargetFacts {
            tag: "button".into(),
            form: Some(format!("https://shop.example/checkout#{ODD}")),
            input_type: Some("submit".into()),
            autocomplete: "off".into(),
            name: format!("Pay {ODD}"),
            role: Some("button".into()),
            href: Some("https://shop.example/pay".into()),
            target: Some("_blank".into()),
            submits: Some(FormFacts {
                action: Some("https://shop.example/checkout".into()),
                method: Some("post".into()),
                fields: vec![
                    FieldFacts {
                        input_type: "password".into(),
                        autocomplete: "".into(),
                        name: "".into(),
                    },
                    FieldFacts {
                        input_type: "text".into(),
                        autocomplete: "cc-number".into(),
                        name: ODD.into(),
                    },
                ],
            }),
        },
        TargetFacts {
            tag: "button".into(),
            submits: Some(FormFacts::default()),
            ..TargetFacts::default()
        },
    ]
}

fn snapshot() -> PageSnapshot {
    PageSnapshot {
        omitted: vec![
            crate::wire::snapshot::OmittedLinks {
                after: 2,
                count: 38,
                region: crate::page::reader::element_order::Region::Navigation,
                selector: "nav#top".into(),
            },
            crate::wire::snapshot::OmittedLinks {
                after: 4,
                count: 9,
                region: crate::page::reader::element_order::Region::LinkList,
                selector: String::new(),
            },
        ],
        url: "https://example.com/".into(),
        title: ODD.into(),
        text: "Hello\nworld".into(),
        text_truncated: true,
        text_kind: crate::page::reader::TextKind::Article,
        elements: vec![
            SnapshotElement {
                selector: "#q".into(),
                tag: "input".into(),
                role: Some("searchbox".into()),
                input_type: Some("search".into()),
                label: "Search".into(),
                value: Some(ODD.into()),
                secret: None,
                disabled: true,
            },
            SnapshotElement {
                selector: "#pw".into(),
                tag: "input".into(),
                input_type: Some("password".into()),
                secret: Some(SecretKind::Password),
                ..SnapshotElement::default()
            },
            SnapshotElement {
                selector: "#otp".into(),
                tag: "input".into(),
                secret: Some(SecretKind::OneTimeCode),
                ..SnapshotElement::default()
            },
            SnapshotElement {
                selector: "#cc".into(),
                tag: "select".into(),
                secret: Some(SecretKind::Payment),
                ..SnapshotElement::default()
            },
        ],
    }
}

pub fn content_to_worker() -> Vec<ContentToWorker> {
    let mut out = vec![
        ContentToWorker::Pong {
            build: "wasm".into(),
        },
        ContentToWorker::SecretsMasked {
            request_id: ODD.into(),
            count: 3,
        },
        ContentToWorker::ContentError {
            message: ODD.into(),
        },
        ContentToWorker::BatchDone {
            batch_id: "batch-1".into(),
            results: results(),
        },
        ContentToWorker::BatchDone {
            batch_id: "batch-2".into(),
            results: vec![],
        },
        ContentToWorker::SnapshotResult {
            request_id: "snap-1".into(),
            snapshot: snapshot(),
        },
        ContentToWorker::SnapshotResult {
            request_id: "snap-2".into(),
            snapshot: PageSnapshot::default(),
        },
        ContentToWorker::ActionCheck {
            batch_id: "batch-1".into(),
            index: 0,
            facts: None,
        },
    ];
    for result in results() {
        out.push(ContentToWorker::ActionResult {
            batch_id: "batch-1".into(),
            result,
        });
    }
    for facts in facts() {
        out.push(ContentToWorker::ActionCheck {
            batch_id: "batch-1".into(),
            index: u32::MAX,
            facts: Some(facts),
        });
    }
    for (i, facts) in facts().into_iter().enumerate() {
        out.push(ContentToWorker::EffectCheck {
            batch_id: ODD.into(),
            index: i as u32,
            effect: [EffectKind::Link, EffectKind::Submit, EffectKind::Window][i % 3],
            facts,
        });
    }
    out
}

pub fn worker_to_panel() -> Vec<WorkerToPanel> {
    let s = || "session-1".to_string();
    let mut out = vec![
        WorkerToPanel::StreamChunk {
            session_id: s(),
            delta: ODD.into(),
        },
        WorkerToPanel::StreamReasoning {
            session_id: s(),
            delta: "thinking".into(),
        },
        WorkerToPanel::StreamReplace {
            session_id: s(),
            part: TextPart::Answer,
            text: ODD.into(),
        },
        WorkerToPanel::StreamReplace {
            session_id: s(),
            part: TextPart::Reasoning,
            text: String::new(),
        },
        WorkerToPanel::StreamTool {
            session_id: s(),
            tool: ToolActivity {
                tool_call_id: "call-1".into(),
                name: "web_search".into(),
                args: "{\"q\":\"x\"}".into(),
                result: Some(ODD.into()),
            },
        },
        WorkerToPanel::StreamTool {
            session_id: s(),
            tool: ToolActivity::default(),
        },
        WorkerToPanel::StreamStatus {
            session_id: s(),
            status: "running".into(),
        },
        WorkerToPanel::StreamReconnect {
            session_id: s(),
            attempt: 2,
            max: 5,
            delay_ms: u64::MAX,
            reason: "HTTP 503".into(),
        },
        WorkerToPanel::StreamDiagnostic {
            session_id: s(),
            diagnostics: RawJson::from_value(
                &json!({"events": {"PartStartEvent": 3}, "fields": ["index", 1.5, null, true]}),
            ),
        },
        WorkerToPanel::StreamDone {
            session_id: s(),
            result: FinalResult {
                status: FinalStatus::Succeeded,
                text: ODD.into(),
                reasoning: Some("why".into()),
                actions: actions(),
                conversation_id: Some("conv-1".into()),
                error: None,
            },
        },
        WorkerToPanel::StreamDone {
            session_id: s(),
            result: FinalResult::default(),
        },
        WorkerToPanel::StreamDone {
            session_id: s(),
            result: FinalResult {
                status: FinalStatus::Failed,
                error: Some("model failed".into()),
                ..FinalResult::default()
            },
        },
        WorkerToPanel::StreamError {
            session_id: s(),
            error: StreamFailure {
                kind: FailureKind::Permanent,
                http_status: Some(401),
                message: "Zo did not accept the API key".into(),
                partial_text: ODD.into(),
            },
        },
        WorkerToPanel::StreamError {
            session_id: s(),
            error: StreamFailure {
                kind: FailureKind::Transient,
                http_status: None,
                message: "network".into(),
                partial_text: "".into(),
            },
        },
        WorkerToPanel::TaskScope {
            session_id: s(),
            origins: vec![
                ScopeOrigin {
                    origin: "https://a.example".into(),
                    access: Access::ReadWrite,
                    source: Source::Start,
                },
                ScopeOrigin {
                    origin: "https://b.example".into(),
                    access: Access::ReadOnly,
                    source: Source::Visited,
                },
                ScopeOrigin {
                    origin: "https://c.example".into(),
                    access: Access::ReadWrite,
                    source: Source::Named,
                },
                ScopeOrigin {
                    origin: "https://d.example".into(),
                    access: Access::ReadWrite,
                    source: Source::Allowed,
                },
            ],
        },
        WorkerToPanel::TaskNote {
            session_id: s(),
            text: ODD.into(),
        },
        WorkerToPanel::SendOffer {
            session_id: s(),
            origin: ODD.into(),
        },
        WorkerToPanel::StepThought {
            session_id: s(),
            step: 3,
            text: ODD.into(),
        },
        WorkerToPanel::ResumeOffer {
            session_id: s(),
            step: 2,
            index: u32::MAX,
            remaining: 0,
        },
    ];
    use crate::wire::json::WireName;
    for (i, &kind) in ApprovalKind::ALL.iter().enumerate() {
        out.push(WorkerToPanel::ApprovalRequest {
            session_id: s(),
            approval_id: i as u32,
            kind,
            description: format!("Fill the password field “{ODD}”"),
            origin: "https://bank.example".into(),
            reasons: vec!["it is a password field".into(), ODD.into()],
            destination: (i % 2 == 0).then(|| "https://other.example".into()),
            step: 1 + i as u32,
            index: u32::MAX - i as u32,
        });
    }
    for (i, (action, result)) in actions().into_iter().zip(results()).enumerate() {
        out.push(WorkerToPanel::ActionStatus {
            session_id: s(),
            step: i as u32,
            index: result.index,
            action,
            result,
        });
    }
    out
}

pub fn panel_to_worker() -> Vec<PanelToWorker> {
    use crate::wire::json::WireName;
    let mut out = vec![
        PanelToWorker::Stop {
            session_id: "session-1".into(),
        },
        PanelToWorker::Resume {
            session_id: "s".into(),
            run_rest: true,
        },
        PanelToWorker::Resume {
            session_id: ODD.into(),
            run_rest: false,
        },
        PanelToWorker::AskZo {
            session_id: "s".into(),
            chat_id: "c".into(),
            mode_id: Mode::Cobrowse,
            custom_mode: Some(ODD.into()),
            input: ODD.into(),
            tab_id: None,
            context_tabs: Vec::new(),
            quote: Some(crate::wire::Quote {
                kind: crate::wire::QuoteKind::Selection,
                text: ODD.into(),
            }),
        },
        PanelToWorker::AskZo {
            session_id: "s".into(),
            chat_id: "c".into(),
            mode_id: Mode::Ask,
            custom_mode: Some("c-x".into()),
            input: "".into(),
            tab_id: Some(i32::MIN),
            context_tabs: vec![i32::MIN, 0, i32::MAX],
            quote: Some(crate::wire::Quote {
                kind: crate::wire::QuoteKind::Link,
                text: "https://example.com/".into(),
            }),
        },
    ];
    for (i, &mode) in Mode::ALL.iter().enumerate() {
        out.push(PanelToWorker::AskZo {
            session_id: format!("s{i}"),
            chat_id: "c".into(),
            mode_id: mode,
            custom_mode: None,
            input: "q".into(),
            tab_id: Some(i32::MAX - i as i32),
            context_tabs: (0..i as i32).collect(),
            quote: None,
        });
    }
    for (i, &decision) in ApprovalDecision::ALL.iter().enumerate() {
        out.push(PanelToWorker::Approval {
            session_id: "session-1".into(),
            approval_id: u32::MAX - i as u32,
            decision,
        });
    }
    out.push(PanelToWorker::AllowSend {
        session_id: "session-1".into(),
        origin: "https://collector.example:8443".into(),
    });
    out
}

/// The values actions report, as the content module writes them and serde would.
pub fn outcomes() -> Vec<(crate::wire::json::Json, serde_json::Value)> {
    let fills = [
        FillOutcome {
            value: Some(ODD.into()),
            checked: Some(false),
        },
        FillOutcome {
            value: None,
            checked: None,
        },
    ];
    let mut out: Vec<_> = fills.iter().map(|o| (o.to_json(), json!(o))).collect();
    let scroll = ScrollOutcome {
        target: ODD.into(),
        x: i64::MIN,
        y: i64::MAX,
        at_end: false,
    };
    out.push((scroll.to_json(), json!(scroll)));
    let wait = WaitOutcome { ms: u64::MAX };
    out.push((wait.to_json(), json!(wait)));
    let capped: Capped = crate::page::cap(ODD, 100);
    out.push((capped.to_json(), json!(capped)));
    out
}
