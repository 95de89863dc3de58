//! JSON text (RFC 8259) read into a borrowed tree, accepting and refusing what `serde_json`
//! does: one value with surrounding whitespace, strings without raw control characters and
//! with paired surrogate escapes, numbers in JSON's grammar (kept as written). One pass over
//! the text; strings without escapes are borrowed, not copied. Nesting deeper than
//! [`MAX_DEPTH`] is refused, so hostile input cannot exhaust the stack.

use std::borrow::Cow;

/// The most array elements and object members kept of JSON from the network (an event's
/// data, a model's answer), all levels together (see [`parse_within`]).
pub const MAX_JSON_NODES: usize = 4096;

/// Deepest nesting of arrays and objects read (the messages nest at most five deep).
pub const MAX_DEPTH: usize = 64;

/// One JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Node<'a> {
    Null,
    Bool(bool),
    /// A number, as written (JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
    Num(&'a str),
    Str(Cow<'a, str>),
    Arr(Vec<Node<'a>>),
    /// Members in the order written (duplicate keys kept: the reader of a type decides).
    Obj(Vec<(Cow<'a, str>, Node<'a>)>),
}

impl<'a> Node<'a> {
    /// An object's member `key` (the last one when named twice, as `serde_json::Value` keeps
    /// it); None for anything but an object.
    pub fn get(&self, key: &str) -> Option<&Node<'a>> {
        match self {
            Node::Obj(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text of a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// Why a text is not JSON: what was expected, and the byte offset where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} at byte {at}")]
pub struct JsonError {
    pub what: &'static str,
    pub at: usize,
}

/// Reads `text` as exactly one JSON value.
pub fn parse(text: &str) -> Result<Node<'_>, JsonError> {
    parse_within(text, usize::MAX)
}

/// Reads `text` as exactly one JSON value, keeping at most `nodes` array elements and object
/// members, all levels together: past them the rest of each container is read (the text must
/// be valid JSON throughout) but not kept. A node takes tens of bytes while its text may take
/// two (`{},{},...`), so JSON from the network is read within a budget.
pub fn parse_within(text: &str, nodes: usize) -> Result<Node<'_>, JsonError> {
    let mut r = Reader {
        s: text,
        b: text.as_bytes(),
        i: 0,
        budget: nodes,
    };
    let node = r.value(0)?;
    r.ws();
    if r.i < r.b.len() {
        return Err(r.err("trailing characters"));
    }
    Ok(node)
}

struct Reader<'a> {
    s: &'a str,
    b: &'a [u8],
    i: usize,
    /// Elements and members that may still be kept.
    budget: usize,
}

impl<'a> Reader<'a> {
    fn err(&self, what: &'static str) -> JsonError {
        JsonError { what, at: self.i }
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.i) {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn literal(&mut self, word: &'static str, node: Node<'a>) -> Result<Node<'a>, JsonError> {
        if self.b[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(node)
        } else {
            Err(self.err("expected a value"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node<'a>, JsonError> {
        self.ws();
        match self.peek() {
            None => Err(self.err("unexpected end")),
            Some(b'n') => self.literal("null", Node::Null),
            Some(b't') => self.literal("true", Node::Bool(true)),
            Some(b'f') => self.literal("false", Node::Bool(false)),
            Some(b'"') => self.string().map(Node::Str),
            Some(b'[') => self.array(depth + 1),
            Some(b'{') => self.object(depth + 1),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("expected a value")),
        }
    }

    /// Whether one more element or member may be kept (taking it from the budget).
    fn keep(&mut self) -> bool {
        let keep = self.budget > 0;
        self.budget = self.budget.saturating_sub(1);
        keep
    }

    fn nest(&self, depth: usize) -> Result<(), JsonError> {
        if depth > MAX_DEPTH {
            return Err(self.err("nested too deep"));
        }
        Ok(())
    }

    fn array(&mut self, depth: usize) -> Result<Node<'a>, JsonError> {
        self.nest(depth)?;
        self.i += 1;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(Node::Arr(items));
        }
        loop {
            // The slot is taken before the element is read: an outer container's members
            // are kept before what they hold.
            let keep = self.keep();
            let item = self.value(depth)?;
            if keep {
                items.push(item);
            }
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Node::Arr(items));
                }
                _ => return Err(self.err("expected ',' or ']'")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Node<'a>, JsonError> {
        self.nest(depth)?;
        self.i += 1;
        let mut members = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(Node::Obj(members));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(self.err("expected a key"));
            }
            let key = self.string()?;
            self.ws();
            if self.peek() != Some(b':') {
                return Err(self.err("expected ':'"));
            }
            self.i += 1;
            let keep = self.keep();
            let value = self.value(depth)?;
            if keep {
                members.push((key, value));
            }
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Node::Obj(members));
                }
                _ => return Err(self.err("expected ',' or '}'")),
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.i;
        while let Some(b'0'..=b'9') = self.peek() {
            self.i += 1;
        }
        self.i - start
    }

    fn number(&mut self) -> Result<Node<'a>, JsonError> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.err("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if self.digits() == 0 {
                return Err(self.err("expected a digit after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.i += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.i += 1;
            }
            if self.digits() == 0 {
                return Err(self.err("expected a digit in the exponent"));
            }
        }
        Ok(Node::Num(&self.s[start..self.i]))
    }

    /// A string starting at the opening quote.
    fn string(&mut self) -> Result<Cow<'a, str>, JsonError> {
        self.i += 1;
        let start = self.i;
        // Fast path: up to the closing quote without escapes.
        loop {
            match self.peek() {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    let s = &self.s[start..self.i];
                    self.i += 1;
                    return Ok(Cow::Borrowed(s));
                }
                Some(b'\\') => break,
                Some(0..=0x1f) => return Err(self.err("control character in a string")),
                Some(_) => self.i += 1,
            }
        }
        let mut out = String::with_capacity(self.i - start + 16);
        out.push_str(&self.s[start..self.i]);
        loop {
            let run = self.i;
            while let Some(c) = self.peek() {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.i += 1;
            }
            // Stops only at ASCII bytes, so the run ends on a character boundary.
            out.push_str(&self.s[run..self.i]);
            match self.peek() {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    self.i += 1;
                    self.escape(&mut out)?;
                }
                Some(_) => return Err(self.err("control character in a string")),
            }
        }
    }

    /// The escape after a backslash.
    fn escape(&mut self, out: &mut String) -> Result<(), JsonError> {
        unescape(self.b, &mut self.i, out).map_err(|what| self.err(what))
    }
}

