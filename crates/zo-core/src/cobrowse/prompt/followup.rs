//! The Co-browse follow-up prompt (step 2 and later): what the previous step's actions did
//! (extracted values, errors, skipped ones), where the page is now and a fresh snapshot, within
//! [`FOLLOWUP_BUDGET`]. The results quote the page, so they go inside the untrusted block with
//! the snapshot, encoded like it. The action schema is not repeated: the conversation already
//! has it.

use super::render::{self, char_len, line as untrusted_line, truncate};
use super::{assemble, fit_page, Budget, PageBudget, UNTRUSTED};
use crate::wire::action::Action;
use crate::wire::json::Node;
use crate::wire::protocol::{ActionResult, ActionStatus};
use crate::wire::snapshot::PageSnapshot;

/// The budget of a Co-browse follow-up prompt (step 2 and later).
pub const FOLLOWUP_BUDGET: Budget = Budget {
    total: 12_000,
    input: 500,
    page: PageBudget {
        elements: 5_000,
        text: 2_000,
    },
    screenshot: 0,
};
/// Characters the follow-up's action results may use.
pub const FOLLOWUP_RESULTS_MAX: usize = 3_000;

/// One executed (or skipped) action and its outcome, for the follow-up prompt.
#[derive(Debug, Clone, Copy)]
pub struct StepOutcome<'a> {
    pub action: &'a Action,
    pub result: &'a ActionResult,
}

/// Everything a Co-browse follow-up prompt is built from.
#[derive(Debug, Clone, Copy)]
pub struct FollowUp<'a> {
    pub goal: &'a str,
    /// The step this prompt starts (2 for the first follow-up).
    pub step: u32,
    pub max_steps: u32,
    /// The previous step's actions in order, with their results.
    pub outcomes: &'a [StepOutcome<'a>],
    /// Why the previous step ended early (page navigated away, content unreachable), if it did.
    pub interrupted: Option<&'a str>,
    /// A fresh snapshot of the page as it is now, or why there is none.
    pub page: Result<&'a PageSnapshot, &'a str>,
    /// Notes from the extension about the last step (actions dropped, refusals), one each.
    pub notes: &'a [String],
}

fn action_line(action: &Action) -> String {
    let arg = match action {
        Action::Navigate { url } => url.to_string(),
        Action::Click { selector } | Action::Extract { selector, .. } => selector.to_string(),
        Action::Fill { selector, .. } => selector.to_string(),
        Action::Scroll { direction, .. } => direction.as_str().to_string(),
        Action::Wait { ms } => format!("{} ms", ms.get()),
        Action::Done { .. } => String::new(),
    };
    let line = format!("{} {}", action.kind(), untrusted_line(&arg, 220));
    truncate(line.trim_end(), 220)
}

fn result_line(n: usize, o: &StepOutcome<'_>) -> String {
    let status = match o.result.status {
        ActionStatus::Pending => "not run",
        ActionStatus::Running => "interrupted while running",
        ActionStatus::Done => "done",
        ActionStatus::Failed => "FAILED",
        ActionStatus::Skipped => "skipped",
    };
    let mut line = format!("{n}. {} -> {status}", action_line(o.action));
    if let Some(err) = &o.result.error {
        let code = err.code.as_str();
        line.push_str(&format!(" ({code}: {})", untrusted_line(&err.message, 300)));
    }
    if let Some(value) = &o.result.value {
        let node = crate::wire::json::parse(value.as_str());
        let shown = match &node {
            Ok(Node::Str(s)) => s.to_string(),
            // extract's `{value, truncated, length}`.
            Ok(o @ Node::Obj(_)) if matches!(o.get("value"), Some(Node::Str(_))) => {
                let text = o.get("value").and_then(Node::as_str).unwrap_or_default();
                let cut = matches!(o.get("truncated"), Some(Node::Bool(true)));
                format!("{text}{}", if cut { " (truncated)" } else { "" })
            }
            // Any other value as its compact JSON text.
            _ => value.as_str().to_string(),
        };
        line.push_str(&format!(": {}", untrusted_line(&shown, 600)));
    }
    line
}

/// The follow-up prompt of a Co-browse step: what the last actions did, where the page is now,
/// and a fresh snapshot; at most [`FOLLOWUP_BUDGET`]`.total` characters.
pub fn cobrowse_followup(f: &FollowUp<'_>) -> String {
    let b = FOLLOWUP_BUDGET;
    let max_steps = f.max_steps.max(1);
    let mut results = String::from("Results of your last actions:\n");
    let mut results_len = char_len(&results);
    for (i, o) in f.outcomes.iter().enumerate() {
        let line = result_line(i + 1, o);
        let len = char_len(&line) + 1;
        if results_len + len > FOLLOWUP_RESULTS_MAX {
            results.push_str(&format!("({} more not shown)\n", f.outcomes.len() - i));
            break;
        }
        results.push_str(&line);
        results.push('\n');
        results_len += len;
    }
    if f.outcomes.is_empty() {
        results.push_str("(no actions ran)\n");
    }
    if let Some(why) = f.interrupted {
        results.push_str(&format!(
            "The batch ended early: {}\n",
            untrusted_line(why, 300)
        ));
    }
    if let Ok(p) = f.page {
        results.push_str(&format!(
            "The page is now: {}\n",
            untrusted_line(&p.url, render::HEADER_MAX)
        ));
    }
    let last = f.step >= max_steps;
    let instructions = format!(
        "Step {} of {max_steps} of Co-browse. Reply with one JSON object of actions in the same \
         format as before, using selectors from the fresh snapshot below.{}\n{UNTRUSTED}",
        f.step,
        if last {
            " This is your last step: reply with a done action that answers the user now, \
             saying what is left undone if the goal was not reached."
        } else {
            " When the goal is reached, reply with done and the answer for the user."
        }
    );
    let goal = format!(
        "User's goal (unchanged):\n{}\n",
        truncate(f.goal.trim(), b.input)
    );
    let notes = notes_section(f.notes);
    let fixed = char_len(&instructions) + char_len(&results) + char_len(&notes) + char_len(&goal);
    let page = render::page_block(&results, f.page, fit_page(b.total, fixed, b.page));
    assemble(&[&page, &notes, &goal, &instructions], b.total)
}

/// The extension's own notes (actions dropped, refusals), each on its line, at most 600
/// characters each. They are not page content, but they can quote what Zo proposed (a URL),
/// so they are encoded like the page to keep the fence unforgeable.
fn notes_section(notes: &[String]) -> String {
    notes
        .iter()
        .map(|n| format!("Note from the extension: {}\n", untrusted_line(n, 600)))
        .collect()
}
