//! [`Quoted`]: strings shown in double quotes in error messages, as `{:?}` shows them.

use std::fmt;

/// Shows a string as `{:?}` does for the strings messages quote (double quotes; `\"`, `\\`,
/// `\n`, `\r`, `\t`, `\0` and `\u{..}` for other control characters), without the Unicode
/// tables `{:?}` brings into wasm builds. Other characters are shown as they are.
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char('"')?;
        for c in self.0.chars() {
            match c {
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                '\0' => f.write_str("\\0")?,
                c if c.is_control() => write!(f, "\\u{{{:x}}}", u32::from(c))?,
                c => f.write_char(c)?,
            }
        }
        f.write_char('"')
    }
}
