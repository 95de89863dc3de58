//! CSS serialization rules the content module needs to build selectors that resolve back to
//! exactly one element: identifier escaping (the CSSOM `CSS.escape()` algorithm) and quoted
//! string escaping for attribute selectors.

/// Escapes `ident` so it can follow `#` or `.` in a selector, as `CSS.escape()` does.
pub fn escape_ident(ident: &str) -> String {
    let mut out = String::with_capacity(ident.len() + 4);
    let chars: Vec<char> = ident.chars().collect();
    let only_dash = chars.len() == 1 && chars[0] == '-';
    for (i, &c) in chars.iter().enumerate() {
        let cp = c as u32;
        if c == '\0' {
            out.push('\u{FFFD}');
        } else if (0x1..=0x1f).contains(&cp)
            || cp == 0x7f
            || (i == 0 && c.is_ascii_digit())
            || (i == 1 && c.is_ascii_digit() && chars[0] == '-')
        {
            push_hex_escape(&mut out, cp);
        } else if only_dash {
            out.push('\\');
            out.push(c);
        } else if cp >= 0x80 || c == '-' || c == '_' || c.is_ascii_alphanumeric() {
            out.push(c);
        } else {
            out.push('\\');
            out.push(c);
        }
    }
    out
}

/// Serializes `value` as a double-quoted CSS string, for `[attr="value"]`.
pub fn quote_string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        let cp = c as u32;
        match c {
            '\0' => out.push('\u{FFFD}'),
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            _ if (0x1..=0x1f).contains(&cp) || cp == 0x7f => push_hex_escape(&mut out, cp),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `[name="value"]` with the value quoted.
pub fn attribute_equals(name: &str, value: &str) -> String {
    format!("[{}={}]", escape_ident(name), quote_string(value))
}

fn push_hex_escape(out: &mut String, cp: u32) {
    out.push('\\');
    out.push_str(&format!("{cp:x}"));
    out.push(' ');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_identifiers_pass_through() {
        assert_eq!(escape_ident("submit-btn_2"), "submit-btn_2");
        assert_eq!(escape_ident("café"), "café");
    }

    #[test]
    fn leading_digits_and_dash_digit_are_hex_escaped() {
        assert_eq!(escape_ident("1a"), "\\31 a");
        assert_eq!(escape_ident("-1"), "-\\31 ");
        assert_eq!(escape_ident("-"), "\\-");
        assert_eq!(escape_ident("--x"), "--x");
    }

    #[test]
    fn specials_are_backslash_escaped() {
        assert_eq!(escape_ident("a.b:c"), "a\\.b\\:c");
        assert_eq!(escape_ident("a b"), "a\\ b");
        assert_eq!(escape_ident("x[0]"), "x\\[0\\]");
        assert_eq!(escape_ident("a\"b"), "a\\\"b");
    }

    #[test]
    fn controls_and_nul() {
        assert_eq!(escape_ident("a\nb"), "a\\a b");
        assert_eq!(escape_ident("a\0"), "a\u{FFFD}");
    }

    #[test]
    fn strings_are_quoted() {
        assert_eq!(quote_string("plain"), "\"plain\"");
        assert_eq!(quote_string("say \"hi\""), "\"say \\\"hi\\\"\"");
        assert_eq!(quote_string("back\\slash"), "\"back\\\\slash\"");
        assert_eq!(quote_string("line\nbreak"), "\"line\\a break\"");
        assert_eq!(
            attribute_equals("data-testid", "go"),
            "[data-testid=\"go\"]"
        );
    }
}
