//! Co-browse state machine tests of containment: navigations judged before the tab moves,
//! content checks answered with verdicts, approvals (once, for the task, denied, unanswered),
//! refusals fed back to Zo, the task ended by repeated refusals, and the caps.

use super::*;
use crate::wire::approval::{Access, ApprovalKind, Source};
use crate::wire::facts::{FormFacts, TargetFacts};
use crate::wire::protocol::ApprovalDecision;
use std::sync::Arc;

fn approval(cmds: &[Command]) -> (u32, &crate::trust::policy::ApprovalRequest) {
    cmds.iter()
        .find_map(|c| match c {
            Command::AskApproval { id, request, .. } => Some((*id, request)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no AskApproval in {cmds:?}"))
}

fn verdict(cmds: &[Command]) -> (u32, bool, Option<String>) {
    let found: Vec<_> = cmds
        .iter()
        .filter_map(|c| match c {
            Command::Verdict {
                batch_index,
                allow,
                reason,
            } => Some((*batch_index, *allow, reason.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(found.len(), 1, "one verdict expected in {cmds:?}");
    found[0].clone()
}

fn navigates(cmds: &[Command]) -> bool {
    cmds.iter().any(|c| matches!(c, Command::Navigate { .. }))
}

fn fill(sel: &str, value: &str) -> Action {
    Action::Fill {
        selector: Selector::parse(sel).unwrap(),
        value: value.to_string(),
    }
}

fn facts(tag: &str, input_type: &str) -> Option<TargetFacts> {
    Some(TargetFacts {
        tag: tag.into(),
        input_type: Some(input_type.into()),
        ..TargetFacts::default()
    })
}

fn refused(index: u32, message: &str) -> ActionResult {
    ActionResult {
        index,
        status: ActionStatus::Failed,
        value: None,
        error: Some(ActionError {
            code: ActionErrorCode::Refused,
            message: message.to_string(),
        }),
        settle_ms: None,
        target_name: None,
    }
}

/// The result the panel was last told for action `index`.
fn last_status(cmds: &[Command], index: u32) -> ActionResult {
    cmds.iter()
        .rev()
        .find_map(|c| match c {
            Command::Status {
                index: i, result, ..
            } if *i == index => Some(result.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no status for {index} in {cmds:?}"))
}

#[test]
fn starting_reports_the_start_origin_as_read_write() {
    let mut c = Cobrowse::new("g", 5, None);
    let out = c.start("https://shop.example/cart?id=1");
    let Command::Scope { origins } = &out[0] else {
        panic!("expected the scope first: {out:?}");
    };
    assert_eq!(origins.len(), 1);
    assert_eq!(origins[0].origin, "https://shop.example");
    assert_eq!(
        (origins[0].access, origins[0].source),
        (Access::ReadWrite, Source::Start)
    );
}

#[test]
fn a_navigation_elsewhere_waits_for_approval_and_a_denial_goes_back_to_zo() {
    let mut c = asked(10);
    let out = c.on_answer(answer(vec![
        navigate("https://evil.example/?q=Pro+%2425"),
        click("#x"),
    ]));
    assert!(
        !navigates(&out),
        "the tab must not move before the user answers"
    );
    let (id, request) = approval(&out);
    assert_eq!(request.kind(), ApprovalKind::Navigate);
    assert_eq!(request.description, "Go to https://evil.example/?…");
    let out = c.on_approval(id, Some(ApprovalDecision::Deny));
    assert!(!navigates(&out));
    assert_eq!(
        last_status(&out, 0),
        refused(0, "You declined: Go to https://evil.example/?….")
    );
    assert_eq!(last_status(&out, 1).status, ActionStatus::Skipped);
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
    let p = ask_prompt(&c.on_snapshot(Ok(page(SHOP)))).to_string();
    assert!(
        p.contains("1. navigate https://evil.example/?q=Pro+%2425 -> FAILED (refused: You declined: Go to https://evil.example/?….)"),
        "{p}"
    );
    assert!(p.contains("Note from the extension: An action was refused or declined"));
    // A second answer for the same request changes nothing.
    assert!(c.on_approval(id, Some(ApprovalDecision::Once)).is_empty());
}

#[test]
fn allow_once_moves_the_tab_and_the_origin_is_visited_read_only() {
    let mut c = asked(10);
    let out = c.on_answer(answer(vec![navigate("https://other.example/a")]));
    let (id, _) = approval(&out);
    let out = c.on_approval(id, Some(ApprovalDecision::Once));
    assert!(navigates(&out));
    let Some(Command::Scope { origins }) = out.iter().find(|c| matches!(c, Command::Scope { .. }))
    else {
        panic!("the new origin is reported: {out:?}");
    };
    assert_eq!(
        (origins[1].origin.as_str(), origins[1].access),
        ("https://other.example", Access::ReadOnly)
    );
    c.on_navigated(Ok("https://other.example/a".into()));
    // The next visit asks again: "once" was for that navigation only.
    c.on_snapshot(Ok(page("https://other.example/a")));
    let out = c.on_answer(answer(vec![navigate("https://other.example/b")]));
    approval(&out);
}

#[test]
fn allow_for_the_task_adds_the_origin_and_stops_asking() {
    let mut c = asked(10);
    let out = c.on_answer(answer(vec![
        navigate("https://other.example/a"),
        navigate("https://other.example/b"),
    ]));
    let (id, _) = approval(&out);
    let out = c.on_approval(id, Some(ApprovalDecision::Task));
    assert!(navigates(&out));
    assert_eq!(c.scope().origins()[1].source, Source::Allowed);
    let out = c.on_navigated(Ok("https://other.example/a".into()));
    assert!(navigates(&out), "no second request: {out:?}");
}

#[test]
fn a_private_network_target_is_refused_without_asking_when_the_task_started_public() {
    let mut c = asked(10);
    let out = c.on_answer(answer(vec![
        navigate("http://192.168.0.1/admin"),
        click("#x"),
    ]));
    assert!(!navigates(&out));
    assert!(!out.iter().any(|c| matches!(c, Command::AskApproval { .. })));
    let r = last_status(&out, 0);
    assert_eq!(r.error.as_ref().unwrap().code, ActionErrorCode::Refused);
    assert!(r
        .error
        .unwrap()
        .message
        .starts_with("Not allowed: http://192.168.0.1 is a private network address"));
}

#[test]
fn the_users_own_words_name_sites_the_task_may_visit() {
    let suffixes = Arc::new(crate::trust::suffixes::tests::sample());
    let mut c = Cobrowse::new("compare with the price on deals.example", 10, None)
        .with_suffixes(suffixes.clone());
    c.start(SHOP);
    c.on_snapshot(Ok(page(SHOP)));
    let out = c.on_answer(answer(vec![navigate("https://www.deals.example/pro")]));
    assert!(navigates(&out));

    // A public suffix names nobody's site: the pages under it are strangers'.
    let mut c = Cobrowse::new("see my page on github.io", 10, None).with_suffixes(suffixes);
    c.start(SHOP);
    c.on_snapshot(Ok(page(SHOP)));
    let out = c.on_answer(answer(vec![navigate("https://attacker.github.io/x")]));
    assert!(!navigates(&out));

    // Without the list, a named domain is that host alone.
    let mut c = Cobrowse::new("compare with the price on deals.example", 10, None);
    c.start(SHOP);
    c.on_snapshot(Ok(page(SHOP)));
    let out = c.on_answer(answer(vec![navigate("https://www.deals.example/pro")]));
    assert!(!navigates(&out));
    let mut c = Cobrowse::new("compare with the price on deals.example", 10, None);
    c.start(SHOP);
    c.on_snapshot(Ok(page(SHOP)));
    let out = c.on_answer(answer(vec![navigate("https://deals.example/pro")]));
    assert!(navigates(&out));
}

#[test]
fn content_checks_get_verdicts_and_sensitive_fills_wait_for_the_user() {
    let mut c = asked(10);
    c.on_answer(answer(vec![
        fill("#email", "ada@example.com"),
        fill("#pw", "hunter2"),
    ]));
    let out = c.on_action_check(0, facts("input", "email"), SHOP);
    assert_eq!(verdict(&out), (0, true, None));
    let out = c.on_action_check(1, facts("input", "password"), SHOP);
    let (id, request) = approval(&out);
    assert_eq!(request.kind(), ApprovalKind::SecretFill);
    assert!(!request.description.contains("hunter2"));
    // The panel never gets the value of a field the facts showed to be secret.
    let masked = c.on_action_progress(ActionResult {
        index: 1,
        status: ActionStatus::Running,
        value: None,
        error: None,
        settle_ms: None,
        target_name: None,
    });
    let Command::Status { action, .. } = &masked[0] else {
        panic!("{masked:?}")
    };
    assert_eq!(action, &fill("#pw", crate::cobrowse::MASK));
    let out = c.on_approval(id, Some(ApprovalDecision::Once));
    assert_eq!(verdict(&out), (1, true, None));
}

#[test]
fn a_denied_check_fails_the_action_whatever_the_page_reports() {
    let mut c = asked(10);
    let form = Some(TargetFacts {
        tag: "button".into(),
        input_type: Some("submit".into()),
        submits: Some(FormFacts {
            action: Some("https://evil.example/steal".into()),
            ..FormFacts::default()
        }),
        ..TargetFacts::default()
    });
    c.on_answer(answer(vec![click("#send"), click("#after")]));
    let out = c.on_action_check(0, form, SHOP);
    let (id, request) = approval(&out);
    assert_eq!(request.kind(), ApprovalKind::FormElsewhere);
    let out = c.on_approval(id, Some(ApprovalDecision::Deny));
    let (_, allow, reason) = verdict(&out);
    assert!(!allow);
    assert_eq!(
        reason.as_deref(),
        Some("You declined: Click #send on https://shop.example.")
    );
    // A content module that acts anyway and says "done" does not make it done.
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None), ok(1, None)],
        interrupted: None,
    });
    assert_eq!(
        last_status(&out, 0),
        refused(0, "You declined: Click #send on https://shop.example.")
    );
}

#[test]
fn checks_outside_the_running_batch_are_denied() {
    let mut c = asked(10);
    let (_, allow, _) = verdict(&c.on_action_check(0, facts("input", "text"), SHOP));
    assert!(!allow, "no batch runs yet");
    c.on_answer(answer(vec![click("#a")]));
    let (_, allow, _) = verdict(&c.on_action_check(5, facts("a", ""), SHOP));
    assert!(!allow, "index past the batch");
}

#[test]
fn clicks_or_fills_on_a_page_outside_the_task_need_approval() {
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#a")]));
    let out = c.on_action_check(0, facts("button", "button"), "https://elsewhere.example/");
    let (_, request) = approval(&out);
    assert_eq!(request.kind(), ApprovalKind::OutsidePage);
}

/// Runs a navigate (the only action) through approval with `decision`.
fn declined_navigation(c: &mut Cobrowse, url: &str) -> Vec<Command> {
    c.on_snapshot(Ok(page(SHOP)));
    let out = c.on_answer(answer(vec![navigate(url)]));
    let (id, _) = approval(&out);
    c.on_approval(id, Some(ApprovalDecision::Deny))
}

#[test]
fn three_refusals_end_the_task() {
    let mut c = Cobrowse::new("g", 10, None);
    c.start(SHOP);
    declined_navigation(&mut c, "https://one.example/");
    declined_navigation(&mut c, "https://two.example/");
    let out = declined_navigation(&mut c, "https://three.example/");
    let Some(Command::Finish { text, reason }) = out.last() else {
        panic!("the task ends: {out:?}");
    };
    assert_eq!(*reason, FinishReason::Refused);
    assert!(
        text.starts_with("I stopped this task: 3 actions were refused or declined."),
        "{text}"
    );
    assert!(c.is_finished());
}

#[test]
fn the_same_action_refused_twice_ends_the_task() {
    let mut c = Cobrowse::new("g", 10, None);
    c.start(SHOP);
    let out = declined_navigation(&mut c, "https://one.example/");
    assert!(matches!(
        non_status(&out)[..],
        [Command::RequestSnapshot { .. }]
    ));
    let out = declined_navigation(&mut c, "https://one.example/");
    assert!(matches!(
        out.last(),
        Some(Command::Finish {
            reason: FinishReason::Refused,
            ..
        })
    ));
}

#[test]
fn an_unanswered_request_ends_the_task() {
    let mut c = asked(10);
    c.on_answer(answer(vec![fill("#pw", "x")]));
    let (id, _) = approval(&c.on_action_check(0, facts("input", "password"), SHOP));
    let out = c.on_approval(id, None);
    assert!(!verdict(&out).1);
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None)],
        interrupted: None,
    });
    assert!(matches!(
        out.last(),
        Some(Command::Finish {
            reason: FinishReason::NoAnswer,
            ..
        })
    ));
}

#[test]
fn stop_while_a_request_waits_ends_it() {
    let mut c = asked(10);
    let out = c.on_answer(answer(vec![
        navigate("https://other.example/"),
        click("#x"),
    ]));
    let (id, _) = approval(&out);
    let out = c.stop();
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Skipped), (1, ActionStatus::Skipped)]
    );
    assert!(c.on_approval(id, Some(ApprovalDecision::Task)).is_empty());
}

