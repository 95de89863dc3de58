//! The panel's modes as people see them: their order, ids and labels in the mode picker, and
//! the starter prompts the empty chat offers in each.

use crate::wire::protocol::Mode;

/// The modes in picker order: (mode, id, label).
pub const MODES: [(Mode, &str, &str); 6] = [
    (Mode::Cobrowse, "cobrowse", "Co-browse"),
    (Mode::Ask, "ask", "Ask"),
    (Mode::Summarize, "summarize", "Summarize"),
    (Mode::Extract, "extract", "Extract"),
    (Mode::Research, "research", "Research"),
    (Mode::Visual, "visual", "Visual"),
];

/// The id of `mode` (`cobrowse`, `ask`...), as the picker's values and the wire name it.
pub fn mode_id(mode: Mode) -> &'static str {
    MODES
        .iter()
        .find(|(m, _, _)| *m == mode)
        .map_or("cobrowse", |(_, id, _)| id)
}

/// The label of `mode` ("Co-browse", "Ask"...).
pub fn mode_label(mode: Mode) -> &'static str {
    MODES
        .iter()
        .find(|(m, _, _)| *m == mode)
        .map_or("Co-browse", |(_, _, label)| label)
}

/// The mode of id `id`.
pub fn mode_from_id(id: &str) -> Option<Mode> {
    MODES.iter().find(|(_, i, _)| *i == id).map(|(m, _, _)| *m)
}

/// What the empty chat suggests asking in `mode`, about the page in front of the user.
pub fn starters(mode: Mode) -> &'static [&'static str] {
    match mode {
        Mode::Cobrowse => &[
            "Find the contact page and open it",
            "Fill in this form with my details",
            "Find the cheapest option on this page",
        ],
        Mode::Ask => &[
            "What is this page about?",
            "Explain the main idea in simple terms",
            "What should I watch out for here?",
        ],
        Mode::Summarize => &[
            "Summarize this page",
            "Give me the key points as a list",
            "Summarize it in one sentence",
        ],
        Mode::Extract => &[
            "List every link on this page",
            "Extract the main table as Markdown",
            "Pull out names, dates and prices",
        ],
        Mode::Research => &[
            "Find other sources on this topic",
            "Compare this with the alternatives",
            "What are the open questions here?",
        ],
        Mode::Visual => &[
            "Describe what this page looks like",
            "What stands out in the layout?",
            "Is anything hard to read here?",
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_labels_and_starters_cover_every_mode() {
        for (mode, id, label) in MODES {
            assert_eq!(mode_id(mode), id);
            assert_eq!(mode_label(mode), label);
            assert_eq!(mode_from_id(id), Some(mode));
            // The id is the mode's wire name.
            assert_eq!(serde_json::to_value(mode).unwrap(), id);
            let s = starters(mode);
            assert!(s.len() >= 3, "{id}");
            assert!(
                s.iter().all(|p| !p.trim().is_empty() && p.len() < 60),
                "{id}"
            );
        }
        assert_eq!(mode_from_id("teleport"), None);
        // Each mode suggests its own prompts.
        assert_ne!(starters(Mode::Summarize), starters(Mode::Extract));
    }
}
