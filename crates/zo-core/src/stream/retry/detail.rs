//! What an HTTP error body says, for people: Zo (and most APIs) answer a refused request with
//! JSON such as `{"detail": "Missing or invalid API key"}`; the panel shows those words, so a
//! 401 says why. Read with the hand JSON reader, cleaned of control characters and bounded.

use crate::page::text::{collapse_whitespace, ellipsize};
use crate::wire::json::{parse, Node};

/// Longest server detail kept, in characters.
pub const MAX_DETAIL_CHARS: usize = 300;
/// The most of an error body read for its detail, in bytes.
pub const MAX_ERROR_BODY_BYTES: usize = 4096;

/// The `detail`, `message` or `error` (a string, or an object's `message`) of a JSON body, or
/// a short plain-text body; control characters removed, at most [`MAX_DETAIL_CHARS`]. None for
/// an empty body, HTML, a long text or anything else.
pub fn error_detail(body: &[u8]) -> Option<String> {
    let body = String::from_utf8_lossy(body);
    let body = body.trim();
    let text = match parse(body) {
        Ok(node) => {
            ["detail", "message", "error"]
                .iter()
                .find_map(|key| match member(&node, key)? {
                    Node::Str(s) => Some(s.to_string()),
                    inner @ Node::Obj(_) => match member(inner, "message")? {
                        Node::Str(s) => Some(s.to_string()),
                        _ => None,
                    },
                    _ => None,
                })?
        }
        Err(_) if body.starts_with('<') || body.len() > 4 * MAX_DETAIL_CHARS => return None,
        Err(_) => body.to_string(),
    };
    let clean: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let clean = collapse_whitespace(&clean);
    (!clean.is_empty()).then(|| ellipsize(&clean, MAX_DETAIL_CHARS))
}

fn member<'n, 'a>(node: &'n Node<'a>, key: &str) -> Option<&'n Node<'a>> {
    match node {
        Node::Obj(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_details_plain_text_and_what_is_not_shown() {
        let read = |s: &str| error_detail(s.as_bytes());
        assert_eq!(
            read(r#"{"detail":"Missing or invalid API key"}"#).as_deref(),
            Some("Missing or invalid API key")
        );
        assert_eq!(
            read(r#"{"error":{"message":"quota\nexceeded","code":7}}"#).as_deref(),
            Some("quota exceeded")
        );
        assert_eq!(
            read(r#"{"message":"bad input"}"#).as_deref(),
            Some("bad input")
        );
        assert_eq!(read("  Unauthorized \r\n").as_deref(), Some("Unauthorized"));
        assert_eq!(read(""), None);
        assert_eq!(read("<html><body>401</body></html>"), None);
        assert_eq!(read(r#"{"ok":false}"#), None);
        assert_eq!(read(&"x".repeat(5_000)), None);
        let long = read(&format!(r#"{{"detail":"{}"}}"#, "y".repeat(1_000))).unwrap_or_default();
        assert_eq!(
            long.chars().count(),
            MAX_DETAIL_CHARS + 1,
            "with its ellipsis"
        );
    }
}
