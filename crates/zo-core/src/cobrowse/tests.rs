//! Tests of the Co-browse state machine: steps, batches, navigations, failures, Stop.

use super::*;
use crate::action::{HttpUrl, Selector};
use crate::snapshot::SnapshotElement;

fn page(url: &str) -> PageSnapshot {
    PageSnapshot {
        url: url.to_string(),
        title: "Shop".to_string(),
        text: "Welcome".to_string(),
        text_truncated: false,
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
        value,
        error: None,
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
    }
}

fn skipped(index: u32) -> ActionResult {
    ActionResult {
        index,
        status: ActionStatus::Skipped,
        value: None,
        error: None,
    }
}

/// A loop started and past its first ask.
fn asked(max_steps: u32) -> Cobrowse {
    let mut c = Cobrowse::new("find the Pro price", max_steps, None);
    assert_eq!(
        c.start(),
        vec![Command::RequestSnapshot {
            text_budget: prompt::snapshot_text_budget(Mode::Cobrowse)
        }]
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
fn first_prompt_is_the_cobrowse_prompt_with_the_snapshot() {
    let mut c = Cobrowse::new("find the Pro price", 10, None);
    c.start();
    let out = c.on_snapshot(Ok(page("https://shop.example/")));
    let p = ask_prompt(&out);
    assert!(p.contains(crate::schema::COMPACT_ACTION_SCHEMA));
    assert!(p.contains("#pricing a \"Pricing\""));
    assert!(p.contains("find the Pro price"));
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
        navigate("https://a.example/"),
        navigate("https://b.example/"),
    ]));
    assert!(matches!(
        non_status(&out)[..],
        [Command::Navigate { index: 0, .. }]
    ));
    let out = c.on_navigated(Ok("https://a.example/".to_string()));
    assert!(matches!(
        non_status(&out)[..],
        [Command::Navigate { index: 1, .. }]
    ));
    let out = c.on_navigated(Ok("https://b.example/".to_string()));
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
}

#[test]
fn failed_navigation_skips_the_rest_and_is_reported_back() {
    let mut c = asked(10);
    c.on_answer(answer(vec![navigate("https://down.example/"), click("#x")]));
    let out = c.on_navigated(Err("the page did not load within 30000 ms".to_string()));
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Failed), (1, ActionStatus::Skipped)]
    );
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
    let p = ask_prompt(&c.on_snapshot(Ok(page("https://down.example/")))).to_string();
    assert!(p.contains("navigate https://down.example/ -> FAILED (navigation: the page did not load within 30000 ms)"));
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
        let mut pending = c.start();
        let mut asks = 0;
        let mut finish = None;
        while let Some(cmd) = pending.pop() {
            match cmd {
                Command::RequestSnapshot { .. } => {
                    pending.extend(c.on_snapshot(Ok(page("https://a.example/"))))
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
                Command::Status { .. } => {}
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
    c.start();
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
    let p = ask_prompt(&c.on_snapshot(Ok(page("https://a.example/")))).to_string();
    assert!(p.contains("This is your last step"));
}

#[test]
fn stop_while_running_cancels_and_skips_pending_actions() {
    let mut c = asked(10);
    c.on_answer(answer(vec![
        click("#a"),
        click("#b"),
        navigate("https://x.example/"),
        click("#c"),
    ]));
    c.on_action_progress(ok(0, None));
    c.on_action_progress(ActionResult {
        index: 1,
        status: ActionStatus::Running,
        value: None,
        error: None,
    });
    let out = c.stop();
    assert_eq!(out[0], Command::CancelBatch);
    assert_eq!(
        statuses(&out),
        vec![
            (1, ActionStatus::Skipped),
            (2, ActionStatus::Skipped),
            (3, ActionStatus::Skipped)
        ]
    );
    assert_eq!(
        out.last(),
        Some(&Command::Finish {
            text: String::new(),
            reason: FinishReason::Stopped
        })
    );
    // Late results are ignored.
    assert!(c.on_batch_done(BatchOutcome::default()).is_empty());
    assert!(c.on_action_progress(ok(1, None)).is_empty());
}

#[test]
fn stop_while_asking_or_navigating_finishes() {
    let mut c = asked(10);
    let out = c.stop();
    assert_eq!(
        out,
        vec![Command::Finish {
            text: String::new(),
            reason: FinishReason::Stopped
        }]
    );
    assert!(c.on_answer(answer(vec![done("late")])).is_empty());

    let mut c = asked(10);
    c.on_answer(answer(vec![navigate("https://x.example/"), click("#a")]));
    let out = c.stop();
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Skipped), (1, ActionStatus::Skipped)]
    );
    assert!(!out.contains(&Command::CancelBatch));
    assert!(c.on_navigated(Ok("https://x.example/".into())).is_empty());
}

