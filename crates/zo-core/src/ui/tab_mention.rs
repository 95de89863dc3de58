//! `@` in the question input: the word being typed that names a tab, which of the window's
//! open tabs the list offers for it (only those whose text may go with a question:
//! `trust::readable_as_context`, not the tab Zo already looks at, not one already chosen), and
//! what the input holds once one is picked (the `@word` gone, the tab a chip).

mod sent;

use crate::trust::{readable_as_context, site};
pub use sent::{SentTabs, SENT_KEPT, TABS_NOT_RESENT};

/// Most tabs the list shows, and most tabs one question takes.
pub const MAX_LISTED: usize = 20;
pub const MAX_CHOSEN: usize = 4;

/// An open tab of the window, as the browser describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenTab {
    pub id: i32,
    pub title: String,
    pub url: String,
}

impl OpenTab {
    /// The site shown under the title (`docs.example`), or the address when it has none.
    pub fn site(&self) -> String {
        site::origin_of(&self.url)
            .split_once("://")
            .map_or_else(|| self.url.clone(), |(_, host)| host.to_string())
    }

    /// The title, or the site for an untitled tab.
    pub fn label(&self) -> String {
        let title = self.title.trim();
        if title.is_empty() {
            self.site()
        } else {
            title.to_string()
        }
    }
}

/// The `@word` the caret is at the end of: `start..end` in bytes of the input, and what
/// follows the `@` (the filter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    pub start: usize,
    pub end: usize,
    pub query: String,
}

/// The byte offset in `text` of a caret at `utf16` UTF-16 units (what the DOM reports), at a
/// character boundary.
pub fn caret_byte(text: &str, utf16: usize) -> usize {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        if units >= utf16 {
            return i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The mention the caret (byte offset `caret`) ends: `@` at the start of the input or after
/// whitespace, then no whitespace up to the caret.
pub fn mention_at(text: &str, caret: usize) -> Option<Mention> {
    let before = text.get(..caret)?;
    let start = before.rfind('@')?;
    let query = &before[start + 1..];
    let starts_word = before[..start]
        .chars()
        .next_back()
        .is_none_or(char::is_whitespace);
    (starts_word && !query.chars().any(char::is_whitespace)).then(|| Mention {
        start,
        end: caret,
        query: query.to_string(),
    })
}

/// The tabs the list offers for `query`: readable as context, not in `exclude` (the tab Zo
/// looks at, the tabs chosen already), whose title or site contains `query` (ASCII letter case
/// ignored: Unicode case tables would weigh more than the whole list), in the window's order,
/// at most [`MAX_LISTED`].
pub fn matching<'a>(tabs: &'a [OpenTab], query: &str, exclude: &[i32]) -> Vec<&'a OpenTab> {
    let query = query.to_ascii_lowercase();
    let has = |text: &str| text.to_ascii_lowercase().contains(&query);
    tabs.iter()
        .filter(|t| readable_as_context(&t.url) && !exclude.contains(&t.id))
        .filter(|t| query.is_empty() || has(&t.title) || has(&t.site()))
        .take(MAX_LISTED)
        .collect()
}

/// The tab ids a question takes of `ids` (as the panel sent them): at most [`MAX_CHOSEN`], in
/// order, without the tab Zo looks at (`bound`) nor repeats.
pub fn chosen_ids(bound: Option<i32>, ids: &[i32]) -> Vec<i32> {
    let mut chosen: Vec<i32> = Vec::with_capacity(MAX_CHOSEN);
    for id in ids {
        if chosen.len() == MAX_CHOSEN {
            break;
        }
        if Some(*id) != bound && !chosen.contains(id) {
            chosen.push(*id);
        }
    }
    chosen
}

