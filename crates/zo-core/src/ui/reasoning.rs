//! How an answer's reasoning is shown: through the same escaping and Markdown path as the
//! answer itself ([`crate::ui::markdown`]); short reasoning inline and muted, long reasoning
//! folded under "Thought" with a one-line summary. A Co-browse task keeps each step's
//! reasoning (`Message::thoughts`, one entry per step, blank for a step without any), labelled
//! with its step when the task took several.

use crate::page::text::ellipsize;
use crate::ui::history::Message;
use crate::ui::markdown::{self, to_plain};
use crate::ui::view::{reasoning_display, ReasoningDisplay};

/// Length of a folded thought's summary line, in characters.
pub const SUMMARY_CHARS: usize = 100;
/// Most steps whose reasoning a message keeps (a task never asks more than 25 times).
pub const MAX_THOUGHTS: usize = 32;

/// One step's reasoning as shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThoughtView {
    /// "Step 2" when the task took several steps.
    pub label: Option<String>,
    pub display: ReasoningDisplay,
    /// The first line of the reasoning as plain text, shortened (the folded line).
    pub summary: String,
    /// The reasoning rendered as Markdown, with the answer's safety policy.
    pub html: String,
}

/// The reasoning of `message` as shown: each step's when it kept several, else its one
/// reasoning.
pub fn thought_views(message: &Message) -> Vec<ThoughtView> {
    if message.thoughts.is_empty() {
        return message
            .reasoning
            .iter()
            .filter_map(|r| view(None, r))
            .collect();
    }
    let labelled = message.thoughts.len() > 1;
    message
        .thoughts
        .iter()
        .enumerate()
        .filter_map(|(i, text)| view(labelled.then(|| format!("Step {}", i + 1)), text))
        .collect()
}

fn view(label: Option<String>, text: &str) -> Option<ThoughtView> {
    let text = text.trim();
    (!text.is_empty()).then(|| ThoughtView {
        label,
        display: reasoning_display(text),
        summary: summary_line(text),
        html: markdown::render_html(text),
    })
}

/// The first non-blank line of `text` as plain text (Markdown marks removed), shortened.
pub fn summary_line(text: &str) -> String {
    let plain = to_plain(text);
    let line = plain
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    ellipsize(line, SUMMARY_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::protocol::Mode;

    fn message(reasoning: Option<&str>, thoughts: &[&str]) -> Message {
        let mut m = Message::assistant("a".into(), Mode::Ask, "s".into(), "q".into());
        m.reasoning = reasoning.map(str::to_string);
        m.thoughts = thoughts.iter().map(|t| t.to_string()).collect();
        m
    }

    #[test]
    fn reasoning_goes_through_the_answers_markdown_and_escaping() {
        let views = thought_views(&message(
            Some("I will **check** the <script>alert(1)</script> [page](javascript:alert(1))."),
            &[],
        ));
        assert_eq!(views.len(), 1);
        let v = &views[0];
        assert_eq!(v.label, None);
        assert_eq!(v.display, ReasoningDisplay::Inline);
        assert!(v.html.contains("<strong>check</strong>"), "{}", v.html);
        assert!(!v.html.contains("<script>"), "{}", v.html);
        assert!(!v.html.contains("javascript:"), "{}", v.html);
        assert_eq!(
            v.html,
            markdown::render_html(
                "I will **check** the <script>alert(1)</script> [page](javascript:alert(1))."
            )
        );
    }

    #[test]
    fn long_reasoning_folds_with_a_plain_one_line_summary() {
        let long = format!(
            "## Plan\n\nFirst I **read** the `pricing` table, then compare.\n\n{}",
            "More detail. ".repeat(60)
        );
        let v = &thought_views(&message(Some(&long), &[]))[0];
        assert_eq!(v.display, ReasoningDisplay::Collapsed);
        assert_eq!(v.summary, "Plan");
        let line = summary_line(&format!(
            "First I **read** the `pricing` table, {}",
            "then more ".repeat(20)
        ));
        assert_eq!(line.chars().count(), SUMMARY_CHARS + 1);
        assert!(line.starts_with("First I read the pricing table"), "{line}");
        assert!(line.ends_with('…'));
    }

    #[test]
    fn every_step_keeps_its_reasoning_labelled_with_its_step() {
        let views = thought_views(&message(None, &["Click Pricing.", "  ", "Read the price."]));
        let labels: Vec<_> = views.iter().map(|v| v.label.clone()).collect();
        assert_eq!(
            labels,
            vec![Some("Step 1".to_string()), Some("Step 3".to_string())]
        );
        assert!(views[1].html.contains("Read the price."));
        // One step: no label.
        assert_eq!(thought_views(&message(None, &["Only."]))[0].label, None);
        assert!(thought_views(&message(None, &[])).is_empty());
        assert!(thought_views(&message(Some("  "), &[])).is_empty());
    }
}
