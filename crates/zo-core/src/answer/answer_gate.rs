//! The Co-browse answer gate of one text part: while the part streams, shows its prose and
//! never its action JSON, wherever in the part the JSON starts (at the beginning, after a
//! sentence, in a fenced block). The judging is done by [`ProseFilter`]; outside Co-browse
//! mode everything passes.

use std::borrow::Cow;

use crate::answer::prose_filter::ProseFilter;

#[derive(Debug, Clone)]
pub struct AnswerGate {
    filter: Option<ProseFilter>,
}

impl AnswerGate {
    /// A gate that hides action JSON when `detect` (Co-browse mode), else lets all through.
    pub fn new(detect: bool) -> Self {
        AnswerGate {
            filter: detect.then(ProseFilter::new),
        }
    }

    /// Reads the next piece of the part; returns the text that can be shown now (maybe empty):
    /// `piece` itself outside Co-browse mode.
    pub fn push<'a>(&mut self, piece: &'a str) -> Cow<'a, str> {
        match &mut self.filter {
            Some(filter) => Cow::Owned(filter.push(piece)),
            None => Cow::Borrowed(piece),
        }
    }

    /// Whether action JSON has been hidden in this part.
    pub fn hid_action_json(&self) -> bool {
        self.filter
            .as_ref()
            .is_some_and(ProseFilter::hid_action_json)
    }

    /// The part ended: the text held back while undecided (it never became action JSON).
    pub fn release(&mut self) -> Option<String> {
        let held = self.filter.as_mut()?.finish();
        (!held.is_empty()).then_some(held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(g: &mut AnswerGate, pieces: &[&str]) -> String {
        pieces.iter().map(|p| g.push(p)).collect()
    }

    #[test]
    fn without_detection_everything_shows() {
        let mut g = AnswerGate::new(false);
        assert_eq!(g.push("{\"actions\""), "{\"actions\"");
        assert!(!g.hid_action_json());
    }

    #[test]
    fn prose_is_held_then_shown_and_json_is_hidden() {
        let mut g = AnswerGate::new(true);
        assert_eq!(feed(&mut g, &[" ", "Hi", "!"]), " Hi!");
        let mut g = AnswerGate::new(true);
        assert_eq!(feed(&mut g, &["{", "\"actions\":[", "{}]}"]), "");
        assert!(g.hid_action_json());
        assert_eq!(g.release(), None);
        let mut g = AnswerGate::new(true);
        assert_eq!(g.push("{"), "");
        assert_eq!(g.release(), Some("{".into()));
    }

    #[test]
    fn a_fenced_envelope_after_prose_is_hidden_token_by_token() {
        let answer = "I will open pricing.\n```json\n{\"actions\":[{\"click\":\"#pricing\"},\
                      {\"done\":{\"response\":\"Opened.\"}}]}\n```\n";
        let mut g = AnswerGate::new(true);
        let mut shown = String::new();
        for c in answer.chars() {
            shown.push_str(&g.push(&c.to_string()));
        }
        shown.push_str(&g.release().unwrap_or_default());
        assert!(g.hid_action_json());
        assert!(!shown.contains("actions"), "raw JSON shown: {shown:?}");
        assert!(!shown.contains("```"), "fence shown: {shown:?}");
        assert!(shown.starts_with("I will open pricing."));
    }
}