/// The input without `mention` (a tab was picked for it), and where the caret goes (bytes);
/// None when `text` no longer holds that mention where it was (the input changed since).
pub fn without_mention(text: &str, mention: &Mention) -> Option<(String, usize)> {
    let head = text.get(..mention.start)?;
    let tail = text.get(mention.end..)?;
    let word = text.get(mention.start..mention.end)?;
    if word.strip_prefix('@') != Some(mention.query.as_str()) {
        return None;
    }
    let tail = if head.is_empty() || head.ends_with(char::is_whitespace) {
        tail.trim_start_matches(' ')
    } else {
        tail
    };
    Some((format!("{head}{tail}"), head.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tab(id: i32, title: &str, url: &str) -> OpenTab {
        OpenTab {
            id,
            title: title.into(),
            url: url.into(),
        }
    }

    #[test]
    fn a_mention_is_an_at_word_ending_at_the_caret() {
        let m = |t: &str| mention_at(t, t.len());
        assert_eq!(
            m("compare with @doc"),
            Some(Mention {
                start: 13,
                end: 17,
                query: "doc".into()
            })
        );
        assert_eq!(m("@").map(|m| m.query), Some(String::new()));
        assert_eq!(m("mail me at ann@example.com"), None, "inside a word");
        assert_eq!(m("@docs and more"), None, "the caret is past it");
        assert_eq!(
            mention_at("@docs and more", 5).map(|m| m.query),
            Some("docs".into())
        );
        assert_eq!(m("no at sign"), None);
        assert_eq!(mention_at("é@x", 99), None, "a caret past the end");
    }

    #[test]
    fn carets_are_utf16_units() {
        let text = "😀 @a";
        assert_eq!(caret_byte(text, 0), 0);
        assert_eq!(caret_byte(text, 2), 4, "the emoji is two units, four bytes");
        assert_eq!(caret_byte(text, 5), text.len());
        assert_eq!(caret_byte(text, 99), text.len());
        assert_eq!(
            mention_at(text, caret_byte(text, 5)).map(|m| m.query),
            Some("a".into())
        );
    }

    #[test]
    fn only_readable_tabs_not_excluded_and_matching_are_offered() {
        let tabs = vec![
            tab(1, "Shop", "https://shop.example/cart"),
            tab(2, "Docs: Guide", "https://docs.example/guide"),
            tab(3, "Settings", "chrome://settings/"),
            tab(4, "Zo", "chrome-extension://abc/extension/sidepanel.html"),
            tab(5, "Store", "https://chromewebstore.google.com/detail/x"),
            tab(6, "", "http://127.0.0.1:8000/a"),
        ];
        let ids = |q: &str, ex: &[i32]| {
            matching(&tabs, q, ex)
                .iter()
                .map(|t| t.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(ids("", &[1]), vec![2, 6]);
        assert_eq!(ids("GUIDE", &[]), vec![2]);
        assert_eq!(ids("127.0", &[]), vec![6], "by site");
        assert_eq!(ids("settings", &[]), Vec::<i32>::new());
        assert_eq!(tabs[5].label(), "127.0.0.1:8000");
        assert_eq!(tabs[1].site(), "docs.example");
        let many: Vec<OpenTab> = (0..50).map(|i| tab(i, "t", "https://a.example/")).collect();
        assert_eq!(matching(&many, "", &[]).len(), MAX_LISTED);
    }

    #[test]
    fn picking_removes_the_mention() {
        let text = "compare @do with this";
        let m = mention_at(text, 11).unwrap();
        assert_eq!(
            without_mention(text, &m),
            Some(("compare with this".into(), 8))
        );
        let m = mention_at("@x", 2).unwrap();
        assert_eq!(without_mention("@x", &m), Some((String::new(), 0)));
    }

    #[test]
    fn a_question_takes_a_few_distinct_tabs_besides_the_bound_one() {
        assert_eq!(chosen_ids(Some(1), &[1, 2, 2, 3]), vec![2, 3]);
        assert_eq!(chosen_ids(None, &[5, 1, 5]), vec![5, 1]);
        let many: Vec<i32> = (0..10_000).collect();
        assert_eq!(chosen_ids(Some(0), &many), vec![1, 2, 3, 4]);
        assert_eq!(chosen_ids(Some(3), &[]), Vec::<i32>::new());
    }

    /// A mention found in an input that changed since (dictation, a question put in it) is
    /// not cut out of the new text, wherever its offsets now fall.
    #[test]
    fn a_stale_mention_leaves_the_input_alone() {
        let m = mention_at("see @dé", 8).unwrap();
        assert_eq!(without_mention("see @dé", &m), Some(("see ".into(), 4)));
        for changed in ["", "see", "see @d", "seé @dé", "日本語です", "see @dx"] {
            assert_eq!(without_mention(changed, &m), None, "{changed:?}");
        }
    }
}
