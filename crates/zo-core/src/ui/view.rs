//! Rendering decisions of the side panel, without a DOM: how reasoning is shown, which error
//! card a failure gets (`failure_view`), how an action reads in the timeline (the worker masked
//! secret fills), tool results as readable text ([`tool_result`]), and the labels of the timer, the elapsed time and the progress indicators.

use crate::cobrowse::MASK;
use crate::page::text::{collapse_whitespace, ellipsize};
use crate::ui::history::MessageStatus;
use crate::wire::action::{Action, Direction};
use crate::wire::json::{parse, Node};
use crate::wire::protocol::{ActionResult, ActionStatus};

/// Reasoning up to this many characters (and lines) shows inline; longer collapses.
pub const SHORT_REASONING_CHARS: usize = 280;
pub const SHORT_REASONING_LINES: usize = 3;
/// Longest tool result or extracted value shown in full when expanded.
pub const DETAIL_CHARS: usize = 2000;
/// Longest typed value a timeline row shows on its line (all of it is in the details).
pub const TYPED_CHARS: usize = 40;
/// Most characters of an element's name a timeline row shows.
pub const NAME_CHARS: usize = 48;
/// Length of a tool result's one-line summary.
pub const SUMMARY_CHARS: usize = 120;

/// How a message's final reasoning is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReasoningDisplay {
    /// Short: inline muted prose.
    Inline,
    /// Long: a collapsed "Thought" disclosure.
    Collapsed,
}

pub fn reasoning_display(reasoning: &str) -> ReasoningDisplay {
    let text = reasoning.trim();
    if text.chars().count() <= SHORT_REASONING_CHARS
        && text.lines().count() <= SHORT_REASONING_LINES
    {
        ReasoningDisplay::Inline
    } else {
        ReasoningDisplay::Collapsed
    }
}

mod failure_advice;
mod run_line;
mod tool_result;
pub use failure_advice::failure_advice;
pub use run_line::{run_duration, run_line};
pub use tool_result::tool_result;

pub use super::failure_view::{
    connection_lost_card, empty_answer_failure, error_card, ErrorCard, ErrorKind, EMPTY_ANSWER,
};

pub fn reconnect_label(attempt: u32, max: u32) -> String {
    format!("Reconnecting (attempt {attempt} of {max})")
}

/// The live processing timer and every duration the panel shows, read the same way as a
/// run's: `4.2 s`, then `1 min 21 s` ([`run_duration`]).
pub fn format_elapsed(ms: u64) -> String {
    run_duration(ms)
}

/// The footer of a finished answer: `Stopped` when the user stopped it, the time it took when
/// known, or both (`Stopped · 4.2s`); empty when neither applies.
pub fn elapsed_label(status: MessageStatus, elapsed_ms: Option<u64>) -> String {
    let stopped = (status == MessageStatus::Stopped).then_some("Stopped");
    match (stopped, elapsed_ms.map(format_elapsed)) {
        (Some(label), Some(time)) => format!("{label} · {time}"),
        (Some(label), None) => label.to_string(),
        (None, Some(time)) => time,
        (None, None) => String::new(),
    }
}

/// An answer's footer: its mode, the model it was asked of (when one was chosen) and how long
/// it took ("Ask · Zo Fast · 4.2s"; a stopped answer says so).
pub fn footer_label(
    mode: &str,
    model: Option<&str>,
    status: MessageStatus,
    elapsed_ms: Option<u64>,
) -> String {
    let elapsed = elapsed_label(status, elapsed_ms);
    [mode, model.unwrap_or_default(), elapsed.as_str()]
        .iter()
        .filter(|p| !p.trim().is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The name of the mode `message` was asked in: its custom mode's name as it was then, else
/// the built-in mode's label.
pub fn mode_label_of(message: &crate::ui::history::Message) -> &str {
    message
        .custom_mode
        .as_ref()
        .map_or(crate::ui::modes::mode_label(message.mode), |c| {
            c.name.as_str()
        })
}

/// Silence after which the liveness indicator says how long nothing arrived.
pub const QUIET_AFTER_MS: u64 = 8_000;

/// The progress indicator while an answer streams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Indicator {
    /// Thinking text is arriving.
    Thinking,
    /// Nothing visible yet and no thinking: proof of life with the last status.
    Working {
        label: String,
    },
    Reconnecting {
        attempt: u32,
        max: u32,
    },
    /// Co-browse actions are running in the page.
    Acting,
    /// A Co-browse action waits for the user's approval.
    Approval,
    /// After a failure, the run waits for the user's choice: run the rest of the step, or skip.
    Choice,
    /// The answer itself is streaming.
    Answering,
}

impl Indicator {
    pub fn label(&self) -> String {
        match self {
            Indicator::Thinking => "Thinking…".into(),
            Indicator::Working { label } => label.clone(),
            Indicator::Reconnecting { attempt, max } => reconnect_label(*attempt, *max),
            Indicator::Acting => "Working in the page…".into(),
            Indicator::Approval => "Waiting for your approval…".into(),
            Indicator::Choice => "Waiting for you: run the rest of the step, or skip it…".into(),
            Indicator::Answering => "Answering…".into(),
        }
    }
}

/// Label of the liveness indicator when no thinking arrives: the last lifecycle status, and
/// once the stream has been quiet a while, for how long.
pub fn working_label(status: Option<&str>, quiet_ms: u64) -> String {
    let base = match status.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => {
            let mut c = s.chars();
            match c.next() {
                Some(first) => format!("{}{}…", first.to_uppercase(), c.as_str()),
                None => "Working…".into(),
            }
        }
        None => "Working…".into(),
    };
    if quiet_ms >= QUIET_AFTER_MS {
        format!("{base} (no update for {}s)", quiet_ms / 1000)
    } else {
        base
    }
}