#[test]
fn interrupted_batch_marks_unfinished_actions_and_reports_why() {
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#a"), click("#b"), extract("#c")]));
    c.on_action_progress(ok(0, None));
    c.on_action_progress(ActionResult {
        index: 1,
        status: ActionStatus::Running,
        value: None,
        error: None,
    });
    let out = c.on_batch_done(BatchOutcome {
        results: vec![],
        interrupted: Some("the page navigated away".to_string()),
    });
    assert_eq!(
        statuses(&out),
        vec![(1, ActionStatus::Failed), (2, ActionStatus::Skipped)]
    );
    let p = ask_prompt(&c.on_snapshot(Ok(page("https://shop.example/next")))).to_string();
    assert!(p.contains("The batch ended early: the page navigated away"));
    assert!(p.contains("1. click #a -> done"));
    assert!(p.contains("2. click #b -> FAILED"));
}

#[test]
fn all_done_then_port_closed_counts_as_success() {
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#submit"), done("Submitted.")]));
    c.on_action_progress(ok(0, None));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![],
        interrupted: Some("port closed".to_string()),
    });
    assert_eq!(
        non_status(&out),
        vec![&Command::Finish {
            text: "Submitted.".to_string(),
            reason: FinishReason::Done
        }]
    );
}

#[test]
fn failure_reported_by_content_skips_the_rest_of_the_step() {
    let mut c = asked(10);
    c.on_answer(answer(vec![
        click("#a"),
        click("#b"),
        navigate("https://n.example/"),
        click("#c"),
    ]));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![failed(0, "covered by #overlay"), skipped(1)],
        interrupted: None,
    });
    assert_eq!(
        statuses(&out),
        vec![
            (0, ActionStatus::Failed),
            (1, ActionStatus::Skipped),
            (2, ActionStatus::Skipped),
            (3, ActionStatus::Skipped)
        ]
    );
    // No navigation happens after a failure.
    assert!(!out.iter().any(|c| matches!(c, Command::Navigate { .. })));
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
}

#[test]
fn prose_answer_finishes_with_its_text() {
    let mut c = asked(10);
    let out = c.on_answer(FinalResult {
        status: FinalStatus::Succeeded,
        text: "I can't do that here.".to_string(),
        ..FinalResult::default()
    });
    assert_eq!(
        out,
        vec![Command::Finish {
            text: "I can't do that here.".to_string(),
            reason: FinishReason::Prose
        }]
    );
}

#[test]
fn failed_or_incomplete_answer_fails_the_loop() {
    let mut c = asked(10);
    let out = c.on_answer(FinalResult {
        status: FinalStatus::Failed,
        error: Some("model overloaded".to_string()),
        ..FinalResult::default()
    });
    assert_eq!(
        out,
        vec![Command::Fail {
            message: "model overloaded".to_string()
        }]
    );
    assert!(c.is_finished());

    let mut c = asked(10);
    let out = c.on_answer(FinalResult::default());
    assert!(matches!(&out[..], [Command::Fail { .. }]));
}

