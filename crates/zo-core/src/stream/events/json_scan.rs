//! A minimal strict JSON reader for fixed event shapes: objects with plain keys, strings
//! (borrowed unless they hold escapes) and unsigned integers, read in one pass without building
//! a tree. It accepts only what `serde_json` accepts for the same value; anything it does not
//! handle (an escaped key, a float, a nested array, ...) is `None`, and the caller falls back to
//! the general decoder, so being conservative is always correct.

use std::borrow::Cow;
use std::ops::Range;

use super::string_run::special;
use crate::wire::json::read::unescape;

/// A scalar value (see [`Scanner::scalar`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Scalar<'a> {
    Str(Cow<'a, str>),
    Uint(u64),
    Null,
}

pub(super) struct Scanner<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Scanner<'a> {
    #[inline]
    pub(super) fn new(text: &'a str) -> Self {
        Scanner { text, pos: 0 }
    }

    #[inline]
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    #[inline]
    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    #[inline]
    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    #[inline]
    fn eat(&mut self, byte: u8) -> Option<()> {
        self.skip_ws();
        (self.peek()? == byte).then(|| self.pos += 1)
    }

    /// Exactly `literal` next (no whitespace skipped): for matching a known layout quickly.
    #[inline]
    pub(super) fn literal(&mut self, literal: &[u8]) -> Option<()> {
        let end = self.pos + literal.len();
        (self.bytes().get(self.pos..end)? == literal).then(|| self.pos = end)
    }

    /// The end of the text (whitespace allowed).
    #[inline]
    pub(super) fn end(&mut self) -> Option<()> {
        self.skip_ws();
        (self.pos == self.text.len()).then_some(())
    }

    /// Reads `{ "key": value, ... }`, calling `field` with each key (positioned at its value,
    /// which `field` must read). Keys holding escapes are not handled (`None`).
    #[inline]
    pub(super) fn object(
        &mut self,
        mut field: impl FnMut(&mut Self, &'a str) -> Option<()>,
    ) -> Option<()> {
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some(());
        }
        loop {
            self.skip_ws();
            let key = match self.string()? {
                Cow::Borrowed(key) => key,
                Cow::Owned(_) => return None,
            };
            self.eat(b':')?;
            self.skip_ws();
            field(self, key)?;
            self.skip_ws();
            match self.peek()? {
                b',' => self.pos += 1,
                b'}' => {
                    self.pos += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// Past a string's opening quote (after whitespace): where its contents start.
    #[inline]
    fn open_string(&mut self) -> Option<usize> {
        self.skip_ws();
        if self.peek()? != b'"' {
            return None;
        }
        self.pos += 1;
        Some(self.pos)
    }

    /// A string value (the reader is at its opening quote after whitespace).
    #[inline]
    pub(super) fn string(&mut self) -> Option<Cow<'a, str>> {
        let start = self.open_string()?;
        let bytes = self.bytes();
        self.pos += special(bytes.get(start..)?)?;
        match *bytes.get(self.pos)? {
            b'"' => {
                let s = self.text.get(start..self.pos)?;
                self.pos += 1;
                return Some(Cow::Borrowed(s));
            }
            b'\\' => {}
            _ => return None,
        }
        // Unescaped, the string is shorter than the rest of the text: one allocation, no
        // growth (a large token is not held twice over); the room left is given back after.
        let mut out = String::with_capacity(self.text.len() - start);
        out.push_str(self.text.get(start..self.pos)?);
        loop {
            let b = *bytes.get(self.pos)?;
            match b {
                b'"' => {
                    self.pos += 1;
                    if out.capacity() - out.len() > SLACK_BYTES {
                        // In place: a string is not held with the rest of its event as room.
                        out.shrink_to_fit();
                    }
                    return Some(Cow::Owned(out));
                }
                b'\\' => {
                    self.pos += 1;
                    unescape(self.bytes(), &mut self.pos, &mut out).ok()?;
                }
                b if b < 0x20 => return None,
                _ => {
                    // Copy the run up to the next quote, backslash or control character.
                    let run_start = self.pos;
                    self.pos += special(bytes.get(run_start..)?)?;
                    out.push_str(self.text.get(run_start..self.pos)?);
                }
            }
        }
    }

    /// A string value left escaped: where its contents are in the text (between the quotes),
    /// checked as [`Scanner::string`] checks them, without copying them. With
    /// [`unescape_in_place`], a large string is decoded in the buffer that holds its event.
    #[inline]
    pub(super) fn string_span(&mut self) -> Option<Range<usize>> {
        let start = self.open_string()?;
        let bytes = self.bytes();
        // Each escape is decoded into this (a character at most) only to check it.
        let mut check = String::new();
        loop {
            self.pos += special(bytes.get(self.pos..)?)?;
            match *bytes.get(self.pos)? {
                b'"' => {
                    self.pos += 1;
                    return Some(start..self.pos - 1);
                }
                b'\\' => {
                    self.pos += 1;
                    check.clear();
                    unescape(bytes, &mut self.pos, &mut check).ok()?;
                }
                _ => return None,
            }
        }
    }

    /// `null`, a string or an unsigned integer (anything else is `None`).
    #[inline]
    pub(super) fn scalar(&mut self) -> Option<Scalar<'a>> {
        self.skip_ws();
        match self.peek()? {
            b'"' => self.string().map(Scalar::Str),
            b'n' => self.literal(b"null").map(|()| Scalar::Null),
            _ => self.uint().map(Scalar::Uint),
        }
    }

    /// A non-negative integer without fraction or exponent that fits in u64.
    #[inline]
    pub(super) fn uint(&mut self) -> Option<u64> {
        self.skip_ws();
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            value = value.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
            self.pos += 1;
        }
        let len = self.pos - start;
        let leading_zero = len > 1 && self.bytes().get(start) == Some(&b'0');
        if len == 0 || leading_zero || matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        Some(value)
    }
}

