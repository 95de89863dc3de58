//! `ActionJsonDetector` and `looks_like_action_json`: hiding envelopes that arrive token by
//! token, never hiding prose.

#![cfg(test)]

use zo_core::answer::{looks_like_action_json, ActionJsonDetector, Verdict};

/// Pushes `text` split into pieces of `size` chars; returns every verdict in order.
fn verdicts(text: &str, size: usize) -> Vec<Verdict> {
    let chars: Vec<char> = text.chars().collect();
    let mut d = ActionJsonDetector::new();
    chars
        .chunks(size)
        .map(|c| d.push(&c.iter().collect::<String>()))
        .collect()
}

fn final_verdict(text: &str) -> Verdict {
    for size in 1..=text.chars().count().max(1) {
        let v = verdicts(text, size);
        let last = *v.last().unwrap();
        // Whatever the split, the same final verdict, and a decision is never revised.
        if let Some(first) = v.iter().position(|x| *x != Verdict::Undecided) {
            assert!(
                v[first..].iter().all(|x| *x == v[first]),
                "{text:?} size {size}: {v:?}"
            );
        }
        assert_eq!(last, verdicts(text, text.len().max(1)).pop().unwrap());
    }
    *verdicts(text, 1).last().unwrap()
}

#[test]
fn envelopes_are_detected_whatever_the_split() {
    for text in [
        "{\"actions\":[",
        "  \n\t{ \"actions\" : [{\"click\":\"#a\"}]}",
        "```json\n{\"actions\":[]}\n```",
        "```JSON\n\n  {\n  \"actions\": [",
        "~~~\n{\"actions\"",
        "{\"reasoning\":\"look at {this} \\\"quoted\\\" [x]\",\"actions\":[",
        "{\"reasoning\":{\"nested\":{\"actions\":1}},\"actions\":[",
        "[{\"click\":\"#a\"}]",
        "[\n  {",
        "\u{feff}{\"actions\":[]}",
    ] {
        assert_eq!(final_verdict(text), Verdict::ActionJson, "{text:?}");
        assert!(looks_like_action_json(text), "{text:?}");
    }
}

#[test]
fn prose_is_never_hidden() {
    for text in [
        "Hello",
        "  Sure, here is the answer.",
        "{name} is a placeholder",
        "{}",
        "{\"answer\":42}",
        "{\"act\":1}",
        "{\"actionsX\":1}",
        "[link](https://example.com)",
        "[1, 2]",
        "[]",
        "`code` is inline",
        "``x``",
        "```python\nprint(1)\n```",
        "```\nplain text in a fence",
        "```js ```",
        "Sure! {\"actions\":[]}",
    ] {
        assert_eq!(final_verdict(text), Verdict::Prose, "{text:?}");
        assert!(!looks_like_action_json(text), "{text:?}");
    }
}

#[test]
fn undecided_until_the_text_can_tell() {
    let mut d = ActionJsonDetector::new();
    assert_eq!(d.push(""), Verdict::Undecided);
    assert_eq!(d.push("  \n"), Verdict::Undecided);
    assert_eq!(d.push("``"), Verdict::Undecided);
    assert_eq!(d.push("`json"), Verdict::Undecided);
    assert_eq!(d.push("\n{"), Verdict::Undecided);
    assert_eq!(d.push("\"act"), Verdict::Undecided);
    assert_eq!(d.push("ions"), Verdict::Undecided);
    assert_eq!(d.push("\""), Verdict::ActionJson);
    assert_eq!(d.push(" anything after"), Verdict::ActionJson);
    assert_eq!(d.verdict(), Verdict::ActionJson);
    assert!(
        !looks_like_action_json("{\"act"),
        "undecided is not action JSON yet"
    );
}

#[test]
fn a_decision_is_final() {
    let mut d = ActionJsonDetector::new();
    assert_eq!(d.push("Hi "), Verdict::Prose);
    assert_eq!(d.push("{\"actions\":[]}"), Verdict::Prose);
}

#[test]
fn a_long_reasoning_streamed_in_tiny_deltas_stays_undecided_then_decides() {
    let mut d = ActionJsonDetector::new();
    assert_eq!(d.push("{\"reasoning\":\""), Verdict::Undecided);
    for _ in 0..10_000 {
        assert_eq!(d.push("a \\\" } ] { ["), Verdict::Undecided);
    }
    assert_eq!(d.push("\",\"act"), Verdict::Undecided);
    assert_eq!(d.push("ions\":"), Verdict::ActionJson);
}