#[test]
fn conversation_id_is_kept_from_the_chat_or_learned_from_zo() {
    let mut c = Cobrowse::new("g", 5, Some("chat-conv".to_string()));
    c.start();
    let out = c.on_snapshot(Ok(page("https://a.example/")));
    assert!(
        matches!(&out[..], [Command::Ask { conversation_id: Some(id), .. }] if id == "chat-conv")
    );
    let mut a = answer(vec![click("#a")]);
    a.conversation_id = None;
    c.on_answer(a);
    c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None)],
        interrupted: None,
    });
    let out = c.on_snapshot(Ok(page("https://a.example/")));
    assert!(
        matches!(&out[..], [Command::Ask { conversation_id: Some(id), step: 2, .. }] if id == "chat-conv")
    );
    assert_eq!(c.conversation_id(), Some("chat-conv"));
}

#[test]
fn out_of_phase_inputs_are_ignored() {
    let mut c = Cobrowse::new("g", 5, None);
    assert!(c.on_snapshot(Ok(page("x"))).is_empty());
    assert!(c.on_answer(answer(vec![done("x")])).is_empty());
    assert!(c.on_navigated(Ok("x".into())).is_empty());
    c.start();
    assert!(c.start().is_empty());
    assert!(c.on_batch_done(BatchOutcome::default()).is_empty());
    // Progress for an index outside the batch is ignored.
    let mut c = asked(5);
    c.on_answer(answer(vec![click("#a")]));
    assert!(c.on_action_progress(ok(7, None)).is_empty());
}

#[test]
fn unreachable_page_fails_the_first_action_and_skips_the_rest() {
    let mut c = asked(10);
    c.on_answer(answer(vec![
        click("#a"),
        click("#b"),
        navigate("https://x.example/"),
    ]));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![],
        interrupted: Some("the page cannot be scripted: no host permission".to_string()),
    });
    assert_eq!(
        statuses(&out),
        vec![
            (0, ActionStatus::Failed),
            (1, ActionStatus::Skipped),
            (2, ActionStatus::Skipped)
        ]
    );
    let failed = out.iter().find_map(|c| match c {
        Command::Status {
            index: 0, result, ..
        } => result.error.clone(),
        _ => None,
    });
    assert_eq!(
        failed.map(|e| e.message),
        Some("the page cannot be scripted: no host permission".to_string())
    );
    let p = ask_prompt(&c.on_snapshot(Err("no host permission".into()))).to_string();
    assert!(p.contains("1. click #a -> FAILED (internal: the page cannot be scripted"));
    assert!(p.contains("2. click #b -> skipped (cancelled: not run:"));
}

#[test]
fn a_password_fill_runs_with_its_value_but_its_status_is_masked() {
    let mut c = Cobrowse::new("log me in", 10, None);
    c.start();
    let mut login = page("https://shop.example/login");
    login.elements.push(SnapshotElement {
        selector: "#f3".to_string(),
        tag: "input".to_string(),
        input_type: Some("password".to_string()),
        label: "".to_string(),
        ..SnapshotElement::default()
    });
    c.on_snapshot(Ok(login));
    let fill = Action::Fill {
        selector: Selector::parse("#f3").expect("selector"),
        value: "hunter2".to_string(),
    };
    let out = c.on_answer(answer(vec![fill.clone(), done("Logged in.")]));
    let batch = out
        .iter()
        .find_map(|c| match c {
            Command::RunBatch { actions, .. } => Some(actions.clone()),
            _ => None,
        })
        .expect("a batch to run");
    assert_eq!(batch[0], fill, "the page gets the real value");
    let shown: Vec<&Action> = out
        .iter()
        .filter_map(|c| match c {
            Command::Status { action, .. } => Some(action),
            _ => None,
        })
        .collect();
    assert!(!shown.is_empty());
    for action in shown {
        let text = serde_json::to_string(action).expect("json");
        assert!(
            !text.contains("hunter2"),
            "password reached the panel: {text}"
        );
    }
}
