//! Resuming a stream after a retry without duplicating or losing text, sans-IO.
//!
//! The user already saw `shown` from a failed attempt. The new attempt streams its answer from the
//! start. While the new deltas repeat what was shown they are suppressed; the part beyond is
//! appended. If the new attempt says something else, nothing is shown until it is at least as
//! long as what is on screen, then one [`Resumed::Replace`] swaps the text and the rest streams
//! as appends. Cost is linear: each delta is compared only with the matching slice of `shown`.

use crate::stream::same_bytes::same_bytes;

/// What to show for a delta of the new attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resumed {
    /// Append this text to what is shown.
    Append(String),
    /// Replace everything shown by this text.
    Replace(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum State {
    /// The new attempt has repeated `shown[..matched]` so far.
    Repeating { matched: usize },
    /// The new attempt differs; its text so far (not shown yet).
    Diverged { fresh: String },
    /// On screen and the new attempt agree; deltas pass through.
    Passing,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResumeGuard {
    shown: String,
    state: State,
}

impl ResumeGuard {
    pub fn new(shown: impl Into<String>) -> Self {
        let shown = shown.into();
        let state = if shown.is_empty() {
            State::Passing
        } else {
            State::Repeating { matched: 0 }
        };
        ResumeGuard { shown, state }
    }

    /// A guard for an attempt that has already shown `shown` itself (no earlier attempt to
    /// repeat): deltas pass through.
    pub fn showing(shown: impl Into<String>) -> Self {
        ResumeGuard {
            shown: shown.into(),
            state: State::Passing,
        }
    }

    /// Like [`ResumeGuard::push`], taking the delta by value: passed through without a copy
    /// once on-screen and new text agree (the common case: no retry happened).
    pub fn push_owned(&mut self, delta: String) -> Option<Resumed> {
        match self.state {
            State::Passing if !delta.is_empty() => {
                self.shown.push_str(&delta);
                Some(Resumed::Append(delta))
            }
            _ => self.push(&delta),
        }
    }

    /// Takes one delta of the new attempt; returns what to show, if anything.
    pub fn push(&mut self, delta: &str) -> Option<Resumed> {
        if delta.is_empty() {
            return None;
        }
        match &mut self.state {
            State::Passing => {
                self.shown.push_str(delta);
                Some(Resumed::Append(delta.to_string()))
            }
            State::Repeating { matched } => {
                let remaining = self.shown.get(*matched..).unwrap_or("");
                if starts_with(remaining, delta) {
                    *matched += delta.len();
                    return None;
                }
                let beyond = starts_with(delta, remaining)
                    .then(|| delta.get(remaining.len()..))
                    .flatten();
                if let Some(beyond) = beyond {
                    let beyond = beyond.to_string();
                    self.shown.push_str(&beyond);
                    self.state = State::Passing;
                    return Some(Resumed::Append(beyond));
                }
                let mut fresh = self.shown[..*matched].to_string();
                fresh.push_str(delta);
                self.state = State::Diverged { fresh };
                self.release_if_long_enough()
            }
            State::Diverged { fresh } => {
                fresh.push_str(delta);
                self.release_if_long_enough()
            }
        }
    }

    /// The new attempt ended normally: if it diverged and stayed shorter, its text replaces
    /// what is shown (it is the real answer); otherwise nothing changes.
    pub fn finish(&mut self) -> Option<Resumed> {
        match std::mem::replace(&mut self.state, State::Passing) {
            State::Diverged { fresh } => {
                self.shown.clone_from(&fresh);
                Some(Resumed::Replace(fresh))
            }
            State::Repeating { matched } if matched < self.shown.len() => {
                // The new attempt is a strict prefix of what is shown: it is the whole answer.
                self.shown.truncate(matched);
                Some(Resumed::Replace(self.shown.clone()))
            }
            _ => None,
        }
    }

    /// What is on screen now.
    pub fn visible(&self) -> &str {
        &self.shown
    }

    fn release_if_long_enough(&mut self) -> Option<Resumed> {
        match &self.state {
            State::Diverged { fresh } if fresh.len() >= self.shown.len() => {
                let fresh = fresh.clone();
                self.shown.clone_from(&fresh);
                self.state = State::Passing;
                Some(Resumed::Replace(fresh))
            }
            _ => None,
        }
    }
}

/// Whether `text` starts with `prefix` (compared a word at a time: a retry repeats a whole
/// answer, which may be one large event).
#[inline]
fn starts_with(text: &str, prefix: &str) -> bool {
    text.as_bytes()
        .get(..prefix.len())
        .is_some_and(|head| same_bytes(head, prefix.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Applies the outputs to a screen buffer, as the panel would.
    fn screen(shown: &str, deltas: &[&str], finish: bool) -> (String, usize) {
        let mut g = ResumeGuard::new(shown);
        let mut text = shown.to_string();
        let mut replaces = 0;
        let mut apply = |r: Option<Resumed>, text: &mut String| match r {
            Some(Resumed::Append(s)) => text.push_str(&s),
            Some(Resumed::Replace(s)) => {
                replaces += 1;
                *text = s;
            }
            None => {}
        };
        for d in deltas {
            let r = g.push(d);
            apply(r, &mut text);
            assert_eq!(g.visible(), text);
        }
        if finish {
            let r = g.finish();
            apply(r, &mut text);
        }
        (text, replaces)
    }

    #[test]
    fn repeated_text_is_suppressed_and_the_rest_appended() {
        let (text, replaces) = screen("Hello wor", &["He", "llo", " w", "orld", "!"], true);
        assert_eq!(text, "Hello world!");
        assert_eq!(replaces, 0);
    }

    #[test]
    fn nothing_shown_passes_everything() {
        let mut g = ResumeGuard::new("");
        assert_eq!(g.push("a"), Some(Resumed::Append("a".into())));
    }

    #[test]
    fn divergence_is_replaced_once_when_long_enough() {
        let mut g = ResumeGuard::new("Hello world!");
        assert_eq!(g.push("Hello"), None);
        assert_eq!(g.push(" there"), None); // 11 bytes < 12: held back
        assert_eq!(
            g.push(", friend"),
            Some(Resumed::Replace("Hello there, friend".into()))
        );
        assert_eq!(g.push("."), Some(Resumed::Append(".".into())));
        let (text, replaces) = screen("Hello world!", &["Hello", " there", ", friend"], true);
        assert_eq!(text, "Hello there, friend");
        assert_eq!(replaces, 1);
    }

    #[test]
    fn shorter_divergent_answer_replaces_only_at_finish() {
        let (text, replaces) = screen("Hello world", &["Bye"], false);
        assert_eq!(text, "Hello world");
        assert_eq!(replaces, 0);
        let (text, replaces) = screen("Hello world", &["Bye"], true);
        assert_eq!(text, "Bye");
        assert_eq!(replaces, 1);
    }

    #[test]
    fn multibyte_text_is_compared_on_char_boundaries() {
        let (text, _) = screen("日本語で", &["日本", "語", "で話", "す"], true);
        assert_eq!(text, "日本語で話す");
    }

    proptest! {
        /// Whatever the split of the retried answer, the screen ends as the retried answer,
        /// and while it is streaming the screen never loses what was shown unless replaced.
        #[test]
        fn screen_ends_as_the_new_answer(
            answer in "[ab日]{0,24}",
            shown_len in 0usize..30,
            cuts in proptest::collection::vec(0usize..30, 0..8),
        ) {
            let chars: Vec<char> = answer.chars().collect();
            let shown: String = chars.iter().take(shown_len.min(chars.len())).collect();
            let mut points: Vec<usize> = cuts.into_iter().map(|c| c.min(chars.len())).collect();
            points.sort_unstable();
            let mut deltas = Vec::new();
            let mut last = 0;
            for p in points.into_iter().chain([chars.len()]) {
                deltas.push(chars[last..p].iter().collect::<String>());
                last = p;
            }
            let refs: Vec<&str> = deltas.iter().map(String::as_str).collect();
            let (text, replaces) = screen(&shown, &refs, true);
            prop_assert_eq!(text, answer);
            prop_assert_eq!(replaces, 0);
        }

        #[test]
        fn divergent_new_answer_wins_with_at_most_one_replace_while_streaming(
            shown in "[ab]{1,12}",
            answer in "[bc]{0,24}",
            split in 1usize..6,
        ) {
            let chars: Vec<char> = answer.chars().collect();
            let deltas: Vec<String> = chars.chunks(split).map(|c| c.iter().collect()).collect();
            let refs: Vec<&str> = deltas.iter().map(String::as_str).collect();
            let (text, replaces) = screen(&shown, &refs, true);
            prop_assert_eq!(text, answer);
            prop_assert!(replaces <= 1);
        }
    }
}
