//! Property tests: `normalize` and `parse_answer` never panic, account for every entry, and
//! only emit actions that are schema-valid: they re-serialize to canonical JSON that the strict
//! canonical judge accepts and that parses back to the same action.

#![cfg(test)]

use proptest::prelude::*;
use serde_json::{Map, Value};
use zo_core::answer::{from_canonical, normalize, parse_answer, ActionJsonDetector, Verdict};
use zo_core::wire::Action;

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("type".to_string()),
        Just("action".to_string()),
        Just("args".to_string()),
        Just("actions".to_string()),
        Just("reasoning".to_string()),
        prop::sample::select(vec![
            "navigate",
            "click",
            "fill",
            "extract",
            "scroll",
            "wait",
            "done",
            "Click",
            "url",
            "selector",
            "value",
            "attribute",
            "direction",
            "amount",
            "ms",
            "response",
        ])
        .prop_map(str::to_string),
        "[a-z]{0,6}",
    ]
}

fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "click",
            "fill",
            "wait",
            "done",
            "scroll",
            "navigate",
            "extract",
            "up",
            "DOWN",
            "left",
            "#a",
            " .b ",
            "",
            " ",
            "https://example.com/x",
            "javascript:alert(1)",
            "data:text/html,x",
            "file:///etc",
            "chrome://flags",
            "http://",
            "HTTP://A.B:8/",
            "http://[::1]/",
            "href",
        ])
        .prop_map(str::to_string),
        any::<String>(),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        prop_oneof![
            any::<i64>().prop_map(Value::from),
            (0u64..40_000).prop_map(Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(Value::from),
            (0u64..40_000).prop_map(|n| Value::from(n as f64)),
        ],
        string().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// The schema-validity property of one emitted action.
fn assert_schema_valid(a: &Action) {
    let v = serde_json::to_value(a).expect("serializes");
    let judged = from_canonical(&v).unwrap_or_else(|e| panic!("{v} not canonical: {e}"));
    assert_eq!(&judged, a);
    let text = serde_json::to_string(a).expect("serializes");
    let reparsed: Action = serde_json::from_str(&text).expect("re-parses");
    assert_eq!(&reparsed, a);
    assert_eq!(serde_json::to_string(&reparsed).unwrap(), text);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn normalize_emits_only_schema_valid_actions(entries in prop::collection::vec(json_value(), 0..8)) {
        let n = normalize(&entries);
        prop_assert_eq!(n.actions.len() + n.dropped.len(), entries.len());
        for a in &n.actions {
            assert_schema_valid(a);
        }
        for d in &n.dropped {
            prop_assert!(!d.reason.is_empty());
        }
    }

    #[test]
    fn parse_answer_on_envelopes_in_any_wrapping(
        entries in prop::collection::vec(json_value(), 0..6),
        before in "[ a-zA-Z.!\n]{0,20}",
        after in "[ a-zA-Z.!\n]{0,20}",
        wrap in 0usize..4,
    ) {
        let json = serde_json::to_string(&serde_json::json!({ "actions": entries })).unwrap();
        let answer = match wrap {
            0 => json.clone(),
            1 => format!("```json\n{json}\n```"),
            2 => format!("{before}\n```JSON\n{json}\n```\n{after}"),
            _ => format!("{before} {json} {after}"),
        };
        let e = parse_answer(&answer);
        prop_assert!(e.is_envelope, "{}", answer);
        prop_assert_eq!(e.actions.len() + e.dropped.len(), entries.len());
        for a in &e.actions {
            assert_schema_valid(a);
        }
        prop_assert!(!e.text.contains("\"actions\""));
    }

    #[test]
    fn parse_answer_and_the_detector_never_panic_on_any_text(text in any::<String>(), split in 1usize..9) {
        let e = parse_answer(&text);
        for a in &e.actions {
            assert_schema_valid(a);
        }
        if !e.is_envelope {
            prop_assert_eq!(&e.text, &text);
        }
        let chars: Vec<char> = text.chars().collect();
        let mut d = ActionJsonDetector::new();
        let mut decided: Option<Verdict> = None;
        for piece in chars.chunks(split) {
            let v = d.push(&piece.iter().collect::<String>());
            if let Some(prev) = decided {
                prop_assert_eq!(prev, v);
            } else if v != Verdict::Undecided {
                decided = Some(v);
            }
        }
    }
}
