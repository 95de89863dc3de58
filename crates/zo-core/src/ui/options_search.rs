//! The options page's search: which settings a query shows. A setting matches when every word
//! of the query appears (case-insensitive) in its label, its description or its section's
//! title; a section is shown when one of its settings matches. The page hides the rest and,
//! when nothing matches, says so ([`no_match_text`]).

/// One setting as the search sees it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SettingText {
    pub label: String,
    /// The help line under it, and any extra words it should be found by.
    pub description: String,
}

/// One section of the page: its title and its settings, in page order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SectionText {
    pub title: String,
    pub settings: Vec<SettingText>,
}

/// What a query shows: per section, whether it is shown and which of its settings are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchView {
    /// Parallel to the sections given: for each, whether each of its settings is shown.
    pub settings: Vec<Vec<bool>>,
    /// Parallel to the sections given: whether the section is shown.
    pub sections: Vec<bool>,
    /// How many settings are shown.
    pub shown: usize,
    /// The query had words (a blank query shows everything and is not a search).
    pub searching: bool,
}

impl SearchView {
    /// The query matched nothing.
    pub fn is_empty(&self) -> bool {
        self.searching && self.shown == 0
    }
}

/// Longest query read, in characters (a search box is not a document).
pub const MAX_QUERY_CHARS: usize = 200;

/// The words of `query`, lowercased (at most [`MAX_QUERY_CHARS`] characters read).
fn words(query: &str) -> Vec<String> {
    let cut: String = query.chars().take(MAX_QUERY_CHARS).collect();
    cut.split_whitespace().map(str::to_lowercase).collect()
}

/// Which sections and settings `query` shows. A blank query shows everything; a section
/// without settings (its content is not a setting, say a list) is matched on its title.
pub fn search(query: &str, sections: &[SectionText]) -> SearchView {
    let words = words(query);
    let searching = !words.is_empty();
    let mut view = SearchView {
        settings: Vec::with_capacity(sections.len()),
        sections: Vec::with_capacity(sections.len()),
        shown: 0,
        searching,
    };
    for section in sections {
        let title = section.title.to_lowercase();
        let shows = |setting: &SettingText| {
            let label = setting.label.to_lowercase();
            let description = setting.description.to_lowercase();
            words.iter().all(|w| {
                label.contains(w.as_str())
                    || description.contains(w.as_str())
                    || title.contains(w.as_str())
            })
        };
        let flags: Vec<bool> = section.settings.iter().map(shows).collect();
        let count = flags.iter().filter(|f| **f).count();
        let shown = if section.settings.is_empty() {
            words.iter().all(|w| title.contains(w.as_str()))
        } else {
            count > 0
        };
        view.shown += if section.settings.is_empty() {
            usize::from(shown)
        } else {
            count
        };
        view.settings.push(flags);
        view.sections.push(shown);
    }
    view
}

/// The line shown when `query` matches no setting.
pub fn no_match_text(query: &str) -> String {
    let q: String = query.trim().chars().take(60).collect();
    format!("No settings match “{q}”.")
}

/// What a screen reader hears after a search: how many settings are shown.
pub fn result_text(view: &SearchView, query: &str) -> String {
    match (view.searching, view.shown) {
        (false, _) => String::new(),
        (true, 0) => no_match_text(query),
        (true, 1) => "1 setting matches.".into(),
        (true, n) => format!("{n} settings match."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> Vec<SectionText> {
        let s = |label: &str, description: &str| SettingText {
            label: label.into(),
            description: description.into(),
        };
        vec![
            SectionText {
                title: "Connection".into(),
                settings: vec![
                    s("API key", "Stored only in this browser."),
                    s("API base URL", "https:// only."),
                ],
            },
            SectionText {
                title: "Appearance".into(),
                settings: vec![s("Theme", "Light or dark."), s("Text size", "")],
            },
            SectionText {
                title: "Shortcuts".into(),
                settings: vec![],
            },
        ]
    }

    #[test]
    fn a_blank_query_shows_everything_and_is_not_a_search() {
        for q in ["", "   ", "\t\n"] {
            let v = search(q, &page());
            assert!(!v.searching);
            assert_eq!(v.sections, [true, true, true]);
            assert_eq!(v.settings, [vec![true, true], vec![true, true], vec![]]);
            assert!(!v.is_empty());
            assert_eq!(result_text(&v, q), "");
        }
    }

    #[test]
    fn labels_and_descriptions_match_case_insensitively() {
        let v = search("KEY", &page());
        assert_eq!(v.settings[0], [true, false]);
        assert_eq!(v.sections, [true, false, false]);
        assert_eq!(v.shown, 1);
        assert_eq!(result_text(&v, "KEY"), "1 setting matches.");
        // In the description only.
        let v = search("dark", &page());
        assert_eq!(v.settings[1], [true, false]);
        assert_eq!(v.sections, [false, true, false]);
    }

    #[test]
    fn every_word_must_match_somewhere_and_a_section_title_counts() {
        let v = search("api url", &page());
        assert_eq!(v.settings[0], [false, true]);
        // "appearance" names the section: all its settings show.
        let v = search("appearance", &page());
        assert_eq!(v.settings[1], [true, true]);
        assert_eq!(v.shown, 2);
        assert_eq!(result_text(&v, "appearance"), "2 settings match.");
        let v = search("appearance size", &page());
        assert_eq!(v.settings[1], [false, true]);
        // A section without settings shows on its title.
        let v = search("short", &page());
        assert_eq!(v.sections, [false, false, true]);
        assert_eq!(v.shown, 1);
    }

    #[test]
    fn nothing_matching_says_so() {
        let v = search("  teleport ", &page());
        assert!(v.is_empty());
        assert_eq!(v.sections, [false, false, false]);
        assert_eq!(
            result_text(&v, "  teleport "),
            "No settings match “teleport”."
        );
        assert_eq!(no_match_text("x"), "No settings match “x”.");
    }

    #[test]
    fn a_long_query_is_cut() {
        let long = format!("{}theme", " ".repeat(MAX_QUERY_CHARS));
        // Only the first MAX_QUERY_CHARS characters are read: "theme" is past them.
        let v = search(&long, &page());
        assert!(!v.searching, "{v:?}");
        assert_eq!(v.shown, 5);
        assert!(no_match_text(&long).chars().count() < 80);
    }
}