/// One action as the timeline shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimelineRow {
    pub status: ActionStatus,
    /// e.g. "Click", "Fill", "Navigate".
    pub title: String,
    /// One-line target: what the element is called (`“I agree”`) when the action was checked
    /// on one, else the selector or URL.
    pub target: String,
    /// The target as written (the selector or URL), for a tooltip.
    pub tooltip: String,
    /// `target` is the element's name, not a selector.
    pub named: bool,
    /// (label, value) details for the expanded view.
    pub details: Vec<(String, String)>,
    /// What a fill typed, quoted and cut short for the row's one line (a secret stays
    /// masked: the worker masked it before it reached the panel).
    pub typed: Option<String>,
    /// The action was refused (by the containment policy or the user): a failed action whose
    /// status reads "refused".
    pub refused: bool,
    /// An approval card about the action waits for the user: the action does not run yet,
    /// whatever the page reported, and the row says it waits.
    pub waiting: bool,
}

impl TimelineRow {
    /// The row's state by name, for styling: its status, or `"waiting"` while an approval
    /// about it waits.
    pub fn state_name(&self) -> &'static str {
        if self.waiting && !self.status.is_final() {
            "waiting"
        } else {
            status_label(self.status)
        }
    }

    /// The status as the row shows it.
    pub fn status_text(&self) -> &'static str {
        if self.refused {
            "refused"
        } else if self.waiting && !self.status.is_final() {
            "waiting for you"
        } else {
            status_label(self.status)
        }
    }
}

pub fn status_label(status: ActionStatus) -> &'static str {
    match status {
        ActionStatus::Pending => "pending",
        ActionStatus::Running => "running",
        ActionStatus::Done => "done",
        ActionStatus::Failed => "failed",
        ActionStatus::Skipped => "skipped",
    }
}

/// Short, one-line summary of a longer text (tool results).
pub fn summary(text: &str) -> String {
    ellipsize(&collapse_whitespace(text), SUMMARY_CHARS)
}

/// Longer text for an expanded detail.
pub fn detail(text: &str) -> String {
    ellipsize(text, DETAIL_CHARS)
}

