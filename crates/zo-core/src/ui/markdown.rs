//! Markdown answers as the side panel shows them: CommonMark (pulldown-cmark) with GitHub's
//! tables, strikethrough, task lists, footnotes and extended autolinks, written as HTML with
//! the panel's safety policy ([`html`]), and rendered incrementally while the answer streams
//! ([`MarkdownStream`]).
//!
//! An answer renders as a list of blocks, one per top-level Markdown block (a paragraph, a
//! list, a code block...), each a string of HTML. Streaming and rendering the whole text at
//! once give the same blocks: [`render_blocks`] is what a stream of the same text ends with,
//! and after every delta the blocks equal those of the whole text so far (unless the open
//! tail is too large to render on every delta; see [`stream`]).

mod autolink;
pub mod blocks;
mod boundary;
mod escape;
mod fence;
pub mod html;
mod pass;
mod plain;
mod refs;
pub mod stream;

pub use blocks::{closing_tags_start, BlockUpdate, Blocks};
pub(crate) use pass::options as pass_options;
pub use plain::to_plain;
pub use stream::MarkdownStream;

/// The blocks of a whole answer.
pub fn render_blocks(text: &str) -> Vec<String> {
    let mut stream = MarkdownStream::new();
    stream.load(text);
    let update = stream.finish();
    let mut blocks = vec![String::new(); update.len as usize];
    for (id, html) in update.changed {
        if let Some(block) = blocks.get_mut(id as usize) {
            *block = html;
        }
    }
    blocks
}

/// The HTML of a whole answer (its blocks, joined).
pub fn render_html(text: &str) -> String {
    render_blocks(text).concat()
}

#[cfg(test)]
mod tests;
