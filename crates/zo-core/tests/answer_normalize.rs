//! `normalize`: every accepted model shape, and every dropped entry with its reason.

#![cfg(test)]

use serde_json::{json, Value};
use zo_core::answer::{normalize, normalize_entry};

/// The canonical JSON of one entry's action, or the drop reason.
fn norm(v: Value) -> Result<Value, String> {
    normalize_entry(&v)
        .map(|a| serde_json::to_value(a).unwrap())
        .map_err(|e| e.to_string())
}

fn ok(v: Value) -> Value {
    norm(v.clone()).unwrap_or_else(|e| panic!("{v} should normalize, got {e}"))
}

fn dropped(v: Value) -> String {
    match norm(v.clone()) {
        Ok(a) => panic!("{v} should be dropped, got {a}"),
        Err(e) => e,
    }
}

#[test]
fn type_first_is_accepted_with_any_case_and_extra_fields_ignored() {
    assert_eq!(
        ok(json!({"type":"click","selector":"#a"})),
        json!({"type":"click","selector":"#a"})
    );
    assert_eq!(
        ok(json!({"type":" Click ","selector":"#a","description":"the pricing link"})),
        json!({"type":"click","selector":"#a"})
    );
    assert_eq!(
        ok(json!({"type":"scroll","direction":"UP"})),
        json!({"type":"scroll","direction":"up"})
    );
    assert_eq!(
        ok(json!({"type":"extract","selector":"h1","attribute":null})),
        json!({"type":"extract","selector":"h1"})
    );
    assert_eq!(
        ok(json!({"type":"fill","args":{"selector":"#q","value":"x"}})),
        json!({"type":"fill","selector":"#q","value":"x"})
    );
}

#[test]
fn key_first_with_an_object_argument() {
    assert_eq!(
        ok(json!({"extract":{"selector":"h1","attribute":"title"}})),
        json!({"type":"extract","selector":"h1","attribute":"title"})
    );
    assert_eq!(
        ok(json!({"done":{"response":"Here it is."}})),
        json!({"type":"done","response":"Here it is."})
    );
    assert_eq!(ok(json!({"wait":{}})), json!({"type":"wait","ms":1000}));
    assert_eq!(ok(json!({"wait":null})), json!({"type":"wait","ms":1000}));
    assert_eq!(
        ok(json!({"Scroll":null})),
        json!({"type":"scroll","direction":"down"})
    );
}

#[test]
fn key_first_scalar_fills_the_main_field() {
    assert_eq!(
        ok(json!({"click":"#pricing"})),
        json!({"type":"click","selector":"#pricing"})
    );
    assert_eq!(
        ok(json!({"navigate":"https://example.com"})),
        json!({"type":"navigate","url":"https://example.com"})
    );
    assert_eq!(ok(json!({"wait":2500})), json!({"type":"wait","ms":2500}));
    assert_eq!(
        ok(json!({"done":"Finished."})),
        json!({"type":"done","response":"Finished."})
    );
    assert_eq!(
        ok(json!({"scroll":"up"})),
        json!({"type":"scroll","direction":"up"})
    );
    assert_eq!(
        ok(json!({"extract":".price"})),
        json!({"type":"extract","selector":".price"})
    );
    assert_eq!(
        ok(json!({"fill":"#email","value":"a@b.c"})),
        json!({"type":"fill","selector":"#email","value":"a@b.c"})
    );
    // The argument object wins over a sibling field.
    assert_eq!(
        ok(json!({"click":{"selector":"#inner"},"selector":"#outer"})),
        json!({"type":"click","selector":"#inner"})
    );
}

#[test]
fn action_variant_inline_under_args_or_nested() {
    assert_eq!(
        ok(json!({"action":"fill","selector":"#q","value":"rust"})),
        json!({"type":"fill","selector":"#q","value":"rust"})
    );
    assert_eq!(
        ok(json!({"action":"fill","args":{"selector":"#q","value":"rust"}})),
        json!({"type":"fill","selector":"#q","value":"rust"})
    );
    assert_eq!(
        ok(json!({"action":"click","args":"#go"})),
        json!({"type":"click","selector":"#go"})
    );
    assert_eq!(
        ok(json!({"action":{"type":"navigate","url":"http://a.test/"}})),
        json!({"type":"navigate","url":"http://a.test/"})
    );
    assert_eq!(
        ok(json!({"action":{"click":"#x"}})),
        json!({"type":"click","selector":"#x"})
    );
}

#[test]
fn non_conforming_entries_are_dropped_with_a_reason() {
    assert!(dropped(json!("click #a")).contains("not a JSON object"));
    assert!(dropped(json!(null)).contains("not a JSON object"));
    assert!(dropped(json!({"selector":"#a"})).contains("no action named"));
    assert!(dropped(json!({"click":"#a","fill":"#b"})).contains("several action names"));
    assert!(dropped(json!({"type":"hover","selector":"#a"})).contains("unknown action \"hover\""));
    assert!(dropped(json!({"type":3})).contains("must be a string"));
    assert!(dropped(json!({"action":5})).contains("\"action\" must be"));
    assert!(dropped(json!({"action":{"action":{"click":"#a"}}})).contains("\"action\" must be"));
    assert!(dropped(json!({"click":["#a"]})).contains("argument"));
    assert!(dropped(json!({"action":"click","args":[1]})).contains("argument"));
    assert!(dropped(json!({"click":null})).contains("missing field \"selector\""));
    assert!(dropped(json!({"click":""})).contains("selector must not be empty"));
    assert!(dropped(json!({"navigate":"javascript:alert(1)"})).contains("not allowed"));
    assert!(dropped(json!({"navigate":"data:text/html,hi"})).contains("not allowed"));
    assert!(dropped(json!({"navigate":"file:///etc/passwd"})).contains("not allowed"));
    assert!(dropped(json!({"navigate":"chrome://flags"})).contains("not allowed"));
    assert!(dropped(json!({"navigate":"/docs"})).contains("absolute"));
    assert!(dropped(json!({"wait":30001})).contains("between 0 and 30000"));
    assert!(dropped(json!({"wait":-5})).contains("between 0 and 30000"));
    assert!(dropped(json!({"wait":"500"})).contains("integer number of milliseconds"));
    assert!(dropped(json!({"scroll":"sideways"})).contains("direction"));
    assert!(dropped(json!({"scroll":300})).contains("must be a string"));
    assert!(
        dropped(json!({"fill":{"selector":"#q","value":7}})).contains("\"value\" must be a string")
    );
    assert!(dropped(json!({"fill":"#q"})).contains("missing field \"value\""));
    assert!(dropped(json!({"done":true})).contains("\"response\" must be a string"));
    assert!(dropped(json!({"done":null})).contains("missing field \"response\""));
}

#[test]
fn normalize_keeps_order_and_accounts_for_every_entry() {
    let entries = vec![
        json!({"click":"#a"}),
        json!({"type":"navigate","url":"javascript:void(0)"}),
        json!({"action":"wait","ms":10}),
        json!(42),
        json!({"done":{"response":"ok"}}),
    ];
    let n = normalize(&entries);
    let kinds: Vec<_> = n.actions.iter().map(|a| a.kind().as_str()).collect();
    assert_eq!(kinds, ["click", "wait", "done"]);
    assert_eq!(n.dropped.len(), 2);
    assert_eq!(n.dropped[0].entry.to_value(), entries[1]);
    assert_eq!(n.dropped[1].entry.to_value(), json!(42));
    assert!(!n.dropped[0].reason.is_empty());
    assert_eq!(normalize(&[]).actions.len(), 0);
}
