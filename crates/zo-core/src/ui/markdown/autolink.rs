//! Bare URLs in text become links, as GitHub Flavored Markdown's extended autolinks:
//! `www.` domains (linked as `http://`), `http://` and `https://` URLs, and e-mail addresses
//! (linked as `mailto:`). A `www.` or URL autolink starts a line, or follows whitespace or one
//! of `*`, `_`, `~`, `(`; it ends at whitespace or `<`, without trailing punctuation, an
//! unmatched closing parenthesis or an entity-like `&name;` suffix.
//!
//! Linear: every byte is looked at a bounded number of times. A candidate that fails scans its
//! domain once and the scan resumes after it; trailing parentheses are counted once per link.

/// A piece of a text run: plain text, or a link whose href is `scheme` + `text`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    Text(&'a str),
    Link { text: &'a str, scheme: &'static str },
}

/// Characters after which a `www.` or URL autolink may start.
fn opens_autolink(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'*' | b'_' | b'~' | b'(')
}

/// Splits `text` into plain text and autolinks. `before` is the byte before the run in its
/// line (`None` at the start of a line or block).
pub(crate) fn split<'a>(text: &'a str, before: Option<u8>, emit: &mut impl FnMut(Piece<'a>)) {
    let bytes = text.as_bytes();
    let mut emitted = 0;
    // Positions below this belong to a domain that was already scanned and found invalid.
    let mut resume = 0;
    let may_open = |at: usize, emitted: usize, resume: usize| {
        at >= emitted.max(resume)
            && match at.checked_sub(1) {
                Some(p) => opens_autolink(bytes[p]),
                None => before.is_none_or(opens_autolink),
            }
    };
    // Every autolink has an anchor: the `.` of `www.`, the `:` of `://`, or the `@` of an
    // address. Look only at those.
    let mut i = 0;
    while let Some(next) = memchr::memchr3(b'.', b':', b'@', &bytes[i..]) {
        let at = i + next;
        let found = match bytes[at] {
            b'.' if at >= 3
                && &bytes[at - 3..at] == b"www"
                && may_open(at - 3, emitted, resume) =>
            {
                match url_end(bytes, at - 3, at - 3, true) {
                    Ok(end) => Some((at - 3, end, "http://")),
                    Err(scanned) => {
                        resume = scanned;
                        None
                    }
                }
            }
            b':' if bytes[at + 1..].starts_with(b"//") => {
                let start = [5, 4].into_iter().find_map(|n| {
                    let s = at.checked_sub(n)?;
                    let scheme = &bytes[s..at];
                    (scheme == b"https" || scheme == b"http").then_some(s)
                });
                match start.filter(|s| may_open(*s, emitted, resume)) {
                    Some(s) => match url_end(bytes, s, at + 3, false) {
                        Ok(end) => Some((s, end, "")),
                        Err(scanned) => {
                            resume = scanned;
                            None
                        }
                    },
                    None => None,
                }
            }
            b'@' => email(bytes, emitted, at).map(|(s, e)| (s, e, "mailto:")),
            _ => None,
        };
        match found {
            Some((start, end, scheme)) => {
                if start > emitted {
                    emit(Piece::Text(&text[emitted..start]));
                }
                emit(Piece::Link {
                    text: &text[start..end],
                    scheme,
                });
                emitted = end;
                i = end;
            }
            None => i = at + 1,
        }
    }
    if emitted < bytes.len() {
        emit(Piece::Text(&text[emitted..]));
    }
}

/// A domain starting at `start`: the end of its run of host characters (letters, digits,
/// `-`, `_`, `.`, any non-ASCII byte), and whether it is valid: no `_` in its last two
/// segments and, unless `short` is allowed, at least one `.` (trailing dots aside).
fn domain(bytes: &[u8], start: usize, short: bool) -> (usize, bool) {
    let mut end = start;
    while end < bytes.len()
        && (bytes[end].is_ascii_alphanumeric()
            || matches!(bytes[end], b'-' | b'_' | b'.')
            || bytes[end] >= 0x80)
    {
        end += 1;
    }
    let mut host = &bytes[start..end];
    while let Some(rest) = host.strip_suffix(b".") {
        host = rest;
    }
    let mut segments = host.rsplit(|b| *b == b'.');
    let last_two_clean = segments.by_ref().take(2).all(|s| !s.contains(&b'_'));
    let dotted = host.contains(&b'.');
    let valid = !host.is_empty() && last_two_clean && (short || dotted);
    (end, valid)
}

/// The end of a `www.` or URL autolink starting at `start` whose domain starts at `host`, or
/// `Err(end of the scanned domain)` when the domain is invalid.
fn url_end(bytes: &[u8], start: usize, host: usize, www: bool) -> Result<usize, usize> {
    let (domain_end, valid) = domain(bytes, host, !www);
    if !valid {
        return Err(domain_end.max(start + 1));
    }
    let mut end = domain_end;
    while end < bytes.len() && !bytes[end].is_ascii_whitespace() && bytes[end] != b'<' {
        end += 1;
    }
    Ok(trim_end(bytes, start, end).max(host + 1))
}

/// Drops trailing punctuation, unmatched closing parentheses and an entity-like `&name;`
/// from the link `bytes[start..end]`.
fn trim_end(bytes: &[u8], start: usize, mut end: usize) -> usize {
    let link = &bytes[start..end];
    let opening = link.iter().filter(|b| **b == b'(').count();
    let mut closing = link.iter().filter(|b| **b == b')').count();
    while end > start {
        match bytes[end - 1] {
            b'?' | b'!' | b'.' | b',' | b':' | b'*' | b'_' | b'~' | b'\'' | b'"' => end -= 1,
            b';' => {
                let mut name = end - 1;
                while name > start && bytes[name - 1].is_ascii_alphanumeric() {
                    name -= 1;
                }
                end = if name < end - 1 && name > start && bytes[name - 1] == b'&' {
                    name - 1
                } else {
                    end - 1
                };
            }
            b')' if closing > opening => {
                closing -= 1;
                end -= 1;
            }
            _ => break,
        }
    }
    end
}

/// An e-mail address around the `@` at `at`: `(start, end)`. The local part (letters,
/// digits, `.`, `-`, `_`, `+`) does not reach before `floor`; the domain has letters, digits,
/// `-`, `_` and at least one `.` followed by a letter or digit, and ends in a letter (a final
/// `.` is left out).
fn email(bytes: &[u8], floor: usize, at: usize) -> Option<(usize, usize)> {
    let mut start = at;
    while start > floor
        && (bytes[start - 1].is_ascii_alphanumeric() || b".-_+".contains(&bytes[start - 1]))
    {
        start -= 1;
    }
    if start == at {
        return None;
    }
    let mut end = at + 1;
    let mut dots = 0;
    while end < bytes.len() {
        let b = bytes[end];
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
            end += 1;
        } else if b == b'.' && bytes.get(end + 1).is_some_and(u8::is_ascii_alphanumeric) {
            dots += 1;
            end += 1;
        } else {
            break;
        }
    }
    let last = bytes[end - 1];
    (end > at + 1 && dots > 0 && last.is_ascii_alphabetic()).then_some((start, end))
}
