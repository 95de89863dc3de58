//! Tests of the Co-browse state machine: steps, batches, navigations, the step limit (shared
//! helpers here; Stop, interruptions and failures in `interruptions`).

use super::*;
use crate::wire::action::{HttpUrl, Selector};
use crate::wire::protocol::{ActionErrorCode, FinalResult, FinalStatus};
use crate::wire::snapshot::SnapshotElement;

/// The tab's address when the user asked.
const SHOP: &str = "https://shop.example/";

fn page(url: &str) -> PageSnapshot {
    PageSnapshot {
        omitted: Vec::new(),
        url: url.to_string(),
        title: "Shop".to_string(),
        text: "Welcome".to_string(),
        text_truncated: false,
        text_kind: crate::page::reader::TextKind::Page,
        elements: vec![SnapshotElement {
            selector: "#pricing".to_string(),
            tag: "a".to_string(),
            label: "Pricing".to_string(),
            ..SnapshotElement::default()
        }],
    }
}

fn click(sel: &str) -> Action {
    Action::Click {
        selector: Selector::parse(sel).unwrap(),
    }
}

fn extract(sel: &str) -> Action {
    Action::Extract {
        selector: Selector::parse(sel).unwrap(),
        attribute: None,
    }
}

fn navigate(url: &str) -> Action {
    Action::Navigate {
        url: HttpUrl::parse(url).unwrap(),
    }
}

fn done(text: &str) -> Action {
    Action::Done {
        response: text.to_string(),
    }
}

fn answer(actions: Vec<Action>) -> FinalResult {
    FinalResult {
        status: FinalStatus::Succeeded,
        actions,
        conversation_id: Some("conv-1".to_string()),
        ..FinalResult::default()
    }
}

fn ok(index: u32, value: Option<serde_json::Value>) -> ActionResult {
    ActionResult {
        index,
        status: ActionStatus::Done,
        value: value.as_ref().map(crate::wire::json::RawJson::from_value),
        error: None,
        settle_ms: None,
        target_name: None,
    }
}

fn failed(index: u32, message: &str) -> ActionResult {
    ActionResult {
        index,
        status: ActionStatus::Failed,
        value: None,
        error: Some(ActionError {
            code: ActionErrorCode::NotFound,
            message: message.to_string(),
        }),
        settle_ms: None,
        target_name: None,
    }
}

fn skipped(index: u32) -> ActionResult {
    ActionResult {
        index,
        status: ActionStatus::Skipped,
        value: None,
        error: None,
        settle_ms: None,
        target_name: None,
    }
}

/// A loop started and past its first ask.
fn asked(max_steps: u32) -> Cobrowse {
    let mut c = Cobrowse::new("find the Pro price", max_steps, None);
    assert_eq!(
        c.start(SHOP),
        vec![
            Command::Scope {
                origins: c.scope().origins()
            },
            Command::RequestSnapshot {
                text_budget: prompt::budget(Mode::Cobrowse).page.text as u32
            }
        ]
    );
    let out = c.on_snapshot(Ok(page("https://shop.example/")));
    assert!(matches!(
        &out[..],
        [Command::Ask {
            step: 1,
            conversation_id: None,
            ..
        }]
    ));
    c
}

fn non_status(cmds: &[Command]) -> Vec<&Command> {
    cmds.iter()
        .filter(|c| !matches!(c, Command::Status { .. }))
        .collect()
}

fn statuses(cmds: &[Command]) -> Vec<(u32, ActionStatus)> {
    cmds.iter()
        .filter_map(|c| match c {
            Command::Status { index, result, .. } => Some((*index, result.status)),
            _ => None,
        })
        .collect()
}

fn ask_prompt(cmds: &[Command]) -> &str {
    cmds.iter()
        .find_map(|c| match c {
            Command::Ask { prompt, .. } => Some(prompt.as_str()),
            _ => None,
        })
        .expect("an Ask command")
}

#[test]
fn done_stops_the_loop_with_its_response() {
    let mut c = asked(10);
    let out = c.on_answer(answer(vec![done("Pro costs $25.")]));
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Pending), (0, ActionStatus::Done)]
    );
    assert_eq!(
        non_status(&out),
        vec![&Command::Finish {
            text: "Pro costs $25.".to_string(),
            reason: FinishReason::Done
        }]
    );
    assert!(c.is_finished());
    // Nothing more happens afterwards.
    assert!(c.on_snapshot(Ok(page("x"))).is_empty());
    assert!(c.stop().is_empty());
}

