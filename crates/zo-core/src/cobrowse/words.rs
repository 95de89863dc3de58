//! What a query says when the worker cannot go on with it: no tab to work on, a check left
//! without a verdict, a loop that stalled, a chosen tab that did not go with the question.
//! Worded here so the shell only says which.

/// Why a Co-browse query without a tab cannot run.
pub const NO_TAB: &str =
    "Co-browse needs a web page: open the page to work on in this window and ask again.";

/// Why a page context could not be read: no tab is bound to the panel.
pub const NO_BOUND_TAB: &str = "no tab is bound to the side panel";

/// Why an action waiting for the user's approval was refused when the task was stopped.
pub const STOPPED_BY_USER: &str = "stopped by the user";

/// Why an action was refused when its check ended without a verdict.
pub const NO_VERDICT: &str = "the extension reached no verdict";

/// Why a Co-browse query failed when its loop ended without an answer.
pub const LOOP_STALLED: &str = "the Co-browse loop ended without an answer";

/// The panel's note for a chosen tab that did not go with the question, `why` saying why
/// (`crate::trust::TabUnread`).
pub fn not_sent_note(why: &str) -> String {
    format!("Not sent to Zo: {why}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsent_tab_is_noted_as_a_sentence() {
        assert_eq!(
            not_sent_note("a chosen tab was closed"),
            "Not sent to Zo: a chosen tab was closed."
        );
    }
}
