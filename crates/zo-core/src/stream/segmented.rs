//! Text that grows with one answer, held in segments of a fixed size instead of one growing
//! string. A string that grows is moved to a block half or twice as large each time; on wasm,
//! whose memory never shrinks, the blocks it leaves behind are too small for its next size and
//! stay as holes, so a text of n bytes could take 3n of memory. Segments are all one size (but
//! the first, which grows up to it), so a freed one fits the next, and the text is never moved.
//!
//! Reads go segment by segment ([`SegmentedText::matches_at`], [`SegmentedText::ends_with`]);
//! [`SegmentedText::as_str`] joins only a text of more than one segment.

use std::borrow::Cow;

use crate::stream::same_bytes::same_bytes;

/// The size of a segment (bytes): every segment but the last is about this long (a character
/// is never split).
pub(crate) const SEGMENT_BYTES: usize = 64 * 1024;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct SegmentedText {
    segments: Vec<String>,
    len: usize,
}

impl SegmentedText {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A text whose first segment is `text`'s buffer, made a whole segment (not copied).
    pub(crate) fn starting_with(mut text: String) -> Self {
        if text.is_empty() || text.len() > SEGMENT_BYTES {
            let mut t = Self::new();
            t.push_str(&text);
            return t;
        }
        text.reserve_exact(SEGMENT_BYTES - text.len());
        SegmentedText {
            len: text.len(),
            segments: vec![text],
        }
    }

    /// The bytes held, slack included.
    pub(crate) fn capacity(&self) -> usize {
        self.segments.iter().map(String::capacity).sum()
    }

    /// Appends `text`: into the last segment while it has room, then into new segments.
    #[inline]
    pub(crate) fn push_str(&mut self, mut text: &str) {
        self.len += text.len();
        while !text.is_empty() {
            let room = match self.segments.last() {
                Some(last) => SEGMENT_BYTES.saturating_sub(last.len()),
                None => 0,
            };
            let mut take = text.len().min(room);
            while !text.is_char_boundary(take) {
                take -= 1;
            }
            if take == 0 {
                // No room for the next character: a new segment. The first one starts empty
                // and grows (most answers are short); the others are made whole at once.
                let first = self.segments.is_empty();
                self.segments
                    .push(String::with_capacity(if first { 0 } else { SEGMENT_BYTES }));
                continue;
            }
            let Some(last) = self.segments.last_mut() else {
                return;
            };
            let (head, rest) = text.split_at(take);
            let needed = last.len() + head.len();
            if last.capacity() < needed {
                // The first segment grows by doubling, up to a segment.
                let want = needed.max(last.capacity() * 2).clamp(64, SEGMENT_BYTES);
                last.reserve_exact(want - last.len());
            }
            last.push_str(head);
            text = rest;
        }
    }

    /// The segments in order.
    pub(crate) fn segments(&self) -> impl Iterator<Item = &str> {
        self.segments.iter().map(String::as_str)
    }

    /// The whole text: borrowed when it is one segment, joined otherwise.
    pub(crate) fn as_str(&self) -> Cow<'_, str> {
        match self.segments.as_slice() {
            [] => Cow::Borrowed(""),
            [one] => Cow::Borrowed(one),
            _ => Cow::Owned(self.to_string()),
        }
    }

    /// The first `len` bytes (all of it when `len` is longer; empty when `len` is not a
    /// character boundary), borrowed when they are in one segment.
    pub(crate) fn prefix(&self, len: usize) -> Cow<'_, str> {
        if len >= self.len {
            return self.as_str();
        }
        match self.segments.first() {
            Some(first) if len <= first.len() => Cow::Borrowed(first.get(..len).unwrap_or("")),
            _ => {
                let mut out = String::with_capacity(len);
                for s in self.segments() {
                    let take = (len - out.len()).min(s.len());
                    out.push_str(s.get(..take).unwrap_or(""));
                    if out.len() == len {
                        break;
                    }
                }
                if out.len() != len {
                    out.clear();
                }
                Cow::Owned(out)
            }
        }
    }

    /// Whether the bytes from `at` on start with `bytes` (false past the end).
    #[inline]
    pub(crate) fn matches_at(&self, at: usize, bytes: &[u8]) -> bool {
        if at.saturating_add(bytes.len()) > self.len {
            return false;
        }
        let mut want = bytes;
        let mut skip = at;
        for s in self.segments() {
            if want.is_empty() {
                break;
            }
            let s = s.as_bytes();
            if skip >= s.len() {
                skip -= s.len();
                continue;
            }
            let here = &s[skip..];
            skip = 0;
            let n = here.len().min(want.len());
            if !same_bytes(&here[..n], &want[..n]) {
                return false;
            }
            want = &want[n..];
        }
        want.is_empty()
    }

    /// Appends the text from byte `from` on (a character boundary) to `out`.
    #[inline]
    pub(crate) fn copy_from(&self, from: usize, out: &mut String) {
        let mut skip = from;
        for s in self.segments() {
            if skip >= s.len() {
                skip -= s.len();
                continue;
            }
            out.push_str(s.get(skip..).unwrap_or(""));
            skip = 0;
        }
    }

    /// Whether the text ends with `suffix`.
    #[inline]
    pub(crate) fn ends_with(&self, suffix: &str) -> bool {
        suffix.len() <= self.len && self.matches_at(self.len - suffix.len(), suffix.as_bytes())
    }
}

