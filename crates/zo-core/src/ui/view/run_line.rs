//! The one line a Co-browse run folds to once it ended ("Ran 7 actions in 1.4 s"): how many
//! of its actions ran, how long the run took, and what did not go through.

use crate::ui::history::Message;
use crate::wire::action::Action;
use crate::wire::protocol::ActionStatus;

/// How long something took, everywhere in the panel: `0.8 s`, `14.2 s`, `1 min 21 s`,
/// `2 min 5 s`.
pub fn run_duration(ms: u64) -> String {
    if ms < 60_000 {
        format!("{}.{} s", ms / 1000, (ms % 1000) / 100)
    } else {
        format!("{} min {} s", ms / 60_000, (ms % 60_000) / 1000)
    }
}

/// The folded line of `message`'s action timeline, or None when it ran no action. The `done`
/// action is the answer itself, not a row, and is not counted.
pub fn run_line(message: &Message) -> Option<String> {
    let actions: Vec<ActionStatus> = message
        .timeline
        .iter()
        .filter(|e| !matches!(e.action, Action::Done { .. }))
        .map(|e| e.status)
        .collect();
    if actions.is_empty() {
        return None;
    }
    let total = actions.len();
    let count = |s: ActionStatus| actions.iter().filter(|&&a| a == s).count();
    let done = count(ActionStatus::Done);
    let noun = |n: usize| if n == 1 { "action" } else { "actions" };
    let mut line = if done == total {
        format!("Ran {total} {}", noun(total))
    } else {
        format!("Ran {done} of {total} {}", noun(total))
    };
    if let Some(ms) = message.elapsed_ms {
        line.push_str(&format!(" in {}", run_duration(ms)));
    }
    let mut rest = Vec::new();
    for (status, word) in [
        (ActionStatus::Failed, "failed"),
        (ActionStatus::Skipped, "skipped"),
    ] {
        let n = count(status);
        if n > 0 {
            rest.push(format!("{n} {word}"));
        }
    }
    if !rest.is_empty() {
        line.push_str(" · ");
        line.push_str(&rest.join(", "));
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::history::TimelineEntry;
    use crate::wire::action::Selector;
    use crate::wire::protocol::Mode;

    fn entry(action: Action, status: ActionStatus) -> TimelineEntry {
        TimelineEntry {
            step: 1,
            index: 0,
            action,
            status,
            value: None,
            error: None,
            target_name: None,
        }
    }

    fn click(status: ActionStatus) -> TimelineEntry {
        entry(
            Action::Click {
                selector: Selector::parse("#a").unwrap(),
            },
            status,
        )
    }

    fn message(timeline: Vec<TimelineEntry>, elapsed_ms: Option<u64>) -> Message {
        let mut m = Message::assistant("a".into(), Mode::Cobrowse, "s".into(), "q".into());
        m.timeline = timeline;
        m.elapsed_ms = elapsed_ms;
        m
    }

    #[test]
    fn a_run_folds_to_its_count_and_time_without_the_done() {
        let mut timeline = vec![click(ActionStatus::Done); 7];
        timeline.push(entry(
            Action::Done {
                response: "ok".into(),
            },
            ActionStatus::Done,
        ));
        assert_eq!(
            run_line(&message(timeline, Some(1_430))).as_deref(),
            Some("Ran 7 actions in 1.4 s")
        );
        assert_eq!(
            run_line(&message(vec![click(ActionStatus::Done)], None)).as_deref(),
            Some("Ran 1 action")
        );
        assert_eq!(run_line(&message(Vec::new(), Some(5))), None);
    }

    #[test]
    fn what_did_not_go_through_is_said() {
        let timeline = vec![
            click(ActionStatus::Done),
            click(ActionStatus::Failed),
            click(ActionStatus::Skipped),
            click(ActionStatus::Skipped),
        ];
        assert_eq!(
            run_line(&message(timeline, Some(125_000))).as_deref(),
            Some("Ran 1 of 4 actions in 2 min 5 s · 1 failed, 2 skipped")
        );
    }
}
