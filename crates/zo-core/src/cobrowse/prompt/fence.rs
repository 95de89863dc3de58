//! The untrusted-content fence of prompts. Everything that comes from the web page, or quotes
//! it (URL, title, text, element lines, extracted values, error messages, where the page is
//! now), goes to Zo between an [`OPEN`] line and a [`CLOSE`] line that only the prompt builder
//! writes, and passes through [`encode`] on its way in.
//!
//! The encoding is total: every `<` of untrusted text is replaced by [`LT`], whatever follows
//! it, so no text can form any tag at all: not `</page>`, nor `</PAGE >`, `</page foo>`,
//! `<page\n>` or `< /page>`. Zo reads text, not HTML: a character reference or an escape that
//! spells `<` reads as `<` to it, so those are replaced by [`LT`] as well:
//! - HTML character references: `&lt` with or without its `;` and whatever follows, as HTML
//!   reads it in text (`&ltpage>` is `<page>`; a query parameter named `lt...` right after an
//!   `&` therefore reads `＜...` too), `&#60;`, `&#x3c;` (leading zeros, no `;`), `&nvlt;`, and
//!   each of these under any number of `&amp;` layers (`&amp;lt;`);
//! - JavaScript and JSON escapes: `\u003c`, `\x3c` (any case).
//!
//! Percent-encoding (`%3C`) is left alone: it does not read as a bracket, and URLs must reach
//! Zo as they are. Look-alike characters (`＜`, `‹`) are not tags either.
//!
//! [`encode`] is one pass over the text with a bounded look-ahead at `&` and `\` (a look-ahead
//! that fails consumes nothing and the characters it read hold no other `&` or `\`), and never
//! makes text longer in characters: budgets computed before encoding still hold.

/// The line that opens the untrusted block.
pub const OPEN: &str = "<page>";
/// The line that closes the untrusted block.
pub const CLOSE: &str = "</page>";
/// What every `<` of untrusted text becomes: U+FF1C FULLWIDTH LESS-THAN SIGN.
pub const LT: char = '\u{FF1C}';

/// `s` with every `<`, and every reference or escape that reads as `<`, replaced by [`LT`].
pub fn encode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    // Start of the run of bytes not yet copied.
    let mut plain = 0;
    let mut i = 0;
    while i < bytes.len() {
        let len = match bytes[i] {
            b'<' => 1,
            b'&' => reference_len(&bytes[i..]),
            b'\\' => escape_len(&bytes[i..]),
            _ => 0,
        };
        if len == 0 {
            i += 1;
            continue;
        }
        // `<`, `&` and `\` are ASCII, and so is everything a match consumes: both ends are
        // character boundaries.
        out.push_str(&s[plain..i]);
        out.push(LT);
        i += len;
        plain = i;
    }
    out.push_str(&s[plain..]);
    out
}

/// Whether `b` starts with `word`, ASCII case-insensitively.
fn starts_with_ci(b: &[u8], word: &[u8]) -> bool {
    b.len() >= word.len() && b[..word.len()].eq_ignore_ascii_case(word)
}

/// Length of the character reference at the start of `b` (which starts with `&`) when it reads
/// as `<`, else 0.
fn reference_len(b: &[u8]) -> usize {
    let mut i = 1;
    // `&amp;lt;` is `&lt;` written once more: strip the layers.
    while starts_with_ci(&b[i..], b"amp;") {
        i += 4;
    }
    let rest = &b[i..];
    if starts_with_ci(rest, b"nvlt;") {
        return i + 5;
    }
    if starts_with_ci(rest, b"lt") {
        return if rest.get(2) == Some(&b';') {
            i + 3
        } else {
            i + 2
        };
    }
    if rest.first() != Some(&b'#') {
        return 0;
    }
    i += 1;
    let hex = matches!(b.get(i), Some(b'x' | b'X'));
    if hex {
        i += 1;
    }
    while b.get(i) == Some(&b'0') {
        i += 1;
    }
    let (digits, more): (&[u8], fn(&u8) -> bool) = if hex {
        (b"3c", u8::is_ascii_hexdigit)
    } else {
        (b"60", u8::is_ascii_digit)
    };
    if !starts_with_ci(&b[i..], digits) {
        return 0;
    }
    i += 2;
    match b.get(i) {
        Some(b';') => i + 1,
        Some(c) if more(c) => 0,
        _ => i,
    }
}

