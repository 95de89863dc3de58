//! Co-browse state machine tests of the names the panel's timeline shows: an action's element
//! is named from the facts the machine checked, and never from what the page reports.

use super::*;
use crate::wire::facts::TargetFacts;

fn named(name: &str) -> Option<TargetFacts> {
    Some(TargetFacts {
        tag: "input".into(),
        input_type: Some("text".into()),
        name: name.into(),
        ..TargetFacts::default()
    })
}

fn status_name(cmds: &[Command]) -> Option<Option<String>> {
    cmds.iter().rev().find_map(|c| match c {
        Command::Status { result, .. } => Some(result.target_name.clone()),
        _ => None,
    })
}

#[test]
fn statuses_name_the_element_the_check_was_about() {
    let mut c = asked(10);
    let out = c.on_answer(answer(vec![
        Action::Fill {
            selector: Selector::parse("#name").unwrap(),
            value: "Ada".into(),
        },
        Action::Click {
            selector: Selector::parse("#go").unwrap(),
        },
    ]));
    // Before any check nothing is known.
    assert_eq!(status_name(&out), Some(None));
    c.on_action_check(0, named("  Full name  "), SHOP);
    // The page's report cannot choose the name.
    let out = c.on_action_progress(ActionResult {
        index: 0,
        status: ActionStatus::Done,
        value: None,
        error: None,
        settle_ms: None,
        target_name: Some("Forged".into()),
    });
    assert_eq!(status_name(&out), Some(Some("Full name".into())));
    // An element without a name has none.
    c.on_action_check(1, named("   "), SHOP);
    let out = c.on_action_progress(ActionResult {
        index: 1,
        status: ActionStatus::Done,
        value: None,
        error: None,
        settle_ms: None,
        target_name: None,
    });
    assert_eq!(status_name(&out), Some(None));
}
