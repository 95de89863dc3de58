//! Tests of envelope parsing's cost and memory on hostile answers (behaviour is tested in
//! `tests/answer_envelope.rs`).

use super::*;

/// `n` fenced blocks each holding a lone `{`, then prose naming "actions": every `{` is
/// inside a block, and each used to be checked against every block (quadratic).
fn fenced_braces(n: usize) -> String {
    let mut text = "Plan:\n".to_string();
    for _ in 0..n {
        text.push_str("```\n{\n```\n");
    }
    text.push_str("say \"actions\" here {\"actions\":[{\"click\":\"#go\"}]}");
    text
}

#[test]
fn the_embedded_search_is_linear_in_the_answer() {
    let mut per_byte = Vec::new();
    for n in [1_000, 4_000, 16_000, 50_000] {
        let text = fenced_braces(n);
        let mut work = 0;
        let (found, rest) = embedded_counted(&text, &mut work).expect("the trailing envelope");
        assert_eq!(found.normalized.actions.len(), 1);
        assert_eq!(rest.len(), 2);
        assert!(
            work <= 2 * text.len(),
            "{work} steps for {} bytes",
            text.len()
        );
        per_byte.push(work as f64 / text.len() as f64);
    }
    // Doubling the answer doubles the work: the work per byte does not grow.
    assert!(
        per_byte.windows(2).all(|w| w[1] <= w[0] * 1.05),
        "{per_byte:?}"
    );
}

#[test]
fn unclosed_objects_cost_at_most_a_few_passes_over_the_answer() {
    // Each `{"` opens an object that never closes: scanning each to the end would be
    // quadratic; the shared budget stops the search instead.
    let text = format!("{} \"actions\"", "{\"a\": ".repeat(20_000));
    let mut work = 0;
    assert!(embedded_counted(&text, &mut work).is_none());
    assert!(
        work <= (EMBED_SCAN_FACTOR + 2) * text.len(),
        "{work} steps for {} bytes",
        text.len()
    );
}

#[test]
fn a_brace_in_prose_is_given_up_at_once() {
    let text = format!(
        "Use {{name}} or {{ x }} and {{placeholders{}}} then {{\"actions\":[{{\"scroll\":\"down\"}}]}}",
        " ".repeat(10_000)
    );
    let mut budget = usize::MAX;
    assert_eq!(object_end(&text, 4, &mut budget), None);
    let env = parse_answer(&text);
    assert!(env.is_envelope);
    assert_eq!(env.actions.len(), 1);
}

#[test]
fn a_huge_action_list_is_read_within_a_bounded_tree() {
    let text = format!(
        "{{\"actions\":[{}]}}",
        vec!["{\"scroll\":\"down\"}"; 50_000].join(",")
    );
    let env = parse_answer(&text);
    assert!(env.is_envelope);
    // The entries past the node budget are not read at all.
    assert!(env.actions.len() + env.dropped.len() < crate::wire::json::MAX_JSON_NODES);
}