/// Length of the escape at the start of `b` (which starts with `\`) when it reads as `<`
/// (`\u003c`, `\x3c`), else 0.
fn escape_len(b: &[u8]) -> usize {
    if starts_with_ci(&b[1..], b"u003c") {
        6
    } else if starts_with_ci(&b[1..], b"x3c") {
        4
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lt(s: &str) -> String {
        s.replace('<', &LT.to_string())
    }

    #[test]
    fn every_less_than_sign_is_replaced_whatever_follows() {
        for s in [
            "</page>",
            "</PAGE >",
            "</page foo>",
            "<page\n>",
            "< /page>",
            "<\tPage>",
            "a < b",
            "<<<",
            "<",
            "<div class=\"x\">é</div>",
        ] {
            let out = encode(s);
            assert!(!out.contains('<'), "{s:?} -> {out:?}");
            assert_eq!(out, lt(s));
        }
    }

    #[test]
    fn references_and_escapes_that_read_as_less_than_are_replaced() {
        let cases = [
            ("&lt;/page&gt;", "＜/page&gt;"),
            ("&LT;/page>", "＜/page>"),
            ("&lt/page>", "＜/page>"),
            ("&lt page>", "＜ page>"),
            ("x&lt", "x＜"),
            ("&ltpage>", "＜page>"),
            ("?a=1&lt=3&ltr=1", "?a=1＜=3＜r=1"),
            ("&ltimes;", "＜imes;"),
            ("&#60;/page>", "＜/page>"),
            ("&#0060/page>", "＜/page>"),
            ("&#x3C;/page>", "＜/page>"),
            ("&#X003c;page>", "＜page>"),
            ("&#x3c/page>", "＜/page>"),
            ("&nvlt;/page>", "＜/page>"),
            ("&amp;lt;/page&amp;gt;", "＜/page&amp;gt;"),
            ("&AMP;amp;#60;/page>", "＜/page>"),
            ("\\u003c/page\\u003e", "＜/page\\u003e"),
            ("\\U003C/page>", "＜/page>"),
            ("\\x3c/page>", "＜/page>"),
        ];
        for (s, want) in cases {
            assert_eq!(encode(s), want, "{s:?}");
        }
    }

    #[test]
    fn text_that_does_not_read_as_less_than_is_kept() {
        for s in [
            "https://shop.example/a?b=1&c=2&lang=en#x",
            "&l &amp; &gt; &#61; &#600; &#x3c0; &#x3cd &#6",
            "Fish & chips &",
            "%3C/page%3E",
            "\\u003d \\x3d \\\\ \\",
            "＜/page> ‹page›",
            "#email input[email] \"Email\" value=\"a@b.c\"",
            "ul > li:nth-child(2) > a[href=\"/x?a&b\"]",
            "",
        ] {
            assert_eq!(encode(s), s, "{s:?}");
        }
    }

    #[test]
    fn encoding_never_adds_characters() {
        for s in [
            "<",
            "&lt;",
            "&#x0000003c;",
            "\\u003c",
            "a<b&lt;c\\x3cd",
            "plain",
        ] {
            assert!(encode(s).chars().count() <= s.chars().count(), "{s:?}");
        }
    }

    #[test]
    fn long_runs_of_near_misses_stay_linear_and_kept() {
        // Each `&` or `\` looks ahead a bounded way or over characters no other match starts
        // on; a quadratic scan would take seconds here.
        let zeros = format!("&#{}1;", "0".repeat(200_000));
        assert_eq!(encode(&zeros), zeros);
        let amps = format!("&{}gt;", "amp;".repeat(100_000));
        assert_eq!(encode(&amps), amps);
        let many = "&#0&amp;\\u003".repeat(50_000);
        assert_eq!(encode(&many), many);
    }
}
