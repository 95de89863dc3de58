//! What the renderer writes into HTML attributes and text: escaping, the link policy (which
//! URLs may become links) and the code-block language class.

/// Appends `text` with `&`, `<`, `>` and `"` escaped (safe in text and in quoted attributes).
pub(crate) fn escape_text(out: &mut String, text: &str) {
    // Most text comes in short pieces: a plain loop beats setting up vector searches.
    if text.len() < 64 {
        escape_short(out, text);
        return;
    }
    let bytes = text.as_bytes();
    let mut start = 0;
    // The next `"` at or after `start` (searched for apart: memchr takes three bytes at most).
    let mut quote = memchr::memchr(b'"', bytes);
    loop {
        let rest = &bytes[start..];
        let special = memchr::memchr3(b'&', b'<', b'>', rest).map(|i| start + i);
        let i = match (special, quote) {
            (Some(s), Some(q)) => s.min(q),
            (Some(s), None) => s,
            (None, Some(q)) => q,
            (None, None) => break,
        };
        let entity = match bytes[i] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            _ => {
                quote = memchr::memchr(b'"', &bytes[i + 1..]).map(|q| i + 1 + q);
                "&quot;"
            }
        };
        out.push_str(&text[start..i]);
        out.push_str(entity);
        start = i + 1;
    }
    out.push_str(&text[start..]);
}

/// What a byte is to [`escape_text`] and [`escape_unless_autolink`].
const PLAIN: u8 = 0;
const ESCAPED: u8 = 1;
/// Bytes an autolink hangs on: the `.` of `www.`, the `:` of `://`, the `@` of an address.
const ANCHOR: u8 = 2;

static CLASS: [u8; 256] = {
    let mut t = [PLAIN; 256];
    t[b'&' as usize] = ESCAPED;
    t[b'<' as usize] = ESCAPED;
    t[b'>' as usize] = ESCAPED;
    t[b'"' as usize] = ESCAPED;
    t[b'.' as usize] = ANCHOR;
    t[b':' as usize] = ANCHOR;
    t[b'@' as usize] = ANCHOR;
    t
};

fn entity(b: u8) -> &'static str {
    match b {
        b'&' => "&amp;",
        b'<' => "&lt;",
        b'>' => "&gt;",
        _ => "&quot;",
    }
}

fn escape_short(out: &mut String, text: &str) {
    let mut start = 0;
    for (i, &b) in text.as_bytes().iter().enumerate() {
        if CLASS[usize::from(b)] == ESCAPED {
            out.push_str(&text[start..i]);
            out.push_str(entity(b));
            start = i + 1;
        }
    }
    out.push_str(&text[start..]);
}

/// Appends `text` escaped, in one pass, unless it may hold an autolink (`www.`, `://` or
/// `@`): then nothing is appended and the result is false.
pub(crate) fn escape_unless_autolink(out: &mut String, text: &str) -> bool {
    let bytes = text.as_bytes();
    let mark = out.len();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        match CLASS[usize::from(b)] {
            PLAIN => {}
            ESCAPED => {
                out.push_str(&text[start..i]);
                out.push_str(entity(b));
                start = i + 1;
            }
            _ => {
                let anchor = match b {
                    b'.' => i >= 3 && &bytes[i - 3..i] == b"www",
                    b':' => bytes[i + 1..].starts_with(b"//"),
                    _ => true,
                };
                if anchor {
                    out.truncate(mark);
                    return false;
                }
            }
        }
    }
    out.push_str(&text[start..]);
    true
}

/// URL bytes written as they are in an `href`: ASCII letters and digits and the characters a
/// URL uses as separators. Everything else is percent-encoded (as CommonMark's reference
/// renderer does), `&` and `'` become entities.
fn href_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_.+!*(),%#@?=;:/$~".contains(&b)
}

/// Appends `url` as the value of a double-quoted `href` attribute. A character outside ASCII
/// is percent-encoded byte by byte (its UTF-8 bytes); the runs written as they are hold ASCII
/// only, so they begin and end on character boundaries.
pub(crate) fn escape_href(out: &mut String, url: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut start = 0;
    for (i, b) in url.bytes().enumerate() {
        if href_safe(b) {
            continue;
        }
        // Between two bytes of one character the run is empty, and `i` no boundary.
        if start < i {
            out.push_str(&url[start..i]);
        }
        match b {
            b'&' => out.push_str("&amp;"),
            b'\'' => out.push_str("&#x27;"),
            _ => {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
        }
        start = i + 1;
    }
    out.push_str(&url[start..]);
}

/// Whether `url` may be a link: only `http:`, `https:` and `mailto:` URLs. The scheme must
/// start the URL (no leading space or control character a browser would strip) and is
/// compared without regard to case; anything else (other schemes, relative URLs, fragments)
/// is not a link.
pub(crate) fn is_allowed_url(url: &str) -> bool {
    let Some(colon) = url.find(':') else {
        return false;
    };
    let scheme = &url[..colon];
    ["http", "https", "mailto"]
        .iter()
        .any(|allowed| scheme.eq_ignore_ascii_case(allowed))
}

/// Longest language name kept from a code block's info string.
const MAX_LANGUAGE: usize = 32;

/// The language of a fenced code block: the first word of its info string, keeping only
/// letters, digits and `_+#.-` (so it is safe as a class name and as a label). Empty when
/// nothing is left.
pub(crate) fn code_language(info: &str) -> String {
    info.split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_alphanumeric() || "_+#.-".contains(*c))
        .take(MAX_LANGUAGE)
        .collect()
}
