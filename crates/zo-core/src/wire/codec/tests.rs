//! The hand codecs held to the serde definitions: every variant (the samples must cover
//! every tag serde knows), read back from what serde writes, written as serde writes it,
//! and every altered copy of each accepted or refused exactly as serde does, with the same
//! value when accepted.

pub(crate) mod alter;
pub(crate) mod samples;

use std::collections::BTreeSet;
use std::fmt::Debug;

use serde::{de::DeserializeOwned, Serialize};

use super::super::json::{Json, WireError};
use super::super::protocol::*;

/// The `type` tags serde knows for `T`, from its error for an unknown one.
fn serde_tags<T: DeserializeOwned + Debug>() -> BTreeSet<String> {
    let err = serde_json::from_str::<T>(r#"{"type":"~"}"#)
        .unwrap_err()
        .to_string();
    let expected = err.split("expected").nth(1).unwrap();
    expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

fn tag_of<T: Serialize>(msg: &T) -> String {
    serde_json::to_value(msg).unwrap()["type"]
        .as_str()
        .unwrap()
        .to_string()
}

/// `read` agrees with serde on every sample and every altered copy; the samples cover every
/// variant. Returns how many texts were compared.
fn agrees_with_serde<T>(samples: &[T], read: impl Fn(&str) -> Result<T, WireError>) -> usize
where
    T: Serialize + DeserializeOwned + PartialEq + Debug + Clone,
{
    let tags = serde_tags::<T>();
    let covered: BTreeSet<String> = samples.iter().map(tag_of).collect();
    assert_eq!(covered, tags, "the samples do not cover every variant");
    let tags: Vec<String> = tags.into_iter().collect();
    let mut compared = 0;
    for msg in samples {
        let text = serde_json::to_string(msg).unwrap();
        assert_eq!(read(&text), Ok(msg.clone()), "{text}");
        // Whitespace between tokens, as JSON allows.
        let pretty = serde_json::to_string_pretty(msg).unwrap();
        assert_eq!(read(&pretty), Ok(msg.clone()), "{pretty}");
        for altered in alter::altered(&text, &tags) {
            let ours = read(&altered);
            let theirs = serde_json::from_str::<T>(&altered);
            match (&ours, &theirs) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{altered}"),
                (Err(_), Err(_)) => {}
                _ => panic!("{altered}\nours: {ours:?}\nserde: {theirs:?}"),
            }
            compared += 1;
        }
    }
    compared
}

#[test]
fn worker_to_content_is_read_as_serde_reads_it() {
    let n = agrees_with_serde(&samples::worker_to_content(), WorkerToContent::from_json);
    assert!(n > 1000, "{n}");
}

#[test]
fn content_to_worker_is_read_as_serde_reads_it() {
    let n = agrees_with_serde(&samples::content_to_worker(), ContentToWorker::from_json);
    assert!(n > 1000, "{n}");
}

#[test]
fn worker_to_panel_is_read_as_serde_reads_it() {
    let n = agrees_with_serde(&samples::worker_to_panel(), WorkerToPanel::from_json);
    assert!(n > 1000, "{n}");
}

#[test]
fn panel_to_worker_is_read_as_serde_reads_it() {
    let n = agrees_with_serde(&samples::panel_to_worker(), PanelToWorker::from_json);
    assert!(n > 100, "{n}");
}

/// The values of a message's action results, by index, written as serde writes them.
fn values_of(msg: &ContentToWorker) -> Vec<Option<Json>> {
    let results = match msg {
        ContentToWorker::ActionResult { result, .. } => std::slice::from_ref(result),
        ContentToWorker::BatchDone { results, .. } => results.as_slice(),
        _ => &[],
    };
    let mut values = vec![None; 64];
    for r in results {
        values[r.index as usize] = r
            .value
            .as_ref()
            .map(|v| Json::raw(serde_json::to_string(v).unwrap()));
    }
    values
}

#[test]
fn content_to_worker_is_written_as_serde_writes_it() {
    for msg in samples::content_to_worker() {
        let values = values_of(&msg);
        let ours = msg.to_json_with_values(&|i| values.get(i as usize).and_then(Option::as_ref));
        assert_eq!(ours.as_str(), serde_json::to_string(&msg).unwrap());
    }
}

#[test]
fn action_values_are_written_as_serde_writes_their_value() {
    for (ours, value) in samples::outcomes() {
        assert_eq!(ours.as_str(), serde_json::to_string(&value).unwrap());
    }
}

/// The content module reads action numbers with its own float parser.
#[test]
fn action_numbers_go_through_the_given_parser() {
    let text = r#"{"type":"EXECUTE_ACTION","batchId":"b","actions":[{"type":"scroll","amount":2.5},{"type":"wait","ms":7}]}"#;
    let msg = WorkerToContent::from_json_with(text, |t| Some(t.len() as f64)).unwrap();
    let WorkerToContent::ExecuteAction { actions, .. } = msg else {
        panic!("{msg:?}")
    };
    assert_eq!(
        serde_json::to_value(&actions).unwrap(),
        serde_json::json!([
            {"type": "scroll", "direction": "down", "amount": 3},
            {"type": "wait", "ms": 1}
        ])
    );
}

#[test]
fn page_to_worker_is_read_as_serde_reads_it() {
    use crate::wire::page_messages::PageToWorker;
    let n = agrees_with_serde(
        &[
            PageToWorker::GetSettings,
            PageToWorker::GetChoices { refresh: true },
            PageToWorker::SetChoices {
                model: Some(samples::ODD.into()),
                persona_id: Some("p".into()),
            },
            PageToWorker::SetChoices {
                model: None,
                persona_id: None,
            },
            PageToWorker::SetScreenshots { on: true },
            PageToWorker::GetContext {
                mode: Mode::Cobrowse,
                custom_mode: Some(samples::ODD.into()),
                tab_id: Some(12),
                context_tabs: vec![1, -2],
                quote: Some(crate::wire::Quote {
                    kind: crate::wire::QuoteKind::Selection,
                    text: samples::ODD.into(),
                }),
            },
            PageToWorker::GetContext {
                mode: Mode::Research,
                custom_mode: None,
                tab_id: None,
                context_tabs: Vec::new(),
                quote: None,
            },
            PageToWorker::TakeQuestion { tab_id: None },
            PageToWorker::TakeQuestion { tab_id: Some(-1) },
        ],
        PageToWorker::from_json,
    );
    assert!(n > 50, "{n}");
}

#[test]
fn errors_say_what_and_where() {
    let err = |text: &str| ContentToWorker::from_json(text).unwrap_err().to_string();
    assert_eq!(
        err(
            r#"{"type":"BATCH_DONE","batchId":"b","results":[{"index":0,"status":"done"},{"index":1,"status":"gone"}]}"#
        ),
        "in \"results\": item 1: in \"status\": expected an action status"
    );
    assert_eq!(err(r#"{"type":"PONG"}"#), "missing field \"build\"");
    assert_eq!(
        err(r#"{"type":"PONG","build":"a","build":"b"}"#),
        "field \"build\" appears twice"
    );
    assert_eq!(err(r#"{"type":"NOPE"}"#), "unknown message type \"NOPE\"");
    assert_eq!(err(r#"{"build":"a"}"#), "missing \"type\"");
    assert_eq!(err("[1"), "not JSON: expected ',' or ']' at byte 2");
    let err = WorkerToContent::from_json(
        r#"{"type":"EXECUTE_ACTION","batchId":"b","actions":[{"type":"wait","ms":30001}]}"#,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "in \"actions\": item 0: wait: ms must be an integer between 0 and 30000, got 30001"
    );
}

#[test]
fn worker_to_panel_is_written_as_serde_writes_it() {
    for msg in samples::worker_to_panel() {
        assert_eq!(msg.to_json().as_str(), serde_json::to_string(&msg).unwrap());
    }
}

#[test]
fn worker_to_content_is_written_as_serde_writes_it() {
    for msg in samples::worker_to_content() {
        assert_eq!(msg.to_json().as_str(), serde_json::to_string(&msg).unwrap());
    }
}

#[test]
fn panel_to_worker_is_written_as_serde_writes_it() {
    for msg in samples::panel_to_worker() {
        assert_eq!(msg.to_json().as_str(), serde_json::to_string(&msg).unwrap());
    }
}

#[test]
fn actions_are_written_as_serde_writes_them() {
    for action in samples::actions() {
        assert_eq!(
            action.to_json().as_str(),
            serde_json::to_string(&action).unwrap()
        );
    }
}
