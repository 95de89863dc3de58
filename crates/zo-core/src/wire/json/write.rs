//! JSON text written exactly as `serde_json::to_string` writes it (same string escapes, no
//! spaces, integers in decimal, fields in the order given), without serde: objects and arrays
//! of strings, integers and booleans; a value read by the hand reader, as read; a
//! `serde_json::Number` (floats through its own formatting, which is serde_json's) only where
//! one is asked for, so modules that write no floats carry no float formatting code.

use super::read::Node;

/// The JSON text of one value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Json(String);

/// Appends `item` to the array `out` being written, after a comma unless it is the `first`
/// (then no longer): the part of [`Json::array`] not compiled once per iterator type.
fn push_item(out: &mut String, item: Json, first: &mut bool) {
    if !*first {
        out.push(',');
    }
    *first = false;
    out.push_str(&item.0);
}

impl Json {
    /// `null`.
    pub fn null() -> Json {
        Json(String::from("null"))
    }

    /// A JSON string.
    pub fn string(s: &str) -> Json {
        let mut out = String::with_capacity(s.len() + 2);
        push_string(&mut out, s);
        Json(out)
    }

    /// A JSON array of the given values.
    pub fn array<I: IntoIterator<Item = Json>>(items: I) -> Json {
        let mut out = String::from("[");
        let mut first = true;
        for item in items {
            push_item(&mut out, item, &mut first);
        }
        out.push(']');
        Json(out)
    }

    /// An integer.
    pub fn int(value: i64) -> Json {
        let mut out = String::new();
        if value < 0 {
            out.push('-');
        }
        push_uint(&mut out, value.unsigned_abs());
        Json(out)
    }

    /// A number, as serde_json writes it.
    pub fn number(n: &serde_json::Number) -> Json {
        Json(n.to_string())
    }

    /// A value read by [`crate::wire::json::parse`], written back without spaces: members in
    /// the order read, numbers as written.
    pub fn node(node: &Node) -> Json {
        let mut out = String::new();
        push_node(&mut out, node, usize::MAX);
        Json(out)
    }

    /// Like [`Json::node`], the text cut after its first `max` bytes (on a character
    /// boundary): a large value is never written whole when only its start is shown.
    pub fn node_prefix(node: &Node, max: usize) -> String {
        let mut out = String::new();
        push_node(&mut out, node, max);
        if out.len() > max {
            let mut end = max;
            while !out.is_char_boundary(end) {
                end -= 1;
            }
            out.truncate(end);
        }
        out
    }

    /// Text this crate wrote as JSON before (a [`super::RawJson`]'s).
    pub(crate) fn trusted(text: String) -> Json {
        Json(text)
    }

