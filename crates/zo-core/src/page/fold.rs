//! Lower-casing and word characters for matching names and fingerprinting text, without the
//! standard library's Unicode tables (about 10 KB gzip in every module that links them): the
//! cased scripts of the languages the word lists are written in (Latin with its Western,
//! Central European and Turkish letters, Greek, Cyrillic, full-width Latin) are folded here;
//! scripts without case (Han, Kana, Hangul, Arabic, Hebrew, Devanagari, Thai...) stay as they
//! are. A character of another cased script (Armenian, Georgian...) is kept as written, so
//! only its upper and lower forms fail to meet: a matcher misses a name, it never invents one.

/// `c` in lower case, where its script is one folded here (see the module doc).
pub fn lower(c: char) -> char {
    let n = c as u32;
    let folded = match n {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE | 0x391..=0x3A1 | 0x3A3..=0x3AB | 0x410..=0x42F => {
            n + 32
        }
        0xFF21..=0xFF3A => n + 32,
        0x400..=0x40F => n + 80,
        // Turkish dotted capital I.
        0x130 => 'i' as u32,
        0x178 => 0xFF,
        0x386 => 0x3AC,
        0x388..=0x38A => n + 37,
        0x38C => 0x3CC,
        0x38E..=0x38F => n + 63,
        // Latin Extended-A and Additional, and Cyrillic's extensions: capital and small letters
        // alternate, the capital first in each pair.
        0x100..=0x12F
        | 0x132..=0x137
        | 0x14A..=0x177
        | 0x460..=0x481
        | 0x48A..=0x4BF
        | 0x4D0..=0x52F
        | 0x1E00..=0x1E95
        | 0x1EA0..=0x1EFF
            if n.is_multiple_of(2) =>
        {
            n + 1
        }
        0x139..=0x148 | 0x179..=0x17E | 0x4C1..=0x4CE if !n.is_multiple_of(2) => n + 1,
        _ => n,
    };
    char::from_u32(folded).unwrap_or(c)
}

/// Whether `c` is an upper-case letter of a script folded here.
pub fn is_upper(c: char) -> bool {
    lower(c) != c
}

/// Whether `c` is a lower-case letter of a script folded here (what a word written in camel
/// case is split after: `payNow`).
pub fn is_lower(c: char) -> bool {
    let n = c as u32;
    c.is_ascii_lowercase()
        || matches!(n, 0xDF..=0xFF if n != 0xF7)
        || matches!(n, 0x3AC..=0x3CE | 0x430..=0x45F)
        || (matches!(n, 0x100..=0x17F) && !is_upper(c))
}

/// Whether `c` belongs to a word: a letter or a digit of any script, told apart from spaces,
/// punctuation and symbols by the ranges those live in (ASCII's, Latin-1's, the general
/// punctuation and symbol blocks, CJK and full-width punctuation, emoji).
pub fn is_word_char(c: char) -> bool {
    let n = c as u32;
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    !matches!(n,
        0x80..=0xBF // Latin-1 controls, punctuation and symbols
        | 0xD7 | 0xF7 // multiplication and division signs
        | 0x2B9..=0x2FF // modifier letters and spacing marks
        | 0x37E | 0x387 // Greek question mark, ano teleia
        | 0x55A..=0x55F | 0x589 // Armenian punctuation
        | 0x5BE | 0x5C0 | 0x5C3 | 0x5C6 | 0x5F3 | 0x5F4 // Hebrew punctuation
        | 0x600..=0x60F | 0x61B..=0x61F | 0x66A..=0x66D | 0x6D4 // Arabic punctuation
        | 0x964 | 0x965 | 0x970 // Devanagari danda and abbreviation sign
        | 0xE3F | 0xE4F | 0xE5A | 0xE5B // Thai currency and punctuation
        | 0x1680 | 0x180E // Ogham space, Mongolian vowel separator
        | 0x2000..=0x2BFF // spaces, punctuation, symbols, arrows, shapes
        | 0x2E00..=0x2E7F // supplemental punctuation
        | 0x3000..=0x303F // CJK symbols and punctuation
        | 0x30FB // katakana middle dot
        | 0xFE10..=0xFE1F | 0xFE30..=0xFE6F // vertical and small forms
        | 0xFEFF // byte order mark
        | 0xFF00..=0xFF0F | 0xFF1A..=0xFF20 | 0xFF3B..=0xFF40 | 0xFF5B..=0xFF65 // full-width punctuation
        | 0xFFF0..=0xFFFF // specials
        | 0x1F000..=0x1FAFF // emoji and pictographs
        | 0xE0000..=0xE007F // tags
    )
}

/// Whether `needle` occurs in `hay`, byte for byte: a plain scan for the first byte, quicker
/// than the standard library's substring search (which first analyses each needle) on the
/// short words and names matched here, and smaller.
pub fn contains(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    match n.first() {
        None => true,
        Some(&first) => h
            .windows(n.len())
            .any(|w| w.first() == Some(&first) && w == n),
    }
}

/// `text` with every character lowered by [`lower`].
pub fn lower_str(text: &str) -> String {
    text.chars().map(lower).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowers_the_scripts_of_the_word_lists_like_the_standard_library() {
        let samples = "ABCXYZ ÀÉÎÕÜÝÞ ĀĂĄĆČĎĘĚĞĪĮŁŃŇŐŒŘŚŞŠŢŤŮŰŲŹŻŽ ΑΒΓΔΩΆΈΉΊΌΎΏ АБВЯЁЂЏ ẠẢỆỸ ＡＺ";
        for c in samples.chars().filter(|c| !c.is_whitespace()) {
            let std: Vec<char> = c.to_lowercase().collect();
            assert_eq!(vec![lower(c)], std, "{c} (U+{:04X})", c as u32);
            assert!(is_upper(c), "{c}");
            assert!(!is_lower(c), "{c}");
        }
        for c in "abzàéßÿāăąłőœşžαωάώабяёђџ".chars() {
            assert_eq!(lower(c), c, "{c}");
            assert!(is_lower(c), "{c}");
        }
        assert_eq!(lower('İ'), 'i');
        assert_eq!(lower('ı'), 'ı');
        assert_eq!(
            lower_str("Jetzt KAUFEN, Überweisung"),
            "jetzt kaufen, überweisung"
        );
        for c in "購入削除구매أدخلпароль0123٣".chars() {
            assert_eq!(lower(c), c);
        }
    }

    #[test]
    fn contains_finds_what_the_standard_library_finds() {
        let hays = [
            "",
            "a",
            "main-content post",
            "nav sidebar",
            "aaab",
            "ééa",
            "abcabd",
        ];
        let needles = [
            "", "a", "ab", "abd", "content", "sidebar ", "aab", "éa", "b", "x",
        ];
        for h in hays {
            for n in needles {
                assert_eq!(contains(h, n), h.contains(n), "{h:?} {n:?}");
            }
        }
    }

    #[test]
    fn words_are_letters_and_digits_of_any_script() {
        for c in "aZ09éßłжΩ購カ한ع١अก".chars() {
            assert!(is_word_char(c), "{c}");
        }
        for c in " -_.,;:!?'\"()[]{}/\\@#%&*+=<>|~`^$\u{a0}«»¿¡·×÷–—‘’“”…€™→、。「」・，：！？؟،।😀\u{feff}".chars() {
            assert!(!is_word_char(c), "{c:?}");
        }
    }
}
