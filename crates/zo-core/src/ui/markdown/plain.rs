//! An answer as plain text, for "Copy": what a person reads, without Markdown marks. Blocks
//! are separated by a blank line, list items keep a bullet or their number, table cells are
//! separated by tabs, code keeps its lines, links keep their text (and their address when it
//! differs), images their description, and raw HTML shows as its text (as the panel shows it).

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use super::pass::options;

/// `markdown` as plain text.
pub fn to_plain(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    // One entry per open list: the next item's number, or None for bullets.
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut links: Vec<String> = Vec::new();
    let mut link_text_start: Vec<usize> = Vec::new();
    let mut first_cell = true;
    let block_break = |out: &mut String| {
        let trimmed = out.trim_end_matches([' ', '\t']).len();
        out.truncate(trimmed);
        if !out.is_empty() && !out.ends_with("\n\n") {
            out.push_str(if out.ends_with('\n') { "\n" } else { "\n\n" });
        }
    };
    for event in Parser::new_ext(markdown, options()) {
        match event {
            // A list item's first block follows its bullet on the same line.
            Event::Start(Tag::Paragraph | Tag::Heading { .. } | Tag::CodeBlock(_))
                if lists.is_empty() || !out.ends_with(' ') =>
            {
                block_break(&mut out)
            }
            Event::Start(Tag::BlockQuote(_) | Tag::Table(_) | Tag::FootnoteDefinition(_)) => {
                block_break(&mut out)
            }
            Event::Start(Tag::List(start)) => {
                if lists.is_empty() {
                    block_break(&mut out);
                }
                lists.push(start);
            }
            Event::End(TagEnd::List(_)) => {
                lists.pop();
            }
            Event::Start(Tag::Item) => {
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push_str(&"  ".repeat(lists.len().saturating_sub(1)));
                match lists.last_mut() {
                    Some(Some(n)) => {
                        out.push_str(&format!("{n}. "));
                        *n += 1;
                    }
                    _ => out.push_str("- "),
                }
            }
            Event::Start(Tag::TableRow | Tag::TableHead) => {
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                first_cell = true;
            }
            Event::Start(Tag::TableCell) => {
                if !first_cell {
                    out.push('\t');
                }
                first_cell = false;
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                links.push(dest_url.to_string());
                link_text_start.push(out.len());
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                let dest = links.pop().unwrap_or_default();
                let start = link_text_start.pop().unwrap_or(out.len());
                let text = out.get(start..).unwrap_or("").trim();
                let bare = dest.strip_prefix("mailto:").unwrap_or(&dest);
                if !dest.is_empty() && text != dest && text != bare {
                    out.push_str(&format!(" ({dest})"));
                }
            }
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => {
                out.push_str(&t)
            }
            Event::InlineMath(t) | Event::DisplayMath(t) => out.push_str(&t),
            Event::FootnoteReference(label) => out.push_str(&format!("[{label}]")),
            Event::SoftBreak => out.push(' '),
            Event::HardBreak => out.push('\n'),
            Event::Rule => {
                block_break(&mut out);
                out.push_str("---");
            }
            Event::TaskListMarker(done) => out.push_str(if done { "[x] " } else { "[ ] " }),
            _ => {}
        }
    }
    out.trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_go_structure_stays() {
        let md = "# Title\n\nSome **bold** and `code` and [a link](https://zo.computer).\n\n\
                  - one\n- two\n  1. inner\n\n```rust\nfn main() {}\nlet x = 1;\n```\n\n\
                  > quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo";
        assert_eq!(
            to_plain(md),
            "Title\n\nSome bold and code and a link (https://zo.computer).\n\n\
             - one\n- two\n  1. inner\n\nfn main() {}\nlet x = 1;\n\nquoted\n\na\tb\n1\t2\n\n\
             - [x] done\n- [ ] todo"
        );
    }

    #[test]
    fn autolinks_and_raw_html_read_as_text() {
        assert_eq!(
            to_plain("See <https://a.example> and <b>bold</b>."),
            "See https://a.example and <b>bold</b>."
        );
        assert_eq!(to_plain("3. three\n4. four"), "3. three\n4. four");
        assert_eq!(to_plain(""), "");
    }
}
