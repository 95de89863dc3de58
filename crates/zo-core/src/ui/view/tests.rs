//! Tests of the panel's rendering decisions: cards, labels, masking, timeline rows.

use super::*;
use crate::wire::action::{HttpUrl, Selector};
use crate::wire::protocol::{ActionError, ActionErrorCode};

#[test]
fn short_reasoning_is_inline_long_is_collapsed() {
    assert_eq!(
        reasoning_display("Looking at the page."),
        ReasoningDisplay::Inline
    );
    assert_eq!(
        reasoning_display(&"word ".repeat(100)),
        ReasoningDisplay::Collapsed
    );
    assert_eq!(reasoning_display("a\nb\nc\nd"), ReasoningDisplay::Collapsed);
}

#[test]
fn labels() {
    assert_eq!(reconnect_label(2, 3), "Reconnecting (attempt 2 of 3)");
    assert_eq!(format_elapsed(4_250), "4.2 s");
    assert_eq!(format_elapsed(65_000), "1 min 5 s");
    assert_eq!(format_elapsed(81_000), "1 min 21 s");
    assert_eq!(elapsed_label(MessageStatus::Done, Some(4_250)), "4.2 s");
    assert_eq!(
        elapsed_label(MessageStatus::Stopped, Some(4_250)),
        "Stopped · 4.2 s"
    );
    assert_eq!(elapsed_label(MessageStatus::Stopped, None), "Stopped");
    assert_eq!(elapsed_label(MessageStatus::Failed, None), "");
    assert_eq!(working_label(Some("running"), 0), "Running…");
    assert_eq!(working_label(None, 12_000), "Working… (no update for 12s)");
}

fn fill_with(sel: &str, value: &str) -> Action {
    Action::Fill {
        selector: Selector::parse(sel).unwrap(),
        value: value.into(),
    }
}

#[test]
fn timeline_rows_have_details() {
    let nav = Action::Navigate {
        url: HttpUrl::parse("https://example.com/a").unwrap(),
    };
    let row = timeline_row(&nav, None);
    assert_eq!(row.status, ActionStatus::Pending);
    assert_eq!(row.title, "Navigate");
    assert_eq!(
        row.details[0],
        ("URL".into(), "https://example.com/a".into())
    );

    let extract = Action::Extract {
        selector: Selector::parse(".price").unwrap(),
        attribute: None,
    };
    let result = ActionResult {
        index: 0,
        status: ActionStatus::Done,
        value: Some(crate::wire::json::RawJson::from_value(&serde_json::json!(
            "$42"
        ))),
        error: None,
        settle_ms: None,
        target_name: None,
    };
    let row = timeline_row(&extract, Some(&result));
    assert_eq!(row.status, ActionStatus::Done);
    assert_eq!(row.target, ".price");
    assert!(row.details.contains(&("Extracted".into(), "$42".into())));

    let failed = ActionResult {
        index: 1,
        status: ActionStatus::Failed,
        value: None,
        error: Some(ActionError {
            code: ActionErrorCode::NotFound,
            message: "no element matches #x".into(),
        }),
        settle_ms: None,
        target_name: None,
    };
    let row = timeline_row(&fill_with("#x", "a"), Some(&failed));
    assert_eq!(status_label(row.status), "failed");
    assert!(row
        .details
        .contains(&("Error".into(), "no element matches #x".into())));
    let labels: Vec<&str> = row.details.iter().map(|(l, _)| l.as_str()).collect();
    let (advice, error) = (
        labels.iter().position(|l| *l == "What to do"),
        labels.iter().position(|l| *l == "Error"),
    );
    assert!(
        advice.is_some() && advice < error,
        "what to do comes before the technical reason: {labels:?}"
    );
    assert!(row.details.contains(&("Value".into(), "a".into())));
}

#[test]
fn summaries_are_short_one_liners() {
    let s = summary(&"line\n".repeat(100));
    assert!(!s.contains('\n'));
    assert_eq!(s.chars().count(), SUMMARY_CHARS + 1);
}

#[test]
fn result_values_read_as_text_per_action() {
    let done = |value: serde_json::Value| ActionResult {
        index: 0,
        status: ActionStatus::Done,
        value: Some(crate::wire::json::RawJson::from_value(&value)),
        error: None,
        settle_ms: None,
        target_name: None,
    };
    let extract = Action::Extract {
        selector: Selector::parse("#r").unwrap(),
        attribute: None,
    };
    let row = timeline_row(
        &extract,
        Some(&done(
            serde_json::json!({"value": "Name: Ada", "truncated": false, "length": 9}),
        )),
    );
    assert!(row
        .details
        .contains(&("Extracted".into(), "Name: Ada".into())));
    assert!(!format!("{:?}", row.details).contains('{'));
    let row = timeline_row(
        &extract,
        Some(&done(
            serde_json::json!({"value": "abc", "truncated": true, "length": 5000}),
        )),
    );
    assert!(row
        .details
        .contains(&("Note".into(), "cut from 5000 characters".into())));

    // A fill's outcome is not an "Extracted" value; only a changed field is mentioned.
    let row = timeline_row(
        &fill_with("#name", "Ada"),
        Some(&done(serde_json::json!({"value": "Ada"}))),
    );
    assert!(row
        .details
        .iter()
        .all(|(k, _)| k != "Extracted" && k != "Field now"));
    let row = timeline_row(
        &fill_with("#age", "300"),
        Some(&done(serde_json::json!({"value": "120"}))),
    );
    assert!(row.details.contains(&("Field now".into(), "120".into())));

    let scroll = Action::Scroll {
        direction: Direction::Down,
        selector: None,
        amount: None,
    };
    let row = timeline_row(
        &scroll,
        Some(&done(
            serde_json::json!({"target": "window", "x": 0, "y": 640, "atEnd": true}),
        )),
    );
    assert!(row
        .details
        .contains(&("Position".into(), "x 0, y 640 (at the end)".into())));
}