#[test]
fn actions_before_done_run_first_and_actions_after_it_are_dropped() {
    let mut c = asked(10);
    let out = c.on_answer(answer(vec![click("#a"), done("ok"), click("#never")]));
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Pending), (1, ActionStatus::Pending)]
    );
    assert_eq!(
        non_status(&out),
        vec![&Command::RunBatch {
            step: 1,
            first_index: 0,
            actions: vec![click("#a")]
        }]
    );
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None)],
        interrupted: None,
    });
    assert_eq!(
        non_status(&out),
        vec![&Command::Finish {
            text: "ok".to_string(),
            reason: FinishReason::Done
        }]
    );
}

#[test]
fn a_failure_before_done_is_reported_back_instead_of_finishing() {
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#a"), done("clicked it")]));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![failed(0, "no element matches #a")],
        interrupted: None,
    });
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Failed), (1, ActionStatus::Skipped)]
    );
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
    let out = c.on_snapshot(Ok(page("https://shop.example/")));
    let p = ask_prompt(&out);
    assert!(p.contains("1. click #a -> FAILED (not_found: no element matches #a)"));
    assert!(p.contains("2. done -> skipped"));
}

#[test]
fn batch_is_split_at_navigate() {
    let mut c = asked(10);
    let actions = vec![
        click("#a"),
        navigate("https://shop.example/pricing"),
        extract(".price"),
        click("#b"),
    ];
    let out = c.on_answer(answer(actions));
    assert_eq!(
        non_status(&out),
        vec![&Command::RunBatch {
            step: 1,
            first_index: 0,
            actions: vec![click("#a")]
        }]
    );
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None)],
        interrupted: None,
    });
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Done), (1, ActionStatus::Running)]
    );
    assert_eq!(
        non_status(&out),
        vec![&Command::Navigate {
            step: 1,
            index: 1,
            url: HttpUrl::parse("https://shop.example/pricing").unwrap()
        }]
    );
    let out = c.on_navigated(Ok("https://shop.example/pricing".to_string()));
    assert_eq!(statuses(&out), vec![(1, ActionStatus::Done)]);
    assert_eq!(
        non_status(&out),
        vec![&Command::RunBatch {
            step: 1,
            first_index: 2,
            actions: vec![extract(".price"), click("#b")]
        }]
    );
    // Live progress uses batch indexes; the panel gets step indexes.
    let out = c.on_action_progress(ActionResult {
        index: 0,
        status: ActionStatus::Running,
        value: None,
        error: None,
        settle_ms: None,
        target_name: None,
    });
    assert_eq!(statuses(&out), vec![(2, ActionStatus::Running)]);
    let out = c.on_action_progress(ok(0, Some(serde_json::json!("$25"))));
    assert_eq!(statuses(&out), vec![(2, ActionStatus::Done)]);
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ok(0, Some(serde_json::json!("$25"))), ok(1, None)],
        interrupted: None,
    });
    // Index 2 was already reported done; only index 3 is new.
    assert_eq!(statuses(&out), vec![(3, ActionStatus::Done)]);
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
}

#[test]
fn navigate_first_and_last_needs_no_empty_batches() {
    let mut c = asked(10);
    let out = c.on_answer(answer(vec![
        navigate("https://shop.example/a"),
        navigate("https://shop.example/b"),
    ]));
    assert!(matches!(
        non_status(&out)[..],
        [Command::Navigate { index: 0, .. }]
    ));
    let out = c.on_navigated(Ok("https://shop.example/a".to_string()));
    assert!(matches!(
        non_status(&out)[..],
        [Command::Navigate { index: 1, .. }]
    ));
    let out = c.on_navigated(Ok("https://shop.example/b".to_string()));
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
}

#[test]
fn failed_navigation_skips_the_rest_and_is_reported_back() {
    let mut c = asked(10);
    c.on_answer(answer(vec![
        navigate("https://shop.example/down"),
        click("#x"),
    ]));
    let out = c.on_navigated(Err("the page did not load within 30000 ms".to_string()));
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Failed), (1, ActionStatus::Skipped)]
    );
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
    let p = ask_prompt(&c.on_snapshot(Ok(page("https://shop.example/down")))).to_string();
    assert!(p.contains("navigate https://shop.example/down -> FAILED (navigation: the page did not load within 30000 ms)"));
    assert!(p.contains("click #x -> skipped"));
}

