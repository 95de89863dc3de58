//! Resuming a step after a failure: the offer, "Run the rest", "Skip", and when no offer is
//! made.

use super::*;

fn covered(index: u32) -> ActionResult {
    failed(index, "covered by #overlay")
}

/// A step of four actions whose first fails in the page.
fn paused() -> (Cobrowse, Vec<Command>) {
    let mut c = asked(10);
    c.on_answer(answer(vec![
        click("#a"),
        click("#b"),
        navigate("https://shop.example/next"),
        extract("#c"),
    ]));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![covered(0), skipped(1)],
        interrupted: None,
    });
    (c, out)
}

#[test]
fn a_failure_with_actions_left_pauses_and_offers_them() {
    let (c, out) = paused();
    assert!(c.is_paused());
    assert_eq!(
        non_status(&out),
        vec![&Command::OfferResume {
            step: 1,
            index: 0,
            remaining: 3
        }]
    );
    // The actions left read as pending (not skipped) while the user decides.
    assert_eq!(
        statuses(&out),
        vec![
            (0, ActionStatus::Failed),
            (1, ActionStatus::Skipped),
            (1, ActionStatus::Pending),
            (2, ActionStatus::Pending),
            (3, ActionStatus::Pending)
        ]
    );
    // Nothing else moves the paused machine.
    let mut c = c;
    assert!(c.on_batch_done(BatchOutcome::default()).is_empty());
    assert!(c.on_snapshot(Ok(page(SHOP))).is_empty());
}

#[test]
fn run_the_rest_continues_the_step_after_the_failed_action() {
    let (mut c, _) = paused();
    let out = c.on_resume(true);
    assert!(!c.is_paused());
    assert_eq!(
        non_status(&out),
        vec![&Command::RunBatch {
            step: 1,
            first_index: 1,
            actions: vec![click("#b")]
        }]
    );
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None)],
        interrupted: None,
    });
    assert_eq!(statuses(&out)[0], (1, ActionStatus::Done));
    assert!(matches!(
        non_status(&out)[..],
        [Command::Navigate { index: 2, .. }]
    ));
    let out = c.on_navigated(Ok("https://shop.example/next".into()));
    assert!(matches!(
        non_status(&out)[..],
        [Command::RunBatch { first_index: 3, .. }]
    ));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ok(0, Some(serde_json::json!("$9")))],
        interrupted: None,
    });
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
    // Zo hears the failure and what ran after it, without an "ended early" note.
    let p = ask_prompt(&c.on_snapshot(Ok(page("https://shop.example/next")))).to_string();
    assert!(
        p.contains("1. click #a -> FAILED (not_found: covered by #overlay)"),
        "{p}"
    );
    assert!(p.contains("2. click #b -> done"), "{p}");
    assert!(p.contains("4. extract #c -> done"), "{p}");
    assert!(!p.contains("ended early"), "{p}");
}

#[test]
fn skip_ends_the_step_and_zo_replans() {
    let (mut c, _) = paused();
    let out = c.on_resume(false);
    assert_eq!(
        statuses(&out),
        vec![
            (1, ActionStatus::Skipped),
            (2, ActionStatus::Skipped),
            (3, ActionStatus::Skipped)
        ]
    );
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
    // A second answer is ignored.
    assert!(c.on_resume(true).is_empty());
}

#[test]
fn stop_while_paused_skips_the_rest_and_finishes() {
    let (mut c, _) = paused();
    let out = c.stop();
    assert_eq!(
        statuses(&out),
        vec![
            (1, ActionStatus::Skipped),
            (2, ActionStatus::Skipped),
            (3, ActionStatus::Skipped)
        ]
    );
    assert!(matches!(
        non_status(&out)[..],
        [Command::Finish {
            reason: FinishReason::Stopped,
            ..
        }]
    ));
    assert!(c.on_resume(true).is_empty());
}

#[test]
fn no_offer_after_a_refusal_a_cut_batch_or_when_only_done_is_left() {
    // Only a done is left.
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#a"), done("ok")]));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![covered(0)],
        interrupted: None,
    });
    assert!(!out.iter().any(|c| matches!(c, Command::OfferResume { .. })));
    // The batch was cut short: the page went away.
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#a"), click("#b")]));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![covered(0)],
        interrupted: Some("the page navigated away".into()),
    });
    assert!(!out.iter().any(|c| matches!(c, Command::OfferResume { .. })));
    // The action was refused.
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#a"), click("#b")]));
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ActionResult {
            error: Some(ActionError {
                code: ActionErrorCode::Refused,
                message: "Not allowed".into(),
            }),
            ..covered(0)
        }],
        interrupted: None,
    });
    assert!(!out.iter().any(|c| matches!(c, Command::OfferResume { .. })));
    assert!(!c.is_paused());
}