impl std::fmt::Display for SegmentedText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.segments().try_for_each(|s| f.write_str(s))
    }
}

/// The text joined into one string of exactly its length.
impl From<&SegmentedText> for String {
    fn from(text: &SegmentedText) -> String {
        let mut out = String::with_capacity(text.len);
        text.segments().for_each(|s| out.push_str(s));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(n: usize) -> String {
        "aé日🎉 "
            .chars()
            .cycle()
            .scan(0, |len, c| {
                *len += c.len_utf8();
                (*len <= n).then_some(c)
            })
            .collect()
    }

    /// `text` pushed in pieces of about `piece` bytes (cut at character boundaries).
    fn in_pieces(text: &str, piece: usize) -> SegmentedText {
        let mut t = SegmentedText::new();
        let mut at = 0;
        while at < text.len() {
            let mut end = (at + piece).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            t.push_str(&text[at..end]);
            at = end;
        }
        t
    }

    #[test]
    fn holds_any_text_in_segments_that_are_never_moved() {
        let text = sample(5 * SEGMENT_BYTES + 123);
        for piece in [1, 7, 1000, SEGMENT_BYTES - 1, SEGMENT_BYTES + 5, text.len()] {
            let t = in_pieces(&text, piece);
            assert_eq!(t.len(), text.len());
            assert_eq!(t.as_str(), text.as_str(), "pieces of {piece}");
            assert_eq!(String::from(&t), text);
            assert_eq!(t.to_string(), text);
            for s in t.segments() {
                assert!(s.len() <= SEGMENT_BYTES, "a segment of {}", s.len());
            }
            // Full segments but the last: nothing beyond the text but the last one's slack.
            assert!(t.capacity() < text.len() + SEGMENT_BYTES);
            let full = t.segments().filter(|s| s.len() + 4 > SEGMENT_BYTES).count();
            assert!(full >= text.len() / SEGMENT_BYTES - 1);
        }
    }

    #[test]
    fn a_short_text_takes_little() {
        let mut t = SegmentedText::new();
        t.push_str("Hello");
        t.push_str(", world");
        assert!(t.capacity() <= 64);
        assert!(matches!(t.as_str(), Cow::Borrowed("Hello, world")));
    }

    #[test]
    fn reads_across_segments_agree_with_the_joined_text() {
        let text = sample(3 * SEGMENT_BYTES + 17);
        let t = in_pieces(&text, 4099);
        assert_eq!(t.to_string(), text);
        let bytes = text.as_bytes();
        for at in [
            0,
            1,
            SEGMENT_BYTES - 2,
            SEGMENT_BYTES,
            2 * SEGMENT_BYTES + 5,
            text.len() - 3,
        ] {
            for n in [0, 1, 3, 10, SEGMENT_BYTES + 9] {
                let end = (at + n).min(bytes.len());
                assert!(t.matches_at(at, &bytes[at..end]), "at {at} n {n}");
                let mut other = bytes[at..end].to_vec();
                if let Some(last) = other.last_mut() {
                    *last ^= 1;
                    assert!(!t.matches_at(at, &other), "at {at} n {n} altered");
                }
            }
            if text.is_char_boundary(at) {
                assert_eq!(t.prefix(at), &text[..at]);
            }
        }
        assert!(!t.matches_at(text.len() - 1, b"xx"));
        assert!(t.ends_with(&text[text.len() - 5..]));
        assert!(!t.ends_with("zz"));
        assert_eq!(t.prefix(text.len() + 5), text.as_str());
    }
}
