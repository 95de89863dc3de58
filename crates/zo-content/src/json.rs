//! A small JSON text writer for the replies: objects and arrays of strings, integers and
//! booleans, written exactly as serde_json writes them (same string escapes, no spaces,
//! fields in the order given), so the module carries no serde code.

use std::fmt::Display;

/// The JSON text of one value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Json(String);

impl Json {
    /// A JSON string.
    pub fn string(s: &str) -> Json {
        let mut out = String::with_capacity(s.len() + 2);
        push_string(&mut out, s);
        Json(out)
    }

    /// A JSON array of the given values.
    pub fn array<I: IntoIterator<Item = Json>>(items: I) -> Json {
        let mut out = String::from("[");
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&item.0);
        }
        out.push(']');
        Json(out)
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

    pub fn bool(mut self, key: &str, value: bool) -> Obj {
        self.key(key);
        self.0.push_str(if value { "true" } else { "false" });
        self
    }

    /// An integer (any integer type).
    pub fn int(mut self, key: &str, value: impl Display) -> Obj {
        self.key(key);
        self.0.push_str(&value.to_string());
        self
    }

    /// A value already written as JSON.
    pub fn json(mut self, key: &str, value: &Json) -> Obj {
        self.key(key);
        self.0.push_str(&value.0);
        self
    }

    pub fn done(mut self) -> Json {
        self.0.push('}');
        Json(self.0)
    }
}

/// Appends `s` as a quoted JSON string with serde_json's escapes: `\"`, `\\`, `\b`, `\f`,
/// `\n`, `\r`, `\t`, other control characters below U+0020 as `\u00XX`; the rest verbatim.
fn push_string(out: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let b = c as usize;
                out.push_str("\\u00");
                out.push(char::from(HEX[b >> 4]));
                out.push(char::from(HEX[b & 0xf]));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
