//! The compact schema text given to the model: its examples are valid canonical actions that
//! cover all seven kinds, and it states the wait bound the code enforces.

#![cfg(test)]

use serde_json::Value;
use zo_core::answer::{from_canonical, parse_answer, COMPACT_ACTION_SCHEMA};
use zo_core::wire::{ActionKind, MAX_WAIT_MS};

#[test]
fn every_example_line_is_a_valid_canonical_action_and_all_kinds_appear() {
    let mut kinds = Vec::new();
    for line in COMPACT_ACTION_SCHEMA
        .lines()
        .filter(|l| l.starts_with("{\"type\""))
    {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let a = from_canonical(&v).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(
            serde_json::to_value(&a).unwrap(),
            v,
            "example is canonical: {line}"
        );
        kinds.push(a.kind());
    }
    for k in ActionKind::ALL {
        assert!(kinds.contains(&k), "no example for {k}");
    }
}

#[test]
fn states_the_envelope_and_the_wait_bound() {
    assert!(COMPACT_ACTION_SCHEMA.contains(&format!("0..{MAX_WAIT_MS}")));
    let envelope_line = COMPACT_ACTION_SCHEMA
        .lines()
        .find(|l| l.starts_with("{\"reasoning\""))
        .expect("envelope line");
    // Filling the placeholder with the examples gives an answer parse_answer accepts.
    let examples: Vec<&str> = COMPACT_ACTION_SCHEMA
        .lines()
        .filter(|l| l.starts_with("{\"type\""))
        .collect();
    let answer = envelope_line
        .replace("<one short sentence>", "why")
        .replace("<action>, ...", &examples.join(","));
    let e = parse_answer(&answer);
    assert!(e.is_envelope);
    assert_eq!(e.actions.len(), examples.len());
    assert!(e.dropped.is_empty());
    assert_eq!(e.actions.last().unwrap().kind(), ActionKind::Done);
}
