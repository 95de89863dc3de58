//! Tokens: how answer text is cut into the pieces streamed one delta at a time (pure).

/// Splits `text` into tokens of at most `max_bytes` bytes (never less than one character):
/// whole words with their leading whitespace, as many as fit, and words longer than a token
/// cut at character boundaries. Concatenating the tokens gives back `text`.
pub fn tokenize(text: &str, max_bytes: usize) -> Vec<&str> {
    let max = max_bytes.max(4);
    let mut out = Vec::new();
    let mut start = 0;
    let mut segment_start = 0;
    let mut prev_whitespace = true;
    let mut take_segment = |segment_start: usize, segment_end: usize, start: &mut usize| {
        if segment_end - *start <= max {
            return;
        }
        if segment_start > *start {
            out.push(&text[*start..segment_start]);
            *start = segment_start;
        }
        while segment_end - *start > max {
            let mut cut = *start + max;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            out.push(&text[*start..cut]);
            *start = cut;
        }
    };
    for (i, c) in text.char_indices() {
        let whitespace = c.is_whitespace();
        if whitespace && !prev_whitespace {
            take_segment(segment_start, i, &mut start);
            segment_start = i;
        }
        prev_whitespace = whitespace;
    }
    take_segment(segment_start, text.len(), &mut start);
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_rebuild_the_text() {
        for text in [
            "You asked: \"héllo\".\n\nThis answer comes from `zo-dev serve`.".to_owned(),
            "```json\n[\n  {\"action\": \"fill\"}\n]\n```\n".to_owned(),
            "a  b\n\nc 🚀🚀🚀🚀🚀".to_owned(),
        ] {
            let tokens = tokenize(&text, 8);
            assert!(tokens.len() > 3);
            assert!(tokens.iter().all(|t| !t.is_empty() && t.len() <= 8));
            assert_eq!(tokens.concat(), text);
        }
    }

    #[test]
    fn tokens_fill_up_to_the_limit() {
        assert_eq!(tokenize("ab cd ef", 5), ["ab cd", " ef"]);
        assert_eq!(tokenize("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(tokenize("  🚀🚀 x", 4), ["  ", "🚀", "🚀", " x"]);
    }
}
