//! The Co-browse follow-up prompt: each action's result, the page after the batch and the goal,
//! within its budget, the extension's notes outside the page block.

use super::super::*;
use super::{huge_page, page};
use crate::wire::action::{Action, HttpUrl, Selector};
use crate::wire::protocol::{ActionError, ActionErrorCode, ActionResult, ActionStatus};

fn outcome_fixture() -> (Vec<Action>, Vec<ActionResult>) {
    let actions = vec![
        Action::Navigate {
            url: HttpUrl::parse("https://shop.example/").unwrap(),
        },
        Action::Extract {
            selector: Selector::parse(".price").unwrap(),
            attribute: None,
        },
        Action::Fill {
            selector: Selector::parse("#qty").unwrap(),
            value: "3".to_string(),
        },
        Action::Click {
            selector: Selector::parse("#buy").unwrap(),
        },
    ];
    let results = vec![
        ActionResult {
            index: 0,
            status: ActionStatus::Done,
            value: Some(crate::wire::json::RawJson::from_value(
                &serde_json::json!({"url": "https://shop.example/"}),
            )),
            error: None,
            settle_ms: None,
            target_name: None,
        },
        ActionResult {
            index: 1,
            status: ActionStatus::Done,
            value: Some(crate::wire::json::RawJson::from_value(
                &serde_json::json!({"value": "$25 / month", "truncated": false, "length": 11}),
            )),
            error: None,
            settle_ms: None,
            target_name: None,
        },
        ActionResult {
            index: 2,
            status: ActionStatus::Failed,
            value: None,
            error: Some(ActionError {
                code: ActionErrorCode::NotFound,
                message: "no element matches #qty after 5000 ms".to_string(),
            }),
            settle_ms: None,
            target_name: None,
        },
        ActionResult {
            index: 3,
            status: ActionStatus::Skipped,
            value: None,
            error: None,
            settle_ms: None,
            target_name: None,
        },
    ];
    (actions, results)
}

#[test]
fn followup_reports_results_page_and_goal() {
    let (actions, results) = outcome_fixture();
    let outcomes: Vec<_> = actions
        .iter()
        .zip(&results)
        .map(|(action, result)| StepOutcome { action, result })
        .collect();
    let mut p = page();
    p.url = "https://shop.example/cart".to_string();
    let out = cobrowse_followup(&FollowUp {
        goal: "buy three Pro plans",
        step: 2,
        max_steps: 10,
        outcomes: &outcomes,
        interrupted: None,
        page: Ok(&p),
        notes: &[],
    });
    assert!(out.contains("1. navigate https://shop.example/ -> done"));
    assert!(out.contains("2. extract .price -> done: $25 / month"));
    assert!(
        out.contains("3. fill #qty -> FAILED (not_found: no element matches #qty after 5000 ms)")
    );
    assert!(out.contains("4. click #buy -> skipped"));
    assert!(out.contains("The page is now: https://shop.example/cart"));
    assert!(out.contains("#email input[email]"));
    assert!(out.contains("buy three Pro plans"));
    assert!(out.contains("Step 2 of 10"));
    assert!(!out.contains("last step"));
    assert!(!out.contains(COMPACT_ACTION_SCHEMA));
    assert!(char_len(&out) <= FOLLOWUP_BUDGET.total);

    let last = cobrowse_followup(&FollowUp {
        step: 10,
        interrupted: Some("the page navigated away"),
        page: Err("no content script"),
        ..FollowUp {
            goal: "g",
            step: 0,
            max_steps: 10,
            outcomes: &outcomes,
            interrupted: None,
            page: Ok(&p),
            notes: &[],
        }
    });
    assert!(last.contains("This is your last step"));
    assert!(last.contains("The batch ended early: the page navigated away"));
    assert!(last.contains("unavailable: no content script"));
}

#[test]
fn followup_budget_is_enforced() {
    let p = huge_page();
    let big = ActionResult {
        index: 0,
        status: ActionStatus::Done,
        value: Some(crate::wire::json::RawJson::from_value(
            &serde_json::Value::String("v".repeat(100_000)),
        )),
        error: None,
        settle_ms: None,
        target_name: None,
    };
    let extract = Action::Extract {
        selector: Selector::parse("#x").unwrap(),
        attribute: None,
    };
    let outcomes: Vec<_> = (0..500)
        .map(|_| StepOutcome {
            action: &extract,
            result: &big,
        })
        .collect();
    let goal = "g".repeat(100_000);
    let out = cobrowse_followup(&FollowUp {
        goal: &goal,
        step: 3,
        max_steps: 10,
        outcomes: &outcomes,
        interrupted: Some(&goal),
        page: Ok(&p),
        notes: &[],
    });
    assert!(
        char_len(&out) <= FOLLOWUP_BUDGET.total,
        "{}",
        char_len(&out)
    );
    assert!(out.contains("more not shown"));
    assert!(out.contains("Step 3 of 10"));
}

#[test]
fn followup_carries_the_extensions_notes_outside_the_page() {
    let p = page();
    let notes = ["Only the first 20 of the 300 actions ran.".to_string()];
    let out = cobrowse_followup(&FollowUp {
        goal: "g",
        step: 2,
        max_steps: 10,
        outcomes: &[],
        interrupted: None,
        page: Ok(&p),
        notes: &notes,
    });
    let note = out
        .find("Note from the extension: Only the first 20 of the 300 actions ran.")
        .expect("the note is in the prompt");
    let (open, close) = (out.find("<page>\n").unwrap(), out.find("</page>").unwrap());
    assert!(note < open || note > close, "the note is not page content");
}