/// Reads the escape after a backslash (`bytes[*pos]` is its first byte) as serde_json reads
/// it, pushes its character onto `out` and moves `*pos` past it. The error says what is wrong;
/// `*pos` is then where it was found. Shared by this reader and the stream's event scanner.
#[inline]
pub(crate) fn unescape(
    bytes: &[u8],
    pos: &mut usize,
    out: &mut String,
) -> Result<(), &'static str> {
    let c = *bytes.get(*pos).ok_or("unterminated string")?;
    *pos += 1;
    let ch = match c {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => {
            let hi = hex4(bytes, pos)?;
            match hi {
                0xd800..=0xdbff => {
                    if !bytes
                        .get(*pos..)
                        .is_some_and(|rest| rest.starts_with(b"\\u"))
                    {
                        return Err("lone surrogate in a \\u escape");
                    }
                    *pos += 2;
                    let lo = hex4(bytes, pos)?;
                    if !(0xdc00..=0xdfff).contains(&lo) {
                        return Err("lone surrogate in a \\u escape");
                    }
                    let code = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
                    char::from_u32(code).ok_or("invalid \\u escape")?
                }
                0xdc00..=0xdfff => return Err("lone surrogate in a \\u escape"),
                _ => char::from_u32(hi).ok_or("invalid \\u escape")?,
            }
        }
        _ => return Err("invalid escape"),
    };
    out.push(ch);
    Ok(())
}

