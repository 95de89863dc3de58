//! Co-browse state machine tests of landings: a page committed outside the task's set ends
//! it, moves the policy did not count count towards the navigation cap, and blocked
//! navigations are told to the panel and to Zo (by their origin only).

use super::*;
use crate::trust::policy::MAX_NAVIGATIONS;

/// A loop on the shop whose goal names `docs.example`, its first answer two clicks (a batch
/// runs).
fn running() -> Cobrowse {
    let mut c = Cobrowse::new("compare with docs.example", 10, None);
    c.start(SHOP);
    c.on_snapshot(Ok(page(SHOP)));
    let out = c.on_answer(answer(vec![click("#a"), click("#b")]));
    assert!(out
        .iter()
        .any(|cmd| matches!(cmd, Command::RunBatch { .. })));
    c
}

fn finish(cmds: &[Command]) -> Option<(&str, FinishReason)> {
    cmds.iter().find_map(|c| match c {
        Command::Finish { text, reason } => Some((text.as_str(), *reason)),
        _ => None,
    })
}

fn notes(cmds: &[Command]) -> Vec<&str> {
    cmds.iter()
        .filter_map(|c| match c {
            Command::Note { text } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_page_of_the_same_origin_changes_nothing() {
    let mut c = running();
    assert_eq!(c.on_landed("https://shop.example/cart?id=1"), vec![]);
    assert_eq!(c.on_landed("https://shop.example/"), vec![]);
    assert_eq!(c.scope().navigations(), 0);
    assert!(!c.is_finished());
}

#[test]
fn a_tab_outside_the_set_ends_the_task_and_says_where_without_the_data() {
    let mut c = running();
    let out = c.on_landed("https://evil.example/collect?d=secret-token");
    assert_eq!(out.first(), Some(&Command::CancelBatch));
    assert_eq!(
        statuses(&out),
        vec![(0, ActionStatus::Skipped), (1, ActionStatus::Skipped)]
    );
    let (text, reason) = finish(&out).unwrap();
    assert_eq!(reason, FinishReason::Contained);
    assert!(text.contains("https://evil.example"), "{text}");
    assert!(!text.contains("secret-token"), "{text}");
    assert!(c.is_finished());
    // Nothing after the end.
    assert_eq!(c.on_landed("https://evil.example/"), vec![]);
    assert_eq!(c.on_blocked("https://evil.example/"), vec![]);
}

#[test]
fn another_port_of_the_same_host_is_outside() {
    let mut c = Cobrowse::new("fill the form", 10, None);
    c.start("http://127.0.0.1:4000/form.html");
    c.on_snapshot(Ok(page("http://127.0.0.1:4000/form.html")));
    assert_eq!(c.on_landed("http://127.0.0.1:4000/done.html"), vec![]);
    let out = c.on_landed("http://127.0.0.1:4001/collect?d=1");
    assert_eq!(finish(&out).map(|f| f.1), Some(FinishReason::Contained));
}

#[test]
fn addresses_outside_the_web_end_the_task_and_an_empty_window_does_not() {
    let mut c = running();
    assert_eq!(c.on_landed("about:blank"), vec![]);
    let out = c.on_landed("data:text/html,<b>hi</b>");
    assert_eq!(finish(&out).map(|f| f.1), Some(FinishReason::Contained));
}

#[test]
fn a_move_the_policy_did_not_count_counts_and_past_the_cap_ends_the_task() {
    let mut c = running();
    // The page's script moves the tab to a named site, and back, and so on.
    let mut ended = None;
    for i in 0..=MAX_NAVIGATIONS {
        let url = if i % 2 == 0 {
            "https://docs.example/"
        } else {
            SHOP
        };
        let out = c.on_landed(url);
        if i == 0 {
            // The named site joins the set (read-write) as a navigate would make it.
            assert!(
                out.iter().any(|cmd| matches!(cmd, Command::Scope { .. })),
                "{out:?}"
            );
        }
        if let Some(f) = finish(&out) {
            ended = Some((i, f.1, f.0.to_string()));
            break;
        }
    }
    let (at, reason, text) = ended.unwrap();
    assert_eq!(at, MAX_NAVIGATIONS);
    assert_eq!(reason, FinishReason::Contained);
    assert!(text.contains("limit"), "{text}");
}

#[test]
fn a_navigate_is_counted_once_when_its_page_commits() {
    let mut c = Cobrowse::new("read docs.example", 10, None);
    c.start(SHOP);
    c.on_snapshot(Ok(page(SHOP)));
    let out = c.on_answer(answer(vec![
        navigate("https://docs.example/a"),
        extract("h1"),
    ]));
    assert!(out
        .iter()
        .any(|cmd| matches!(cmd, Command::Navigate { .. })));
    assert_eq!(c.scope().navigations(), 1);
    assert_eq!(c.on_landed("https://docs.example/a"), vec![]);
    assert_eq!(c.scope().navigations(), 1);
    c.on_navigated(Ok("https://docs.example/a".to_string()));
    // The page then moves itself back to the shop: that one counts.
    c.on_landed(SHOP);
    assert_eq!(c.scope().navigations(), 2);
}

#[test]
fn a_blocked_navigation_is_told_to_the_panel_and_to_zo_by_its_origin() {
    let mut c = running();
    let out = c.on_blocked("http://127.0.0.1:4001/collect?d=card-4242");
    assert_eq!(
        notes(&out),
        ["Blocked: the page tried to go to http://127.0.0.1:4001 (outside this task)."]
    );
    assert!(!c.is_finished());
    for _ in 0..5 {
        c.on_blocked("https://evil.example/x?y");
    }
    c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None), ok(1, None)],
        interrupted: None,
    });
    let out = c.on_snapshot(Ok(page(SHOP)));
    let prompt = ask_prompt(&out);
    assert!(
        prompt.contains("http://127.0.0.1:4001, outside this task"),
        "{prompt}"
    );
    assert!(!prompt.contains("card-4242"), "{prompt}");
    assert_eq!(
        prompt
            .matches("outside this task; the extension blocked it")
            .count(),
        super::super::landing::MAX_BLOCKED_NOTES
    );
    // The next prompt starts afresh.
    c.on_answer(answer(vec![click("#a")]));
    c.on_blocked("https://evil.example/");
    c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None)],
        interrupted: None,
    });
    let prompt = ask_prompt(&c.on_snapshot(Ok(page(SHOP)))).to_string();
    assert_eq!(prompt.matches("the extension blocked it").count(), 1);
}

