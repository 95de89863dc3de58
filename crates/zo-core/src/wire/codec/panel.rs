//! The panel <-> worker messages without serde: [`WorkerToPanel`] read (by the panel) and
//! [`PanelToWorker`] read (by the worker), as serde reads them (the tests compare the two on
//! every variant and on altered copies of each), and [`PanelToWorker`] written (by the panel),
//! as serde writes it. The worker writes [`WorkerToPanel`] with serde.

use crate::wire::codec::content::read_result;
use crate::wire::codec::parts::{read_failure, read_origin, read_tool};
use crate::wire::json::fields::{
    int32, list, name, read_action, string, uint, uint32, value, Fields,
};
use crate::wire::json::{parse, serde_float, Json, Node, Obj, WireError, WireName};
use crate::wire::protocol::{FinalResult, PanelToWorker, WorkerToPanel};

impl WorkerToPanel {
    /// Reads one message from its JSON text, as serde reads it.
    pub fn from_json(text: &str) -> Result<WorkerToPanel, WireError> {
        let node = parse(text)?;
        let f = Fields::of_message(&node)?;
        let session_id = || f.req("sessionId", string);
        Ok(match f.tag()? {
            "STREAM_CHUNK" => WorkerToPanel::StreamChunk {
                session_id: session_id()?,
                delta: f.req("delta", string)?,
            },
            "STREAM_REASONING" => WorkerToPanel::StreamReasoning {
                session_id: session_id()?,
                delta: f.req("delta", string)?,
            },
            "STREAM_REPLACE" => WorkerToPanel::StreamReplace {
                session_id: session_id()?,
                part: f.req("part", name)?,
                text: f.req("text", string)?,
            },
            "STREAM_TOOL" => WorkerToPanel::StreamTool {
                session_id: session_id()?,
                tool: f.req("tool", read_tool)?,
            },
            "STREAM_STATUS" => WorkerToPanel::StreamStatus {
                session_id: session_id()?,
                status: f.req("status", string)?,
            },
            "STREAM_RECONNECT" => WorkerToPanel::StreamReconnect {
                session_id: session_id()?,
                attempt: f.req("attempt", uint32)?,
                max: f.req("max", uint32)?,
                delay_ms: f.req("delayMs", uint)?,
                reason: f.req("reason", string)?,
            },
            "STREAM_DIAGNOSTIC" => WorkerToPanel::StreamDiagnostic {
                session_id: session_id()?,
                diagnostics: f.req("diagnostics", value)?,
            },
            "ACTION_STATUS" => WorkerToPanel::ActionStatus {
                session_id: session_id()?,
                step: f.req("step", uint32)?,
                index: f.req("index", uint32)?,
                action: f.req("action", |n| read_action(n, serde_float))?,
                result: f.req("result", read_result)?,
            },
            "STREAM_DONE" => WorkerToPanel::StreamDone {
                session_id: session_id()?,
                result: f.req("result", read_final)?,
            },
            "STREAM_ERROR" => WorkerToPanel::StreamError {
                session_id: session_id()?,
                error: f.req("error", read_failure)?,
            },
            "TASK_SCOPE" => WorkerToPanel::TaskScope {
                session_id: session_id()?,
                origins: f.req("origins", |n| list(n, read_origin))?,
            },
            "APPROVAL_REQUEST" => WorkerToPanel::ApprovalRequest {
                session_id: session_id()?,
                approval_id: f.req("approvalId", uint32)?,
                kind: f.req("kind", name)?,
                description: f.req("description", string)?,
                origin: f.req("origin", string)?,
                reasons: f.req("reasons", |n| list(n, string))?,
                destination: f.opt("destination", string)?,
            },
            "TASK_NOTE" => WorkerToPanel::TaskNote {
                session_id: session_id()?,
                text: f.req("text", string)?,
            },
            other => return Err(WireError::UnknownType(other.to_string())),
        })
    }
}

impl PanelToWorker {
    /// Reads one message from its JSON text, as serde reads it.
    pub fn from_json(text: &str) -> Result<PanelToWorker, WireError> {
        let node = parse(text)?;
        let f = Fields::of_message(&node)?;
        Ok(match f.tag()? {
            "ASK_ZO" => PanelToWorker::AskZo {
                session_id: f.req("sessionId", string)?,
                chat_id: f.req("chatId", string)?,
                mode_id: f.or_default("modeId", name)?,
                input: f.req("input", string)?,
                tab_id: f.opt("tabId", int32)?,
            },
            "STOP" => PanelToWorker::Stop {
                session_id: f.req("sessionId", string)?,
            },
            "APPROVAL" => PanelToWorker::Approval {
                session_id: f.req("sessionId", string)?,
                approval_id: f.req("approvalId", uint32)?,
                decision: f.req("decision", name)?,
            },
            other => return Err(WireError::UnknownType(other.to_string())),
        })
    }

    /// The message's JSON text, as serde writes it.
    pub fn to_json(&self) -> Json {
        let typed = |tag: &str| Obj::new().str("type", tag);
        match self {
            PanelToWorker::AskZo {
                session_id,
                chat_id,
                mode_id,
                input,
                tab_id,
            } => {
                let ask = typed("ASK_ZO")
                    .str("sessionId", session_id)
                    .str("chatId", chat_id)
                    .str("modeId", mode_id.wire_name())
                    .str("input", input);
                match tab_id {
                    Some(tab) => ask.int("tabId", i64::from(*tab)),
                    None => ask,
                }
            }
            PanelToWorker::Stop { session_id } => typed("STOP").str("sessionId", session_id),
            PanelToWorker::Approval {
                session_id,
                approval_id,
                decision,
            } => typed("APPROVAL")
                .str("sessionId", session_id)
                .uint("approvalId", u64::from(*approval_id))
                .str("decision", decision.wire_name()),
        }
        .done()
    }
}

fn read_final(node: &Node) -> Result<FinalResult, WireError> {
    let f = Fields::of(
        node,
        &[
            "status",
            "text",
            "reasoning",
            "actions",
            "conversationId",
            "error",
        ],
    )?;
    Ok(FinalResult {
        status: f.req("status", name)?,
        text: f.req("text", string)?,
        reasoning: f.opt("reasoning", string)?,
        actions: f.or_default("actions", |n| list(n, |a| read_action(a, serde_float)))?,
        conversation_id: f.opt("conversationId", string)?,
        error: f.opt("error", string)?,
    })
}