#[test]
fn refused_actions_read_refused_with_their_reason() {
    let nav = Action::Navigate {
        url: crate::wire::action::HttpUrl::parse("https://evil.example/").unwrap(),
    };
    let result = ActionResult {
        index: 0,
        status: ActionStatus::Failed,
        value: None,
        error: Some(crate::wire::protocol::ActionError {
            code: crate::wire::protocol::ActionErrorCode::Refused,
            message: "You declined: Go to https://evil.example/.".into(),
        }),
        settle_ms: None,
        target_name: None,
    };
    let row = timeline_row(&nav, Some(&result));
    assert_eq!(
        (row.status, row.status_text()),
        (ActionStatus::Failed, "refused")
    );
    assert!(row.details.contains(&(
        "Why".to_string(),
        "You declined: Go to https://evil.example/.".to_string()
    )));
    let plain = ActionResult {
        error: Some(crate::wire::protocol::ActionError {
            code: crate::wire::protocol::ActionErrorCode::NotFound,
            message: "gone".into(),
        }),
        ..result
    };
    assert_eq!(timeline_row(&nav, Some(&plain)).status_text(), "failed");
}

#[test]
fn an_answers_footer_says_mode_model_and_time() {
    assert_eq!(
        footer_label("Ask", Some("Zo Fast"), MessageStatus::Done, Some(4_250)),
        "Ask · Zo Fast · 4.2 s"
    );
    assert_eq!(
        footer_label("Co-browse", None, MessageStatus::Stopped, Some(1_000)),
        "Co-browse · Stopped · 1.0 s"
    );
    assert_eq!(
        footer_label("Summarize", Some(" "), MessageStatus::Failed, None),
        "Summarize"
    );
}

#[test]
fn a_fill_row_shows_what_it_typed_quoted_and_short() {
    let row = timeline_row(&fill_with("#name", "Ada Lovelace"), None);
    assert_eq!(row.typed.as_deref(), Some("\u{201c}Ada Lovelace\u{201d}"));
    let long = timeline_row(&fill_with("#notes", &"word ".repeat(40)), None);
    assert!(long.typed.as_deref().unwrap_or_default().chars().count() <= TYPED_CHARS + 2);
    let masked = timeline_row(&fill_with("#pw", crate::cobrowse::MASK), None);
    assert_eq!(
        masked.typed,
        Some(format!("\u{201c}{}\u{201d}", crate::cobrowse::MASK)),
        "a secret stays masked"
    );
    let click = Action::Click {
        selector: Selector::parse("#go").unwrap(),
    };
    assert_eq!(timeline_row(&click, None).typed, None);
}

#[test]
fn rows_name_clicked_and_filled_elements_as_people_call_them() {
    let done = |name: Option<&str>| ActionResult {
        index: 0,
        status: ActionStatus::Done,
        value: None,
        error: None,
        settle_ms: None,
        target_name: name.map(str::to_string),
    };
    let fill = Action::Fill {
        selector: Selector::parse("#name").unwrap(),
        value: "Ada Lovelace".into(),
    };
    let row = timeline_row(&fill, Some(&done(Some("Full name"))));
    assert_eq!(
        (
            row.title.as_str(),
            row.target.as_str(),
            row.typed.as_deref()
        ),
        (
            "Fill",
            "\u{201c}Full name\u{201d}",
            Some("with \u{201c}Ada Lovelace\u{201d}")
        )
    );
    assert!(row.named);
    assert_eq!(row.tooltip, "#name", "the selector stays in the tooltip");
    assert!(row.details.contains(&("Selector".into(), "#name".into())));
    // Unnamed: the selector, as before.
    let row = timeline_row(&fill, Some(&done(None)));
    assert_eq!((row.target.as_str(), row.named), ("#name", false));
    assert_eq!(row.typed.as_deref(), Some("\u{201c}Ada Lovelace\u{201d}"));
    // A long name is cut short; an extract keeps its selector (its "name" is what it reads).
    let click = Action::Click {
        selector: Selector::parse("button.go").unwrap(),
    };
    let long = "I agree to the terms and conditions and the privacy policy of this shop";
    let row = timeline_row(&click, Some(&done(Some(long))));
    assert!(
        row.target.chars().count() <= NAME_CHARS + 2,
        "{}",
        row.target
    );
    assert!(row.target.ends_with("…\u{201d}"), "{}", row.target);
    let extract = Action::Extract {
        selector: Selector::parse("#total").unwrap(),
        attribute: None,
    };
    let row = timeline_row(&extract, Some(&done(Some("Total: 42 EUR"))));
    assert_eq!((row.target.as_str(), row.named), ("#total", false));
}
