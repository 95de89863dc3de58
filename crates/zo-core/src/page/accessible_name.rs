//! The parts of an element's accessible name that need no DOM (the W3C "Accessible Name and
//! Description Computation", with HTML-AAM's rules for native elements): which source names
//! an element (the first of [`SOURCES`] that is not blank), which roles take their name from
//! their content, the implicit role of the native elements a snapshot lists, the default
//! labels of submit and reset buttons, and the flat text a walk over the composed tree
//! accumulates ([`FlatText`]: whitespace collapsed, block boundaries as spaces, capped). The
//! content module walks the DOM (shadow trees and what is slotted into them) and feeds these.

use super::text::collapse_whitespace;

/// Where a name can come from, in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The text of the elements `aria-labelledby` names.
    LabelledBy,
    /// `aria-label`.
    AriaLabel,
    /// What the host language gives: `<label>`s of a form control, `alt` of an image, the
    /// value of an `<input type=submit>`.
    Native,
    /// The element's content over the composed tree (shadow and slotted text included).
    Content,
    /// `title`.
    Title,
    /// `placeholder`.
    Placeholder,
}

/// Name sources in order of precedence.
pub const SOURCES: [Source; 6] = [
    Source::LabelledBy,
    Source::AriaLabel,
    Source::Native,
    Source::Content,
    Source::Title,
    Source::Placeholder,
];

/// The sources that apply to an element whose role is `role` (explicit or implicit), in
/// order. Its content counts when its role is named from content or when the element is
/// walked as part of another's name (`nested`: inside a label, a labelling element or a named
/// element's content); aria-labelledby is not followed from inside another name (no loops,
/// as the spec).
pub fn sources(role: Option<&str>, nested: bool) -> impl Iterator<Item = Source> {
    let content = nested || role.is_some_and(named_from_content);
    SOURCES.into_iter().filter(move |s| match s {
        Source::Content => content,
        Source::LabelledBy => !nested,
        _ => true,
    })
}

/// The name of an element: the text of the first of its [`sources`] that is not blank,
/// whitespace collapsed. `text` is asked lazily, source by source.
pub fn choose(
    role: Option<&str>,
    nested: bool,
    mut text: impl FnMut(Source) -> Option<String>,
) -> String {
    for source in sources(role, nested) {
        if let Some(t) = text(source) {
            let t = collapse_whitespace(&t);
            if !t.is_empty() {
                return t;
            }
        }
    }
    String::new()
}

/// Roles whose name comes from their content (ARIA 1.2, "Name From: contents").
const CONTENT_ROLES: [&str; 18] = [
    "button",
    "cell",
    "checkbox",
    "columnheader",
    "gridcell",
    "heading",
    "link",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "option",
    "radio",
    "row",
    "rowheader",
    "switch",
    "tab",
    "tooltip",
    "treeitem",
];

/// The implicit roles of elements (HTML-AAM) whose name rules differ, by tag. Tables rather
/// than `match`: data is smaller than code in the content module.
const TAG_ROLES: [(&str, &str); 13] = [
    ("button", "button"),
    ("summary", "button"),
    ("option", "option"),
    ("td", "cell"),
    ("th", "columnheader"),
    ("h1", "heading"),
    ("h2", "heading"),
    ("h3", "heading"),
    ("h4", "heading"),
    ("h5", "heading"),
    ("h6", "heading"),
    ("select", "combobox"),
    ("textarea", "textbox"),
];

/// The implicit roles of `<input>`s, by type; other types are textboxes.
const INPUT_ROLES: [(&str, &str); 8] = [
    ("button", "button"),
    ("submit", "button"),
    ("reset", "button"),
    ("image", "button"),
    ("checkbox", "checkbox"),
    ("radio", "radio"),
    ("range", "slider"),
    ("search", "searchbox"),
];

