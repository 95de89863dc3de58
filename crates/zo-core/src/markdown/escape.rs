//! What the renderer writes into HTML attributes and text: escaping, the link policy (which
//! URLs may become links) and the code-block language class.

/// Appends `text` with `&`, `<`, `>` and `"` escaped (safe in text and in quoted attributes).
pub(crate) fn escape_text(out: &mut String, text: &str) {
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => continue,
        };
        out.push_str(&text[start..i]);
        out.push_str(entity);
        start = i + 1;
    }
    out.push_str(&text[start..]);
}

/// URL bytes written as they are in an `href`: ASCII letters and digits and the characters a
/// URL uses as separators. Everything else is percent-encoded (as CommonMark's reference
/// renderer does), `&` and `'` become entities.
fn href_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_.+!*(),%#@?=;:/$~".contains(&b)
}

/// Appends `url` as the value of a double-quoted `href` attribute.
pub(crate) fn escape_href(out: &mut String, url: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut start = 0;
    for (i, b) in url.bytes().enumerate() {
        if href_safe(b) {
            continue;
        }
        out.push_str(&url[start..i]);
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
