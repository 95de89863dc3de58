//! `ProseFilter`: action JSON is hidden wherever it starts in a streamed answer, prose is
//! always shown, whatever the split into deltas.

#![cfg(test)]

use proptest::prelude::*;
use zo_core::answer::ProseFilter;

/// Everything the filter shows for `text` pushed in pieces of `size` chars, plus `finish`.
fn shown(text: &str, size: usize) -> (String, bool) {
    let chars: Vec<char> = text.chars().collect();
    let mut f = ProseFilter::new();
    let mut out = String::new();
    for piece in chars.chunks(size.max(1)) {
        out.push_str(&f.push(&piece.iter().collect::<String>()));
    }
    out.push_str(&f.finish());
    (out, f.hid_action_json())
}

/// The same result for every split size.
fn visible(text: &str) -> (String, bool) {
    let whole = shown(text, usize::MAX);
    for size in 1..=text.chars().count().min(40) {
        assert_eq!(shown(text, size), whole, "split {size} of {text:?}");
    }
    whole
}

#[test]
fn prose_is_shown_unchanged() {
    for text in [
        "Hello there.",
        "Use {x} and {y: 1} here.\n{not json}\n",
        "- item\n  - nested\n    code block\n",
        "[link](https://example.com) and [1, 2]\n[ ] todo",
        "```python\nprint({'a': 1})\n```\nDone.",
        "```\nplain\n```",
        "Config: {\"name\":\"zo\"} ok",
        "`inline` and ``double``",
        "",
        "\n\n  \n",
    ] {
        assert_eq!(visible(text), (text.to_string(), false), "{text:?}");
    }
}

#[test]
fn an_envelope_at_the_start_is_hidden() {
    assert_eq!(
        visible("{\"actions\":[{\"click\":\"#a\"}]}"),
        (String::new(), true)
    );
    // Whitespace held before an envelope goes with it.
    assert_eq!(
        visible("  ```json\n{\"reasoning\":\"r\",\"actions\":[]}\n```\n"),
        (String::new(), true)
    );
}

#[test]
fn a_fenced_envelope_after_prose_is_hidden_with_its_fences() {
    let text = "I'll open the pricing page.\n```json\n{\"actions\":[{\"click\":\"#pricing\"},{\"done\":\"ok\"}]}\n```\nBack soon.";
    assert_eq!(
        visible(text),
        ("I'll open the pricing page.\nBack soon.".to_string(), true)
    );
    let glued = "Plan:\n```JSON\n[{\"wait\":5}]```\nAfter.";
    assert_eq!(visible(glued), ("Plan:\nAfter.".to_string(), true));
}

#[test]
fn an_envelope_in_mid_line_is_hidden() {
    let text = "Sure! {\"actions\":[{\"navigate\":\"https://a.test/{x}\"}]} Let me know.";
    assert_eq!(visible(text), ("Sure!  Let me know.".to_string(), true));
    assert_eq!(
        visible("{{\"actions\":[]}} tail"),
        ("{} tail".to_string(), true),
        "the character that ends one candidate can start the next"
    );
    let tricky = "A {\"reasoning\":\"has } and ] and \\\" inside\",\"actions\":[]} B";
    assert_eq!(visible(tricky), ("A  B".to_string(), true));
}

#[test]
fn undecided_text_is_released_at_finish() {
    let mut f = ProseFilter::new();
    assert_eq!(f.push("Text {\"na"), "Text ");
    assert!(f.is_holding());
    assert_eq!(f.finish(), "{\"na");
    assert!(!f.hid_action_json());
}

fn prose() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 .,!?'\n-]{0,40}"
}

proptest! {
    #[test]
    fn text_without_brackets_or_fences_passes_untouched(text in "[^{\\[`~]{0,80}", size in 1usize..7) {
        prop_assert_eq!(shown(&text, size), (text.clone(), false));
    }

    #[test]
    fn envelopes_between_prose_are_hidden_whatever_the_split(
        before in prose(),
        after in prose(),
        reasoning in "[a-z {}\\[\\]\"]{0,12}",
        fenced in any::<bool>(),
        size in 1usize..9,
    ) {
        let json = serde_json::json!({"reasoning": reasoning, "actions":[{"click":"#a"}]}).to_string();
        let before = format!("{}\n", before.trim_end_matches('\n'));
        let text = if fenced {
            format!("{before}```json\n{json}\n```\n{after}")
        } else {
            format!("{before}{json}\n{after}")
        };
        let (out, hid) = shown(&text, size);
        prop_assert!(hid);
        let expected = if fenced { format!("{before}{after}") } else { format!("{before}\n{after}") };
        // Exactly the prose is shown; only whitespace next to the envelope may go with it.
        let no_ws = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        prop_assert_eq!(no_ws(&out), no_ws(&expected));
    }
}
