//! The hand-written wire format: messages read without serde must mean what serde reads, every
//! canonical-form fixture must be judged as `zo_core::answer::from_canonical` judges it, bad
//! shapes must give clear errors, and replies must be byte-identical to serde_json's.

use serde_json::{json, Value};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;
use zo_content::action_reader;
use zo_content::encode::{self, Finished};
use zo_content::message::{self, MessageError};
use zo_core::answer::{from_canonical, EntryError};
use zo_core::page::cap;
use zo_core::page::secret_field::SecretKind;
use zo_core::wire::{
    Action, FieldError, FillOutcome, PageSnapshot, ScrollOutcome, SnapshotElement, WaitOutcome,
};
use zo_core::wire::{
    ActionError, ActionErrorCode, ActionResult, ActionStatus, ContentToWorker, WorkerToContent,
};
use zo_core::wire::{FieldFacts, FormFacts, TargetFacts};

const CANONICAL: &str = include_str!("../../../../tests/contract/fixtures/canonical.json");

fn parse(v: &Value) -> JsValue {
    js_sys::JSON::parse(&v.to_string()).unwrap()
}

/// Same verdict; for a refused `wait` the number may be written differently (JS vs ryu).
fn same(name: &str, ours: &Result<Action, EntryError>, core: &Result<Action, EntryError>) {
    match (ours, core) {
        (
            Err(EntryError::Field {
                error: FieldError::BadWait { max: a, .. },
                ..
            }),
            Err(EntryError::Field {
                error: FieldError::BadWait { max: b, .. },
                ..
            }),
        ) => assert_eq!(a, b, "{name}"),
        _ => assert_eq!(ours, core, "{name}"),
    }
}

#[wasm_bindgen_test]
fn every_canonical_fixture_is_judged_as_zo_core_judges_it() {
    let fixtures: Vec<Value> = serde_json::from_str(CANONICAL).unwrap();
    assert!(fixtures.len() > 50);
    for f in &fixtures {
        let name = f["name"].as_str().unwrap();
        let ours = action_reader::action(&parse(&f["entry"]));
        let core = from_canonical(&f["entry"]);
        same(name, &ours, &core);
        assert_eq!(ours.is_ok(), f["valid"] == json!(true), "{name}: {ours:?}");
    }
}

#[wasm_bindgen_test]
fn every_action_type_round_trips() {
    let actions = json!([
        {"type": "navigate", "url": "https://example.com/a?b#c"},
        {"type": "click", "selector": "#go"},
        {"type": "fill", "selector": "input[name=q]", "value": "hé \"x\"\n"},
        {"type": "extract", "selector": "a", "attribute": "href"},
        {"type": "extract", "selector": "h1"},
        {"type": "scroll", "direction": "up", "selector": "#feed", "amount": -120.5},
        {"type": "scroll", "direction": "down"},
        {"type": "wait", "ms": 250},
        {"type": "done", "response": "ok"},
    ]);
    for a in actions.as_array().unwrap() {
        let ours = action_reader::action(&parse(a)).unwrap();
        assert_eq!(Ok(ours.clone()), from_canonical(a), "{a}");
        assert_eq!(&serde_json::to_value(&ours).unwrap(), a);
    }
    let wait = action_reader::action(&parse(&json!({"type": "wait"}))).unwrap();
    assert_eq!(
        serde_json::to_value(wait).unwrap(),
        json!({"type": "wait", "ms": 1000})
    );
}

#[wasm_bindgen_test]
fn bad_actions_give_clear_reasons() {
    let reason = |v: Value| action_reader::action(&parse(&v)).unwrap_err().to_string();
    assert_eq!(
        reason(json!({"type": "wait", "ms": 30001})),
        "wait: ms must be an integer between 0 and 30000, got 30001"
    );
    assert_eq!(
        reason(json!({"type": "wait", "ms": 2.5})),
        "wait: ms must be an integer between 0 and 30000, got 2.5"
    );
    assert_eq!(
        reason(json!({"type": "click", "selector": "#a", "z": 1, "b": 2})),
        "click: unknown field \"b\""
    );
    assert_eq!(
        reason(json!({"type": "scroll", "amount": null})),
        "scroll: field \"amount\" must be a number"
    );
    assert_eq!(reason(json!([1])), "entry is not a JSON object");
}

