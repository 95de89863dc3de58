//! The content module reads messages with zo-core's codec (held to serde by zo-core's tests),
//! but reads action numbers with JavaScript's `Number` (no float parsing code in the module):
//! every canonical-form fixture, inside an EXECUTE_ACTION, must be judged as
//! `zo_core::answer::from_canonical` judges it, and numbers must come out as serde reads them.

use serde_json::{json, Value};
use wasm_bindgen_test::wasm_bindgen_test;
use zo_content::dom::parse_number;
use zo_core::answer::{from_canonical, EntryError};
use zo_core::wire::{Action, FieldError, WireError, WorkerToContent};

const CANONICAL: &str = include_str!("../../../../tests/contract/fixtures/canonical.json");

/// The content module's reading of one entry, sent inside an EXECUTE_ACTION: the action, or
/// why it was refused.
fn read(entry: &Value) -> Result<Action, String> {
    let msg = json!({"type": "EXECUTE_ACTION", "batchId": "b", "actions": [entry]}).to_string();
    match WorkerToContent::from_json_with(&msg, parse_number) {
        Ok(WorkerToContent::ExecuteAction { mut actions, .. }) => Ok(actions.remove(0)),
        Err(WireError::In { error, .. }) => match *error {
            WireError::Item { error, .. } => match *error {
                WireError::Action(reason) => Err(reason),
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
}

/// Same verdict, with the same reason; for a refused `wait` the number may be written
/// differently (as written vs serde_json's writing), so only the bound is compared.
fn same(name: &str, ours: &Result<Action, String>, core: &Result<Action, EntryError>) {
    match (ours, core) {
        (
            Err(reason),
            Err(EntryError::Field {
                error: FieldError::BadWait { max, .. },
                ..
            }),
        ) => assert!(
            reason.starts_with(&format!("wait: ms must be an integer between 0 and {max}")),
            "{name}: {reason}"
        ),
        _ => assert_eq!(*ours, core.clone().map_err(|e| e.to_string()), "{name}"),
    }
}

#[wasm_bindgen_test]
fn every_canonical_fixture_is_judged_as_zo_core_judges_it() {
    let fixtures: Vec<Value> = serde_json::from_str(CANONICAL).unwrap();
    assert!(fixtures.len() > 50);
    for f in &fixtures {
        let name = f["name"].as_str().unwrap();
        let ours = read(&f["entry"]);
        same(name, &ours, &from_canonical(&f["entry"]));
        assert_eq!(ours.is_ok(), f["valid"] == json!(true), "{name}: {ours:?}");
    }
}

#[wasm_bindgen_test]
fn numbers_read_by_javascript_are_the_numbers_serde_reads() {
    for amount in [
        "600",
        "-120.5",
        "0.30000000000000004",
        "1e300",
        "-0",
        "2.5e-320",
        "123456789012345678901234567890",
        "1.7976931348623157e308",
    ] {
        let entry: Value =
            serde_json::from_str(&format!(r#"{{"type":"scroll","amount":{amount}}}"#)).unwrap();
        same(amount, &read(&entry), &from_canonical(&entry));
    }
    for ms in ["0", "1000.0", "1e3", "30000"] {
        let entry: Value =
            serde_json::from_str(&format!(r#"{{"type":"wait","ms":{ms}}}"#)).unwrap();
        same(ms, &read(&entry), &from_canonical(&entry));
    }
}