    /// Text that already is JSON, as serde_json wrote it (tests build expected values so).
    #[cfg(test)]
    pub(crate) fn raw(text: String) -> Json {
        Json(text)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// Builds a JSON object field by field.
#[derive(Debug)]
pub struct Obj(String);

impl Default for Obj {
    fn default() -> Self {
        Obj::new()
    }
}

impl Obj {
    pub fn new() -> Obj {
        Obj(String::from("{"))
    }

    fn key(&mut self, key: &str) {
        if self.0.len() > 1 {
            self.0.push(',');
        }
        push_string(&mut self.0, key);
        self.0.push(':');
    }

    pub fn str(mut self, key: &str, value: &str) -> Obj {
        self.key(key);
        push_string(&mut self.0, value);
        self
    }

    /// The field only when `value` is `Some`.
    pub fn opt_str(self, key: &str, value: Option<&str>) -> Obj {
        match value {
            Some(v) => self.str(key, v),
            None => self,
        }
    }

    /// The string, or `null` when `value` is `None` (an `Option` serde writes either way).
    pub fn str_or_null(mut self, key: &str, value: Option<&str>) -> Obj {
        match value {
            Some(v) => self.str(key, v),
            None => {
                self.key(key);
                self.0.push_str("null");
                self
            }
        }
    }

    pub fn bool(mut self, key: &str, value: bool) -> Obj {
        self.key(key);
        self.0.push_str(if value { "true" } else { "false" });
        self
    }

    /// A non-negative integer.
    pub fn uint(mut self, key: &str, value: u64) -> Obj {
        self.key(key);
        push_uint(&mut self.0, value);
        self
    }

    /// The field only when `value` is `Some`.
    pub fn opt_uint(self, key: &str, value: Option<u64>) -> Obj {
        match value {
            Some(v) => self.uint(key, v),
            None => self,
        }
    }

    /// An integer.
    pub fn int(mut self, key: &str, value: i64) -> Obj {
        self.key(key);
        if value < 0 {
            self.0.push('-');
        }
        push_uint(&mut self.0, value.unsigned_abs());
        self
    }

    /// A value already written as JSON.
    pub fn json(mut self, key: &str, value: &Json) -> Obj {
        self.key(key);
        self.0.push_str(&value.0);
        self
    }

    /// The field only when `value` is `Some`.
    pub fn opt_json(self, key: &str, value: Option<&Json>) -> Obj {
        match value {
            Some(v) => self.json(key, v),
            None => self,
        }
    }

    pub fn done(mut self) -> Json {
        self.0.push('}');
        Json(self.0)
    }
}

/// Appends `node` as JSON; stops (returning false) once `out` holds more than `max` bytes.
fn push_node(out: &mut String, node: &Node, max: usize) -> bool {
    match node {
        Node::Null => out.push_str("null"),
        Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Node::Num(n) => out.push_str(n),
        Node::Str(s) => {
            // Past the room left, a string is cut too (its JSON is at least as long).
            let mut end = s.len().min(max.saturating_sub(out.len()).saturating_add(1));
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            push_string(out, &s[..end]);
        }
        Node::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if !push_node(out, item, max) {
                    return false;
                }
            }
            out.push(']');
        }
        Node::Obj(members) => {
            out.push('{');
            for (i, (k, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_string(out, k);
                out.push(':');
                if !push_node(out, item, max) {
                    return false;
                }
            }
            out.push('}');
        }
    }
    out.len() <= max
}

fn push_uint(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

/// Appends `s` as a quoted JSON string with serde_json's escapes: `\"`, `\\`, `\b`, `\f`,
/// `\n`, `\r`, `\t`, other control characters below U+0020 as `\u00XX`; the rest verbatim.
fn push_string(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let bytes = s.as_bytes();
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            0x0c => "\\f",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..=0x1f => "",
            _ => continue,
        };
        // Only ASCII bytes stop the run, so it ends on a character boundary.
        out.push_str(&s[run..i]);
        run = i + 1;
        if escape.is_empty() {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xf)]));
        } else {
            out.push_str(escape);
        }
    }
    out.push_str(&s[run..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut all = String::new();
        for c in (0u32..0x80).chain([0xe9, 0x2028, 0x1f600]) {
            all.push(char::from_u32(c).unwrap());
        }
        for s in [all.as_str(), "", "plain", "é\"\\\n"] {
            assert_eq!(
                Json::string(s).as_str(),
                serde_json::to_string(s).unwrap(),
                "{s:?}"
            );
        }
    }

    #[test]
    fn objects_and_numbers() {
        let j = Obj::new()
            .str("a", "x")
            .uint("b", u64::MAX)
            .int("c", i64::MIN)
            .int("d", 0)
            .bool("e", false)
            .opt_str("f", None)
            .json("g", &Json::array([Json::string("y"), Obj::new().done()]))
            .str_or_null("h", None)
            .str_or_null("i", Some("z"))
            .done();
        let expected = serde_json::json!({
            "a": "x", "b": u64::MAX, "c": i64::MIN, "d": 0, "e": false, "g": ["y", {}], "h": null, "i": "z"
        });
        assert_eq!(j.as_str(), serde_json::to_string(&expected).unwrap());
    }

    #[test]
    fn numbers_are_written_as_serde_json_writes_them() {
        for i in [0, -1, 42, i64::MIN, i64::MAX] {
            assert_eq!(Json::int(i).as_str(), serde_json::to_string(&i).unwrap());
        }
        for n in [0.5, 1e-7, 123456789.0, f64::MAX, f64::MIN_POSITIVE] {
            let n = serde_json::Number::from_f64(n).unwrap();
            assert_eq!(
                Json::number(&n).as_str(),
                serde_json::to_string(&n).unwrap()
            );
        }
    }
}
