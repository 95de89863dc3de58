//! Co-browse state machine tests: Stop, interrupted batches, failures, answers without
//! actions, conversation ids, out-of-phase inputs, and what reaches the panel (masking).

use super::*;

#[test]
fn stop_while_running_cancels_and_skips_pending_actions() {
    let mut c = asked(10);
    c.on_answer(answer(vec![
        click("#a"),
        click("#b"),
        navigate("https://shop.example/x"),
        click("#c"),
    ]));
    c.on_action_progress(ok(0, None));
    c.on_action_progress(ActionResult {
        index: 1,
        status: ActionStatus::Running,
        value: None,
        error: None,
        settle_ms: None,
        target_name: None,
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
    c.on_answer(answer(vec![
        navigate("https://shop.example/x"),
        click("#a"),
    ]));
    let out = c.stop();
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Skipped), (1, ActionStatus::Skipped)]
    );
    assert!(!out.contains(&Command::CancelBatch));
    assert!(c
        .on_navigated(Ok("https://shop.example/x".into()))
        .is_empty());
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
        settle_ms: None,
        target_name: None,
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
        navigate("https://shop.example/n"),
        click("#c"),
    ]));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![failed(0, "covered by #overlay"), skipped(1)],
        interrupted: None,
    });
    // The rest waits for the user; skipping it goes back to Zo as before.
    assert!(out.contains(&Command::OfferResume {
        step: 1,
        index: 0,
        remaining: 3
    }));
    let out = [out, c.on_resume(false)].concat();
    assert_eq!(
        statuses(&out),
        vec![
            (0, ActionStatus::Failed),
            (1, ActionStatus::Skipped),
            (1, ActionStatus::Pending),
            (2, ActionStatus::Pending),
            (3, ActionStatus::Pending),
            (1, ActionStatus::Skipped),
            (2, ActionStatus::Skipped),
            (3, ActionStatus::Skipped)
        ]
    );
    // No navigation happens after a failure.
    assert!(!out.iter().any(|c| matches!(c, Command::Navigate { .. })));
    assert!(matches!(
        non_status(&out)[..],
        [Command::OfferResume { .. }, Command::RequestSnapshot { .. }]
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
    c.start(SHOP);
    let out = c.on_snapshot(Ok(page("https://shop.example/a")));
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
    let out = c.on_snapshot(Ok(page("https://shop.example/a")));
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
    c.start(SHOP);
    assert!(c.start(SHOP).is_empty());
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
        navigate("https://shop.example/x"),
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
    c.start(SHOP);
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
    // Whatever the content module reports about the field stays out of the status too.
    c.on_action_progress(ActionResult {
        index: 0,
        status: ActionStatus::Running,
        value: None,
        error: None,
        settle_ms: None,
        target_name: None,
    });
    let out = c.on_action_progress(ActionResult {
        index: 0,
        status: ActionStatus::Done,
        value: Some(crate::wire::json::RawJson::from_value(
            &serde_json::json!({"value": "hunter2"}),
        )),
        error: None,
        settle_ms: None,
        target_name: None,
    });
    let Some(Command::Status { result, .. }) = out.first() else {
        panic!("{out:?}")
    };
    assert_eq!(result.status, ActionStatus::Done);
    assert_eq!(result.value, None, "the field's value reached the panel");
}