#[test]
fn followup_prompt_has_results_location_and_fresh_snapshot_in_the_same_conversation() {
    let mut c = asked(10);
    c.on_answer(answer(vec![extract(".price")]));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ok(
            0,
            Some(serde_json::json!({"value": "$25 / month", "truncated": false, "length": 11})),
        )],
        interrupted: None,
    });
    assert_eq!(
        non_status(&out),
        vec![&Command::RequestSnapshot {
            text_budget: prompt::FOLLOWUP_BUDGET.page.text as u32
        }]
    );
    let mut fresh = page("https://shop.example/pricing");
    fresh.elements[0].selector = "#fresh-element".to_string();
    let out = c.on_snapshot(Ok(fresh));
    let Command::Ask {
        step,
        prompt,
        conversation_id,
    } = &out[0]
    else {
        panic!("expected Ask, got {out:?}");
    };
    assert_eq!(*step, 2);
    assert_eq!(conversation_id.as_deref(), Some("conv-1"));
    assert!(prompt.contains("1. extract .price -> done: $25 / month"));
    assert!(prompt.contains("The page is now: https://shop.example/pricing"));
    assert!(prompt.contains("#fresh-element"));
    assert!(prompt.contains("find the Pro price"));
    assert!(prompt.contains("Step 2 of 10"));
}

#[test]
fn step_limit_bounds_the_number_of_asks() {
    for max in [1, 2, 3, 10] {
        let mut c = Cobrowse::new("loop forever", max, None);
        let mut pending = c.start(SHOP);
        let mut asks = 0;
        let mut finish = None;
        while let Some(cmd) = pending.pop() {
            match cmd {
                Command::RequestSnapshot { .. } => {
                    pending.extend(c.on_snapshot(Ok(page("https://shop.example/a"))))
                }
                Command::Ask { .. } => {
                    asks += 1;
                    assert!(asks <= max, "more than {max} asks");
                    pending.extend(c.on_answer(answer(vec![click("#again")])));
                }
                Command::RunBatch { actions, .. } => {
                    let results = (0..actions.len() as u32).map(|i| ok(i, None)).collect();
                    pending.extend(c.on_batch_done(BatchOutcome {
                        results,
                        interrupted: None,
                    }));
                }
                Command::Finish { reason, text } => finish = Some((reason, text)),
                Command::Status { .. } | Command::Scope { .. } => {}
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(asks, max);
        let (reason, text) = finish.expect("finished");
        assert_eq!(reason, FinishReason::StepLimit);
        assert!(text.contains(&format!("after {max} steps")), "{text}");
        assert!(c.is_finished());
    }
}

#[test]
fn zero_max_steps_still_allows_one_ask() {
    let mut c = Cobrowse::new("g", 0, None);
    c.start(SHOP);
    assert!(matches!(
        c.on_snapshot(Err("no page".into()))[..],
        [Command::Ask { step: 1, .. }]
    ));
    assert_eq!(c.max_steps(), 1);
}

#[test]
fn last_step_prompt_asks_for_done() {
    let mut c = asked(2);
    c.on_answer(answer(vec![click("#a")]));
    c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None)],
        interrupted: None,
    });
    let p = ask_prompt(&c.on_snapshot(Ok(page("https://shop.example/a")))).to_string();
    assert!(p.contains("This is your last step"));
}

mod containment;
mod effects;
mod first_prompt;
mod interruptions;
mod landing;
mod names;
mod resume;
mod task_limits;

#[test]
fn each_answer_tells_its_steps_reasoning_before_its_actions() {
    let mut c = asked(10);
    let out = c.on_answer(FinalResult {
        reasoning: Some("  Open **Pricing** first.\n".into()),
        ..answer(vec![click("#pricing")])
    });
    assert_eq!(
        out[0],
        Command::Thought {
            step: 1,
            text: "Open **Pricing** first.".into()
        }
    );
    assert!(matches!(out.last(), Some(Command::RunBatch { .. })));
    c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None)],
        interrupted: None,
    });
    c.on_snapshot(Ok(page(SHOP)));
    // The second step's reasoning is its own; a blank one tells nothing.
    let out = c.on_answer(FinalResult {
        reasoning: Some("Read the price.".into()),
        ..answer(vec![done("Pro is $20.")])
    });
    assert_eq!(
        out[0],
        Command::Thought {
            step: 2,
            text: "Read the price.".into()
        }
    );
    let mut c = asked(10);
    let out = c.on_answer(FinalResult {
        reasoning: Some(" \n".into()),
        ..answer(vec![click("#pricing")])
    });
    assert!(!out.iter().any(|c| matches!(c, Command::Thought { .. })));
    // A failed answer still tells the reasoning it had.
    let mut c = asked(10);
    let out = c.on_answer(FinalResult {
        status: FinalStatus::Failed,
        reasoning: Some("Hmm.".into()),
        ..FinalResult::default()
    });
    assert!(matches!(
        &out[..],
        [Command::Thought { step: 1, .. }, Command::Fail { .. }]
    ));
}
