//! A Co-browse task's reasoning kept per step: the worker's STEP_THOUGHT replaces the
//! thinking streamed for the step, later thinking is the next step's, and the end keeps all.

use super::*;
use crate::wire::protocol::{ActionResult, ActionStatus};

fn thinking(delta: &str) -> WorkerToPanel {
    WorkerToPanel::StreamReasoning {
        session_id: "s1".into(),
        delta: delta.into(),
    }
}

fn thought(step: u32, text: &str) -> WorkerToPanel {
    WorkerToPanel::StepThought {
        session_id: "s1".into(),
        step,
        text: text.into(),
    }
}

fn clicked(step: u32) -> WorkerToPanel {
    WorkerToPanel::ActionStatus {
        session_id: "s1".into(),
        step,
        index: 0,
        action: Action::Click {
            selector: Selector::parse("#a").unwrap(),
        },
        result: ActionResult {
            index: 0,
            status: ActionStatus::Done,
            value: None,
            error: None,
            settle_ms: None,
            target_name: None,
        },
    }
}

fn last_thoughts(changes: &[Change]) -> Option<Vec<crate::ui::reasoning::ThoughtView>> {
    changes.iter().rev().find_map(|c| match c {
        Change::Thoughts(v) => Some(v.clone()),
        _ => None,
    })
}

#[test]
fn each_step_keeps_its_reasoning_and_the_end_keeps_them_all() {
    let mut t = turn(Mode::Cobrowse);
    t.apply(&thinking("Pricing is "));
    t.apply(&thinking("in the menu."));
    let c = t.apply(&thought(1, "I will open **Pricing**."));
    let views = last_thoughts(&c).unwrap();
    assert_eq!(views.len(), 1);
    assert_eq!(
        views[0].html,
        "<p>I will open <strong>Pricing</strong>.</p>"
    );
    t.apply(&clicked(1));
    t.apply(&thinking("The price is on the page."));
    t.apply(&thought(2, "Read the Pro price."));
    t.apply(&clicked(2));
    // The last step's reasoning comes again with the final result: kept once.
    let c = t.apply(&WorkerToPanel::StreamDone {
        session_id: "s1".into(),
        result: FinalResult {
            status: FinalStatus::Succeeded,
            text: "Pro is $20.".into(),
            reasoning: Some("Read the Pro price.".into()),
            ..Default::default()
        },
    });
    let views = last_thoughts(&c).unwrap();
    let labels: Vec<_> = views.iter().map(|v| v.label.clone().unwrap()).collect();
    assert_eq!(labels, vec!["Step 1", "Step 2"]);
    assert_eq!(
        t.message.thoughts,
        vec!["I will open **Pricing**.", "Read the Pro price."]
    );
    assert_eq!(t.message.reasoning, None);
}

#[test]
fn thinking_of_a_step_that_did_not_end_is_kept_as_that_step() {
    let mut t = turn(Mode::Cobrowse);
    t.apply(&thought(1, "Open the menu."));
    t.apply(&clicked(1));
    t.apply(&thought(2, "Click Pricing."));
    t.apply(&clicked(2));
    t.apply(&clicked(3));
    t.apply(&thinking("Now the table"));
    let c = t.stop();
    let views = last_thoughts(&c).unwrap();
    let labels: Vec<_> = views.iter().map(|v| v.label.clone().unwrap()).collect();
    assert_eq!(labels, vec!["Step 1", "Step 2", "Step 4"]);
    assert_eq!(t.message.thoughts[3], "Now the table");
}

#[test]
fn an_answer_of_one_ask_keeps_one_reasoning() {
    let mut t = turn(Mode::Ask);
    t.apply(&thinking("Thinking aloud"));
    t.apply(&done("ok", FinalStatus::Succeeded));
    assert_eq!(t.message.reasoning.as_deref(), Some("Thinking aloud"));
    assert!(t.message.thoughts.is_empty());
    // A step number out of range is ignored.
    let mut t = turn(Mode::Cobrowse);
    assert!(t.apply(&thought(0, "x")).is_empty());
    assert!(t.apply(&thought(1000, "x")).is_empty());
}
