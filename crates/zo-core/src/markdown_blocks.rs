//! Block-level Markdown for [`crate::markdown`]: recognizing block starts (fences, headings,
//! rules, list items, quotes, tables) and rendering one block of lines to safe HTML.

use crate::markdown_inline::{escape_html, render_inline};

/// Fence of an open fenced code block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fence {
    pub(crate) marker: char,
    pub(crate) len: usize,
}

/// Nesting limit for blockquotes and lists (deeper input renders as text).
const MAX_DEPTH: usize = 8;

fn leading_spaces(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

pub(crate) fn opening_fence(line: &str) -> Option<Fence> {
    if leading_spaces(line) > 3 {
        return None;
    }
    let t = line.trim_start();
    let marker = t.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let len = t.chars().take_while(|c| *c == marker).count();
    if len < 3 {
        return None;
    }
    // A backtick fence's info string may not contain backticks.
    if marker == '`' && t[len..].contains('`') {
        return None;
    }
    Some(Fence { marker, len })
}

pub(crate) fn is_closing_fence(line: &str, fence: Fence) -> bool {
    if leading_spaces(line) > 3 {
        return false;
    }
    let t = line.trim();
    let len = t.chars().take_while(|c| *c == fence.marker).count();
    len >= fence.len && t.chars().all(|c| c == fence.marker)
}

pub(crate) fn heading_level(line: &str) -> Option<usize> {
    if leading_spaces(line) > 3 {
        return None;
    }
    let t = line.trim_start();
    let level = t.chars().take_while(|c| *c == '#').count();
    if !(1..=6).contains(&level) {
        return None;
    }
    let after = &t[level..];
    (after.is_empty() || after.starts_with([' ', '\t'])).then_some(level)
}

pub(crate) fn is_rule(line: &str) -> bool {
    if leading_spaces(line) > 3 {
        return false;
    }
    let t: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    t.len() >= 3 && ['-', '*', '_'].iter().any(|m| t.chars().all(|c| c == *m))
}

/// A list item marker: (indent, ordered start number, text after the marker).
fn list_item(line: &str) -> Option<(usize, Option<u64>, &str)> {
    let indent = leading_spaces(line);
    let t = &line[indent..];
    if let Some(rest) = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .or_else(|| t.strip_prefix("+ "))
    {
        return Some((indent, None, rest));
    }
    if t == "-" || t == "*" || t == "+" {
        return Some((indent, None, ""));
    }
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    if (1..=9).contains(&digits) {
        let after = &t[digits..];
        if let Some(rest) = after
            .strip_prefix(". ")
            .or_else(|| after.strip_prefix(") "))
        {
            let n = t[..digits].parse().ok()?;
            return Some((indent, Some(n), rest));
        }
    }
    None
}

fn is_quote(line: &str) -> bool {
    leading_spaces(line) <= 3 && line.trim_start().starts_with('>')
}

fn table_cells(line: &str) -> Vec<&str> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    // Split on unescaped pipes.
    let mut cells = Vec::new();
    let mut start = 0;
    let bytes = t.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'|' => {
                cells.push(t[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    cells.push(t[start..].trim());
    cells
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Align {
    None,
    Left,
    Center,
    Right,
}

fn delimiter_row(line: &str) -> Option<Vec<Align>> {
    if !line.contains('-') {
        return None;
    }
    let cells = table_cells(line);
    let mut aligns = Vec::with_capacity(cells.len());
    for cell in cells {
        let left = cell.starts_with(':');
        let right = cell.ends_with(':') && cell.len() > 1;
        let core = cell.trim_start_matches(':').trim_end_matches(':');
        if core.is_empty() || !core.chars().all(|c| c == '-') {
            return None;
        }
        aligns.push(match (left, right) {
            (true, true) => Align::Center,
            (true, false) => Align::Left,
            (false, true) => Align::Right,
            (false, false) => Align::None,
        });
    }
    Some(aligns)
}

fn is_table_start(lines: &[&str], i: usize) -> bool {
    lines[i].contains('|') && lines.get(i + 1).and_then(|l| delimiter_row(l)).is_some()
}

/// Render one block (a group of lines without blank lines, or a fenced code block).
pub(crate) fn render_block(src: &str, depth: usize) -> String {
    let lines: Vec<&str> = src.lines().map(|l| l.trim_end_matches('\r')).collect();
    let Some(first) = lines.first() else {
        return String::new();
    };
    if let Some(fence) = opening_fence(first) {
        return render_fence(&lines, fence);
    }
    if let Some(level) = heading_level(first) {
        let t = first.trim_start()[level..].trim();
        let t = t.trim_end_matches('#').trim_end();
        return format!("<h{level}>{}</h{level}>", render_inline(t));
    }
    if lines.len() == 1 && is_rule(first) {
        return "<hr>".to_string();
    }
    render_lines(&lines, depth)
}

fn render_fence(lines: &[&str], fence: Fence) -> String {
    let info = lines[0]
        .trim_start()
        .trim_start_matches(fence.marker)
        .trim();
    let lang: String = info
        .split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '+'))
        .take(32)
        .collect();
    let mut body = &lines[1..];
    if let Some(last) = body.last() {
        if is_closing_fence(last, fence) {
            body = &body[..body.len() - 1];
        }
    }
    let mut code = String::new();
    for line in body {
        code.push_str(&escape_html(line));
        code.push('\n');
    }
    if lang.is_empty() {
        format!("<pre><code>{code}</code></pre>")
    } else {
        format!("<pre><code class=\"language-{lang}\">{code}</code></pre>")
    }
}

/// Render a run of lines that may mix paragraphs, lists, tables and quotes.
fn render_lines(lines: &[&str], depth: usize) -> String {
    let mut html = String::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim().is_empty() {
            i += 1;
            continue;
        }
        if depth < MAX_DEPTH && is_quote(line) {
            let start = i;
            while i < lines.len() && is_quote(lines[i]) {
                i += 1;
            }
            let inner: Vec<String> = lines[start..i]
                .iter()
                .map(|l| {
                    let t = l.trim_start().trim_start_matches('>');
                    t.strip_prefix(' ').unwrap_or(t).to_string()
                })
                .collect();
            html.push_str("<blockquote>");
            html.push_str(&render_quote_body(&inner, depth + 1));
            html.push_str("</blockquote>");
            continue;
        }
        if is_table_start(lines, i) {
            i = render_table(lines, i, &mut html);
            continue;
        }
        if depth < MAX_DEPTH && list_item(line).is_some() {
            let start = i;
            i += 1;
            while i < lines.len()
                && !lines[i].trim().is_empty()
                && !is_quote(lines[i])
                && !is_table_start(lines, i)
            {
                i += 1;
            }
            html.push_str(&render_list(&lines[start..i], depth));
            continue;
        }
        let start = i;
        i += 1;
        while i < lines.len()
            && !lines[i].trim().is_empty()
            && !is_quote(lines[i])
            && list_item(lines[i]).is_none()
            && !is_table_start(lines, i)
        {
            i += 1;
        }
        let text: Vec<&str> = lines[start..i].iter().map(|l| l.trim()).collect();
        html.push_str("<p>");
        html.push_str(&render_inline(&text.join("\n")));
        html.push_str("</p>");
    }
    html
}

fn render_quote_body(inner: &[String], depth: usize) -> String {
    // The quote's content may itself contain blank lines, fences and headings: split it into
    // blocks the same way as the top level.
    let mut html = String::new();
    let mut group: Vec<&str> = Vec::new();
    let mut fence: Option<Fence> = None;
    let flush = |group: &mut Vec<&str>, html: &mut String| {
        if !group.is_empty() {
            html.push_str(&render_block(&group.join("\n"), depth));
            group.clear();
        }
    };
    for line in inner {
        let line = line.as_str();
        if let Some(f) = fence {
            group.push(line);
            if is_closing_fence(line, f) {
                fence = None;
                flush(&mut group, &mut html);
            }
            continue;
        }
        if line.trim().is_empty() {
            flush(&mut group, &mut html);
        } else if let Some(f) = opening_fence(line) {
            flush(&mut group, &mut html);
            fence = Some(f);
            group.push(line);
        } else if heading_level(line).is_some() || is_rule(line) {
            flush(&mut group, &mut html);
            group.push(line);
            flush(&mut group, &mut html);
        } else {
            group.push(line);
        }
    }
    flush(&mut group, &mut html);
    html
}

fn render_table(lines: &[&str], start: usize, html: &mut String) -> usize {
    let aligns = delimiter_row(lines[start + 1]).unwrap_or_default();
    let cell = |tag: &str, idx: usize, text: &str| -> String {
        let style = match aligns.get(idx).copied().unwrap_or(Align::None) {
            Align::None => "",
            Align::Left => " style=\"text-align:left\"",
            Align::Center => " style=\"text-align:center\"",
            Align::Right => " style=\"text-align:right\"",
        };
        format!("<{tag}{style}>{}</{tag}>", render_inline(text))
    };
    let columns = aligns.len().max(1);
    html.push_str("<div class=\"md-table\"><table><thead><tr>");
    for (idx, text) in table_cells(lines[start]).iter().take(columns).enumerate() {
        html.push_str(&cell("th", idx, text));
    }
    html.push_str("</tr></thead><tbody>");
    let mut i = start + 2;
    while i < lines.len() && lines[i].contains('|') && !lines[i].trim().is_empty() {
        html.push_str("<tr>");
        let cells = table_cells(lines[i]);
        for idx in 0..columns {
            html.push_str(&cell("td", idx, cells.get(idx).copied().unwrap_or("")));
        }
        html.push_str("</tr>");
        i += 1;
    }
    html.push_str("</tbody></table></div>");
    i
}

struct Item {
    indent: usize,
    ordered: Option<u64>,
    text: String,
}

fn render_list(lines: &[&str], depth: usize) -> String {
    let mut items: Vec<Item> = Vec::new();
    for line in lines {
        match list_item(line) {
            Some((indent, ordered, text)) => items.push(Item {
                indent,
                ordered,
                text: text.trim().to_string(),
            }),
            None => {
                if let Some(last) = items.last_mut() {
                    last.text.push('\n');
                    last.text.push_str(line.trim());
                }
            }
        }
    }
    let mut html = String::new();
    let mut pos = 0;
    while pos < items.len() {
        pos = render_items(&items, pos, depth, &mut html);
    }
    html
}

/// Render the list starting at `items[pos]` and its nested lists; returns the next position.
fn render_items(items: &[Item], mut pos: usize, depth: usize, html: &mut String) -> usize {
    let base = items[pos].indent;
    let ordered = items[pos].ordered;
    match ordered {
        Some(n) if n != 1 => html.push_str(&format!("<ol start=\"{n}\">")),
        Some(_) => html.push_str("<ol>"),
        None => html.push_str("<ul>"),
    }
    while pos < items.len() && items[pos].indent <= base + 1 && items[pos].indent + 1 >= base {
        if items[pos].ordered.is_some() != ordered.is_some() {
            break;
        }
        html.push_str("<li>");
        html.push_str(&render_inline(&items[pos].text));
        pos += 1;
        while pos < items.len() && items[pos].indent > base + 1 {
            if depth + 1 < MAX_DEPTH {
                pos = render_items(items, pos, depth + 1, html);
            } else {
                html.push_str(&render_inline(&items[pos].text));
                pos += 1;
            }
        }
        html.push_str("</li>");
    }
    html.push_str(if ordered.is_some() { "</ol>" } else { "</ul>" });
    pos
}
