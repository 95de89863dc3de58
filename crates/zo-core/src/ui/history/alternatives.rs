//! An answer asked again (Regenerate, or Retry) keeps the earlier answers, as the ChatGPT and
//! Claude panels do: each is a version its pager ("2/3", previous and next) browses, oldest
//! first, the answer itself last. At most [`MAX_ALTERNATIVES`] earlier answers are kept (the
//! oldest goes first); an answer that ended without text (a failure, a Stop before any word)
//! is not kept. An earlier version keeps its text, status, duration and model; the timeline,
//! reasoning and cards belong to the newest answer.

use serde::{Deserialize, Serialize};

use super::{Message, MessageStatus, Role};

/// Most earlier answers kept per answer (so at most this many plus one versions).
pub const MAX_ALTERNATIVES: usize = 8;

/// An earlier answer to the same question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Alternative {
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub status: MessageStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
}

impl Message {
    /// This new answer takes the place of `old` (its question asked again): it keeps `old`'s
    /// earlier answers and `old` itself when it has text, at most [`MAX_ALTERNATIVES`].
    pub fn keep_earlier(&mut self, old: &Message) {
        let mut kept = old.alternatives.clone();
        if old.role == Role::Assistant && !old.text.trim().is_empty() {
            kept.push(Alternative {
                text: old.text.clone(),
                status: old.status,
                elapsed_ms: old.elapsed_ms,
                model: old.model.clone(),
            });
        }
        let excess = kept.len().saturating_sub(MAX_ALTERNATIVES);
        kept.drain(..excess);
        self.alternatives = kept;
    }

    /// How many versions the pager browses (1: no pager).
    pub fn versions(&self) -> usize {
        self.alternatives.len() + 1
    }

    /// Version `k` (0-based, oldest first; the last is this answer) as a message to draw and
    /// to copy or read aloud; None past the last.
    pub fn version(&self, k: usize) -> Option<Message> {
        if k == self.alternatives.len() {
            return Some(self.clone());
        }
        let alt = self.alternatives.get(k)?;
        Some(Message {
            text: alt.text.clone(),
            status: alt.status,
            elapsed_ms: alt.elapsed_ms,
            model: alt.model.clone(),
            reasoning: None,
            thoughts: Vec::new(),
            tools: Vec::new(),
            timeline: Vec::new(),
            error: None,
            scope: Vec::new(),
            approvals: Vec::new(),
            notes: Vec::new(),
            resumes: Vec::new(),
            send_offers: Vec::new(),
            ..self.clone()
        })
    }
}

/// The pager of an answer with earlier versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pager {
    /// The version shown (0-based).
    pub shown: usize,
    /// "2/3".
    pub label: String,
    /// What a screen reader says: "Answer 2 of 3".
    pub name: String,
    /// The version Previous shows (None: disabled).
    pub prev: Option<usize>,
    /// The version Next shows (None: disabled).
    pub next: Option<usize>,
}

