//! The inline side of the [`Writer`]: text runs (with their autolinks), links and images,
//! raw inline HTML.

use pulldown_cmark::{CowStr, Event, LinkType, Tag, TagEnd};

use super::Writer;
use crate::ui::markdown::autolink::{self, Piece};
use crate::ui::markdown::escape::{
    escape_href, escape_text, escape_unless_autolink, is_allowed_url,
};

impl<'s> Writer<'s> {
    /// Inside an image only its alt text counts: the plain text of what it contains.
    pub(super) fn image_event(&mut self, event: Event<'_>) {
        let Some(image) = &mut self.image else {
            return;
        };
        match event {
            Event::Start(Tag::Image { .. }) => image.depth += 1,
            Event::End(TagEnd::Image) => {
                image.depth -= 1;
                if image.depth == 0 {
                    self.close_image();
                }
            }
            Event::Text(text) | Event::Code(text) | Event::InlineHtml(text) => {
                image.alt.push_str(&text)
            }
            Event::SoftBreak | Event::HardBreak => image.alt.push(' '),
            _ => {}
        }
    }

    pub(super) fn open_link(&mut self, dest: &str, title: &str, class: Option<&str>) {
        self.out.push_str("<a");
        if let Some(class) = class {
            self.out.push_str(" class=\"");
            self.out.push_str(class);
            self.out.push('"');
        }
        self.out.push_str(" href=\"");
        escape_href(&mut self.out, dest);
        self.out.push('"');
        if !title.is_empty() {
            self.out.push_str(" title=\"");
            escape_text(&mut self.out, title);
            self.out.push('"');
        }
        self.out
            .push_str(" target=\"_blank\" rel=\"noopener noreferrer\">");
    }

    /// An image is a link to it, unless it is inside a link (links do not nest) or its URL is
    /// not allowed: then its alt text alone.
    fn close_image(&mut self) {
        let Some(image) = self.image.take() else {
            return;
        };
        if self.links.is_empty() && is_allowed_url(&image.dest) {
            self.open_link(&image.dest, &image.title, Some("md-image"));
            let text = if image.alt.is_empty() {
                &image.dest
            } else {
                &image.alt
            };
            escape_text(&mut self.out, text);
            self.out.push_str("</a>");
        } else {
            escape_text(&mut self.out, &image.alt);
        }
    }

    /// Inline raw HTML: shown as text, comments left out.
    pub(super) fn raw_html(&mut self, html: &str) {
        escape_text(&mut self.out, &without_comments(html));
    }

    /// Adds a piece of text to the run being collected.
    pub(super) fn collect(&mut self, text: CowStr<'s>, start: usize) {
        if self.pending.is_none() && self.joined.is_empty() {
            self.pending_before = if self.line_start {
                None
            } else {
                start
                    .checked_sub(1)
                    .and_then(|p| self.src.as_bytes().get(p).copied())
            };
            self.pending = Some(text);
        } else {
            if let Some(first) = self.pending.take() {
                self.joined.push_str(&first);
            }
            self.joined.push_str(&text);
        }
        self.line_start = false;
    }

    /// Writes the collected text run, with its autolinks (none inside a link).
    pub(super) fn flush(&mut self) {
        if self.pending.is_none() && self.joined.is_empty() {
            return;
        }
        let joined = std::mem::take(&mut self.joined);
        match self.pending.take() {
            Some(text) => self.write_run(&text),
            None if !joined.is_empty() => self.write_run(&joined),
            None => {}
        }
        self.joined = joined;
        self.joined.clear();
    }

    fn write_run(&mut self, text: &str) {
        if !self.links.is_empty() {
            escape_text(&mut self.out, text);
            return;
        }
        if escape_unless_autolink(&mut self.out, text) {
            return;
        }
        let out = &mut self.out;
        autolink::split(text, self.pending_before, &mut |piece| match piece {
            Piece::Text(t) => escape_text(out, t),
            Piece::Link { text, scheme } => {
                out.push_str("<a href=\"");
                escape_href(out, scheme);
                escape_href(out, text);
                out.push_str("\" target=\"_blank\" rel=\"noopener noreferrer\">");
                escape_text(out, text);
                out.push_str("</a>");
            }
        });
    }
}

/// `html` without its HTML comments (`<!-- ... -->`; an unclosed one runs to the end).
pub(super) fn without_comments(html: &str) -> std::borrow::Cow<'_, str> {
    if !html.contains("<!--") {
        return html.into();
    }
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find("<!--") {
        out.push_str(&rest[..open]);
        let body = &rest[open + 4..];
        // `<!-->` and `<!--->` are complete (empty) comments.
        let close = if body.starts_with('>') {
            Some(1)
        } else if body.starts_with("->") {
            Some(2)
        } else {
            body.find("-->").map(|c| c + 3)
        };
        match close {
            Some(c) => rest = &body[c..],
            None => return out.into(),
        }
    }
    out.push_str(rest);
    out.into()
}

/// Whether a link of this type names a label (its target comes from a definition).
pub(crate) fn is_reference(link_type: LinkType) -> bool {
    matches!(
        link_type,
        LinkType::Reference
            | LinkType::ReferenceUnknown
            | LinkType::Collapsed
            | LinkType::CollapsedUnknown
            | LinkType::Shortcut
            | LinkType::ShortcutUnknown
    )
}
