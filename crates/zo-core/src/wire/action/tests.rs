//! Tests of the field validators and [`Quoted`](super::Quoted).

use super::*;

#[test]
fn quoted_is_debug_for_message_strings() {
    for s in [
        "",
        "#a > b[name=\"x\"]",
        "back\\slash",
        "tab\tnl\ncr\r nul\0 bell\u{7} del\u{7f} c1\u{85}",
        "héllo wörld 🚀 日本",
        "'single' quotes",
    ] {
        assert_eq!(Quoted(s).to_string(), format!("{s:?}"));
    }
    assert_eq!(
        FieldError::BadUrl("java\tscript:x".into()).to_string(),
        "url must be an absolute http or https URL, got \"java\\tscript:x\""
    );
}

#[test]
fn wait_from_f64_follows_from_number() {
    assert_eq!(WaitMs::from_f64(-0.0, String::new), Ok(WaitMs(0)));
    assert_eq!(WaitMs::from_f64(30_000.0, String::new), Ok(WaitMs(30_000)));
    for bad in [30_001.0, 1.5, -1.0, f64::NAN, f64::INFINITY] {
        assert!(WaitMs::from_f64(bad, || "x".into()).is_err(), "{bad}");
    }
    assert_eq!(Direction::from_canonical("up"), Ok(Direction::Up));
    assert!(Direction::from_canonical("UP").is_err());
    assert_eq!(parse_attribute(" href "), Ok("href".to_string()));
    assert_eq!(parse_attribute(" \t"), Err(FieldError::BlankAttribute));
}