fn all_messages() -> Vec<WorkerToContent> {
    let click: Action = serde_json::from_value(json!({"type": "click", "selector": "#a"})).unwrap();
    let wait: Action = serde_json::from_value(json!({"type": "wait", "ms": 5})).unwrap();
    vec![
        WorkerToContent::Ping,
        WorkerToContent::ExecuteAction {
            batch_id: "b1".into(),
            actions: vec![click, wait],
            timeout_ms: Some(700),
        },
        WorkerToContent::ExecuteAction {
            batch_id: "b2".into(),
            actions: vec![],
            timeout_ms: None,
        },
        WorkerToContent::CancelBatch {
            batch_id: "b1".into(),
        },
        WorkerToContent::Snapshot {
            request_id: "r1".into(),
            text_budget: Some(4000),
        },
        WorkerToContent::Snapshot {
            request_id: "r2".into(),
            text_budget: None,
        },
        WorkerToContent::ActionVerdict {
            batch_id: "b1".into(),
            index: 3,
            allow: true,
            reason: None,
        },
        WorkerToContent::ActionVerdict {
            batch_id: "b1".into(),
            index: 0,
            allow: false,
            reason: Some("You declined: Go to \"x\"\n".into()),
        },
    ]
}

#[wasm_bindgen_test]
fn every_message_round_trips() {
    for m in all_messages() {
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(message::read(&text), Ok(m), "{text}");
    }
    let with_null = r#"{"type":"SNAPSHOT","requestId":"r","textBudget":null,"extra":1}"#;
    assert_eq!(
        message::read(with_null),
        Ok(WorkerToContent::Snapshot {
            request_id: "r".into(),
            text_budget: None
        })
    );
}

