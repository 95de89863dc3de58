//! The `ContentToWorker` replies as JSON text, field for field what serde writes for
//! `zo_core::wire::ContentToWorker` (type tag first, camelCase fields, absent options
//! left out), and the `value` each action reports (the shapes of `zo_core::wire`).
//!
//! Values keep the key order they had when they were built as `serde_json::Value` (sorted).
//!
//! An action's `value` and settle time travel beside `zo_core::cobrowse::BatchRun` (which
//! only tracks statuses) as [`Finished`], the value already written as [`Json`]; the `value`
//! and `settle_ms` fields of the `ActionResult`s given here are not read.

use zo_core::page::Capped;
use zo_core::wire::{
    ActionError, ActionResult, FillOutcome, PageSnapshot, ScrollOutcome, SnapshotElement,
    WaitOutcome,
};
use zo_core::wire::{FormFacts, TargetFacts};

use crate::json::{Json, Obj};

/// What a finished action reports besides its status.
#[derive(Debug, Clone, Default)]
pub struct Finished {
    pub value: Option<Json>,
    /// How long the page took to settle after it (actions that change the page).
    pub settle_ms: Option<u32>,
}

fn typed(tag: &str) -> Obj {
    Obj::new().str("type", tag)
}

/// `PONG`.
pub fn pong(build: &str) -> Json {
    typed("PONG").str("build", build).done()
}

/// `CONTENT_ERROR`.
pub fn content_error(message: &str) -> Json {
    typed("CONTENT_ERROR").str("message", message).done()
}

/// `ACTION_RESULT` for one action, with what it reported (once finished).
pub fn action_result(batch_id: &str, result: &ActionResult, f: Option<&Finished>) -> Json {
    typed("ACTION_RESULT")
        .str("batchId", batch_id)
        .json("result", &result_json(result, f))
        .done()
}

/// `BATCH_DONE`; `finished[i]` is what the action with index `i` reported.
pub fn batch_done(batch_id: &str, results: &[ActionResult], finished: &[Finished]) -> Json {
    let results = results
        .iter()
        .map(|r| result_json(r, finished.get(r.index as usize)));
    typed("BATCH_DONE")
        .str("batchId", batch_id)
        .json("results", &Json::array(results))
        .done()
}

/// `ACTION_CHECK` of action `index`, with the facts about its element when it has one.
pub fn action_check(batch_id: &str, index: u32, facts: Option<&TargetFacts>) -> Json {
    let obj = typed("ACTION_CHECK")
        .str("batchId", batch_id)
        .int("index", index);
    match facts {
        Some(f) => obj.json("facts", &target_facts(f)).done(),
        None => obj.done(),
    }
}

fn non_empty(s: &str) -> Option<&str> {
    (!s.is_empty()).then_some(s)
}

fn target_facts(f: &TargetFacts) -> Json {
    let obj = Obj::new()
        .str("tag", &f.tag)
        .opt_str("inputType", f.input_type.as_deref())
        .opt_str("autocomplete", non_empty(&f.autocomplete))
        .opt_str("name", non_empty(&f.name))
        .opt_str("href", f.href.as_deref());
    match &f.submits {
        Some(form) => obj.json("submits", &form_facts(form)).done(),
        None => obj.done(),
    }
}

fn form_facts(f: &FormFacts) -> Json {
    let obj = Obj::new().opt_str("action", f.action.as_deref());
    if f.fields.is_empty() {
        return obj.done();
    }
    let fields = f.fields.iter().map(|field| {
        Obj::new()
            .str("inputType", &field.input_type)
            .opt_str("autocomplete", non_empty(&field.autocomplete))
            .done()
    });
    obj.json("fields", &Json::array(fields)).done()
}

/// `SNAPSHOT_RESULT`.
pub fn snapshot_result(request_id: &str, snapshot: &PageSnapshot) -> Json {
    let elements = Json::array(snapshot.elements.iter().map(element));
    let snapshot = Obj::new()
        .str("url", &snapshot.url)
        .str("title", &snapshot.title)
        .str("text", &snapshot.text)
        .bool("textTruncated", snapshot.text_truncated)
        .json("elements", &elements)
        .done();
    typed("SNAPSHOT_RESULT")
        .str("requestId", request_id)
        .json("snapshot", &snapshot)
        .done()
}

fn element(e: &SnapshotElement) -> Json {
    let obj = Obj::new()
        .str("selector", &e.selector)
        .str("tag", &e.tag)
        .opt_str("role", e.role.as_deref())
        .opt_str("inputType", e.input_type.as_deref())
        .str("label", &e.label)
        .opt_str("value", e.value.as_deref())
        .opt_str("secret", e.secret.map(|k| k.as_str()));
    if e.disabled {
        obj.bool("disabled", true).done()
    } else {
        obj.done()
    }
}

fn result_json(r: &ActionResult, f: Option<&Finished>) -> Json {
    let mut obj = Obj::new()
        .int("index", r.index)
        .str("status", r.status.as_str());
    if let Some(v) = f.and_then(|f| f.value.as_ref()) {
        obj = obj.json("value", v);
    }
    if let Some(e) = &r.error {
        obj = obj.json("error", &error(e));
    }
    if let Some(ms) = f.and_then(|f| f.settle_ms) {
        obj = obj.int("settleMs", ms);
    }
    obj.done()
}

fn error(e: &ActionError) -> Json {
    Obj::new()
        .str("code", e.code.as_str())
        .str("message", &e.message)
        .done()
}

/// A fill's value: `{checked?, value?}`.
pub fn fill(o: &FillOutcome) -> Json {
    let obj = match o.checked {
        Some(c) => Obj::new().bool("checked", c),
        None => Obj::new(),
    };
    obj.opt_str("value", o.value.as_deref()).done()
}

/// A scroll's value: `{atEnd, target, x, y}`.
pub fn scroll(o: &ScrollOutcome) -> Json {
    Obj::new()
        .bool("atEnd", o.at_end)
        .str("target", &o.target)
        .int("x", o.x)
        .int("y", o.y)
        .done()
}

/// A wait's value: `{ms}`.
pub fn wait(o: &WaitOutcome) -> Json {
    Obj::new().int("ms", o.ms).done()
}

/// An extract's value: `{length, truncated, value}`.
pub fn extract(c: &Capped) -> Json {
    Obj::new()
        .int("length", c.length)
        .bool("truncated", c.truncated)
        .str("value", &c.value)
        .done()
}
