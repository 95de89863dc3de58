//! The worker <-> content messages without serde: [`WorkerToContent`] read (by the content
//! module), [`ContentToWorker`] written (by the content module) and read (by the worker), and
//! the `value` each action reports, written. Field for field what serde reads and writes for
//! these types (the tests compare the two on every variant and on altered copies of each).

use crate::page::Capped;
use crate::wire::action::Action;
use crate::wire::codec::parts::{read_action_error, write_action_error};
use crate::wire::codec::snapshot;
use crate::wire::facts::{FieldFacts, FormFacts, TargetFacts};
use crate::wire::json::fields::{boolean, list, name, read_action, string, uint32, Fields};
use crate::wire::json::RawJson;
use crate::wire::json::{parse, serde_float, Json, Node, Obj, ParseFloat, WireError, WireName};
use crate::wire::outcome::{FillOutcome, ScrollOutcome, WaitOutcome};
use crate::wire::protocol::{ActionResult, ContentToWorker, WorkerToContent};

impl WorkerToContent {
    /// Reads one message from its JSON text, as serde reads it.
    pub fn from_json(text: &str) -> Result<WorkerToContent, WireError> {
        WorkerToContent::from_json_with(text, serde_float)
    }

    /// [`WorkerToContent::from_json`], with the numbers in actions (a scroll's `amount`, a
    /// wait's `ms`) read by `parse_float`: the content module reads them with JavaScript's
    /// `Number`, which keeps float parsing code out of it.
    pub fn from_json_with(
        text: &str,
        parse_float: ParseFloat,
    ) -> Result<WorkerToContent, WireError> {
        let node = parse(text)?;
        let f = Fields::of_message(&node)?;
        Ok(match f.tag()? {
            "EXECUTE_ACTION" => WorkerToContent::ExecuteAction {
                batch_id: f.req("batchId", string)?,
                actions: f.req("actions", |n| list(n, |a| read_action(a, parse_float)))?,
                timeout_ms: f.opt("timeoutMs", uint32)?,
            },
            "CANCEL_BATCH" => WorkerToContent::CancelBatch {
                batch_id: f.req("batchId", string)?,
            },
            "SNAPSHOT" => WorkerToContent::Snapshot {
                request_id: f.req("requestId", string)?,
                text_budget: f.opt("textBudget", uint32)?,
            },
            "PING" => WorkerToContent::Ping,
            "MASK_SECRETS" => WorkerToContent::MaskSecrets {
                request_id: f.req("requestId", string)?,
                on: f.req("on", boolean)?,
            },
            "ACTION_VERDICT" => WorkerToContent::ActionVerdict {
                batch_id: f.req("batchId", string)?,
                index: f.req("index", uint32)?,
                allow: f.req("allow", boolean)?,
                reason: f.opt("reason", string)?,
            },
            "EFFECT_VERDICT" => WorkerToContent::EffectVerdict {
                batch_id: f.req("batchId", string)?,
                index: f.req("index", uint32)?,
                allow: f.req("allow", boolean)?,
                reason: f.opt("reason", string)?,
            },
            other => return Err(WireError::UnknownType(other.to_string())),
        })
    }
}

impl WorkerToContent {
    /// The message's JSON text, as serde writes it (the worker sends it to the content module).
    pub fn to_json(&self) -> Json {
        let typed = |tag: &str| Obj::new().str("type", tag);
        match self {
            WorkerToContent::ExecuteAction {
                batch_id,
                actions,
                timeout_ms,
            } => typed("EXECUTE_ACTION")
                .str("batchId", batch_id)
                .json("actions", &Json::array(actions.iter().map(Action::to_json)))
                .opt_uint("timeoutMs", timeout_ms.map(u64::from)),
            WorkerToContent::CancelBatch { batch_id } => {
                typed("CANCEL_BATCH").str("batchId", batch_id)
            }
            WorkerToContent::Snapshot {
                request_id,
                text_budget,
            } => typed("SNAPSHOT")
                .str("requestId", request_id)
                .opt_uint("textBudget", text_budget.map(u64::from)),
            WorkerToContent::Ping => typed("PING"),
            WorkerToContent::MaskSecrets { request_id, on } => typed("MASK_SECRETS")
                .str("requestId", request_id)
                .bool("on", *on),
            WorkerToContent::ActionVerdict {
                batch_id,
                index,
                allow,
                reason,
            } => typed("ACTION_VERDICT")
                .str("batchId", batch_id)
                .uint("index", u64::from(*index))
                .bool("allow", *allow)
                .opt_str("reason", reason.as_deref()),
            WorkerToContent::EffectVerdict {
                batch_id,
                index,
                allow,
                reason,
            } => typed("EFFECT_VERDICT")
                .str("batchId", batch_id)
                .uint("index", u64::from(*index))
                .bool("allow", *allow)
                .opt_str("reason", reason.as_deref()),
        }
        .done()
    }
}

