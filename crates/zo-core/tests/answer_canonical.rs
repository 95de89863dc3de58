//! The canonical action form: every field rule, strict judging, and serialization.

#![cfg(test)]

use serde_json::{json, Value};
use zo_core::answer::{from_canonical, EntryError};
use zo_core::wire::{Action, ActionKind, Direction, HttpUrl, Selector, WaitMs, MAX_WAIT_MS};

fn valid(v: Value) -> Action {
    match from_canonical(&v) {
        Ok(a) => a,
        Err(e) => panic!("{v} should be valid, got {e}"),
    }
}

fn invalid(v: Value) -> String {
    match from_canonical(&v) {
        Ok(a) => panic!("{v} should be invalid, got {a:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn serializes_type_first_exactly_as_the_canonical_shapes() {
    let a = Action::Click {
        selector: Selector::parse("#pricing").unwrap(),
    };
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        r##"{"type":"click","selector":"#pricing"}"##
    );
    let f = valid(json!({"type":"fill","selector":"#q","value":"hi"}));
    assert_eq!(
        serde_json::to_string(&f).unwrap(),
        r##"{"type":"fill","selector":"#q","value":"hi"}"##
    );
}

#[test]
fn all_seven_kinds_round_trip() {
    let entries = [
        json!({"type":"navigate","url":"https://example.com/a?b=c#d"}),
        json!({"type":"click","selector":"#pricing"}),
        json!({"type":"fill","selector":"input[name=q]","value":""}),
        json!({"type":"extract","selector":"h1"}),
        json!({"type":"extract","selector":"a","attribute":"href"}),
        json!({"type":"scroll","direction":"up","selector":"#list","amount":250.5}),
        json!({"type":"scroll","direction":"down"}),
        json!({"type":"wait","ms":0}),
        json!({"type":"done","response":"All set."}),
    ];
    let mut kinds = Vec::new();
    for e in entries {
        let a = valid(e.clone());
        assert_eq!(
            serde_json::to_value(&a).unwrap(),
            e,
            "canonical entries are fixed points"
        );
        let again: Action = serde_json::from_value(e).unwrap();
        assert_eq!(again, a);
        kinds.push(a.kind());
    }
    for k in ActionKind::ALL {
        assert!(kinds.contains(&k), "{k} not covered");
    }
}

#[test]
fn url_must_be_absolute_http_or_https() {
    for ok in [
        "http://example.com",
        "https://example.com/path?q=1#frag",
        "HTTPS://EXAMPLE.COM",
        "https://user:pw@example.com:8080/x",
        "http://[::1]:3000/",
        "http://127.0.0.1/",
        "  https://example.com/trimmed  ",
    ] {
        valid(json!({"type":"navigate","url":ok}));
    }
    assert_eq!(
        HttpUrl::parse("  https://example.com/trimmed\n")
            .unwrap()
            .as_str(),
        "https://example.com/trimmed"
    );
    for scheme_attack in [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "chrome://settings",
        "chrome-extension://abc/page.html",
        "about:blank",
        "blob:https://example.com/uuid",
        "vbscript:msgbox",
        "ftp://example.com/",
    ] {
        let reason = invalid(json!({"type":"navigate","url":scheme_attack}));
        assert!(reason.contains("not allowed"), "{scheme_attack}: {reason}");
    }
    for malformed in [
        "",
        "example.com",
        "/relative/path",
        "//example.com/x",
        "http:example.com",
        "https://",
        "https:///path",
        "http://:80/",
        "http://user@/",
        "https://exa mple.com",
        "https://example.com/\u{0}x",
        "https://example.com\\@evil.com",
        "java\tscript:alert(1)",
        "\u{1}javascript:alert(1)",
        "http://example.com:80a/",
        "http://[]/",
        "http://[::1/",
        "http://exa<mple.com/",
    ] {
        invalid(json!({"type":"navigate","url":malformed}));
    }
    invalid(json!({"type":"navigate","url":42}));
    invalid(json!({"type":"navigate"}));
}

#[test]
fn selectors_are_trimmed_and_need_one_char() {
    let a = valid(json!({"type":"click","selector":"  #a .b\n"}));
    assert_eq!(a.selector().unwrap().as_str(), "#a .b");
    for blank in ["", " ", "\t\n\r\u{c}"] {
        let r = invalid(json!({"type":"click","selector":blank}));
        assert!(r.contains("selector must not be empty"), "{r}");
    }
    // Non-ASCII whitespace is not CSS whitespace: kept, and counts as a character.
    valid(json!({"type":"click","selector":"\u{a0}"}));
    invalid(json!({"type":"click","selector":null}));
    invalid(json!({"type":"click","selector":["#a"]}));
    invalid(json!({"type":"fill","selector":" ","value":"x"}));
    invalid(json!({"type":"extract","selector":""}));
    invalid(json!({"type":"scroll","selector":""}));
}

#[test]
fn fill_value_is_a_string() {
    valid(json!({"type":"fill","selector":"#q","value":""}));
    invalid(json!({"type":"fill","selector":"#q","value":42}));
    invalid(json!({"type":"fill","selector":"#q","value":null}));
    invalid(json!({"type":"fill","selector":"#q"}));
}

#[test]
fn extract_attribute_is_optional_and_non_blank() {
    match valid(json!({"type":"extract","selector":"h1"})) {
        Action::Extract { attribute, .. } => assert_eq!(attribute, None),
        other => panic!("{other:?}"),
    }
    match valid(json!({"type":"extract","selector":"a","attribute":" href "})) {
        Action::Extract { attribute, .. } => assert_eq!(attribute.as_deref(), Some("href")),
        other => panic!("{other:?}"),
    }
    invalid(json!({"type":"extract","selector":"a","attribute":""}));
    invalid(json!({"type":"extract","selector":"a","attribute":"  "}));
    invalid(json!({"type":"extract","selector":"a","attribute":1}));
    invalid(json!({"type":"extract","selector":"a","attribute":null}));
}

#[test]
fn scroll_direction_defaults_down_and_amount_is_a_number() {
    match valid(json!({"type":"scroll"})) {
        Action::Scroll {
            direction,
            selector,
            amount,
        } => {
            assert_eq!(direction, Direction::Down);
            assert_eq!(selector, None);
            assert_eq!(amount, None);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        serde_json::to_value(valid(json!({"type":"scroll"}))).unwrap(),
        json!({"type":"scroll","direction":"down"})
    );
    valid(json!({"type":"scroll","direction":"up","amount":-120}));
    invalid(json!({"type":"scroll","direction":"UP"}));
    invalid(json!({"type":"scroll","direction":"left"}));
    invalid(json!({"type":"scroll","direction":1}));
    invalid(json!({"type":"scroll","amount":"300"}));
    invalid(json!({"type":"scroll","amount":null}));
}

#[test]
fn wait_ms_is_an_integer_up_to_the_bound_and_rejects_above() {
    assert_eq!(MAX_WAIT_MS, 30_000);
    let ms = |v: Value| match valid(v) {
        Action::Wait { ms } => ms.get(),
        other => panic!("{other:?}"),
    };
    assert_eq!(ms(json!({"type":"wait"})), 1000);
    assert_eq!(ms(json!({"type":"wait","ms":0})), 0);
    assert_eq!(ms(json!({"type":"wait","ms":30000})), 30_000);
    assert_eq!(ms(json!({"type":"wait","ms":1500.0})), 1500);
    let above = invalid(json!({"type":"wait","ms":30001}));
    assert!(above.contains("between 0 and 30000"), "{above}");
    invalid(json!({"type":"wait","ms":1e12}));
    invalid(json!({"type":"wait","ms":-1}));
    invalid(json!({"type":"wait","ms":10.5}));
    invalid(json!({"type":"wait","ms":"500"}));
    invalid(json!({"type":"wait","ms":null}));
    assert!(WaitMs::new(MAX_WAIT_MS + 1).is_err());
    let w: WaitMs = serde_json::from_str("2e3").unwrap();
    assert_eq!(w.get(), 2000);
    assert!(serde_json::from_str::<WaitMs>("30001").is_err());
}

#[test]
fn done_response_is_a_string() {
    valid(json!({"type":"done","response":""}));
    invalid(json!({"type":"done","response":{"text":"x"}}));
    invalid(json!({"type":"done"}));
}

#[test]
fn strict_form_refuses_unknown_fields_other_shapes_and_cases() {
    let r = invalid(json!({"type":"click","selector":"#a","force":true}));
    assert!(r.contains("unknown field"), "{r}");
    assert_eq!(
        from_canonical(&json!({"click":"#a"})),
        Err(EntryError::MissingType)
    );
    assert_eq!(
        from_canonical(&json!({"type":"Click","selector":"#a"})),
        Err(EntryError::UnknownKind("Click".into()))
    );
    assert_eq!(
        from_canonical(&json!({"type":7})),
        Err(EntryError::TypeNotString)
    );
    assert_eq!(from_canonical(&json!("click")), Err(EntryError::NotObject));
    invalid(json!({"type":"hover","selector":"#a"}));
    invalid(json!({"action":"click","selector":"#a"}));
    // Deserialize is the same strict judge.
    assert!(serde_json::from_str::<Action>(r##"{"type":"click","selector":"#a","x":1}"##).is_err());
    assert!(serde_json::from_str::<Action>(r##"{"selector":"#a","type":"click"}"##).is_ok());
}