#[wasm_bindgen_test]
fn bad_messages_give_clear_errors() {
    let err = |s: &str| message::read(s).unwrap_err();
    assert!(matches!(err("{nope"), MessageError::NotJson(_)));
    assert_eq!(err("[]"), MessageError::NotObject);
    assert_eq!(err("{}"), MessageError::MissingType);
    assert_eq!(err(r#"{"type":7}"#), MessageError::TypeNotString);
    assert_eq!(
        err(r#"{"type":"EXPLODE"}"#).to_string(),
        "unknown message type \"EXPLODE\""
    );
    assert_eq!(
        err(r#"{"type":"CANCEL_BATCH"}"#),
        MessageError::MissingField("batchId")
    );
    assert_eq!(
        err(r#"{"type":"EXECUTE_ACTION","batchId":"b"}"#),
        MessageError::MissingField("actions")
    );
    assert_eq!(
        err(r#"{"type":"EXECUTE_ACTION","batchId":"b","actions":{}}"#).to_string(),
        "field \"actions\" must be an array of actions"
    );
    for bad in ["-1", "1.5", "\"5\"", "4294967296"] {
        let m =
            format!(r#"{{"type":"EXECUTE_ACTION","batchId":"b","actions":[],"timeoutMs":{bad}}}"#);
        assert!(
            matches!(
                err(&m),
                MessageError::WrongType {
                    field: "timeoutMs",
                    ..
                }
            ),
            "{bad}"
        );
    }
    assert_eq!(
        err(r#"{"type":"SNAPSHOT","requestId":5}"#).to_string(),
        "field \"requestId\" must be a string"
    );
    assert_eq!(
        err(r#"{"type":"ACTION_VERDICT","batchId":"b","allow":true}"#),
        MessageError::MissingField("index")
    );
    assert_eq!(
        err(r#"{"type":"ACTION_VERDICT","batchId":"b","index":0,"allow":"yes"}"#).to_string(),
        "field \"allow\" must be true or false"
    );
    assert_eq!(
        err(r#"{"type":"ACTION_VERDICT","batchId":"b","index":0,"allow":false,"reason":1}"#)
            .to_string(),
        "field \"reason\" must be a string"
    );
    let bad_action = r##"{"type":"EXECUTE_ACTION","batchId":"b","actions":[
        {"type":"click","selector":"#a"},{"type":"navigate","url":"javascript:alert(1)"}]}"##;
    assert_eq!(
        err(bad_action).to_string(),
        "action 1: navigate: url scheme \"javascript\" is not allowed: only http and https"
    );
}

fn result(index: u32, status: ActionStatus, error: Option<ActionError>) -> ActionResult {
    ActionResult {
        index,
        status,
        value: None,
        error,
        settle_ms: None,
    }
}

#[wasm_bindgen_test]
fn replies_are_what_serde_writes() {
    let tricky = "q\"uote\\ back\nline\ttab\u{1}\u{1f}\u{7f} é 🚀";
    let serde = |m: &ContentToWorker| serde_json::to_string(m).unwrap();
    assert_eq!(
        encode::pong(tricky).into_string(),
        serde(&ContentToWorker::Pong {
            build: tricky.into()
        })
    );
    assert_eq!(
        encode::content_error(tricky).into_string(),
        serde(&ContentToWorker::ContentError {
            message: tricky.into()
        })
    );
    let failed = result(
        1,
        ActionStatus::Failed,
        Some(ActionError {
            code: ActionErrorCode::NoSuchOption,
            message: tricky.into(),
        }),
    );
    assert_eq!(
        encode::action_result("b", &failed, None).into_string(),
        serde(&ContentToWorker::ActionResult {
            batch_id: "b".into(),
            result: failed.clone()
        })
    );
    let capped = cap(tricky, 5);
    let extracted = Finished {
        value: Some(encode::extract(&capped)),
        settle_ms: None,
    };
    let done = result(0, ActionStatus::Done, None);
    let mut done_valued = done.clone();
    done_valued.value = Some(serde_json::to_value(&capped).unwrap());
    let skipped = result(2, ActionStatus::Skipped, None);
    // A click: no value, a settle time.
    let clicked = Finished {
        value: None,
        settle_ms: Some(17),
    };
    let click = result(3, ActionStatus::Done, None);
    let mut click_settled = click.clone();
    click_settled.settle_ms = Some(17);
    // A fill: both.
    let filled = Finished {
        value: Some(encode::fill(&FillOutcome {
            value: Some(tricky.into()),
            checked: None,
        })),
        settle_ms: Some(0),
    };
    let fill = result(4, ActionStatus::Done, None);
    let mut fill_full = fill.clone();
    fill_full.value = Some(json!({ "value": tricky }));
    fill_full.settle_ms = Some(0);
    assert_eq!(
        encode::action_result("b", &click, Some(&clicked)).into_string(),
        serde(&ContentToWorker::ActionResult {
            batch_id: "b".into(),
            result: click_settled.clone()
        })
    );
    assert_eq!(
        encode::batch_done(
            "b",
            &[done, failed.clone(), skipped.clone(), click, fill],
            &[
                extracted,
                Finished::default(),
                Finished::default(),
                clicked,
                filled
            ]
        )
        .into_string(),
        serde(&ContentToWorker::BatchDone {
            batch_id: "b".into(),
            results: vec![done_valued, failed, skipped, click_settled, fill_full]
        })
    );
}

#[wasm_bindgen_test]
fn action_checks_are_what_serde_writes() {
    let tricky = "q\"uote\\ \n\u{1} é";
    let full = TargetFacts {
        tag: "button".into(),
        input_type: Some("submit".into()),
        autocomplete: "off".into(),
        name: tricky.into(),
        href: Some("https://x.example/?q=\"1\"".into()),
        submits: Some(FormFacts {
            action: Some("https://evil.example/steal".into()),
            fields: vec![
                FieldFacts {
                    input_type: "password".into(),
                    autocomplete: String::new(),
                },
                FieldFacts {
                    input_type: "text".into(),
                    autocomplete: "cc-number".into(),
                },
            ],
        }),
    };
    let bare = TargetFacts {
        tag: "div".into(),
        ..TargetFacts::default()
    };
    let no_fields = TargetFacts {
        submits: Some(FormFacts::default()),
        ..bare.clone()
    };
    for facts in [Some(&full), Some(&bare), Some(&no_fields), None] {
        let ours = encode::action_check("b\"1", 4, facts).into_string();
        let theirs = serde_json::to_string(&ContentToWorker::ActionCheck {
            batch_id: "b\"1".into(),
            index: 4,
            facts: facts.cloned(),
        })
        .unwrap();
        assert_eq!(ours, theirs);
        let back: ContentToWorker = serde_json::from_str(&ours).unwrap();
        assert!(
            matches!(back, ContentToWorker::ActionCheck { facts: f, .. } if f.as_ref() == facts)
        );
    }
}

/// The text of `v` as it was written when values were `serde_json::Value`s (sorted keys).
fn as_value<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v).unwrap().to_string()
}

#[wasm_bindgen_test]
fn outcome_values_are_what_serde_writes() {
    let fills = [
        FillOutcome {
            value: Some("a\"b".into()),
            checked: None,
        },
        FillOutcome {
            value: None,
            checked: Some(false),
        },
        FillOutcome {
            value: None,
            checked: None,
        },
    ];
    for f in &fills {
        assert_eq!(encode::fill(f).into_string(), as_value(f));
    }
    assert_eq!(
        encode::fill(&FillOutcome {
            value: Some("v".into()),
            checked: Some(true)
        })
        .into_string(),
        r#"{"checked":true,"value":"v"}"#
    );
    let s = ScrollOutcome {
        target: "#feed".into(),
        x: -3,
        y: 1200,
        at_end: true,
    };
    assert_eq!(encode::scroll(&s).into_string(), as_value(&s));
    let w = WaitOutcome { ms: 30000 };
    assert_eq!(encode::wait(&w).into_string(), as_value(&w));
    let c = cap("a\"b\n", 2);
    assert_eq!(encode::extract(&c).into_string(), as_value(&c));
}

#[wasm_bindgen_test]
fn snapshot_reply_is_what_serde_writes() {
    let snapshot = PageSnapshot {
        url: "https://example.com/".into(),
        title: "T \"x\"".into(),
        text: "line\nline".into(),
        text_truncated: true,
        elements: vec![
            SnapshotElement {
                selector: "#a".into(),
                tag: "input".into(),
                role: Some("searchbox".into()),
                input_type: Some("search".into()),
                label: "Search".into(),
                value: Some("q".into()),
                secret: None,
                disabled: true,
            },
            SnapshotElement {
                selector: "#cc".into(),
                tag: "input".into(),
                input_type: Some("text".into()),
                label: "Card number".into(),
                secret: Some(SecretKind::Payment),
                disabled: true,
                ..SnapshotElement::default()
            },
            SnapshotElement {
                selector: "#otc".into(),
                tag: "input".into(),
                secret: Some(SecretKind::OneTimeCode),
                ..SnapshotElement::default()
            },
            SnapshotElement {
                selector: "a[href=\"/x\"]".into(),
                tag: "a".into(),
                label: String::new(),
                ..SnapshotElement::default()
            },
        ],
    };
    assert_eq!(
        encode::snapshot_result("r9", &snapshot).into_string(),
        serde_json::to_string(&ContentToWorker::SnapshotResult {
            request_id: "r9".into(),
            snapshot,
        })
        .unwrap()
    );
}