/// The JSON string contents at `span` of `text` (checked by [`Scanner::string_span`]),
/// unescaped in `text`'s own buffer, which becomes the result: no second buffer, however
/// large the string. An escape never decodes to more bytes than it takes, so the decoded
/// text is written over what was already read. `None` if `span` holds an invalid escape or
/// does not start and end at character boundaries.
///
/// The result is not checked as UTF-8 again (a second pass over the whole text, a third of the
/// time a large event took): it is made of whole characters of `text`, already UTF-8, and of
/// characters the escapes encode (see the SAFETY note at the end).
#[inline]
pub(super) fn unescape_in_place(text: String, span: Range<usize>) -> Option<String> {
    if !(text.is_char_boundary(span.start) && text.is_char_boundary(span.end)) {
        return None;
    }
    let mut bytes = text.into_bytes();
    let mut ch = String::new();
    let (mut read, mut write) = (span.start, 0);
    while read < span.end {
        let run = special(bytes.get(read..span.end)?).unwrap_or(span.end - read);
        bytes.copy_within(read..read + run, write);
        read += run;
        write += run;
        if read == span.end {
            break;
        }
        if bytes.get(read) != Some(&b'\\') {
            return None;
        }
        read += 1;
        ch.clear();
        unescape(bytes.get(..span.end)?, &mut read, &mut ch).ok()?;
        bytes
            .get_mut(write..write + ch.len())?
            .copy_from_slice(ch.as_bytes());
        write += ch.len();
    }
    bytes.truncate(write);
    debug_assert!(std::str::from_utf8(&bytes).is_ok());
    // SAFETY: `bytes[..write]` is, in order: runs copied from `text` (a `String`, so UTF-8),
    // each starting at a character boundary (the span's start, checked above, or just past
    // an escape, which is ASCII) and ending at one (a quote, backslash or control byte, all
    // ASCII, or the span's end, checked above), so each run is whole characters; and the
    // characters the escapes decode to, written from a `String` (`ch`). A run of whole
    // characters followed by whole characters is UTF-8.
    Some(unsafe { String::from_utf8_unchecked(bytes) })
}

/// An unescaped string with more room left than this gives it back.
const SLACK_BYTES: usize = 4096;

#[cfg(test)]
mod tests {
    use super::*;

    fn string(json: &str) -> Option<String> {
        let mut s = Scanner::new(json);
        let v = s.string()?;
        s.end()?;
        Some(v.into_owned())
    }

    fn uint(json: &str) -> Option<u64> {
        let mut s = Scanner::new(json);
        let v = s.uint()?;
        s.end()?;
        Some(v)
    }

