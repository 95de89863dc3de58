//! Incremental UTF-8 decoding with replacement: bytes in any chunking, text out, a multibyte
//! character split across chunks is joined, and every invalid sequence (maximal subpart) becomes
//! one U+FFFD, as the WHATWG Encoding standard's "UTF-8 decode" does.

const REPLACEMENT: &str = "\u{FFFD}";

/// Keeps at most 3 bytes of an unfinished character between calls.
#[derive(Debug, Default, Clone)]
pub struct Utf8Decoder {
    pending: [u8; 4],
    pending_len: usize,
}

impl Utf8Decoder {
    /// Decodes `bytes`, calling `emit` with each non-empty piece of text in order.
    #[inline]
    pub fn decode(&mut self, mut bytes: &[u8], mut emit: impl FnMut(&str)) {
        // Finish a character left over from the previous call, one byte at a time.
        while self.pending_len > 0 {
            let Some((&byte, rest)) = bytes.split_first() else {
                return;
            };
            self.pending[self.pending_len] = byte;
            let candidate = &self.pending[..=self.pending_len];
            match std::str::from_utf8(candidate) {
                Ok(text) => {
                    emit(text);
                    self.pending_len = 0;
                    bytes = rest;
                }
                Err(err) if err.error_len().is_some() => {
                    // The new byte cannot continue the character: the pending bytes are one
                    // invalid sequence; the new byte is decoded afresh below.
                    emit(REPLACEMENT);
                    self.pending_len = 0;
                }
                Err(_) => {
                    self.pending_len += 1;
                    bytes = rest;
                }
            }
        }
        // The common case, all valid: one fast validation (an input ending inside a
        // character fails it and takes the general path below).
        if let Ok(text) = std::str::from_utf8(bytes) {
            if !text.is_empty() {
                emit(text);
            }
            return;
        }
        let mut chunks = bytes.utf8_chunks().peekable();
        while let Some(chunk) = chunks.next() {
            if !chunk.valid().is_empty() {
                emit(chunk.valid());
            }
            let invalid = chunk.invalid();
            if invalid.is_empty() {
                continue;
            }
            let incomplete_tail = chunks.peek().is_none()
                && matches!(std::str::from_utf8(invalid), Err(e) if e.error_len().is_none());
            if incomplete_tail {
                self.pending[..invalid.len()].copy_from_slice(invalid);
                self.pending_len = invalid.len();
            } else {
                emit(REPLACEMENT);
            }
        }
    }

    /// Whether an unfinished character is pending (it would decode to U+FFFD at end of input).
    #[cfg(test)]
    pub fn has_pending(&self) -> bool {
        self.pending_len > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_chunked(bytes: &[u8], size: usize) -> String {
        let mut d = Utf8Decoder::default();
        let mut out = String::new();
        for chunk in bytes.chunks(size) {
            d.decode(chunk, |s| out.push_str(s));
        }
        if d.has_pending() {
            out.push_str(REPLACEMENT);
        }
        out
    }

    #[test]
    fn matches_lossy_decoding_at_every_chunk_size() {
        let samples: Vec<Vec<u8>> = vec![
            "héllo wörld — 日本語 🎉!".as_bytes().to_vec(),
            b"a\xffb\xc3\x28c\xe2\x82d\xf0\x9f\x8e".to_vec(),
            b"\xe0\x80\x80\xed\xa0\x80\xf4\x90\x80\x80z".to_vec(),
            b"\xc3".to_vec(),
            b"\xf0\x9f\x8e\x89\xf0\x9f".to_vec(),
        ];
        for sample in samples {
            let expected = String::from_utf8_lossy(&sample).into_owned();
            for size in 1..=sample.len() {
                assert_eq!(decode_chunked(&sample, size), expected, "size {size}");
            }
        }
    }

    #[test]
    fn split_character_is_joined() {
        let mut d = Utf8Decoder::default();
        let mut out = String::new();
        d.decode(&[0xF0, 0x9F], |s| out.push_str(s));
        assert_eq!(out, "");
        assert!(d.has_pending());
        d.decode(&[0x8E, 0x89, b'x'], |s| out.push_str(s));
        assert_eq!(out, "🎉x");
        assert!(!d.has_pending());
    }
}
