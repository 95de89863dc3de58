//! HTML for pulldown-cmark's events, with the panel's safety policy:
//! - raw HTML (blocks and inline) is shown as escaped text, never as markup; HTML comments are
//!   left out (a browser does not show them either);
//! - links only for `http:`, `https:` and `mailto:` URLs, opening in a new tab with
//!   `rel="noopener noreferrer"`; with any other URL the link text is plain text;
//! - images are never loaded: they become a link to the image, its alt text as the link text;
//! - bare URLs and e-mail addresses in text become links (`autolink`);
//! - a code block carries its language as a sanitized class and a visible label, and a Copy
//!   button; a table sits in a box that scrolls horizontally;
//! - containers (block quotes, lists, list items, footnotes) nest at most [`MAX_NESTING`]
//!   deep: deeper ones keep their content but not their element, so hostile input cannot
//!   build a DOM thousands of levels deep.
//!
//! Everything else is CommonMark's HTML, soft line breaks included, without the newlines
//! between tags (so the open block's text can be extended in place, see the panel).

use pulldown_cmark::{Alignment, CodeBlockKind, CowStr, Event, LinkType, Tag, TagEnd};

use super::escape::{code_language, escape_text, is_allowed_url};

mod inline;

pub(crate) use inline::is_reference;
use inline::without_comments;

/// Deepest nesting of container elements written.
pub const MAX_NESTING: usize = 32;

/// The alt text of an image being read (images nest in alt text: only the outermost counts).
struct Image {
    dest: String,
    title: String,
    alt: String,
    depth: usize,
}

/// Writes the HTML of one top-level block at a time; see [`Writer::event`].
pub(crate) struct Writer<'s> {
    /// The parsed text (ranges point into it), for the character before a text run.
    src: &'s str,
    out: String,
    /// Open container elements: whether each one's tag was written.
    containers: Vec<bool>,
    /// Open links: whether each one's `<a>` was written.
    links: Vec<bool>,
    image: Option<Image>,
    in_code: bool,
    /// Text of the raw HTML block being read.
    raw: Option<String>,
    /// Column alignments of the open table, the next cell's column, and whether the head row
    /// is being read and the body was opened.
    table: Vec<Alignment>,
    cell: usize,
    in_head: bool,
    body_open: bool,
    /// Consecutive text being collected for autolinks (the first piece as it came, all of
    /// them joined once there is a second), and the byte before it in its line.
    pending: Option<CowStr<'s>>,
    joined: String,
    pending_before: Option<u8>,
    /// The next text run starts a line (after a block start or a line break).
    line_start: bool,
}

