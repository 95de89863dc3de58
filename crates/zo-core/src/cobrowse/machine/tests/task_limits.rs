//! Co-browse state machine tests of what holds over a whole task: the action cap across
//! answers, and text read in a shared tab not written into the bound page unasked.

use super::*;
use crate::wire::facts::TargetFacts;

fn clicks(n: usize) -> Vec<Action> {
    (0..n).map(|_| click("#more")).collect()
}

/// Runs the current batch to success.
fn run_ok(c: &mut Cobrowse, len: usize) -> Vec<Command> {
    let mut out = Vec::new();
    for i in 0..len as u32 {
        let facts = Some(TargetFacts {
            tag: "button".into(),
            name: "More".into(),
            ..TargetFacts::default()
        });
        out.extend(c.on_action_check(i, facts, SHOP));
    }
    out.extend(c.on_batch_done(BatchOutcome {
        results: (0..len as u32).map(|i| ok(i, None)).collect(),
        interrupted: None,
    }));
    out
}

#[test]
fn the_action_cap_holds_over_every_answer_of_a_task() {
    let mut c = asked(10).with_caps(45, 5);
    let mut ran = 0;
    let mut out = c.on_answer(answer(clicks(20)));
    ran += 20;
    out.extend(run_ok(&mut c, 20));
    out.extend(c.on_snapshot(Ok(page(SHOP))));
    out.extend(c.on_answer(answer(clicks(20))));
    ran += 20;
    out.extend(run_ok(&mut c, 20));
    out.extend(c.on_snapshot(Ok(page(SHOP))));
    // The third answer may run only 5 more.
    let third = c.on_answer(answer(clicks(20)));
    let batch = third.iter().find_map(|cmd| match cmd {
        Command::RunBatch { actions, .. } => Some(actions.len()),
        _ => None,
    });
    assert_eq!(batch, Some(5));
    assert!(third
        .iter()
        .any(|cmd| matches!(cmd, Command::Note { text } if text.contains("cap of 45 actions"))));
    ran += 5;
    run_ok(&mut c, 5);
    c.on_snapshot(Ok(page(SHOP)));
    // Past the cap the task ends, whatever the answer asks.
    let fourth = c.on_answer(answer(clicks(3)));
    assert!(fourth
        .iter()
        .any(|cmd| matches!(cmd, Command::Finish { text, .. } if text.contains("45 actions"))));
    assert!(!fourth
        .iter()
        .any(|cmd| matches!(cmd, Command::RunBatch { .. })));
    assert_eq!(ran, 45);
    assert!(c.is_finished());
}

#[test]
fn a_closing_done_is_never_cut_by_the_cap() {
    let mut c = asked(10).with_caps(2, 5);
    let mut actions = clicks(2);
    actions.push(done("Pressed twice."));
    let out = c.on_answer(answer(actions));
    assert!(out
        .iter()
        .any(|cmd| matches!(cmd, Command::RunBatch { actions, .. } if actions.len() == 2)));
    assert!(!out.iter().any(|cmd| matches!(cmd, Command::Note { .. })));
}

#[test]
fn text_of_a_shared_tab_filled_into_the_bound_page_needs_approval() {
    let bank = PageSnapshot {
        omitted: Vec::new(),
        url: "https://bank.example/accounts".into(),
        title: "My bank".into(),
        text: "Checking account 12345-678, balance 4,210.77 EUR".into(),
        ..PageSnapshot::default()
    };
    let mut c = Cobrowse::new("search the shop", 5, None).with_context(vec![Ok(bank)], None);
    c.start(SHOP);
    c.on_snapshot(Ok(page(SHOP)));
    c.on_answer(answer(vec![Action::Fill {
        selector: Selector::parse("#q").unwrap(),
        value: "12345-678".into(),
    }]));
    let facts = Some(TargetFacts {
        tag: "input".into(),
        input_type: Some("search".into()),
        name: "Search".into(),
        ..TargetFacts::default()
    });
    let out = c.on_action_check(0, facts, SHOP);
    let request = out
        .iter()
        .find_map(|cmd| match cmd {
            Command::AskApproval { request, .. } => Some(request),
            _ => None,
        })
        .expect("an approval request");
    assert_eq!(
        request.reasons(),
        ["the text was read on https://bank.example and would go to https://shop.example"]
    );
}
