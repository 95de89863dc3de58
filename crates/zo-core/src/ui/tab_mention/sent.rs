//! What a question was sent with, so that Retry and an edited question send it again: the
//! tabs chosen with `@` (their ids, kept in this panel's memory only, since a tab id names
//! another tab once the browser restarts) for the last [`SENT_KEPT`] questions. The quote from
//! the context menu is stored with the question itself (`history::Message::quote`).

use std::collections::VecDeque;

use super::OpenTab;
use crate::ui::page_context::PageRef;

/// How many questions' tabs are kept.
pub const SENT_KEPT: usize = 64;

/// Told with an answer asked again without the tabs its question had: the panel was reopened
/// since, and the tabs' ids were not kept.
pub const TABS_NOT_RESENT: &str = "The tabs chosen with @ for this question were not sent \
again: the panel was closed since it was asked. Choose them again with @ to send them.";

/// The tabs the panel's recent questions were sent with.
#[derive(Debug, Default)]
pub struct SentTabs {
    entries: VecDeque<(String, Vec<OpenTab>)>,
}

impl SentTabs {
    /// Question `question_id` was sent with `tabs` (nothing kept for none).
    pub fn remember(&mut self, question_id: &str, tabs: &[OpenTab]) {
        self.entries.retain(|(id, _)| id != question_id);
        if tabs.is_empty() {
            return;
        }
        if self.entries.len() == SENT_KEPT {
            self.entries.pop_front();
        }
        self.entries
            .push_back((question_id.to_string(), tabs.to_vec()));
    }

    /// The tabs to send question `question_id` with again, and a note when it had tabs
    /// (`stored`, its chips) this panel no longer knows.
    pub fn resend(
        &self,
        question_id: &str,
        stored: &[PageRef],
    ) -> (Vec<OpenTab>, Option<&'static str>) {
        match self.entries.iter().find(|(id, _)| id == question_id) {
            Some((_, tabs)) => (tabs.clone(), None),
            None if stored.is_empty() => (Vec::new(), None),
            None => (Vec::new(), Some(TABS_NOT_RESENT)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tab(id: i32) -> OpenTab {
        OpenTab {
            id,
            title: format!("Tab {id}"),
            url: format!("https://t{id}.example/"),
        }
    }

    fn chip() -> PageRef {
        PageRef {
            title: "Tab".into(),
            origin: "https://t.example".into(),
            shared: true,
        }
    }

    #[test]
    fn a_question_is_sent_again_with_its_tabs() {
        let mut sent = SentTabs::default();
        sent.remember("q1", &[tab(1), tab(2)]);
        sent.remember("q2", &[]);
        assert_eq!(sent.resend("q1", &[chip()]), (vec![tab(1), tab(2)], None));
        assert_eq!(sent.resend("q2", &[]), (Vec::new(), None));
        // An edited question sent with other tabs replaces what was kept.
        sent.remember("q1", &[tab(3)]);
        assert_eq!(sent.resend("q1", &[chip()]).0, vec![tab(3)]);
        sent.remember("q1", &[]);
        assert_eq!(sent.resend("q1", &[]), (Vec::new(), None));
    }

    #[test]
    fn tabs_the_panel_no_longer_knows_are_told_not_guessed() {
        let sent = SentTabs::default();
        assert_eq!(
            sent.resend("old", &[chip()]),
            (Vec::new(), Some(TABS_NOT_RESENT))
        );
    }

    #[test]
    fn only_the_last_questions_are_kept() {
        let mut sent = SentTabs::default();
        for i in 0..(SENT_KEPT as i32 + 10) {
            sent.remember(&format!("q{i}"), &[tab(i)]);
        }
        assert_eq!(sent.entries.len(), SENT_KEPT);
        assert_eq!(sent.resend("q0", &[chip()]).1, Some(TABS_NOT_RESENT));
        let last = format!("q{}", SENT_KEPT as i32 + 9);
        assert_eq!(
            sent.resend(&last, &[chip()]).0,
            vec![tab(SENT_KEPT as i32 + 9)]
        );
    }
}
