//! The Co-browse answer gate of one text part: while the part streams, shows its prose and
//! never its action JSON, wherever in the part the JSON starts (at the beginning, after a
//! sentence, in a fenced block), nor the start of an envelope cut short (a JSON object or
//! array still undecided when the part ends). The judging is done by [`ProseFilter`]; outside
//! Co-browse mode everything passes. This is the only place that decides what of an answer's
//! text is action JSON: the panel shows what the worker posts.

use std::borrow::Cow;

use crate::answer::prose_filter::ProseFilter;

#[derive(Debug, Clone)]
pub struct AnswerGate {
    filter: Option<ProseFilter>,
    /// The part ended inside an undecided JSON object or array, which was dropped.
    dropped_cut_json: bool,
}

impl AnswerGate {
    /// A gate that hides action JSON when `detect` (Co-browse mode), else lets all through.
    pub fn new(detect: bool) -> Self {
        AnswerGate {
            filter: detect.then(ProseFilter::new),
            dropped_cut_json: false,
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

    /// Whether action JSON has been hidden in this part (a cut-off envelope included).
    pub fn hid_action_json(&self) -> bool {
        self.dropped_cut_json
            || self
                .filter
                .as_ref()
                .is_some_and(ProseFilter::hid_action_json)
    }

    /// The part ended: the text held back while undecided, unless it is a JSON object or
    /// array cut before it could be judged (an envelope cut short is never shown raw).
    pub fn release(&mut self) -> Option<String> {
        let filter = self.filter.as_mut()?;
        let cut_json = filter.holds_unfinished_json();
        let held = filter.finish();
        if cut_json {
            self.dropped_cut_json = true;
            return None;
        }
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
        assert_eq!(g.push("```"), "");
        assert_eq!(g.release(), Some("```".into()));
        assert!(!g.hid_action_json());
    }

    #[test]
    fn an_object_cut_before_it_could_be_judged_is_dropped() {
        let mut g = AnswerGate::new(true);
        assert_eq!(g.push("{\"reasoning\":\"I will"), "");
        assert_eq!(g.release(), None);
        assert!(g.hid_action_json());
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