impl ContentToWorker {
    /// Reads one message from its JSON text, as serde reads it.
    pub fn from_json(text: &str) -> Result<ContentToWorker, WireError> {
        let node = parse(text)?;
        let f = Fields::of_message(&node)?;
        Ok(match f.tag()? {
            "ACTION_RESULT" => ContentToWorker::ActionResult {
                batch_id: f.req("batchId", string)?,
                result: f.req("result", read_result)?,
            },
            "BATCH_DONE" => ContentToWorker::BatchDone {
                batch_id: f.req("batchId", string)?,
                results: f.req("results", |n| list(n, read_result))?,
            },
            "SNAPSHOT_RESULT" => ContentToWorker::SnapshotResult {
                request_id: f.req("requestId", string)?,
                snapshot: f.req("snapshot", snapshot::read)?,
            },
            "PONG" => ContentToWorker::Pong {
                build: f.req("build", string)?,
            },
            "CONTENT_ERROR" => ContentToWorker::ContentError {
                message: f.req("message", string)?,
            },
            "SECRETS_MASKED" => ContentToWorker::SecretsMasked {
                request_id: f.req("requestId", string)?,
                count: f.req("count", uint32)?,
            },
            "ACTION_CHECK" => ContentToWorker::ActionCheck {
                batch_id: f.req("batchId", string)?,
                index: f.req("index", uint32)?,
                facts: f.opt("facts", read_facts)?,
            },
            "EFFECT_CHECK" => ContentToWorker::EffectCheck {
                batch_id: f.req("batchId", string)?,
                index: f.req("index", uint32)?,
                effect: f.req("effect", name)?,
                facts: f.req("facts", read_facts)?,
            },
            other => return Err(WireError::UnknownType(other.to_string())),
        })
    }

    /// The message's JSON text, as serde writes it. The `value` of the action result with
    /// index `i` is `value_of(i)`, already written as JSON (the content module writes values as
    /// text, so it carries no number formatting); `ActionResult::value` itself is not read.
    pub fn to_json_with_values<'v>(&self, value_of: &dyn Fn(u32) -> Option<&'v Json>) -> Json {
        let typed = |tag: &str| Obj::new().str("type", tag);
        match self {
            ContentToWorker::ActionResult { batch_id, result } => typed("ACTION_RESULT")
                .str("batchId", batch_id)
                .json("result", &write_result(result, value_of))
                .done(),
            ContentToWorker::BatchDone { batch_id, results } => typed("BATCH_DONE")
                .str("batchId", batch_id)
                .json(
                    "results",
                    &Json::array(results.iter().map(|r| write_result(r, value_of))),
                )
                .done(),
            ContentToWorker::SnapshotResult {
                request_id,
                snapshot,
            } => typed("SNAPSHOT_RESULT")
                .str("requestId", request_id)
                .json("snapshot", &snapshot::write(snapshot))
                .done(),
            ContentToWorker::Pong { build } => typed("PONG").str("build", build).done(),
            ContentToWorker::ContentError { message } => {
                typed("CONTENT_ERROR").str("message", message).done()
            }
            ContentToWorker::SecretsMasked { request_id, count } => typed("SECRETS_MASKED")
                .str("requestId", request_id)
                .uint("count", u64::from(*count))
                .done(),
            ContentToWorker::ActionCheck {
                batch_id,
                index,
                facts,
            } => typed("ACTION_CHECK")
                .str("batchId", batch_id)
                .uint("index", u64::from(*index))
                .opt_json("facts", facts.as_ref().map(write_facts).as_ref())
                .done(),
            ContentToWorker::EffectCheck {
                batch_id,
                index,
                effect,
                facts,
            } => typed("EFFECT_CHECK")
                .str("batchId", batch_id)
                .uint("index", u64::from(*index))
                .str("effect", effect.wire_name())
                .json("facts", &write_facts(facts))
                .done(),
        }
    }
}