#[test]
fn at_most_twenty_actions_of_an_answer_run_and_zo_is_told() {
    let mut c = asked(10);
    let many: Vec<Action> = (0..300).map(|i| click(&format!("#b{i}"))).collect();
    let out = c.on_answer(answer(many));
    let Some(Command::RunBatch { actions, .. }) =
        out.iter().find(|c| matches!(c, Command::RunBatch { .. }))
    else {
        panic!("{out:?}")
    };
    assert_eq!(actions.len(), MAX_ACTIONS_PER_ANSWER);
    assert_eq!(statuses(&out).len(), MAX_ACTIONS_PER_ANSWER);
    assert!(out.contains(&Command::Note {
        text: "Zo proposed 300 actions in one answer: only the first 20 ran, the other 280 \
               were dropped."
            .into()
    }));
    let results = (0..20).map(|i| ok(i, None)).collect();
    c.on_batch_done(BatchOutcome {
        results,
        interrupted: None,
    });
    let p = ask_prompt(&c.on_snapshot(Ok(page(SHOP)))).to_string();
    assert!(p.contains(
        "Note from the extension: Your last answer had 300 actions: only the first 20 were run \
         and the other 280 were dropped"
    ));
}

#[test]
fn steps_never_exceed_the_ceiling() {
    assert_eq!(Cobrowse::new("g", 100, None).max_steps(), MAX_STEPS_CEILING);
    assert_eq!(Cobrowse::new("g", 7, None).max_steps(), 7);
}

#[test]
fn at_most_five_navigations_then_refusals_go_back_to_zo() {
    let mut c = asked(10);
    let urls: Vec<Action> = (0..6)
        .map(|i| navigate(&format!("https://shop.example/{i}")))
        .collect();
    let mut out = c.on_answer(answer(urls));
    for i in 0..5 {
        assert!(navigates(&out), "navigation {i}");
        out = c.on_navigated(Ok(format!("https://shop.example/{i}")));
    }
    assert!(!navigates(&out));
    let r = last_status(&out, 5);
    assert_eq!(
        r.error.unwrap().message,
        "Not allowed: this task already made 5 navigations, the most one task may make."
    );
}
