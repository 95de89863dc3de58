//! `parse_answer`: every envelope shape, plain prose, and the final-text rule.

#![cfg(test)]

use serde_json::json;
use zo_core::answer::{parse_answer, Envelope};
use zo_core::wire::ActionKind;

fn kinds(e: &Envelope) -> Vec<&'static str> {
    e.actions.iter().map(|a| a.kind().as_str()).collect()
}

#[test]
fn object_with_actions_and_reasoning() {
    let e = parse_answer(
        r##"{"reasoning":"Open pricing first.","actions":[{"click":"#pricing"},{"done":{"response":"Pricing is open."}}]}"##,
    );
    assert!(e.is_envelope);
    assert_eq!(kinds(&e), ["click", "done"]);
    assert_eq!(e.reasoning.as_deref(), Some("Open pricing first."));
    assert_eq!(e.text, "Pricing is open.");
    assert!(e.dropped.is_empty());
}

#[test]
fn bare_array_of_actions() {
    let e = parse_answer("  [{\"type\":\"click\",\"selector\":\"#a\"},{\"wait\":100}]\n");
    assert!(e.is_envelope);
    assert_eq!(kinds(&e), ["click", "wait"]);
    assert_eq!(e.text, "");
    assert_eq!(e.reasoning, None);
}

#[test]
fn fenced_block_with_any_language_tag_in_any_case() {
    for tag in ["json", "JSON", "Json5", "", "javascript", "text"] {
        let answer = format!(
            "Here is the plan:\n```{tag}\n{{\"actions\":[{{\"action\":\"fill\",\"selector\":\"#q\",\"value\":\"rust\"}}]}}\n```\nI will report back."
        );
        let e = parse_answer(&answer);
        assert!(e.is_envelope, "tag {tag:?}");
        assert_eq!(kinds(&e), ["fill"]);
        assert_eq!(e.text, "Here is the plan:\n\nI will report back.");
    }
    let tilde = parse_answer("~~~json\n[{\"click\":\"#x\"}]\n~~~");
    assert_eq!(kinds(&tilde), ["click"]);
    let unterminated = parse_answer("```json\n{\"actions\":[{\"done\":\"bye\"}]}");
    assert_eq!(unterminated.text, "bye");
    let glued = parse_answer("```json\n{\"actions\":[{\"done\":\"glued\"}]}```");
    assert_eq!(glued.text, "glued");
}

#[test]
fn a_fenced_block_that_is_not_action_json_stays_prose() {
    let answer = "Use this config:\n```json\n{\"name\":\"zo\"}\n```\nDone.";
    let e = parse_answer(answer);
    assert!(!e.is_envelope);
    assert_eq!(e.text, answer);
    let code = "```python\nprint({\"actions\": 1})\n```";
    assert!(!parse_answer(code).is_envelope);
}

#[test]
fn envelope_embedded_in_prose() {
    let e = parse_answer(
        "Sure! {\"actions\":[{\"navigate\":\"https://example.com\"},{\"done\":\"\"}]} Let me know.",
    );
    assert!(e.is_envelope);
    assert_eq!(kinds(&e), ["navigate", "done"]);
    assert_eq!(
        e.text, "Sure!\n\nLet me know.",
        "blank done.response falls back to prose"
    );
    let braces =
        parse_answer("Set {x} first. {\"reasoning\":\"r\",\"actions\":[{\"click\":\"#a\"}]}");
    assert_eq!(kinds(&braces), ["click"]);
    assert_eq!(braces.text, "Set {x} first.");
}

#[test]
fn plain_prose_and_non_action_json_are_untouched() {
    for text in [
        "Hello! How can I help?",
        "  indented markdown\n",
        "",
        "{\"answer\":42}",
        "[1,2,3]",
        "[]",
        "[{\"name\":\"x\"}]",
        "\"just a string\"",
        "The word \"actions\" appears here {but no JSON}.",
    ] {
        let e = parse_answer(text);
        assert!(!e.is_envelope, "{text:?}");
        assert_eq!(e.text, text);
        assert!(e.actions.is_empty() && e.dropped.is_empty());
        assert_eq!(e.reasoning, None);
    }
}

#[test]
fn final_text_is_done_response_else_prose_else_reasoning() {
    let done = parse_answer("Intro {\"reasoning\":\"why\",\"actions\":[{\"done\":\"answer\"}]}");
    assert_eq!(done.text, "answer");
    let prose = parse_answer("Intro {\"reasoning\":\"why\",\"actions\":[{\"click\":\"#a\"}]}");
    assert_eq!(prose.text, "Intro");
    let reasoning = parse_answer("{\"reasoning\":\"why\",\"actions\":[{\"click\":\"#a\"}]}");
    assert_eq!(reasoning.text, "why");
    let nothing = parse_answer("{\"actions\":[{\"click\":\"#a\"}]}");
    assert_eq!(nothing.text, "");
    let last_done = parse_answer("{\"actions\":[{\"done\":\"first\"},{\"done\":\"second\"}]}");
    assert_eq!(last_done.text, "second");
}

#[test]
fn dropped_entries_are_kept_and_raw_json_never_becomes_text() {
    let e = parse_answer(
        "{\"actions\":[{\"navigate\":\"javascript:alert(1)\"},{\"hover\":\"#a\"},{\"click\":\"#ok\"}]}",
    );
    assert!(e.is_envelope);
    assert_eq!(kinds(&e), ["click"]);
    assert_eq!(e.dropped.len(), 2);
    assert_eq!(
        e.dropped[0].entry.to_value(),
        json!({"navigate":"javascript:alert(1)"})
    );
    assert_eq!(e.text, "");
    let not_list = parse_answer("{\"actions\":\"click #a\"}");
    assert!(not_list.is_envelope);
    assert!(not_list.actions.is_empty());
    assert_eq!(not_list.dropped.len(), 1);
    assert_eq!(not_list.text, "");
    let bom = parse_answer("\u{feff}{\"actions\":[{\"click\":\"#a\"}]}");
    assert_eq!((bom.actions.len(), bom.text.as_str()), (1, ""));
    let single = parse_answer("{\"actions\":{\"type\":\"wait\",\"ms\":5}}");
    assert_eq!(single.actions[0].kind(), ActionKind::Wait);
}

#[test]
fn several_fenced_envelopes_are_merged_in_order() {
    let e = parse_answer(
        "First:\n```json\n[{\"click\":\"#a\"}]\n```\nthen\n```\n{\"actions\":[{\"done\":\"end\"}]}\n```",
    );
    assert_eq!(kinds(&e), ["click", "done"]);
    assert_eq!(e.text, "end");
}
