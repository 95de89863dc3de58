//! The panel <-> worker messages without serde: [`WorkerToPanel`] read (by the panel) and
//! [`PanelToWorker`] read (by the worker), as serde reads them (the tests compare the two on
//! every variant and on altered copies of each). Both are written with serde, whose writing
//! code is small; its derived readers of these tagged enums are not.

use crate::wire::approval::ScopeOrigin;
use crate::wire::codec::content::read_result;
use crate::wire::json::fields::{
    int32, list, name, read_action, string, uint, uint16, uint32, value, Fields,
};
use crate::wire::json::{parse, serde_float, Node, WireError};
use crate::wire::protocol::{
    FinalResult, PanelToWorker, StreamFailure, ToolActivity, WorkerToPanel,
};

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
}

fn read_tool(node: &Node) -> Result<ToolActivity, WireError> {
    let f = Fields::of(node, &["toolCallId", "name", "args", "result"])?;
    Ok(ToolActivity {
        tool_call_id: f.req("toolCallId", string)?,
        name: f.req("name", string)?,
        args: f.or_default("args", string)?,
        result: f.opt("result", string)?,
    })
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

fn read_failure(node: &Node) -> Result<StreamFailure, WireError> {
    let f = Fields::of(node, &["kind", "httpStatus", "message", "partialText"])?;
    Ok(StreamFailure {
        kind: f.req("kind", name)?,
        http_status: f.opt("httpStatus", uint16)?,
        message: f.req("message", string)?,
        partial_text: f.or_default("partialText", string)?,
    })
}

fn read_origin(node: &Node) -> Result<ScopeOrigin, WireError> {
    let f = Fields::of(node, &["origin", "access", "source"])?;
    Ok(ScopeOrigin {
        origin: f.req("origin", string)?,
        access: f.req("access", name)?,
        source: f.req("source", name)?,
    })
}