fn lookup(table: &[(&str, &'static str)], key: &str) -> Option<&'static str> {
    table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// Roles whose name comes from their content (ARIA 1.2, "Name From: contents").
pub fn named_from_content(role: &str) -> bool {
    CONTENT_ROLES.contains(&role)
}

/// The role an element has without a `role` attribute, for the elements whose name rules
/// differ (HTML-AAM); `None` for the others. `tag` is lower case.
pub fn implicit_role(tag: &str, input_type: Option<&str>, has_href: bool) -> Option<&'static str> {
    match tag {
        "a" | "area" => has_href.then_some("link"),
        "input" => Some(lookup(&INPUT_ROLES, input_type.unwrap_or("text")).unwrap_or("textbox")),
        _ => lookup(&TAG_ROLES, tag),
    }
}

/// The first token of a `role` attribute, lower case (later tokens are fallbacks).
pub fn explicit_role(attr: &str) -> Option<String> {
    attr.split_ascii_whitespace()
        .next()
        .map(str::to_ascii_lowercase)
}

/// What an `<input>` button without a `value` is called (HTML-AAM's defaults).
pub fn default_button_label(input_type: &str) -> Option<&'static str> {
    match input_type {
        "submit" => Some("Submit"),
        "reset" => Some("Reset"),
        _ => None,
    }
}

/// Text gathered from a tree walk: whitespace collapsed as it comes, block boundaries as one
/// space, at most `max` characters (the walk stops once [`FlatText::full`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlatText {
    out: String,
    chars: usize,
    max: usize,
    space: bool,
}

impl FlatText {
    pub fn new(max: usize) -> FlatText {
        FlatText {
            out: String::new(),
            chars: 0,
            max,
            space: false,
        }
    }

    /// Appends a text node's text.
    pub fn push(&mut self, text: &str) {
        for c in text.chars() {
            if self.full() {
                return;
            }
            if c.is_whitespace() {
                self.space = true;
                continue;
            }
            if self.space && !self.out.is_empty() {
                self.out.push(' ');
                self.chars += 1;
            }
            self.space = false;
            self.out.push(c);
            self.chars += 1;
        }
    }

    /// The edge of a block (or of a separately named part): words on both sides stay apart.
    pub fn boundary(&mut self) {
        self.space = true;
    }

    /// No more text is taken.
    pub fn full(&self) -> bool {
        self.chars >= self.max
    }

    /// Characters taken so far (not counting a pending space).
    pub fn len(&self) -> usize {
        self.chars
    }

    pub fn is_empty(&self) -> bool {
        self.chars == 0
    }

    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `choose` over fixed texts, recording which sources were asked.
    fn pick(role: Option<&str>, nested: bool, texts: &[(Source, &str)]) -> (String, Vec<Source>) {
        let mut asked = Vec::new();
        let name = choose(role, nested, |s| {
            asked.push(s);
            texts
                .iter()
                .find(|(t, _)| *t == s)
                .map(|(_, v)| v.to_string())
        });
        (name, asked)
    }

    #[test]
    fn first_non_blank_source_wins_in_spec_order() {
        let all = [
            (Source::LabelledBy, "by id"),
            (Source::AriaLabel, "aria"),
            (Source::Native, "label"),
            (Source::Content, "content"),
            (Source::Title, "title"),
            (Source::Placeholder, "placeholder"),
        ];
        for i in 0..all.len() {
            let (name, asked) = pick(Some("button"), false, &all[i..]);
            assert_eq!(name, all[i].1);
            assert_eq!(asked.len(), i + 1, "later sources are not computed");
        }
    }

    #[test]
    fn blank_sources_are_skipped_and_whitespace_collapsed() {
        let (name, _) = pick(
            Some("link"),
            false,
            &[
                (Source::AriaLabel, "  \n "),
                (Source::Native, ""),
                (Source::Content, "\n  Save\u{a0}  the\tdraft  "),
            ],
        );
        assert_eq!(name, "Save the draft");
        assert_eq!(pick(None, false, &[]).0, "");
    }

    #[test]
    fn content_names_only_roles_named_from_content_unless_nested() {
        let texts = [
            (Source::Content, "typed text"),
            (Source::Placeholder, "Search"),
        ];
        assert_eq!(pick(Some("textbox"), false, &texts).0, "Search");
        assert_eq!(pick(None, false, &texts).0, "Search");
        assert_eq!(pick(Some("tab"), false, &texts).0, "typed text");
        assert_eq!(pick(Some("textbox"), true, &texts).0, "typed text");
    }

    #[test]
    fn labelledby_is_not_followed_inside_another_name() {
        let texts = [(Source::LabelledBy, "other"), (Source::Content, "own")];
        assert_eq!(pick(Some("button"), false, &texts).0, "other");
        let (name, asked) = pick(Some("button"), true, &texts);
        assert_eq!(name, "own");
        assert!(!asked.contains(&Source::LabelledBy));
    }

    #[test]
    fn sources_that_apply() {
        let all: Vec<Source> = sources(Some("button"), false).collect();
        assert_eq!(all, SOURCES);
        let field: Vec<Source> = sources(Some("textbox"), false).collect();
        assert!(!field.contains(&Source::Content));
        let nested: Vec<Source> = sources(None, true).collect();
        assert_eq!(nested[0], Source::AriaLabel);
        assert!(nested.contains(&Source::Content));
    }

    #[test]
    fn roles() {
        assert_eq!(implicit_role("a", None, true), Some("link"));
        assert_eq!(implicit_role("a", None, false), None);
        assert_eq!(
            implicit_role("input", Some("submit"), false),
            Some("button")
        );
        assert_eq!(implicit_role("input", None, false), Some("textbox"));
        assert_eq!(
            implicit_role("input", Some("checkbox"), false),
            Some("checkbox")
        );
        assert_eq!(implicit_role("div", None, false), None);
        assert_eq!(explicit_role(" Tab  button"), Some("tab".to_string()));
        assert_eq!(explicit_role("  "), None);
        assert!(named_from_content("button") && named_from_content("option"));
        assert!(!named_from_content("textbox") && !named_from_content("combobox"));
        assert_eq!(default_button_label("submit"), Some("Submit"));
        assert_eq!(default_button_label("button"), None);
    }

    #[test]
    fn flat_text_collapses_separates_and_caps() {
        let mut t = FlatText::new(100);
        assert!(t.is_empty());
        t.push("  Save");
        t.push("d");
        assert_eq!(t.len(), 5);
        t.boundary();
        t.push("\n draft ");
        t.boundary();
        t.boundary();
        t.push("now");
        assert_eq!(t.finish(), "Saved draft now");
        let mut t = FlatText::new(5);
        t.push("abc def");
        assert!(t.full());
        t.push("more");
        assert_eq!(t.finish(), "abc d");
        let mut t = FlatText::new(10);
        t.boundary();
        t.push("x ");
        t.boundary();
        assert_eq!(t.finish(), "x");
    }
}