impl<'s> Writer<'s> {
    pub(crate) fn new(src: &'s str) -> Writer<'s> {
        Writer {
            src,
            out: String::new(),
            containers: Vec::new(),
            links: Vec::new(),
            image: None,
            in_code: false,
            raw: None,
            table: Vec::new(),
            cell: 0,
            in_head: false,
            body_open: false,
            pending: None,
            joined: String::new(),
            pending_before: None,
            line_start: true,
        }
    }

    /// The HTML written since the last call.
    pub(crate) fn take(&mut self) -> String {
        self.flush();
        std::mem::take(&mut self.out)
    }

    /// Room for about `bytes` more bytes of HTML.
    pub(crate) fn reserve(&mut self, bytes: usize) {
        self.out.reserve(bytes);
    }

    /// Writes one event; `start` is where it begins in the parsed text.
    pub(crate) fn event(&mut self, event: Event<'s>, start: usize) {
        if self.image.is_some() {
            self.image_event(event);
            return;
        }
        let event = match event {
            Event::Text(text) if !self.in_code && self.raw.is_none() => {
                self.collect(text, start);
                return;
            }
            other => other,
        };
        self.flush();
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => match &mut self.raw {
                Some(raw) => raw.push_str(&text),
                None => escape_text(&mut self.out, &text),
            },
            Event::Code(text) => {
                self.out.push_str("<code>");
                escape_text(&mut self.out, &text);
                self.out.push_str("</code>");
            }
            Event::Html(html) => match &mut self.raw {
                Some(raw) => raw.push_str(&html),
                None => self.raw_html(&html),
            },
            Event::InlineHtml(html) => self.raw_html(&html),
            Event::FootnoteReference(label) => {
                self.out.push_str("<sup class=\"md-footnote-ref\">");
                escape_text(&mut self.out, &label);
                self.out.push_str("</sup>");
            }
            Event::SoftBreak => {
                self.out.push('\n');
                self.line_start = true;
            }
            Event::HardBreak => {
                self.out.push_str("<br>");
                self.line_start = true;
            }
            Event::Rule => self.out.push_str("<hr>"),
            Event::TaskListMarker(checked) => {
                self.out.push_str("<input type=\"checkbox\" disabled=\"\"");
                if checked {
                    self.out.push_str(" checked=\"\"");
                }
                self.out.push_str("> ");
            }
            Event::InlineMath(text) | Event::DisplayMath(text) => escape_text(&mut self.out, &text),
        }
    }
    fn start(&mut self, tag: Tag<'_>) {
        self.line_start = true;
        match tag {
            Tag::Paragraph => self.out.push_str("<p>"),
            Tag::Heading { level, .. } => {
                self.out.push('<');
                self.out.push_str(heading(level as usize));
                self.out.push('>');
            }
            Tag::BlockQuote(_) => self.open_container("<blockquote>"),
            Tag::CodeBlock(kind) => self.open_code(kind),
            Tag::HtmlBlock => self.raw = Some(String::new()),
            Tag::List(Some(1)) => self.open_container("<ol>"),
            Tag::List(Some(start)) => self.open_container(&format!("<ol start=\"{start}\">")),
            Tag::List(None) => self.open_container("<ul>"),
            Tag::Item => self.open_container("<li>"),
            Tag::FootnoteDefinition(label) => {
                let mut open =
                    String::from("<div class=\"md-footnote\"><sup class=\"md-footnote-label\">");
                escape_text(&mut open, &label);
                open.push_str("</sup>");
                self.open_container(&open);
            }
            Tag::Table(alignments) => {
                self.table = alignments;
                self.body_open = false;
                self.out.push_str("<div class=\"md-table\"><table>");
            }
            Tag::TableHead => {
                self.in_head = true;
                self.cell = 0;
                self.out.push_str("<thead><tr>");
            }
            Tag::TableRow => {
                self.cell = 0;
                if !self.body_open {
                    self.body_open = true;
                    self.out.push_str("<tbody>");
                }
                self.out.push_str("<tr>");
            }
            Tag::TableCell => {
                self.out.push_str(if self.in_head { "<th" } else { "<td" });
                match self.table.get(self.cell) {
                    Some(Alignment::Left) => self.out.push_str(" align=\"left\""),
                    Some(Alignment::Center) => self.out.push_str(" align=\"center\""),
                    Some(Alignment::Right) => self.out.push_str(" align=\"right\""),
                    Some(Alignment::None) | None => {}
                }
                self.out.push('>');
                self.cell += 1;
            }
            Tag::Emphasis => self.out.push_str("<em>"),
            Tag::Strong => self.out.push_str("<strong>"),
            Tag::Strikethrough => self.out.push_str("<del>"),
            Tag::Superscript => self.out.push_str("<sup>"),
            Tag::Subscript => self.out.push_str("<sub>"),
            Tag::Link {
                link_type,
                dest_url,
                title,
                ..
            } => {
                // An e-mail autolink (`<a@b.c>`) names the address alone.
                let dest = match link_type {
                    LinkType::Email => format!("mailto:{dest_url}").into(),
                    _ => dest_url,
                };
                let allowed = is_allowed_url(&dest);
                if allowed {
                    self.open_link(&dest, &title, None);
                }
                self.links.push(allowed);
            }
            Tag::Image {
                dest_url, title, ..
            } => {
                self.image = Some(Image {
                    dest: dest_url.to_string(),
                    title: title.to_string(),
                    alt: String::new(),
                    depth: 1,
                });
            }
            Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::MetadataBlock(_) => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        self.line_start = false;
        match tag {
            TagEnd::Paragraph => self.out.push_str("</p>"),
            TagEnd::Heading(level) => {
                self.out.push_str("</");
                self.out.push_str(heading(level as usize));
                self.out.push('>');
            }
            TagEnd::BlockQuote(_) => self.close_container("</blockquote>"),
            TagEnd::CodeBlock => {
                self.in_code = false;
                self.out.push_str("</code></pre></div>");
            }
            TagEnd::HtmlBlock => {
                if let Some(raw) = self.raw.take() {
                    let shown = without_comments(&raw);
                    let shown = shown.trim_end_matches(['\n', '\r']);
                    if !shown.trim().is_empty() {
                        self.out.push_str("<p class=\"md-raw\">");
                        escape_text(&mut self.out, shown);
                        self.out.push_str("</p>");
                    }
                }
            }
            TagEnd::List(true) => self.close_container("</ol>"),
            TagEnd::List(false) => self.close_container("</ul>"),
            TagEnd::Item => self.close_container("</li>"),
            TagEnd::FootnoteDefinition => self.close_container("</div>"),
            TagEnd::Table => {
                if self.body_open {
                    self.out.push_str("</tbody>");
                }
                self.out.push_str("</table></div>");
                self.table.clear();
            }
            TagEnd::TableHead => {
                self.in_head = false;
                self.out.push_str("</tr></thead>");
            }
            TagEnd::TableRow => self.out.push_str("</tr>"),
            TagEnd::TableCell => self
                .out
                .push_str(if self.in_head { "</th>" } else { "</td>" }),
            TagEnd::Emphasis => self.out.push_str("</em>"),
            TagEnd::Strong => self.out.push_str("</strong>"),
            TagEnd::Strikethrough => self.out.push_str("</del>"),
            TagEnd::Superscript => self.out.push_str("</sup>"),
            TagEnd::Subscript => self.out.push_str("</sub>"),
            TagEnd::Link => {
                if self.links.pop() == Some(true) {
                    self.out.push_str("</a>");
                }
            }
            TagEnd::Image
            | TagEnd::DefinitionList
            | TagEnd::DefinitionListTitle
            | TagEnd::DefinitionListDefinition
            | TagEnd::MetadataBlock(_) => {}
        }
    }

    fn open_container(&mut self, tag: &str) {
        let write = self.containers.len() < MAX_NESTING;
        if write {
            self.out.push_str(tag);
        }
        self.containers.push(write);
    }

    fn close_container(&mut self, tag: &str) {
        if self.containers.pop() == Some(true) {
            self.out.push_str(tag);
        }
    }

    fn open_code(&mut self, kind: CodeBlockKind<'_>) {
        let language = match &kind {
            CodeBlockKind::Fenced(info) => code_language(info),
            CodeBlockKind::Indented => String::new(),
        };
        self.out
            .push_str("<div class=\"md-code\"><div class=\"md-code-bar\">");
        if !language.is_empty() {
            self.out.push_str("<span class=\"md-code-lang\">");
            escape_text(&mut self.out, &language);
            self.out.push_str("</span>");
        }
        self.out.push_str(
            "<button type=\"button\" class=\"md-copy\" title=\"Copy the code\">Copy</button></div><pre><code",
        );
        if !language.is_empty() {
            self.out.push_str(" class=\"language-");
            escape_text(&mut self.out, &language);
            self.out.push('"');
        }
        self.out.push('>');
        self.in_code = true;
    }
}

fn heading(level: usize) -> &'static str {
    ["h1", "h2", "h3", "h4", "h5", "h6"]
        .get(level.saturating_sub(1))
        .copied()
        .unwrap_or("h6")
}
