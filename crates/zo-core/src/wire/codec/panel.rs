//! The panel <-> worker messages without serde: [`WorkerToPanel`] read (by the panel) and
//! [`PanelToWorker`] read (by the worker), as serde reads them (the tests compare the two on
//! every variant and on altered copies of each), and [`PanelToWorker`] written (by the panel),
//! as serde writes it, and [`WorkerToPanel`] written (by the worker), as serde writes it.

use crate::wire::action::Action;
use crate::wire::codec::content::{read_result, write_result};
use crate::wire::codec::parts::{
    read_failure, read_origin, read_tool, write_failure, write_origin, write_tool,
};
use crate::wire::json::fields::{
    boolean, int32, list, name, read_action, string, uint, uint32, Fields,
};
use crate::wire::json::{parse, serde_float, Json, Node, Obj, RawJson, WireError, WireName};
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
                diagnostics: f.req("diagnostics", |n| Ok(RawJson::of(n)))?,
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
                step: f.req("step", uint32)?,
                index: f.req("index", uint32)?,
            },
            "TASK_NOTE" => WorkerToPanel::TaskNote {
                session_id: session_id()?,
                text: f.req("text", string)?,
            },
            "STEP_THOUGHT" => WorkerToPanel::StepThought {
                session_id: session_id()?,
                step: f.req("step", uint32)?,
                text: f.req("text", string)?,
            },
            "RESUME_OFFER" => WorkerToPanel::ResumeOffer {
                session_id: session_id()?,
                step: f.req("step", uint32)?,
                index: f.req("index", uint32)?,
                remaining: f.req("remaining", uint32)?,
            },
            "SEND_OFFER" => WorkerToPanel::SendOffer {
                session_id: session_id()?,
                origin: f.req("origin", string)?,
            },
            other => return Err(WireError::UnknownType(other.to_string())),
        })
    }
}