/// Four hex digits of a `\\u` escape.
#[inline]
fn hex4(bytes: &[u8], pos: &mut usize) -> Result<u32, &'static str> {
    let mut v = 0;
    for _ in 0..4 {
        let d = match bytes.get(*pos) {
            Some(c @ b'0'..=b'9') => c - b'0',
            Some(c @ b'a'..=b'f') => c - b'a' + 10,
            Some(c @ b'A'..=b'F') => c - b'A' + 10,
            _ => return Err("expected 4 hex digits in a \\u escape"),
        };
        v = v * 16 + u32::from(d);
        *pos += 1;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Node<'_> {
        Node::Str(Cow::Borrowed(v))
    }

    #[test]
    fn values() {
        assert_eq!(parse(" null ").unwrap(), Node::Null);
        assert_eq!(parse("true").unwrap(), Node::Bool(true));
        assert_eq!(parse("-12.5e+3").unwrap(), Node::Num("-12.5e+3"));
        assert_eq!(
            parse(r#"{"a":[1,"x",{}],"b":false}"#).unwrap(),
            Node::Obj(vec![
                (
                    Cow::Borrowed("a"),
                    Node::Arr(vec![Node::Num("1"), s("x"), Node::Obj(vec![])])
                ),
                (Cow::Borrowed("b"), Node::Bool(false)),
            ])
        );
    }

    #[test]
    fn strings_unescape_and_borrow_when_they_can() {
        assert!(matches!(
            parse(r#""plain é""#).unwrap(),
            Node::Str(Cow::Borrowed("plain é"))
        ));
        let Node::Str(got) = parse(r#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00é""#).unwrap() else {
            panic!()
        };
        assert_eq!(got, "a\"b\\c/d\u{8}\u{c}\n\r\t\u{e9}\u{1f600}é");
    }

    /// Every text here is refused by serde_json too.
    #[test]
    fn refuses_what_serde_json_refuses() {
        for bad in [
            "",
            " ",
            "nul",
            "tru",
            "01",
            "-",
            "1.",
            ".5",
            "1e",
            "+1",
            "[1,]",
            "{\"a\":1,}",
            "{a:1}",
            "{\"a\" 1}",
            "[1 2]",
            "\"abc",
            "\"a\u{1}b\"",
            r#""\x""#,
            r#""\u12""#,
            r#""\ud800""#,
            r#""\ud800\u0041""#,
            r#""\udc00""#,
            "1 2",
            "{} x",
            "NaN",
            "'a'",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was read");
            assert!(
                serde_json::from_str::<serde_json::Value>(bad).is_err(),
                "{bad:?} is JSON to serde_json"
            );
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let deep = "[".repeat(100_000);
        assert_eq!(parse(&deep).unwrap_err().what, "nested too deep");
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&ok).is_ok());
        let over = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert!(parse(&over).is_err());
    }

    #[test]
    fn a_budget_keeps_the_first_nodes_and_still_checks_the_rest() {
        let text = r#"{"a":[1,2,3],"b":{"c":4},"d":5}"#;
        assert_eq!(
            parse_within(text, usize::MAX).unwrap(),
            parse(text).unwrap()
        );
        // Elements and members are counted as they start: "a", 1, 2, 3, "b", 4, ...
        assert_eq!(
            parse_within(text, 5).unwrap(),
            Node::Obj(vec![
                (
                    Cow::Borrowed("a"),
                    Node::Arr(vec![Node::Num("1"), Node::Num("2"), Node::Num("3")])
                ),
                (Cow::Borrowed("b"), Node::Obj(vec![]))
            ])
        );
        assert_eq!(parse_within("[[1,2],[3]]", 0).unwrap(), Node::Arr(vec![]));
        assert!(parse_within("[1,2,x]", 1).is_err());
        let wide = format!("[{}0]", "{},".repeat(100_000));
        let Node::Arr(kept) = parse_within(&wide, 10).unwrap() else {
            panic!()
        };
        assert_eq!(kept.len(), 10);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            parse("[1, x]").unwrap_err(),
            JsonError {
                what: "expected a value",
                at: 4
            }
        );
    }
}
