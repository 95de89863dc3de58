//! The Co-browse answer gate of one text part: while the part streams, decides with an
//! [`ActionJsonDetector`] whether its text is an action envelope (never shown as text) or prose
//! (shown), holding text back while undecided. Outside Co-browse mode everything passes.

use crate::action_json::{ActionJsonDetector, Verdict};

#[derive(Debug, Clone)]
pub struct AnswerGate {
    detector: Option<ActionJsonDetector>,
    held: String,
}

/// What to do with a piece of answer text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gated {
    /// Show this text (the piece, or everything held so far plus the piece).
    Show(String),
    /// Hold it back for now.
    Held,
    /// Action JSON: never show it.
    Hidden,
}

impl AnswerGate {
    /// A gate that detects action JSON when `detect` (Co-browse mode), else lets all through.
    pub fn new(detect: bool) -> Self {
        AnswerGate {
            detector: detect.then(ActionJsonDetector::new),
            held: String::new(),
        }
    }

    pub fn push(&mut self, piece: &str) -> Gated {
        let Some(detector) = &mut self.detector else {
            return Gated::Show(piece.to_string());
        };
        match detector.verdict() {
            Verdict::Prose => return Gated::Show(piece.to_string()),
            Verdict::ActionJson => return Gated::Hidden,
            Verdict::Undecided => {}
        }
        self.held.push_str(piece);
        match detector.push(piece) {
            Verdict::Prose => Gated::Show(std::mem::take(&mut self.held)),
            Verdict::ActionJson => {
                self.held.clear();
                Gated::Hidden
            }
            Verdict::Undecided => Gated::Held,
        }
    }

    /// The part ended undecided (not action JSON): the text held back, to show.
    pub fn release(&mut self) -> Option<String> {
        (!self.held.is_empty()).then(|| std::mem::take(&mut self.held))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_detection_everything_shows() {
        let mut g = AnswerGate::new(false);
        assert_eq!(g.push("{\"actions\""), Gated::Show("{\"actions\"".into()));
    }

    #[test]
    fn prose_is_held_then_shown_and_json_is_hidden() {
        let mut g = AnswerGate::new(true);
        assert_eq!(g.push(" "), Gated::Held);
        assert_eq!(g.push("Hi"), Gated::Show(" Hi".into()));
        assert_eq!(g.push("!"), Gated::Show("!".into()));
        let mut g = AnswerGate::new(true);
        assert_eq!(g.push("{"), Gated::Held);
        assert_eq!(g.push("\"actions\":["), Gated::Hidden);
        assert_eq!(g.push("{}]}"), Gated::Hidden);
        assert_eq!(g.release(), None);
        let mut g = AnswerGate::new(true);
        assert_eq!(g.push("{"), Gated::Held);
        assert_eq!(g.release(), Some("{".into()));
    }
}