impl WorkerToPanel {
    /// The message's JSON text, as serde writes it (the worker posts it to the panel).
    pub fn to_json(&self) -> Json {
        let typed =
            |tag: &str, session_id: &str| Obj::new().str("type", tag).str("sessionId", session_id);
        match self {
            WorkerToPanel::StreamChunk { session_id, delta } => {
                typed("STREAM_CHUNK", session_id).str("delta", delta)
            }
            WorkerToPanel::StreamReasoning { session_id, delta } => {
                typed("STREAM_REASONING", session_id).str("delta", delta)
            }
            WorkerToPanel::StreamReplace {
                session_id,
                part,
                text,
            } => typed("STREAM_REPLACE", session_id)
                .str("part", part.wire_name())
                .str("text", text),
            WorkerToPanel::StreamTool { session_id, tool } => {
                typed("STREAM_TOOL", session_id).json("tool", &write_tool(tool))
            }
            WorkerToPanel::StreamStatus { session_id, status } => {
                typed("STREAM_STATUS", session_id).str("status", status)
            }
            WorkerToPanel::StreamReconnect {
                session_id,
                attempt,
                max,
                delay_ms,
                reason,
            } => typed("STREAM_RECONNECT", session_id)
                .uint("attempt", u64::from(*attempt))
                .uint("max", u64::from(*max))
                .uint("delayMs", *delay_ms)
                .str("reason", reason),
            WorkerToPanel::StreamDiagnostic {
                session_id,
                diagnostics,
            } => typed("STREAM_DIAGNOSTIC", session_id).json("diagnostics", &diagnostics.to_json()),
            WorkerToPanel::ActionStatus {
                session_id,
                step,
                index,
                action,
                result,
            } => {
                let value = result.value.as_ref().map(RawJson::to_json);
                typed("ACTION_STATUS", session_id)
                    .uint("step", u64::from(*step))
                    .uint("index", u64::from(*index))
                    .json("action", &action.to_json())
                    .json("result", &write_result(result, &|_| value.as_ref()))
            }
            WorkerToPanel::StreamDone { session_id, result } => {
                typed("STREAM_DONE", session_id).json("result", &write_final(result))
            }
            WorkerToPanel::StreamError { session_id, error } => {
                typed("STREAM_ERROR", session_id).json("error", &write_failure(error))
            }
            WorkerToPanel::TaskScope {
                session_id,
                origins,
            } => typed("TASK_SCOPE", session_id)
                .json("origins", &Json::array(origins.iter().map(write_origin))),
            WorkerToPanel::ApprovalRequest {
                session_id,
                approval_id,
                kind,
                description,
                origin,
                reasons,
                destination,
                step,
                index,
            } => typed("APPROVAL_REQUEST", session_id)
                .uint("approvalId", u64::from(*approval_id))
                .str("kind", kind.wire_name())
                .str("description", description)
                .str("origin", origin)
                .json(
                    "reasons",
                    &Json::array(reasons.iter().map(|r| Json::string(r))),
                )
                .opt_str("destination", destination.as_deref())
                .uint("step", u64::from(*step))
                .uint("index", u64::from(*index)),
            WorkerToPanel::TaskNote { session_id, text } => {
                typed("TASK_NOTE", session_id).str("text", text)
            }
            WorkerToPanel::StepThought {
                session_id,
                step,
                text,
            } => typed("STEP_THOUGHT", session_id)
                .uint("step", u64::from(*step))
                .str("text", text),
            WorkerToPanel::ResumeOffer {
                session_id,
                step,
                index,
                remaining,
            } => typed("RESUME_OFFER", session_id)
                .uint("step", u64::from(*step))
                .uint("index", u64::from(*index))
                .uint("remaining", u64::from(*remaining)),
            WorkerToPanel::SendOffer { session_id, origin } => {
                typed("SEND_OFFER", session_id).str("origin", origin)
            }
        }
        .done()
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
                custom_mode: f.opt("customMode", string)?,
                input: f.req("input", string)?,
                tab_id: f.opt("tabId", int32)?,
                context_tabs: f.or_default("contextTabs", |n| list(n, int32))?,
                quote: f.opt("quote", crate::wire::ready_question::read_quote)?,
            },
            "STOP" => PanelToWorker::Stop {
                session_id: f.req("sessionId", string)?,
            },
            "RESUME" => PanelToWorker::Resume {
                session_id: f.req("sessionId", string)?,
                run_rest: f.req("runRest", boolean)?,
            },
            "APPROVAL" => PanelToWorker::Approval {
                session_id: f.req("sessionId", string)?,
                approval_id: f.req("approvalId", uint32)?,
                decision: f.req("decision", name)?,
            },
            "ALLOW_SEND" => PanelToWorker::AllowSend {
                session_id: f.req("sessionId", string)?,
                origin: f.req("origin", string)?,
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
                custom_mode,
                input,
                tab_id,
                context_tabs,
                quote,
            } => {
                let ask = typed("ASK_ZO")
                    .str("sessionId", session_id)
                    .str("chatId", chat_id)
                    .str("modeId", mode_id.wire_name())
                    .opt_str("customMode", custom_mode.as_deref())
                    .str("input", input);
                let ask = match tab_id {
                    Some(tab) => ask.int("tabId", i64::from(*tab)),
                    None => ask,
                };
                let ask = write_tab_ids(ask, "contextTabs", context_tabs);
                ask.opt_json(
                    "quote",
                    quote
                        .as_ref()
                        .map(crate::wire::ready_question::write_quote)
                        .as_ref(),
                )
            }
            PanelToWorker::Stop { session_id } => typed("STOP").str("sessionId", session_id),
            PanelToWorker::Resume {
                session_id,
                run_rest,
            } => typed("RESUME")
                .str("sessionId", session_id)
                .bool("runRest", *run_rest),
            PanelToWorker::Approval {
                session_id,
                approval_id,
                decision,
            } => typed("APPROVAL")
                .str("sessionId", session_id)
                .uint("approvalId", u64::from(*approval_id))
                .str("decision", decision.wire_name()),
            PanelToWorker::AllowSend { session_id, origin } => typed("ALLOW_SEND")
                .str("sessionId", session_id)
                .str("origin", origin),
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

fn write_final(r: &FinalResult) -> Json {
    r.to_json()
}

impl FinalResult {
    /// The result's JSON text, as serde writes it.
    pub fn to_json(&self) -> Json {
        let r = self;
        Obj::new()
            .str("status", r.status.wire_name())
            .str("text", &r.text)
            .opt_str("reasoning", r.reasoning.as_deref())
            .json(
                "actions",
                &Json::array(r.actions.iter().map(Action::to_json)),
            )
            .opt_str("conversationId", r.conversation_id.as_deref())
            .opt_str("error", r.error.as_deref())
            .done()
    }
}

/// A list of tab ids under `key`, left out when empty (`skip_serializing_if = "Vec::is_empty"`).
pub(crate) fn write_tab_ids(obj: Obj, key: &str, ids: &[i32]) -> Obj {
    if ids.is_empty() {
        return obj;
    }
    obj.json(
        key,
        &Json::array(ids.iter().map(|id| Json::int(i64::from(*id)))),
    )
}
