//! What an export carries besides the chat's text: the values a Co-browse extract returned,
//! and the earlier answers of an answer asked again.

use super::*;

#[test]
fn markdown_has_the_values_an_extract_returned() {
    let mut chat = Chat::new("c".into(), Mode::Cobrowse, CREATED);
    chat.put_message(
        Message::user("u".into(), Mode::Cobrowse, "Read the prices".into()),
        CREATED,
    );
    let mut a = Message::assistant("a".into(), Mode::Cobrowse, "s".into(), "Read".into());
    let extract = |sel: &str| Action::Extract {
        selector: Selector::parse(sel).unwrap(),
        attribute: None,
    };
    let with = |mut e: TimelineEntry, v: Value| {
        e.value = Some(crate::wire::json::RawJson::from_value(&v));
        e
    };
    a.timeline = vec![
        with(
            entry(0, extract("#total"), ActionStatus::Done, None),
            json!({"value": "€ 12.50", "truncated": false, "length": 7}),
        ),
        with(
            entry(1, extract("#list"), ActionStatus::Done, None),
            json!({"value": "Green tea\nBlack ```tea```", "truncated": true, "length": 9000}),
        ),
        with(
            entry(2, extract("#bare"), ActionStatus::Done, None),
            json!("plain text value"),
        ),
        // Nothing returned, or a failure: no value line.
        entry(3, extract("#none"), ActionStatus::Failed, None),
        with(
            entry(4, extract("#blank"), ActionStatus::Done, None),
            json!({"value": "  "}),
        ),
    ];
    a.status = MessageStatus::Done;
    chat.put_message(a, CREATED);
    let md = to_markdown(&chat, 0);
    assert!(
        md.contains("1. Extract `#total`: **done**\n   - Extracted: `€ 12.50`\n2. "),
        "{md}"
    );
    assert!(
        md.contains(
            "2. Extract `#list`: **done**\n   - Extracted:\n\n     ````text\n     Green tea\n     Black ```tea```\n     ````\n   - *Cut from 9000 characters by the page.*\n3. "
        ),
        "{md}"
    );
    assert!(md.contains("   - Extracted: `plain text value`\n"), "{md}");
    assert_eq!(md.matches("Extracted").count(), 3, "{md}");
    // The JSON file carries the values as reported.
    let v: Value = serde_json::from_str(&to_json(&chat)).unwrap();
    assert_eq!(v["messages"][1]["actions"][0]["value"]["value"], "€ 12.50");
}

#[test]
fn both_formats_keep_the_earlier_answers_of_an_answer_asked_again() {
    let mut chat = Chat::new("c".into(), Mode::Ask, CREATED);
    chat.put_message(Message::user("u".into(), Mode::Ask, "Hi".into()), CREATED);
    let mut first = Message::assistant("a1".into(), Mode::Ask, "s1".into(), "Hi".into());
    first.text = "First\nanswer".into();
    first.status = MessageStatus::Done;
    first.elapsed_ms = Some(900);
    let mut again = Message::assistant("a2".into(), Mode::Ask, "s2".into(), "Hi".into());
    again.text = "Second answer".into();
    again.status = MessageStatus::Done;
    again.keep_earlier(&first);
    chat.put_message(again, CREATED);
    let md = to_markdown(&chat, 0);
    assert!(
        md.contains("\nSecond answer\n\n**Earlier answer 1 of 2**\n\n> First\n> answer\n"),
        "{md}"
    );
    let v: Value = serde_json::from_str(&to_json(&chat)).unwrap();
    assert_eq!(
        v["messages"][1]["alternatives"],
        json!([{"text": "First\nanswer", "status": "done", "elapsedMs": 900}])
    );
    assert_eq!(v["messages"][1]["text"], "Second answer");
}
