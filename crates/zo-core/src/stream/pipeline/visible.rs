//! What the user sees of one text of a stream (the answer, or the thinking), as the pipeline's
//! updates built it, without a second copy of that text when none is needed.

use std::borrow::Cow;

use crate::stream::resume::{ResumeGuard, Resumed};
use crate::stream::segmented::SegmentedText;

#[derive(Debug)]
pub(super) enum Visible {
    /// What is shown is the first `len` bytes of the assembled text: nothing was shown before
    /// this attempt and every update so far continued the assembled text. No copy is kept.
    Prefix(usize),
    /// A retry being resumed, or shown text that stopped being a prefix of the assembled text
    /// (action JSON hidden in Co-browse mode): the guard keeps what is shown.
    Guarded(ResumeGuard),
}

impl Visible {
    /// What an attempt starts from: `shown` by an earlier attempt.
    pub(super) fn new(shown: &str) -> Self {
        if shown.is_empty() {
            Visible::Prefix(0)
        } else {
            Visible::Guarded(ResumeGuard::new(shown))
        }
    }

    /// The text shown, given the `assembled` text of this attempt.
    #[inline]
    pub(super) fn text<'a>(&'a self, assembled: &'a SegmentedText) -> Cow<'a, str> {
        match self {
            Visible::Prefix(len) => assembled.prefix(*len),
            Visible::Guarded(guard) => Cow::Borrowed(guard.visible()),
        }
    }

    /// One update's text (`assembled` already holds it): what to show, if anything.
    #[inline]
    pub(super) fn push(&mut self, delta: String, assembled: &SegmentedText) -> Option<Resumed> {
        if delta.is_empty() {
            return None;
        }
        if let Visible::Prefix(len) = self {
            if assembled.matches_at(*len, delta.as_bytes()) {
                *len += delta.len();
                return Some(Resumed::Append(delta));
            }
            // Shown and assembled part ways: from now on what is shown is kept apart.
            let shown = assembled.prefix(*len).into_owned();
            *self = Visible::Guarded(ResumeGuard::showing(shown));
        }
        match self {
            Visible::Guarded(guard) => guard.push_owned(delta),
            Visible::Prefix(_) => None,
        }
    }

    /// The attempt ended: a replacement still pending, if any.
    pub(super) fn finish(&mut self) -> Option<Resumed> {
        match self {
            Visible::Guarded(guard) => guard.finish(),
            Visible::Prefix(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> SegmentedText {
        let mut t = SegmentedText::new();
        t.push_str(s);
        t
    }

    #[test]
    fn a_prefix_of_the_assembled_text_is_tracked_by_its_length() {
        let mut v = Visible::new("");
        assert_eq!(
            v.push("Hello".into(), &text("Hello")),
            Some(Resumed::Append("Hello".into()))
        );
        assert_eq!(
            v.push(" you".into(), &text("Hello you{")),
            Some(Resumed::Append(" you".into()))
        );
        assert!(matches!(v, Visible::Prefix(9)));
        assert_eq!(v.text(&text("Hello you{")), "Hello you");
    }

    #[test]
    fn shown_text_that_leaves_the_assembled_text_is_kept_apart() {
        let mut v = Visible::new("");
        let assembled = text("Hi {\"actions\":[]} bye");
        v.push("Hi ".into(), &assembled);
        // The JSON was hidden: " bye" does not continue "Hi " in the assembled text.
        assert_eq!(
            v.push(" bye".into(), &assembled),
            Some(Resumed::Append(" bye".into()))
        );
        assert!(matches!(v, Visible::Guarded(_)));
        assert_eq!(v.text(&assembled), "Hi  bye");
        assert_eq!(v.finish(), None);
    }

    #[test]
    fn a_resumed_attempt_repeats_nothing() {
        let mut v = Visible::new("Hello");
        assert_eq!(v.push("Hel".into(), &text("Hel")), None);
        assert_eq!(
            v.push("lo!".into(), &text("Hello!")),
            Some(Resumed::Append("!".into()))
        );
        assert_eq!(v.text(&text("ignored")), "Hello!");
    }
}
