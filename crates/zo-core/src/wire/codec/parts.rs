//! The parts that several messages and the saved chat history share, read and written without
//! serde, field for field as serde reads and writes them: an action, a tool call, an action's
//! error, a stream failure, a task's scope origin. (The messages are in `content.rs` and
//! `panel.rs`; the history in `crate::ui::history`.)

use crate::wire::action::{Action, MAX_SAFE_INTEGER};
use crate::wire::approval::ScopeOrigin;
use crate::wire::json::fields::{name, string, uint16, Fields};
use crate::wire::json::{Json, Node, Obj, WireError, WireName};
use crate::wire::protocol::{ActionError, StreamFailure, ToolActivity};

impl Action {
    /// The action's JSON text, as serde writes it.
    pub fn to_json(&self) -> Json {
        let typed = Obj::new().str("type", self.kind().as_str());
        match self {
            Action::Navigate { url } => typed.str("url", url.as_str()),
            Action::Click { selector } => typed.str("selector", selector.as_str()),
            Action::Fill { selector, value } => {
                typed.str("selector", selector.as_str()).str("value", value)
            }
            Action::Extract {
                selector,
                attribute,
            } => typed
                .str("selector", selector.as_str())
                .opt_str("attribute", attribute.as_deref()),
            Action::Scroll {
                direction,
                selector,
                amount,
            } => {
                let amount = amount.and_then(|a| {
                    if a.fract() == 0.0 && a.abs() < MAX_SAFE_INTEGER {
                        // Integral and exactly representable: the cast is exact.
                        Some(Json::number(&serde_json::Number::from(a as i64)))
                    } else {
                        serde_json::Number::from_f64(a).map(|n| Json::number(&n))
                    }
                });
                typed
                    .str("direction", direction.as_str())
                    .opt_str("selector", selector.as_ref().map(|s| s.as_str()))
                    .opt_json("amount", amount.as_ref())
            }
            Action::Wait { ms } => typed.uint("ms", ms.get()),
            Action::Done { response } => typed.str("response", response),
        }
        .done()
    }
}

pub(crate) fn read_tool(node: &Node) -> Result<ToolActivity, WireError> {
    let f = Fields::of(node, &["toolCallId", "name", "args", "result"])?;
    Ok(ToolActivity {
        tool_call_id: f.req("toolCallId", string)?,
        name: f.req("name", string)?,
        args: f.or_default("args", string)?,
        result: f.opt("result", string)?,
    })
}

pub(crate) fn write_tool(t: &ToolActivity) -> Json {
    Obj::new()
        .str("toolCallId", &t.tool_call_id)
        .str("name", &t.name)
        .str("args", &t.args)
        .opt_str("result", t.result.as_deref())
        .done()
}

pub(crate) fn read_action_error(node: &Node) -> Result<ActionError, WireError> {
    let e = Fields::of(node, &["code", "message"])?;
    Ok(ActionError {
        code: e.req("code", name)?,
        message: e.req("message", string)?,
    })
}

pub(crate) fn write_action_error(e: &ActionError) -> Json {
    Obj::new()
        .str("code", e.code.wire_name())
        .str("message", &e.message)
        .done()
}

pub(crate) fn read_failure(node: &Node) -> Result<StreamFailure, WireError> {
    let f = Fields::of(node, &["kind", "httpStatus", "message", "partialText"])?;
    Ok(StreamFailure {
        kind: f.req("kind", name)?,
        http_status: f.opt("httpStatus", uint16)?,
        message: f.req("message", string)?,
        partial_text: f.or_default("partialText", string)?,
    })
}

pub(crate) fn write_failure(e: &StreamFailure) -> Json {
    Obj::new()
        .str("kind", e.kind.wire_name())
        .opt_uint("httpStatus", e.http_status.map(u64::from))
        .str("message", &e.message)
        .str("partialText", &e.partial_text)
        .done()
}

pub(crate) fn read_origin(node: &Node) -> Result<ScopeOrigin, WireError> {
    let f = Fields::of(node, &["origin", "access", "source"])?;
    Ok(ScopeOrigin {
        origin: f.req("origin", string)?,
        access: f.req("access", name)?,
        source: f.req("source", name)?,
    })
}

pub(crate) fn write_origin(o: &ScopeOrigin) -> Json {
    Obj::new()
        .str("origin", &o.origin)
        .str("access", o.access.wire_name())
        .str("source", o.source.wire_name())
        .done()
}