#[test]
fn a_blocked_send_is_told_once_per_origin_without_its_data() {
    let mut c = running();
    let out = c.on_send_blocked("http://127.0.0.1:4001/collect?d=card-4242");
    assert_eq!(
        notes(&out),
        ["Blocked: the page tried to send data to http://127.0.0.1:4001 (outside this task)."]
    );
    // A page that retries its beacon is told of once.
    for _ in 0..50 {
        assert_eq!(
            c.on_send_blocked("http://127.0.0.1:4001/collect?d=again"),
            vec![]
        );
    }
    assert!(!c.is_finished());
    c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None), ok(1, None)],
        interrupted: None,
    });
    let prompt = ask_prompt(&c.on_snapshot(Ok(page(SHOP)))).to_string();
    assert!(
        prompt.contains("The page tried to send data to http://127.0.0.1:4001, outside this task"),
        "{prompt}"
    );
    assert!(!prompt.contains("card-4242"), "{prompt}");
    // Many origins: the panel and Zo hear of a bounded number.
    let told = (0..40)
        .filter(|i| {
            !c.on_send_blocked(&format!("https://o{i}.example/"))
                .is_empty()
        })
        .count();
    assert_eq!(told, super::super::landing::MAX_SEND_BLOCKED - 1);
    // Once the task ended, nothing more is told.
    c.stop();
    assert_eq!(c.on_send_blocked("https://late.example/"), vec![]);
}

#[test]
fn a_blocked_send_offers_its_origin_and_the_yes_is_told_to_zo() {
    use crate::trust::policy::Origin;
    let mut c = running();
    let out = c.on_send_blocked("http://127.0.0.1:4001/collect?d=card-4242");
    let offers: Vec<_> = out
        .iter()
        .filter_map(|c| match c {
            Command::OfferSend { origin } => Some(origin.as_str()),
            _ => None,
        })
        .collect();
    // The offer names the origin, never the address and its data.
    assert_eq!(offers, ["http://127.0.0.1:4001"]);
    let origin = Origin::of("http://127.0.0.1:4001").unwrap();
    assert_eq!(
        notes(&c.on_send_allowed(&origin)),
        ["Allowed: the page may send data to 127.0.0.1:4001 for the rest of this task."]
    );
    c.on_batch_done(BatchOutcome {
        results: vec![ok(0, None), ok(1, None)],
        interrupted: None,
    });
    let prompt = ask_prompt(&c.on_snapshot(Ok(page(SHOP)))).to_string();
    assert!(
        prompt.contains("The user allowed the page to send data to 127.0.0.1:4001"),
        "{prompt}"
    );
    c.stop();
    assert_eq!(c.on_send_allowed(&origin), vec![]);
}

#[test]
fn a_form_the_policy_allowed_lets_its_destination_through() {
    use crate::wire::facts::{FormFacts, TargetFacts};
    let mut c = running();
    let facts = |action: &str| TargetFacts {
        tag: "button".to_string(),
        submits: Some(FormFacts {
            action: Some(action.to_string()),
            ..FormFacts::default()
        }),
        ..TargetFacts::default()
    };
    // A form of the page's own origin needs nothing.
    assert_eq!(
        c.on_allowed(Some(&facts("https://shop.example/cart"))),
        None
    );
    assert_eq!(c.on_allowed(None), None);
    let to = c.on_allowed(Some(&facts("http://127.0.0.1:4001/collect")));
    assert_eq!(
        to.map(|o| o.to_string()).as_deref(),
        Some("http://127.0.0.1:4001")
    );
    // The page it posted to is not outside the task: a navigation, counted, the origin
    // visited (read-only), as a navigate there would make it.
    let out = c.on_landed("http://127.0.0.1:4001/collect");
    assert!(!c.is_finished());
    assert_eq!(c.scope().navigations(), 1);
    let Some(Command::Scope { origins }) = out.first() else {
        panic!("{out:?}")
    };
    assert_eq!(origins[1].origin, "http://127.0.0.1:4001");
    assert_eq!(origins[1].access, crate::wire::approval::Access::ReadOnly);
}
