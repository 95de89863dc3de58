//! Co-browse state machine tests of containment by effect: what the browser does while an
//! allowed action acts (a link followed, a form submitted, a window opened) is judged as a
//! click on what it activates, with the grants of the action; the verdict names the effect
//! check it answers.

use super::*;
use crate::trust::policy::ApprovalRequest;
use crate::wire::approval::{Access, ApprovalKind};
use crate::wire::facts::{EffectKind, FormFacts, TargetFacts};
use crate::wire::protocol::ApprovalDecision;

const ATTACKER: &str = "https://attacker.example/x?d=1";

fn effect_verdicts(cmds: &[Command]) -> Vec<(u32, bool, Option<String>)> {
    cmds.iter()
        .filter_map(|c| match c {
            Command::EffectVerdict {
                batch_index,
                allow,
                reason,
            } => Some((*batch_index, *allow, reason.clone())),
            _ => None,
        })
        .collect()
}

fn no_action_verdict(cmds: &[Command]) {
    assert!(
        !cmds.iter().any(|c| matches!(c, Command::Verdict { .. })),
        "an effect check is answered by an effect verdict: {cmds:?}"
    );
}

fn asked_about(cmds: &[Command]) -> (u32, ApprovalRequest) {
    cmds.iter()
        .find_map(|c| match c {
            Command::AskApproval { id, request, .. } => Some((*id, request.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no AskApproval in {cmds:?}"))
}

fn label() -> TargetFacts {
    TargetFacts {
        tag: "label".into(),
        name: "Remember me".into(),
        ..TargetFacts::default()
    }
}

fn link(href: &str) -> TargetFacts {
    TargetFacts {
        tag: "a".into(),
        name: "Read more".into(),
        href: Some(href.into()),
        ..TargetFacts::default()
    }
}

fn submitter(action: &str) -> TargetFacts {
    TargetFacts {
        tag: "button".into(),
        input_type: Some("submit".into()),
        name: "Go".into(),
        submits: Some(FormFacts {
            action: Some(action.into()),
            method: Some("post".into()),
            ..FormFacts::default()
        }),
        ..TargetFacts::default()
    }
}

/// A loop whose first action (a click) was checked on `facts` and allowed.
fn acting(facts: TargetFacts) -> Cobrowse {
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#it"), click("#after")]));
    let out = c.on_action_check(0, Some(facts), SHOP);
    assert!(
        out.iter()
            .any(|c| matches!(c, Command::Verdict { allow: true, .. })),
        "{out:?}"
    );
    c
}

#[test]
fn an_effect_with_the_checked_facts_goes_ahead_without_being_counted_again() {
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#it")]));
    let out = c.on_action_check(0, Some(link(ATTACKER)), SHOP);
    let (id, _) = asked_about(&out);
    c.on_approval(id, Some(ApprovalDecision::Once));
    let navigations = c.scope().navigations();
    let out = c.on_effect_check(0, EffectKind::Link, link(ATTACKER), SHOP);
    assert_eq!(effect_verdicts(&out), [(0, true, None)]);
    assert_eq!(c.scope().navigations(), navigations);
}

#[test]
fn a_label_whose_control_posts_elsewhere_is_asked_about_and_a_denial_refuses_the_action() {
    let mut c = acting(label());
    let out = c.on_effect_check(0, EffectKind::Submit, submitter(ATTACKER), SHOP);
    no_action_verdict(&out);
    let (id, request) = asked_about(&out);
    assert_eq!(request.kind(), ApprovalKind::FormElsewhere);
    assert!(
        request
            .description
            .starts_with("The page would submit a form: Click"),
        "{}",
        request.description
    );
    let out = c.on_approval(id, Some(ApprovalDecision::Deny));
    let verdicts = effect_verdicts(&out);
    assert_eq!(verdicts.len(), 1, "{out:?}");
    assert!(!verdicts[0].1);
    let reason = verdicts[0].2.clone().unwrap_or_default();
    assert!(
        reason.starts_with("You declined: The page would submit"),
        "{reason}"
    );
    no_action_verdict(&out);
    // The page reports the action failed (refused); the machine's refusal wins either way.
    let out = c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None), skipped(1)],
        interrupted: None,
    });
    let status = out
        .iter()
        .find_map(|c| match c {
            Command::Status {
                index: 0, result, ..
            } => Some(result.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{out:?}"));
    assert_eq!(status.status, ActionStatus::Failed);
    assert_eq!(status.error.map(|e| e.code), Some(ActionErrorCode::Refused));
}

#[test]
fn a_link_elsewhere_asks_and_once_allowed_it_counts_as_a_navigation() {
    let mut c = acting(TargetFacts {
        tag: "div".into(),
        role: Some("button".into()),
        name: "Open".into(),
        ..TargetFacts::default()
    });
    let out = c.on_effect_check(0, EffectKind::Link, link(ATTACKER), SHOP);
    let (id, request) = asked_about(&out);
    assert_eq!(request.kind(), ApprovalKind::Navigate);
    let out = c.on_approval(id, Some(ApprovalDecision::Once));
    assert_eq!(effect_verdicts(&out), [(0, true, None)]);
    assert_eq!(c.scope().navigations(), 1);
    let origins = c.scope().origins();
    assert_eq!(
        (origins[1].origin.as_str(), origins[1].access),
        ("https://attacker.example", Access::ReadOnly)
    );
}

#[test]
fn an_effect_covered_by_the_actions_once_grant_is_not_asked_again() {
    // A click the user allowed once as a link elsewhere; the browser follows the same link
    // from the element around it: judged with the action's grants, no second card.
    let mut c = asked(10);
    c.on_answer(answer(vec![click("#it")]));
    let inner = TargetFacts {
        tag: "div".into(),
        role: Some("button".into()),
        href: Some(ATTACKER.into()),
        ..TargetFacts::default()
    };
    let out = c.on_action_check(0, Some(inner), SHOP);
    let (id, _) = asked_about(&out);
    c.on_approval(id, Some(ApprovalDecision::Once));
    let out = c.on_effect_check(0, EffectKind::Link, link(ATTACKER), SHOP);
    assert_eq!(effect_verdicts(&out), [(0, true, None)], "{out:?}");
}

#[test]
fn a_same_origin_effect_is_allowed_without_asking() {
    let mut c = acting(label());
    let out = c.on_effect_check(
        0,
        EffectKind::Submit,
        submitter("https://shop.example/s"),
        SHOP,
    );
    assert_eq!(effect_verdicts(&out), [(0, true, None)]);
    let out = c.on_effect_check(0, EffectKind::Link, link("https://shop.example/next"), SHOP);
    assert_eq!(effect_verdicts(&out), [(0, true, None)]);
    assert_eq!(c.scope().navigations(), 0);
}

#[test]
fn an_effect_of_an_action_that_is_not_acting_is_denied() {
    let mut c = acting(label());
    let out = c.on_effect_check(1, EffectKind::Link, link(ATTACKER), SHOP);
    assert!(matches!(effect_verdicts(&out)[..], [(1, false, Some(_))]));
    let mut idle = asked(10);
    let out = idle.on_effect_check(0, EffectKind::Link, link(ATTACKER), SHOP);
    assert!(matches!(effect_verdicts(&out)[..], [(0, false, Some(_))]));
}

#[test]
fn a_new_window_elsewhere_is_asked_about() {
    let mut c = acting(label());
    let blank = TargetFacts {
        target: Some("_blank".into()),
        ..link(ATTACKER)
    };
    let out = c.on_effect_check(0, EffectKind::Window, blank, SHOP);
    let (_, request) = asked_about(&out);
    assert!(request
        .description
        .starts_with("The page would open a new window"));
}

#[test]
fn stop_while_an_effect_waits_for_the_user_ends_the_task() {
    let mut c = acting(label());
    let out = c.on_effect_check(0, EffectKind::Link, link(ATTACKER), SHOP);
    let (id, _) = asked_about(&out);
    c.stop();
    assert!(c.on_approval(id, Some(ApprovalDecision::Once)).is_empty());
}
