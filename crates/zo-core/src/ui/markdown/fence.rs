//! A fenced code block still open at the end of the answer (the common large block while an
//! answer streams) grows without parsing: until a line that might close it arrives, every
//! byte after its opening line is code, shown as it is. Its HTML is then its previous HTML
//! with the escaped new text before the closing tags, which costs the size of the delta
//! instead of the size of the block.
//!
//! Only a top-level fence opened at the start of its line qualifies (inside a list or block
//! quote, or when indented, lines carry prefixes the parser removes). Any line that starts,
//! after at most three spaces, with the fence's character ends the fast path: the parser
//! decides whether it closes the block.

/// How the HTML of a code block ends (see [`super::html`]).
pub(crate) const CODE_END: &str = "</code></pre></div>";

/// An open fenced code block starting the open tail.
#[derive(Debug, Clone)]
pub(crate) struct OpenFence {
    /// The fence character, `` ` `` or `~`.
    marker: u8,
    /// Start of the last line checked for a closing fence (it may still grow).
    checked: usize,
    /// Text up to here is in the block's HTML.
    shown: usize,
}

/// Whether `line` might close a fence of `marker`.
fn may_close(line: &[u8], marker: u8) -> bool {
    let indent = line.iter().take(3).take_while(|b| **b == b' ').count();
    line.get(indent) == Some(&marker)
}

/// Start of the last line of `text` (the one after its last `\n`).
fn last_line(text: &str) -> usize {
    memchr::memrchr(b'\n', text.as_bytes()).map_or(0, |i| i + 1)
}

/// How much of `text` the parser shows as code: an unfinished last line of one to three
/// spaces (the indentation a closing fence may have) is not shown (yet).
fn shown_end(text: &str) -> usize {
    let last = last_line(text);
    let partial = &text.as_bytes()[last..];
    if (1..=3).contains(&partial.len()) && partial.iter().all(|b| *b == b' ') {
        last
    } else {
        text.len()
    }
}

impl OpenFence {
    /// The fence opening at `start` (a line start) when it is still open at the end of `text`.
    pub(crate) fn detect(text: &str, start: usize) -> Option<OpenFence> {
        let bytes = text.as_bytes().get(start..)?;
        let marker = *bytes.first().filter(|b| matches!(b, b'`' | b'~'))?;
        if bytes.iter().take_while(|b| **b == marker).count() < 3 {
            return None;
        }
        let content = start + memchr::memchr(b'\n', bytes)? + 1;
        let mut fence = OpenFence {
            marker,
            checked: content,
            shown: shown_end(text).max(content),
        };
        fence.still_open(text).then_some(fence)
    }

    /// Checks the lines from the last checked one to the end of `text`.
    fn still_open(&mut self, text: &str) -> bool {
        let Some(rest) = text.get(self.checked..) else {
            return false;
        };
        if rest
            .as_bytes()
            .split(|b| *b == b'\n')
            .any(|line| may_close(line, self.marker))
        {
            return false;
        }
        self.checked = last_line(text).max(self.checked);
        true
    }

    /// The code `text` gained since the last call, or `None` when a line that might close
    /// the block arrived (then the tail must be parsed).
    pub(crate) fn extend<'t>(&mut self, text: &'t str) -> Option<&'t str> {
        if !self.still_open(text) {
            return None;
        }
        let end = shown_end(text).max(self.shown);
        let added = text.get(self.shown..end)?;
        self.shown = end;
        Some(added)
    }
}
