//! Tests of the tool activity list: upserts, caps, and the cost of finding a call.

use super::*;

#[test]
fn calls_are_upserted_by_id_in_first_seen_order() {
    let mut t = Tools::default();
    t.call("a", "search", "{\"q\":");
    t.extend_args("a", "", "\"x\"}");
    t.call("b", "read", "");
    let r = t.result("a", "search", "found").unwrap();
    assert_eq!(r.args, "{\"q\":\"x\"}");
    assert_eq!(r.result.as_deref(), Some("found"));
    assert_eq!(t.all().len(), 2);
    assert_eq!(t.all()[0].tool_call_id, "a");
    assert_eq!(t.all()[1].name, "read");
}

#[test]
fn complete_args_never_shorten_and_results_are_cut() {
    let mut t = Tools::default();
    t.call("a", "s", "{\"q\":\"long\"}");
    assert_eq!(
        t.complete_args("a", "s", "{}").unwrap().args,
        "{\"q\":\"long\"}"
    );
    let long = "é".repeat(MAX_RESULT_CHARS + 10);
    let r = t.result("a", "s", &long).unwrap();
    assert_eq!(
        r.result.map(|s| s.chars().count()),
        Some(MAX_RESULT_CHARS + 1)
    );
}

#[test]
fn arg_pieces_without_id_extend_the_last_call() {
    let mut t = Tools::default();
    t.extend_args("", "sea", "{");
    t.extend_args("", "rch", "}");
    assert_eq!(t.all().len(), 1);
    assert_eq!(t.all()[0].name, "search");
    assert_eq!(t.all()[0].args, "{}");
}

#[test]
fn results_without_id_match_the_last_waiting_call_of_that_name() {
    let mut t = Tools::default();
    t.call("", "search", "{}");
    let r = t.result("", "search", "ok").unwrap();
    assert_eq!(r.tool_call_id, "tool-1");
    assert_eq!(t.all().len(), 1);
    // Two waiting searches and a read: results go to the latest waiting call of their name.
    t.call("", "search", "1");
    t.call("", "read", "2");
    t.call("", "search", "3");
    assert_eq!(t.result("", "search", "a").unwrap().args, "3");
    assert_eq!(t.result("", "search", "b").unwrap().args, "1");
    // No search waits any more: a new entry; a nameless result takes the last waiting call.
    assert_eq!(t.result("", "search", "c").unwrap().tool_call_id, "tool-5");
    assert_eq!(t.result("", "", "d").unwrap().args, "2");
    // A call named while streaming is found under its full name.
    t.extend_args("", "fe", "");
    t.extend_args("", "tch", "");
    assert_eq!(t.result("", "fetch", "e").unwrap().tool_call_id, "tool-6");
}

#[test]
fn a_list_of_calls_is_bounded_and_the_rest_counted() {
    let mut t = Tools::default();
    for i in 0..MAX_TOOLS + 10 {
        t.call(&format!("id{i}"), "search", "{}");
    }
    assert_eq!(t.all().len(), MAX_TOOLS);
    assert_eq!(t.dropped(), 10);
    assert!(t
        .result(&format!("id{}", MAX_TOOLS + 3), "search", "x")
        .is_none());
    assert!(t.result("id3", "search", "x").is_some());
    assert_eq!(t.dropped(), 11);
}

#[test]
fn arguments_ids_and_names_are_cut() {
    let mut t = Tools::default();
    let id = "i".repeat(MAX_ID_BYTES * 2);
    let a = t
        .call(
            &id,
            &"n".repeat(MAX_ID_BYTES + 1),
            &"é".repeat(MAX_TOOL_ARGS_BYTES),
        )
        .unwrap();
    assert_eq!(a.tool_call_id.len(), MAX_ID_BYTES);
    assert_eq!(a.name.len(), MAX_ID_BYTES);
    assert!(a.args.len() <= MAX_TOOL_ARGS_BYTES + CUT.len_utf8());
    assert!(a.args.ends_with(CUT));
    // The same (cut) id finds the same call; streamed pieces stop at the cap, marked once.
    for _ in 0..1000 {
        t.extend_args(&id, "name", "0123456789");
    }
    assert_eq!(t.all().len(), 1);
    let call = &t.all()[0];
    assert_eq!(call.args.matches(CUT).count(), 1);
    assert!(call.name.len() <= MAX_ID_BYTES + CUT.len_utf8());
    let mut t = Tools::default();
    for _ in 0..10_000 {
        t.extend_args("", "n", "{}");
    }
    let call = &t.all()[0];
    assert!(call.args.len() <= MAX_TOOL_ARGS_BYTES + CUT.len_utf8());
    assert!(call.name.len() <= MAX_ID_BYTES + CUT.len_utf8());
}

/// Calls and results without ids: each finds its call by looking at one call, however many
/// there are (the list used to be scanned from the end, quadratic over a stream).
#[test]
fn finding_a_call_does_not_scan_the_list() {
    for n in [100, MAX_TOOLS] {
        let mut t = Tools::default();
        for i in 0..n {
            t.call("", "search", &i.to_string());
        }
        for i in (0..n).rev() {
            assert_eq!(t.result("", "search", "ok").unwrap().args, i.to_string());
        }
        assert_eq!(t.work(), n as u64);
    }
}

/// 200 000 tool events without ids (calls, then results): the list is capped, and each event
/// looks at one call at most (the work is the number of events, not their square).
#[test]
fn two_hundred_thousand_calls_without_ids_cost_one_look_each() {
    let n = 100_000;
    let mut t = Tools::default();
    for _ in 0..n {
        t.call("", "search", "{}");
    }
    for _ in 0..n {
        t.result("", "search", "ok");
    }
    assert_eq!(t.all().len(), MAX_TOOLS);
    assert!(t.all().iter().all(|c| c.result.is_some()));
    assert!(
        t.work() <= 2 * n as u64,
        "{} looks for {} events",
        t.work(),
        2 * n
    );
}