    #[test]
    fn strings_agree_with_serde_json() {
        let cases = [
            r#""plain""#,
            r#""""#,
            r#""a\"b\\c\/d\b\f\n\r\t""#,
            r#""\u00e9\u4e2d\ud83d\ude80""#,
            r#""x\ud83d""#,
            r#""\ude80""#,
            r#""\ud83d\u0041""#,
            r#""\q""#,
            r#""\u12""#,
            r#""\u12g4""#,
            "\"raw\ttab\"",
            "\"raw\u{1}ctl\"",
            "\"é 🚀\"",
            r#""unterminated"#,
            r#""trailing\"#,
            r#" "spaced" "#,
        ];
        for case in cases {
            let ours = string(case);
            let theirs = serde_json::from_str::<String>(case).ok();
            assert_eq!(ours, theirs, "{case}");
        }
    }

    /// `json` (a JSON string) read as a span, then unescaped in the buffer that held it.
    fn in_place(json: &str) -> Option<String> {
        let text = format!("{{\"k\":{json}}}");
        let mut s = Scanner::new(&text);
        s.literal(b"{\"k\":")?;
        let span = s.string_span()?;
        s.literal(b"}")?;
        unescape_in_place(text.clone(), span)
    }

    #[test]
    fn unescaping_in_place_agrees_with_serde_json() {
        let piece = r#"ab\"c\\d\n é日🚀\u00e9\ud83d\ude80 \t/\/\u0000"#;
        for lead in 0..17 {
            let case = format!(
                "\"{}{}{}\"",
                "x".repeat(lead),
                piece.repeat(3),
                "é".repeat(lead)
            );
            let theirs = serde_json::from_str::<String>(&case).ok();
            assert!(theirs.is_some());
            assert_eq!(in_place(&case), theirs, "lead {lead}");
        }
        for bad in [r#""\q""#, r#""\ud83d""#, "\"raw\u{1}ctl\"", r#""\u12g4""#] {
            assert_eq!(in_place(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_span_that_cuts_a_character_is_not_unescaped() {
        let text = "\"é日\"".to_string();
        assert_eq!(
            unescape_in_place(text.clone(), 1..text.len() - 1).as_deref(),
            Some("é日")
        );
        assert_eq!(unescape_in_place(text.clone(), 2..text.len() - 1), None);
        assert_eq!(unescape_in_place(text.clone(), 1..text.len() - 2), None);
    }

    proptest::proptest! {
        #[test]
        fn any_text_comes_back_from_its_json_unescaped_in_place(text in "\\PC{0,40}|[\\x00-\\x7f]{0,40}") {
            let json = serde_json::Value::String(text.clone()).to_string();
            proptest::prop_assert_eq!(in_place(&json), Some(text));
        }
    }

    #[test]
    fn unsigned_integers_agree_with_serde_json_or_decline() {
        for case in ["0", "7", " 42 ", "18446744073709551615"] {
            assert_eq!(uint(case), serde_json::from_str::<u64>(case).ok(), "{case}");
        }
        for case in ["", "-1", "01", "1.0", "1e2", "18446744073709551616", "x"] {
            assert_eq!(uint(case), None, "{case}");
        }
    }

    #[test]
    fn objects_report_keys_in_order_and_reject_escaped_keys() {
        let mut keys = Vec::new();
        let mut s = Scanner::new(r#" { "a" : "x" , "b":1 } "#);
        s.object(|s, k| {
            keys.push(k);
            match k {
                "a" => s.string().map(drop),
                _ => s.uint().map(drop),
            }
        })
        .unwrap();
        s.end().unwrap();
        assert_eq!(keys, ["a", "b"]);
        let mut s = Scanner::new(r#"{"\u0061":1}"#);
        assert!(s.object(|s, _| s.uint().map(drop)).is_none());
        for bad in [r#"{"a":1,}"#, r#"{"a" 1}"#, r#"{"a":1"#, "[]", r#"{,}"#] {
            let mut s = Scanner::new(bad);
            assert!(s.object(|s, _| s.uint().map(drop)).is_none(), "{bad}");
        }
        let mut s = Scanner::new("{}");
        assert!(s.object(|_, _| None).is_some());
    }
}
