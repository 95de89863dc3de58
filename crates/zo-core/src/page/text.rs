//! Text shaping shared by zo-core and the content module: whitespace collapsing, cutting at a
//! character budget (with a truncated flag, or an ellipsis), short labels, and the page-text
//! budget of a snapshot. Lengths are counted in Unicode scalar values, never splitting a
//! character.

use serde::{Deserialize, Serialize};

/// Longest value an `extract` returns, in characters.
pub const EXTRACT_MAX_CHARS: usize = 20_000;
/// Default character budget of a snapshot's page text.
pub const DEFAULT_TEXT_BUDGET: usize = 4_000;
/// Longest label of a snapshot element, in characters.
pub const LABEL_MAX_CHARS: usize = 80;
/// Longest value of a snapshot element, in characters.
pub const VALUE_MAX_CHARS: usize = 200;

/// A string cut to a budget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Capped {
    pub value: String,
    /// True when `value` is shorter than the original.
    pub truncated: bool,
    /// Length of the original, in characters.
    pub length: usize,
}

/// Cuts `s` to at most `max` characters.
pub fn cap(s: &str, max: usize) -> Capped {
    let mut length = 0;
    let mut cut = s.len();
    for (i, (byte, _)) in s.char_indices().enumerate() {
        if i == max {
            cut = byte;
        }
        length = i + 1;
    }
    Capped {
        value: s[..cut.min(s.len())].to_string(),
        truncated: length > max,
        length,
    }
}

/// Collapses every run of whitespace into one space and trims the ends.
pub fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Collapses spaces within lines and drops blank lines, keeping one line break between
/// non-empty lines (for page text, where lines carry structure).
pub fn collapse_lines(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for line in s.lines() {
        let line = collapse_whitespace(line);
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&line);
    }
    out
}

/// The first `max` characters of `s`, followed by `…` when `s` was longer.
pub fn ellipsize(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

/// A short one-line label: whitespace collapsed, cut to `max` characters with an ellipsis.
pub fn short_label(s: &str, max: usize) -> String {
    let collapsed = collapse_whitespace(s);
    let capped = cap(&collapsed, max.saturating_sub(1));
    if capped.truncated {
        format!("{}…", capped.value.trim_end())
    } else {
        collapsed
    }
}

/// The page-text excerpt of a snapshot: lines collapsed, then cut to `budget` characters,
/// preferring to cut at a line or word boundary in the last fifth of the budget.
pub fn budget_text(raw: &str, budget: usize) -> (String, bool) {
    let text = collapse_lines(raw);
    let capped = cap(&text, budget);
    if !capped.truncated {
        return (text, false);
    }
    let v = capped.value;
    let floor = v.len() - v.len() / 5;
    let cut = v
        .rfind('\n')
        .filter(|&i| i >= floor)
        .or_else(|| v.rfind(' ').filter(|&i| i >= floor))
        .unwrap_or(v.len());
    (v[..cut].trim_end().to_string(), true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cap_counts_characters_not_bytes() {
        let c = cap("héllo wörld", 5);
        assert_eq!(c.value, "héllo");
        assert!(c.truncated);
        assert_eq!(c.length, 11);
        let c = cap("abc", 3);
        assert_eq!(c.value, "abc");
        assert!(!c.truncated);
        assert_eq!(cap("", 0).value, "");
        assert_eq!(cap("ab", 0).value, "");
        assert!(cap("ab", 0).truncated);
    }

    #[test]
    fn whitespace_and_lines() {
        assert_eq!(collapse_whitespace("  a \n\t b  "), "a b");
        assert_eq!(collapse_lines(" a  b \n\n  \n c\r\nd "), "a b\nc\nd");
    }

    #[test]
    fn ellipsize_keeps_max_characters_and_marks_the_cut() {
        assert_eq!(ellipsize("héllo", 5), "héllo");
        assert_eq!(ellipsize("héllo wörld", 5), "héllo…");
        assert_eq!(ellipsize("", 0), "");
        assert_eq!(ellipsize("ab", 0), "…");
    }

    #[test]
    fn labels_are_short() {
        assert_eq!(short_label(" Buy   now ", 80), "Buy now");
        let l = short_label(&"word ".repeat(40), 20);
        assert!(l.ends_with('…'));
        assert!(l.chars().count() <= 20);
    }

    #[test]
    fn budget_prefers_boundaries() {
        let (t, cut) = budget_text("alpha beta gamma delta", 12);
        assert!(cut);
        assert_eq!(t, "alpha beta");
        let (t, cut) = budget_text("short", 100);
        assert_eq!((t.as_str(), cut), ("short", false));
        let (t, cut) = budget_text("abcdefghijklmnop", 5);
        assert_eq!((t.as_str(), cut), ("abcde", true));
    }
}
