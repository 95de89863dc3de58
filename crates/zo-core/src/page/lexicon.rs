//! Matching a control's or a field's name against word lists written in many languages: the
//! name is cut into lower-case words once ([`Words::of`], lowered by [`super::fold`]), and each list entry is matched in
//! the way its script needs.
//!
//! An entry is written as it reads: `"pay"` is a whole word, `"kauf*"` any word starting with
//! `kauf` (German `kaufen`, `Kauf`, `kaufe`), `"card number"` two words in a row (separators in
//! between do not matter), and an entry in a script written without spaces (Chinese, Japanese:
//! `"购买"`, `"削除"`) anywhere in the text. Linear in the name's length for each entry; names
//! are short (a label is cut at a few hundred characters before it gets here).

use super::fold;

/// The lower-case words of a name, and its lower-case text for entries matched anywhere.
#[derive(Debug, Clone, Default)]
pub struct Words {
    words: Vec<String>,
    text: String,
}

impl Words {
    /// The words of `text`: runs of letters and digits, split where a lower-case letter is
    /// followed by an upper-case one (`PayNow` -> `pay`, `now`), lower-cased.
    pub fn of(text: &str) -> Words {
        let mut words: Vec<String> = Vec::new();
        let mut current = String::new();
        let mut prev_lower = false;
        for c in text.chars() {
            if fold::is_word_char(c) {
                if prev_lower && fold::is_upper(c) && !current.is_empty() {
                    words.push(std::mem::take(&mut current));
                }
                current.push(fold::lower(c));
                prev_lower = fold::is_lower(c);
            } else {
                if !current.is_empty() {
                    words.push(std::mem::take(&mut current));
                }
                prev_lower = false;
            }
        }
        if !current.is_empty() {
            words.push(current);
        }
        Words {
            words,
            text: fold::lower_str(text),
        }
    }

    /// Whether `entry` (see the module's notation) is in the name.
    pub fn has(&self, entry: &str) -> bool {
        if entry.chars().next().is_some_and(unspaced) {
            return fold::contains(&self.text, entry);
        }
        let parts: Vec<&str> = entry.split(' ').filter(|p| !p.is_empty()).collect();
        if parts.is_empty() {
            return false;
        }
        self.words
            .windows(parts.len())
            .any(|run| run.iter().zip(&parts).all(|(w, p)| word_is(w, p)))
    }

    /// The first entry of `entries` in the name.
    pub fn first_of<'a>(&self, entries: &[&'a str]) -> Option<&'a str> {
        entries.iter().copied().find(|e| self.has(e))
    }
}

/// Whether `word` is `pattern` (`stem*`: starts with `stem`).
fn word_is(word: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(stem) => word.starts_with(stem),
        None => word == pattern,
    }
}

/// Scripts written without spaces between words: Han, Hiragana, Katakana, Hangul is spaced
/// but its verbs are glued to endings, so it is matched anywhere too.
fn unspaced(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF // Hiragana, Katakana
        | 0x3400..=0x4DBF // CJK extension A
        | 0x4E00..=0x9FFF // CJK unified ideographs
        | 0xF900..=0xFAFF // CJK compatibility ideographs
        | 0xAC00..=0xD7AF // Hangul syllables
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_words_stems_phrases_and_unspaced_scripts() {
        let w = Words::of("Jetzt KAUFEN, bitte");
        assert!(w.has("kauf*"));
        assert!(w.has("jetzt"));
        assert!(!w.has("kauf"));
        assert!(!w.has("itte"));
        let w = Words::of("Enter your card-number here");
        assert!(w.has("card number"));
        assert!(!w.has("number card"));
        let w = Words::of("今すぐ購入する");
        assert!(w.has("購入"));
        assert!(!w.has("削除"));
        let w = Words::of("PayNow");
        assert!(w.has("pay"));
        assert!(!Words::of("Repay").has("pay"));
        assert!(!Words::of("").has("pay"));
        assert!(!Words::of("pay").has(""));
        assert_eq!(
            Words::of("Überweisung senden").first_of(&["send", "überweis*"]),
            Some("überweis*")
        );
    }
}