/// How an action (already masked) and its result read in the timeline.
pub fn timeline_row(action: &Action, result: Option<&ActionResult>) -> TimelineRow {
    let mut details: Vec<(String, String)> = Vec::new();
    let (title, target) = match action {
        Action::Navigate { url } => ("Navigate", url.to_string()),
        Action::Click { selector } => ("Click", selector.to_string()),
        Action::Fill { selector, value } => {
            details.push(("Value".into(), ellipsize(value, 200)));
            ("Fill", selector.to_string())
        }
        Action::Extract {
            selector,
            attribute,
        } => {
            if let Some(a) = attribute {
                details.push(("Attribute".into(), a.clone()));
            }
            ("Extract", selector.to_string())
        }
        Action::Scroll {
            direction,
            selector,
            amount,
        } => {
            let dir = match direction {
                Direction::Up => "up",
                Direction::Down => "down",
            };
            if let Some(a) = amount {
                details.push(("Amount".into(), format!("{a} px")));
            }
            let target = match selector {
                Some(s) => format!("{dir} in {s}"),
                None => dir.to_string(),
            };
            ("Scroll", target)
        }
        Action::Wait { ms } => ("Wait", format!("{} ms", ms.get())),
        Action::Done { response } => ("Done", summary(response)),
    };
    if let Some(sel) = action.selector() {
        details.insert(0, ("Selector".into(), sel.to_string()));
    }
    if let Action::Navigate { url } = action {
        details.insert(0, ("URL".into(), url.to_string()));
    }
    if let Some(r) = result {
        if let Some(Ok(v)) = r.value.as_ref().map(|v| parse(v.as_str())) {
            details.extend(result_details(action, &v));
        }
        if let Some(e) = &r.error {
            let label = if e.code == crate::wire::protocol::ActionErrorCode::Refused {
                "Why"
            } else {
                // What the person can do first; the technical reason after it.
                details.push(("What to do".into(), failure_advice(e.code).into()));
                "Error"
            };
            details.push((label.into(), e.message.clone()));
        }
    }
    let refused = result
        .and_then(|r| r.error.as_ref())
        .is_some_and(|e| e.code == crate::wire::protocol::ActionErrorCode::Refused);
    // "Click “I agree”", "Fill “Name” with “Ada”": the element as people call it, when the
    // machine learned its name from the facts it checked.
    let name = match action {
        // An extract's element is named by the very text it reads: its selector says more.
        Action::Click { .. } | Action::Fill { .. } => result
            .and_then(|r| r.target_name.as_deref())
            .map(|n| crate::page::text::short_label(n, NAME_CHARS))
            .filter(|n| !n.is_empty()),
        _ => None,
    };
    let typed = match action {
        Action::Fill { value, .. } => Some(format!(
            "{}\u{201c}{}\u{201d}",
            if name.is_some() { "with " } else { "" },
            crate::page::text::short_label(value, TYPED_CHARS)
        )),
        _ => None,
    };
    TimelineRow {
        typed,
        status: result.map(|r| r.status).unwrap_or_default(),
        title: title.into(),
        named: name.is_some(),
        target: match &name {
            Some(n) => format!("\u{201c}{n}\u{201d}"),
            None => target.clone(),
        },
        tooltip: target,
        details,
        refused,
        waiting: false,
    }
}

/// A JSON value as plain text: strings bare, numbers as written, objects as `key: value`
/// pairs in key order (a key named twice once, with its last value), never braces.
pub(crate) fn plain(value: &Node) -> String {
    match value {
        Node::Str(s) => s.to_string(),
        Node::Null => String::new(),
        Node::Bool(b) => b.to_string(),
        Node::Num(n) => n.to_string(),
        Node::Arr(items) => items.iter().map(plain).collect::<Vec<_>>().join(", "),
        Node::Obj(members) => {
            let mut keys: Vec<&str> = members.iter().map(|(k, _)| k.as_ref()).collect();
            keys.sort_unstable();
            keys.dedup();
            keys.iter()
                .filter_map(|k| value.get(k).map(|v| format!("{k}: {}", plain(v))))
                .collect::<Vec<_>>()
                .join(", ")
        }
    }
}

fn as_bool(node: &Node) -> Option<bool> {
    match node {
        Node::Bool(b) => Some(*b),
        _ => None,
    }
}

fn as_u64(node: &Node) -> Option<u64> {
    match node {
        Node::Num(n) => n.parse().ok(),
        _ => None,
    }
}

/// The details an action's result value adds, by action kind (see `crate::wire::outcome` for the
/// shapes): an extract's text (noting truncation), where a scroll ended, how long a wait
/// took, what a fill left in the field when the page changed it.
fn result_details(action: &Action, value: &Node) -> Vec<(String, String)> {
    let field = |name: &str| value.get(name);
    match action {
        Action::Extract { .. } => {
            let text = match field("value") {
                Some(v) if matches!(value, Node::Obj(_)) => plain(v),
                _ => plain(value),
            };
            let mut out = vec![("Extracted".to_string(), detail(&text))];
            if field("truncated").and_then(as_bool) == Some(true) {
                let length = field("length").and_then(as_u64).unwrap_or(0);
                out.push(("Note".into(), format!("cut from {length} characters")));
            }
            out
        }
        Action::Fill { value: wanted, .. } => match field("value").and_then(|v| v.as_str()) {
            Some(now) if now != wanted && wanted != MASK => {
                vec![("Field now".into(), ellipsize(now, 200))]
            }
            _ => Vec::new(),
        },
        Action::Scroll { .. } => {
            let (Some(x), Some(y)) = (field("x"), field("y")) else {
                return Vec::new();
            };
            let mut pos = format!("x {}, y {}", plain(x), plain(y));
            if field("atEnd").and_then(as_bool) == Some(true) {
                pos.push_str(" (at the end)");
            }
            vec![("Position".into(), pos)]
        }
        Action::Wait { .. } => field("ms")
            .and_then(as_u64)
            .map(|ms| vec![("Waited".into(), format!("{ms} ms"))])
            .unwrap_or_default(),
        Action::Click { .. } | Action::Done { .. } => Vec::new(),
        Action::Navigate { .. } => {
            let text = plain(value);
            if text.is_empty() {
                Vec::new()
            } else {
                vec![("Result".into(), detail(&text))]
            }
        }
    }
}

#[cfg(test)]
mod tests;
