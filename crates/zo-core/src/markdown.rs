//! Safe, incremental Markdown -> HTML for model output shown in the side panel.
//!
//! Safety: every character of the source is HTML-escaped unless it is Markdown syntax we turn
//! into a fixed, known tag; raw HTML never passes through. Links are emitted only for absolute
//! `http:`, `https:` and `mailto:` URLs (checked on the raw text, so entity or whitespace tricks
//! fail closed) and always carry `target="_blank" rel="noopener noreferrer"`. Images are never
//! loaded: they become links to the image.
//!
//! Incremental: [`MarkdownStream`] splits the text into blocks (separated by blank lines,
//! fences, headings and rules). A finished block's HTML is emitted once and never again; each
//! delta re-renders only the one open block, so the cost of a delta does not grow with the
//! length of the answer. An open block larger than [`LAZY_OPEN_BYTES`] (a long table or code
//! block) is re-rendered only once it has grown by a sixteenth since its last rendering, which
//! keeps the total work linear in its size; the update says so with `deferred`.

use crate::markdown_blocks::{
    heading_level, is_closing_fence, is_rule, opening_fence, render_block, Fence,
};

/// Open blocks up to this size are re-rendered on every delta.
pub const LAZY_OPEN_BYTES: usize = 4096;
/// A larger open block is re-rendered once it grew by 1/`LAZY_GROWTH` of its size.
const LAZY_GROWTH: usize = 16;

/// What one delta changed: blocks finished by it (final HTML, emitted once each) and the
/// current open block, if it has visible content.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BlockUpdate {
    pub finished: Vec<(u32, String)>,
    pub open: Option<(u32, String)>,
    /// The open block changed but was not re-rendered this time (it is large): keep showing
    /// its previous rendering. `open` is None then.
    pub deferred: bool,
}

/// Incremental renderer: feed deltas with [`MarkdownStream::push`], end with
/// [`MarkdownStream::finish`].
#[derive(Debug, Default, Clone)]
pub struct MarkdownStream {
    next_id: u32,
    /// Complete lines of the open block, each ending in '\n'.
    open_src: String,
    /// Text after the last line end.
    partial: String,
    fence: Option<Fence>,
    /// Source length of the open block when it was last rendered.
    rendered_open_len: usize,
}

impl MarkdownStream {
    pub fn new() -> Self {
        Self::default()
    }

    /// Append a delta; returns the finished blocks and the re-rendered open block.
    pub fn push(&mut self, delta: &str) -> BlockUpdate {
        let mut update = BlockUpdate::default();
        let mut rest = delta;
        while let Some(pos) = rest.find('\n') {
            self.partial.push_str(&rest[..pos]);
            let line = std::mem::take(&mut self.partial);
            self.take_line(line.trim_end_matches('\r'), &mut update.finished);
            rest = &rest[pos + 1..];
        }
        self.partial.push_str(rest);
        let len = self.open_src.len() + self.partial.len();
        let grown = len.saturating_sub(self.rendered_open_len);
        if len > LAZY_OPEN_BYTES && grown < len / LAZY_GROWTH {
            update.deferred = true;
        } else {
            self.rendered_open_len = len;
            update.open = self.render_open();
        }
        update
    }

    /// End of text: the open block (with any unterminated line) is finished.
    pub fn finish(&mut self) -> BlockUpdate {
        let mut update = BlockUpdate::default();
        if !self.partial.is_empty() {
            let line = std::mem::take(&mut self.partial);
            self.take_line(line.trim_end_matches('\r'), &mut update.finished);
        }
        self.close_block(&mut update.finished);
        update
    }

    fn render_open(&self) -> Option<(u32, String)> {
        if self.open_src.trim().is_empty() && self.partial.trim().is_empty() {
            return None;
        }
        let mut src = String::with_capacity(self.open_src.len() + self.partial.len());
        src.push_str(&self.open_src);
        src.push_str(&self.partial);
        Some((self.next_id, render_block(&src, 0)))
    }

    fn close_block(&mut self, finished: &mut Vec<(u32, String)>) {
        if !self.open_src.trim().is_empty() {
            finished.push((self.next_id, render_block(&self.open_src, 0)));
            self.next_id += 1;
        }
        self.open_src.clear();
        self.fence = None;
        self.rendered_open_len = 0;
    }

    fn append(&mut self, line: &str) {
        self.open_src.push_str(line);
        self.open_src.push('\n');
    }

    fn take_line(&mut self, line: &str, finished: &mut Vec<(u32, String)>) {
        if let Some(fence) = self.fence {
            self.append(line);
            if is_closing_fence(line, fence) {
                self.close_block(finished);
            }
            return;
        }
        if line.trim().is_empty() {
            self.close_block(finished);
            return;
        }
        if let Some(fence) = opening_fence(line) {
            self.close_block(finished);
            self.fence = Some(fence);
            self.append(line);
            return;
        }
        if heading_level(line).is_some() || is_rule(line) {
            self.close_block(finished);
            self.append(line);
            self.close_block(finished);
            return;
        }
        self.append(line);
    }
}

/// Render a whole text at once (history re-render); same output as streaming it.
pub fn render(text: &str) -> String {
    let mut stream = MarkdownStream::new();
    let mut html = String::new();
    let mut take = |update: BlockUpdate| {
        for (_, block) in update.finished {
            html.push_str(&block);
        }
    };
    take(stream.push(text));
    take(stream.finish());
    html
}

#[cfg(test)]
#[path = "markdown_tests.rs"]
mod tests;
