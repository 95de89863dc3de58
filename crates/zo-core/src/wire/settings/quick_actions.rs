//! The quick-action chips under the side panel's input, as stored in the settings: each is a
//! label, the mode it asks in and the prompt it sends; a click asks that prompt in that mode
//! at once. The options page adds, edits, removes and resets them; the defaults are what a
//! new user sees. Limits keep a hand-edited or hostile store from flooding the panel.

use serde::{Deserialize, Serialize};

use crate::wire::protocol::Mode;

/// Most chips kept.
pub const MAX_QUICK_ACTIONS: usize = 12;
/// Longest label, in characters.
pub const MAX_LABEL_CHARS: usize = 40;
/// Longest prompt, in characters.
pub const MAX_PROMPT_CHARS: usize = 2_000;

/// One chip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuickAction {
    /// What the chip says.
    pub label: String,
    /// The mode the prompt is asked in.
    pub mode: Mode,
    /// What is asked.
    pub prompt: String,
}

impl QuickAction {
    pub fn new(label: &str, mode: Mode, prompt: &str) -> QuickAction {
        QuickAction {
            label: label.to_string(),
            mode,
            prompt: prompt.to_string(),
        }
    }
}

/// The chips a new user sees, and what Reset brings back.
pub fn default_quick_actions() -> Vec<QuickAction> {
    vec![
        QuickAction::new("Summarize", Mode::Summarize, "Summarize this page."),
        QuickAction::new(
            "Key points",
            Mode::Summarize,
            "Only the key points of this page, as a short bulleted list.",
        ),
        QuickAction::new(
            "Extract links",
            Mode::Extract,
            "Every link on this page: its text and its URL.",
        ),
        QuickAction::new(
            "Explain simply",
            Mode::Ask,
            "Explain what this page says in simple terms.",
        ),
    ]
}

/// Why a chip cannot be kept as typed (the options page says it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuickActionError {
    #[error("Quick action {0}: give it a label.")]
    NoLabel(usize),
    #[error("Quick action {0}: give it a prompt.")]
    NoPrompt(usize),
    #[error("Quick action {0}: the label is longer than {MAX_LABEL_CHARS} characters.")]
    LongLabel(usize),
    #[error("Quick action {0}: the prompt is longer than {MAX_PROMPT_CHARS} characters.")]
    LongPrompt(usize),
    #[error("At most {MAX_QUICK_ACTIONS} quick actions.")]
    TooMany,
}

/// The chips as the options form has them, checked: blanks trimmed; each needs a label and a
/// prompt within the limits (numbered from 1 in the error).
pub fn checked(actions: Vec<QuickAction>) -> Result<Vec<QuickAction>, QuickActionError> {
    if actions.len() > MAX_QUICK_ACTIONS {
        return Err(QuickActionError::TooMany);
    }
    actions
        .into_iter()
        .enumerate()
        .map(|(i, a)| {
            let n = i + 1;
            let label = a.label.trim().to_string();
            let prompt = a.prompt.trim().to_string();
            if label.is_empty() {
                Err(QuickActionError::NoLabel(n))
            } else if prompt.is_empty() {
                Err(QuickActionError::NoPrompt(n))
            } else if label.chars().count() > MAX_LABEL_CHARS {
                Err(QuickActionError::LongLabel(n))
            } else if prompt.chars().count() > MAX_PROMPT_CHARS {
                Err(QuickActionError::LongPrompt(n))
            } else {
                Ok(QuickAction {
                    label,
                    mode: a.mode,
                    prompt,
                })
            }
        })
        .collect()
}

/// Stored chips made safe to show, whatever the store holds (the side panel shows these):
/// blank ones dropped, long ones cut, at most [`MAX_QUICK_ACTIONS`].
pub fn bounded(actions: Vec<QuickAction>) -> Vec<QuickAction> {
    let cut = |s: &str, max: usize| s.trim().chars().take(max).collect::<String>();
    actions
        .into_iter()
        .map(|a| QuickAction {
            label: cut(&a.label, MAX_LABEL_CHARS),
            mode: a.mode,
            prompt: cut(&a.prompt, MAX_PROMPT_CHARS),
        })
        .filter(|a| !a.label.is_empty() && !a.prompt.is_empty())
        .take(MAX_QUICK_ACTIONS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_valid_and_few() {
        let d = default_quick_actions();
        assert!(d.len() >= 3 && d.len() <= MAX_QUICK_ACTIONS);
        assert_eq!(checked(d.clone()), Ok(d.clone()));
        assert_eq!(bounded(d.clone()), d);
    }

    #[test]
    fn the_form_says_what_to_fix() {
        let qa = |l: &str, p: &str| QuickAction::new(l, Mode::Ask, p);
        assert_eq!(
            checked(vec![qa(" A ", " b ")]),
            Ok(vec![qa("A", "b")]),
            "trimmed"
        );
        assert_eq!(
            checked(vec![qa("A", "b"), qa(" ", "b")]),
            Err(QuickActionError::NoLabel(2))
        );
        assert_eq!(
            checked(vec![qa("A", "")]),
            Err(QuickActionError::NoPrompt(1))
        );
        assert_eq!(
            checked(vec![qa(&"x".repeat(MAX_LABEL_CHARS + 1), "b")]),
            Err(QuickActionError::LongLabel(1))
        );
        assert_eq!(
            checked(vec![qa("a", &"é".repeat(MAX_PROMPT_CHARS + 1))]),
            Err(QuickActionError::LongPrompt(1))
        );
        assert_eq!(
            checked(vec![qa("a", "b"); MAX_QUICK_ACTIONS + 1]),
            Err(QuickActionError::TooMany)
        );
        assert!(QuickActionError::NoLabel(2).to_string().contains('2'));
    }

    #[test]
    fn whatever_is_stored_shows_bounded() {
        let qa = |l: &str, p: &str| QuickAction::new(l, Mode::Extract, p);
        let stored = vec![
            qa("", "p"),
            qa("l", "  "),
            qa(&"L".repeat(500), &"P".repeat(5_000)),
        ];
        let shown = bounded(stored);
        assert_eq!(shown.len(), 1);
        assert_eq!(shown[0].label.chars().count(), MAX_LABEL_CHARS);
        assert_eq!(shown[0].prompt.chars().count(), MAX_PROMPT_CHARS);
        assert_eq!(bounded(vec![qa("a", "b"); 50]).len(), MAX_QUICK_ACTIONS);
    }
}