impl Pager {
    /// The pager of `message` showing version `shown` (past the last: the last), or None when
    /// it has no earlier version.
    pub fn of(message: &Message, shown: usize) -> Option<Pager> {
        let total = message.versions();
        if total < 2 {
            return None;
        }
        let shown = shown.min(total - 1);
        Some(Pager {
            shown,
            label: format!("{}/{total}", shown + 1),
            name: format!("Answer {} of {total}", shown + 1),
            prev: shown.checked_sub(1),
            next: (shown + 1 < total).then_some(shown + 1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::protocol::Mode;

    fn answer(id: &str, text: &str, status: MessageStatus) -> Message {
        let mut m = Message::assistant(id.into(), Mode::Ask, format!("s-{id}"), "Q".into());
        m.text = text.into();
        m.status = status;
        m.elapsed_ms = Some(1200);
        m.model = Some(format!("model {id}"));
        m.notes = vec![format!("note {id}")];
        m
    }

    #[test]
    fn regenerating_keeps_each_earlier_answer_in_order_and_the_pager_browses_them() {
        let first = answer("a1", "First answer", MessageStatus::Done);
        assert_eq!(Pager::of(&first, 0), None);
        let mut second = answer("a2", "Second answer", MessageStatus::Done);
        second.keep_earlier(&first);
        let mut third = answer("a3", "Third answer", MessageStatus::Stopped);
        third.keep_earlier(&second);
        assert_eq!(third.versions(), 3);
        let texts: Vec<String> = (0..3)
            .filter_map(|k| third.version(k))
            .map(|m| m.text)
            .collect();
        assert_eq!(texts, ["First answer", "Second answer", "Third answer"]);
        assert_eq!(third.version(3), None);
        // An earlier version keeps its own status, duration and model, not the newest's notes.
        let v0 = third.version(0).unwrap_or_else(|| first.clone());
        assert_eq!(v0.model.as_deref(), Some("model a1"));
        assert_eq!(v0.status, MessageStatus::Done);
        assert!(v0.notes.is_empty());
        assert_eq!(v0.id, "a3", "drawn in the newest answer's place");
        assert_eq!(third.version(2).as_ref(), Some(&third));

        let pager = Pager::of(&third, 2).expect("a pager");
        assert_eq!(
            (pager.label.as_str(), pager.name.as_str()),
            ("3/3", "Answer 3 of 3")
        );
        assert_eq!((pager.prev, pager.next), (Some(1), None));
        let pager = Pager::of(&third, 0).expect("a pager");
        assert_eq!(
            (pager.label.as_str(), pager.prev, pager.next),
            ("1/3", None, Some(1))
        );
        assert_eq!(Pager::of(&third, 9).map(|p| p.shown), Some(2));
    }

    #[test]
    fn a_failed_answer_is_not_kept_and_the_oldest_go_past_the_cap() {
        let good = answer("a0", "Kept", MessageStatus::Done);
        let mut failed = answer("a1", "  ", MessageStatus::Failed);
        failed.keep_earlier(&good);
        let mut retried = answer("a2", "Retried", MessageStatus::Done);
        retried.keep_earlier(&failed);
        assert_eq!(retried.versions(), 2);
        assert_eq!(retried.alternatives[0].text, "Kept");

        let mut last = answer("x0", "v0", MessageStatus::Done);
        for i in 1..=20 {
            let mut next = answer(&format!("x{i}"), &format!("v{i}"), MessageStatus::Done);
            next.keep_earlier(&last);
            last = next;
        }
        assert_eq!(last.alternatives.len(), MAX_ALTERNATIVES);
        assert_eq!(last.versions(), MAX_ALTERNATIVES + 1);
        assert_eq!(
            last.alternatives[0].text,
            format!("v{}", 20 - MAX_ALTERNATIVES)
        );
        assert_eq!(last.alternatives[MAX_ALTERNATIVES - 1].text, "v19");
    }

    #[test]
    fn stored_earlier_answers_are_capped_like_any_text() {
        let mut m = answer("a", "Now", MessageStatus::Done);
        let big = "x".repeat(super::super::stored::MAX_STORED_TEXT_BYTES + 100);
        m.alternatives = (0..MAX_ALTERNATIVES + 3)
            .map(|i| Alternative {
                text: if i == MAX_ALTERNATIVES + 2 {
                    big.clone()
                } else {
                    format!("old {i}")
                },
                status: MessageStatus::Done,
                elapsed_ms: None,
                model: None,
            })
            .collect();
        m.cap_for_storage();
        assert_eq!(m.alternatives.len(), MAX_ALTERNATIVES);
        assert_eq!(m.alternatives[0].text, "old 3");
        let last = &m.alternatives[MAX_ALTERNATIVES - 1].text;
        assert!(last.len() <= super::super::stored::MAX_STORED_TEXT_BYTES + 3);
        assert!(m.notes.iter().any(|n| n.contains("earlier answers")));
    }
}