pub(super) fn read_result(node: &Node) -> Result<ActionResult, WireError> {
    let f = Fields::of(
        node,
        &[
            "index",
            "status",
            "value",
            "error",
            "settleMs",
            "targetName",
        ],
    )?;
    Ok(ActionResult {
        index: f.req("index", uint32)?,
        status: f.req("status", name)?,
        value: f.opt("value", |n| Ok(RawJson::of(n)))?,
        error: f.opt("error", read_action_error)?,
        settle_ms: f.opt("settleMs", uint32)?,
        target_name: f.opt("targetName", string)?,
    })
}

pub(super) fn write_result<'v>(
    r: &ActionResult,
    value_of: &dyn Fn(u32) -> Option<&'v Json>,
) -> Json {
    let value = value_of(r.index);
    let error = r.error.as_ref().map(write_action_error);
    Obj::new()
        .uint("index", u64::from(r.index))
        .str("status", r.status.wire_name())
        .opt_json("value", value)
        .opt_json("error", error.as_ref())
        .opt_uint("settleMs", r.settle_ms.map(u64::from))
        .opt_str("targetName", r.target_name.as_deref())
        .done()
}

fn read_facts(node: &Node) -> Result<TargetFacts, WireError> {
    let f = Fields::of(
        node,
        &[
            "tag",
            "inputType",
            "autocomplete",
            "name",
            "role",
            "href",
            "form",
            "target",
            "submits",
        ],
    )?;
    Ok(TargetFacts {
        tag: f.req("tag", string)?,
        input_type: f.opt("inputType", string)?,
        autocomplete: f.or_default("autocomplete", string)?,
        name: f.or_default("name", string)?,
        role: f.opt("role", string)?,
        href: f.opt("href", string)?,
        form: f.opt("form", string)?,
        target: f.opt("target", string)?,
        submits: f.opt("submits", |n| {
            let form = Fields::of(n, &["action", "method", "fields"])?;
            Ok(FormFacts {
                action: form.opt("action", string)?,
                method: form.opt("method", string)?,
                fields: form.or_default("fields", |n| {
                    list(n, |field| {
                        let field = Fields::of(field, &["inputType", "autocomplete", "name"])?;
                        Ok(FieldFacts {
                            input_type: field.or_default("inputType", string)?,
                            autocomplete: field.or_default("autocomplete", string)?,
                            name: field.or_default("name", string)?,
                        })
                    })
                })?,
            })
        })?,
    })
}

fn non_empty(s: &str) -> Option<&str> {
    (!s.is_empty()).then_some(s)
}

fn write_facts(f: &TargetFacts) -> Json {
    let submits = f.submits.as_ref().map(|form| {
        let fields = (!form.fields.is_empty()).then(|| {
            Json::array(form.fields.iter().map(|field| {
                Obj::new()
                    .str("inputType", &field.input_type)
                    .opt_str("autocomplete", non_empty(&field.autocomplete))
                    .opt_str("name", non_empty(&field.name))
                    .done()
            }))
        });
        Obj::new()
            .opt_str("action", form.action.as_deref())
            .opt_str("method", form.method.as_deref())
            .opt_json("fields", fields.as_ref())
            .done()
    });
    Obj::new()
        .str("tag", &f.tag)
        .opt_str("inputType", f.input_type.as_deref())
        .opt_str("autocomplete", non_empty(&f.autocomplete))
        .opt_str("name", non_empty(&f.name))
        .opt_str("role", f.role.as_deref())
        .opt_str("href", f.href.as_deref())
        .opt_str("form", f.form.as_deref())
        .opt_str("target", f.target.as_deref())
        .opt_json("submits", submits.as_ref())
        .done()
}

/// The values actions report, written as they arrive in the worker's `serde_json::Value`
/// (whose objects keep their keys sorted).
impl FillOutcome {
    /// `{checked?, value?}`.
    pub fn to_json(&self) -> Json {
        let obj = match self.checked {
            Some(c) => Obj::new().bool("checked", c),
            None => Obj::new(),
        };
        obj.opt_str("value", self.value.as_deref()).done()
    }
}

impl ScrollOutcome {
    /// `{atEnd, target, x, y}`.
    pub fn to_json(&self) -> Json {
        Obj::new()
            .bool("atEnd", self.at_end)
            .str("target", &self.target)
            .int("x", self.x)
            .int("y", self.y)
            .done()
    }
}

impl WaitOutcome {
    /// `{ms}`.
    pub fn to_json(&self) -> Json {
        Obj::new().uint("ms", self.ms).done()
    }
}

impl Capped {
    /// An extract's value: `{length, truncated, value}`.
    pub fn to_json(&self) -> Json {
        Obj::new()
            .uint("length", self.length as u64)
            .bool("truncated", self.truncated)
            .str("value", &self.value)
            .done()
    }
}
