//! HTML comparison for the conformance tests: a small tokenizer, the normalization
//! CommonMark's own test runner applies before comparing (attributes sorted, entities
//! written one way, whitespace around block tags ignored, whitespace runs collapsed outside
//! `<pre>`), and the panel's policy applied to the spec's expected HTML (links only for
//! http/https/mailto and opening in a new tab, images as links, code blocks with their bar,
//! tables in a scroll box), so that expected and actual can be compared.
#![allow(dead_code)]

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    Start {
        name: String,
        attrs: Vec<(String, Option<String>)>,
    },
    End(String),
    Text(String),
    /// Comments, declarations, processing instructions, CDATA: kept verbatim.
    Other(String),
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest[..rest.len().min(40)].find(';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let name = &rest[1..semi];
        let c = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ if name.starts_with("#x") || name.starts_with("#X") => {
                u32::from_str_radix(&name[2..], 16)
                    .ok()
                    .and_then(char::from_u32)
            }
            _ if name.starts_with('#') => name[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn parse_tag(inner: &str) -> Option<Tok> {
    if let Some(name) = inner.strip_prefix('/') {
        return Some(Tok::End(name.trim().to_ascii_lowercase()));
    }
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    let name_end = inner
        .find(|c: char| c.is_whitespace())
        .unwrap_or(inner.len());
    let name = inner[..name_end].to_ascii_lowercase();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return None;
    }
    let mut attrs = Vec::new();
    let mut rest = inner[name_end..].trim_start();
    while !rest.is_empty() {
        let key_end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let key = rest[..key_end].to_ascii_lowercase();
        rest = rest[key_end..].trim_start();
        let value = if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            let (value, next) = match after.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let close = after[1..].find(q)? + 1;
                    (&after[1..close], &after[close + 1..])
                }
                _ => {
                    let end = after.find(char::is_whitespace).unwrap_or(after.len());
                    (&after[..end], &after[end..])
                }
            };
            rest = next.trim_start();
            Some(decode_entities(value))
        } else {
            None
        };
        if key.is_empty() {
            return None;
        }
        attrs.push((key, value));
    }
    Some(Tok::Start { name, attrs })
}

pub fn tokenize(html: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut rest = html;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("<!--") {
            let end = after.find("-->").map_or(rest.len(), |e| e + 7);
            out.push(Tok::Other(rest[..end].to_string()));
            rest = &rest[end..];
        } else if rest.starts_with("<![CDATA[") {
            let end = rest.find("]]>").map_or(rest.len(), |e| e + 3);
            out.push(Tok::Other(rest[..end].to_string()));
            rest = &rest[end..];
        } else if rest.starts_with('<') {
            let end = rest.find('>').map_or(rest.len(), |e| e + 1);
            let inner = &rest[1..end.saturating_sub(1).max(1)];
            let tok = if inner.starts_with('!') || inner.starts_with('?') {
                Some(Tok::Other(rest[..end].to_string()))
            } else {
                parse_tag(inner)
            };
            match tok {
                Some(t) => {
                    out.push(t);
                    rest = &rest[end..];
                }
                None => {
                    push_text(&mut out, "<");
                    rest = &rest[1..];
                }
            }
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            push_text(&mut out, &decode_entities(&rest[..end]));
            rest = &rest[end..];
        }
    }
    out
}

fn push_text(out: &mut Vec<Tok>, text: &str) {
    if let Some(Tok::Text(t)) = out.last_mut() {
        t.push_str(text);
    } else {
        out.push(Tok::Text(text.to_string()));
    }
}

fn is_block_tag(tag: &str) -> bool {
    [
        "div",
        "article",
        "header",
        "aside",
        "hgroup",
        "blockquote",
        "hr",
        "iframe",
        "body",
        "li",
        "map",
        "button",
        "object",
        "canvas",
        "ol",
        "caption",
        "output",
        "col",
        "p",
        "colgroup",
        "pre",
        "dd",
        "progress",
        "section",
        "dl",
        "table",
        "td",
        "dt",
        "tbody",
        "embed",
        "textarea",
        "fieldset",
        "tfoot",
        "figcaption",
        "th",
        "figure",
        "thead",
        "footer",
        "tr",
        "form",
        "ul",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "video",
        "script",
        "style",
    ]
    .contains(&tag)
}

/// Whitespace runs as one space.
fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            if !in_space {
                out.push(' ');
            }
            in_space = true;
        } else {
            out.push(c);
            in_space = false;
        }
    }
    out
}

/// The normalized form of `html`, as CommonMark's test runner computes it.
pub fn normalize(html: &str) -> String {
    normalize_tokens(&tokenize(html))
}

pub fn normalize_tokens(tokens: &[Tok]) -> String {
    #[derive(PartialEq)]
    enum Last {
        Start,
        End,
        Data,
        Other,
    }
    let mut out = String::new();
    let mut last = Last::Start;
    let mut last_tag = String::new();
    let mut in_pre = false;
    for tok in tokens {
        match tok {
            Tok::Start { name, attrs } => {
                if name == "pre" {
                    in_pre = true;
                }
                if is_block_tag(name) {
                    out.truncate(out.trim_end().len());
                }
                out.push('<');
                out.push_str(name);
                let mut attrs = attrs.clone();
                attrs.sort();
                for (k, v) in attrs {
                    out.push(' ');
                    out.push_str(&k);
                    if let Some(v) = v {
                        out.push_str("=\"");
                        out.push_str(&escape(&v).replace('\'', "&#x27;"));
                        out.push('"');
                    }
                }
                out.push('>');
                last_tag = name.clone();
                last = Last::Start;
                if ["br", "hr", "img", "input"].contains(&name.as_str()) {
                    last = Last::End;
                }
            }
            Tok::End(name) => {
                if name == "pre" {
                    in_pre = false;
                } else if is_block_tag(name) {
                    out.truncate(out.trim_end().len());
                }
                out.push_str("</");
                out.push_str(name);
                out.push('>');
                last_tag = name.clone();
                last = Last::End;
            }
            Tok::Text(text) => {
                let after_tag = last == Last::Start || last == Last::End;
                let after_block = after_tag && is_block_tag(&last_tag);
                let mut data = text.clone();
                if after_tag && last_tag == "br" {
                    data = data.trim_start_matches('\n').to_string();
                }
                if !in_pre {
                    data = collapse_whitespace(&data);
                }
                if after_block && !in_pre {
                    data = match last {
                        Last::Start => data.trim_start().to_string(),
                        _ => data.trim().to_string(),
                    };
                }
                out.push_str(&escape(&data));
                last = Last::Data;
            }
            Tok::Other(s) => {
                out.push_str(s);
                last = Last::Other;
            }
        }
    }
    out
}

/// A URL the panel may link to.
pub fn allowed(url: &str) -> bool {
    url.split_once(':').is_some_and(|(scheme, _)| {
        ["http", "https", "mailto"]
            .iter()
            .any(|s| scheme.eq_ignore_ascii_case(s))
    })
}

/// A code block's language as the panel keeps it.
pub fn language(info: &str) -> String {
    info.split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_alphanumeric() || "_+#.-".contains(*c))
        .take(32)
        .collect()
}

fn attr<'a>(attrs: &'a [(String, Option<String>)], key: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(k, _)| k == key)
        .and_then(|(_, v)| v.as_deref())
}

fn start(name: &str, attrs: &[(&str, &str)]) -> Tok {
    Tok::Start {
        name: name.to_string(),
        attrs: attrs
            .iter()
            .map(|(k, v)| (k.to_string(), Some(v.to_string())))
            .collect(),
    }
}

fn link_start(href: &str, title: Option<&str>, class: Option<&str>) -> Tok {
    let mut attrs = vec![("href", href)];
    if let Some(t) = title.filter(|t| !t.is_empty()) {
        attrs.push(("title", t));
    }
    if let Some(c) = class {
        attrs.push(("class", c));
    }
    attrs.push(("target", "_blank"));
    attrs.push(("rel", "noopener noreferrer"));
    start("a", &attrs)
}

/// The spec's expected HTML for `markdown` as the panel renders it.
pub fn apply_policy(markdown: &str, expected: &str) -> Vec<Tok> {
    // Raw HTML is shown as text (comments left out); a raw HTML block is a paragraph.
    let mut raw = passed_through(markdown, expected);
    raw.sort_by_key(|t| std::cmp::Reverse(t.len()));
    let mut expected = expected.to_string();
    for tag in &raw {
        let shown = if tag.starts_with("<!--") {
            String::new()
        } else {
            escape(tag)
        };
        expected = expected.replace(tag.as_str(), &shown);
    }
    let tokens = wrap_raw_blocks(tokenize(&expected));
    let mut out = Vec::new();
    let mut links: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let tok = &tokens[i];
        match tok {
            Tok::Start { name, attrs } if name == "a" => {
                let href = attr(attrs, "href").unwrap_or("");
                let ok = allowed(href);
                if ok {
                    out.push(link_start(href, attr(attrs, "title"), None));
                }
                links.push(ok);
            }
            Tok::End(name) if name == "a" => {
                if links.pop() == Some(true) {
                    out.push(tok.clone());
                }
            }
            Tok::Start { name, attrs } if name == "img" => {
                let src = attr(attrs, "src").unwrap_or("");
                let alt = attr(attrs, "alt").unwrap_or("");
                if links.is_empty() && allowed(src) {
                    out.push(link_start(src, attr(attrs, "title"), Some("md-image")));
                    push_text(&mut out, if alt.is_empty() { src } else { alt });
                    out.push(Tok::End("a".into()));
                } else {
                    push_text(&mut out, alt);
                }
            }
            Tok::Start { name, .. } if name == "pre" => {
                let lang = match tokens.get(i + 1) {
                    Some(Tok::Start { name, attrs }) if name == "code" => attr(attrs, "class")
                        .and_then(|c| c.strip_prefix("language-"))
                        .map(language)
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                out.push(start("div", &[("class", "md-code")]));
                out.push(start("div", &[("class", "md-code-bar")]));
                if !lang.is_empty() {
                    out.push(start("span", &[("class", "md-code-lang")]));
                    out.push(Tok::Text(lang.clone()));
                    out.push(Tok::End("span".into()));
                }
                out.push(start(
                    "button",
                    &[
                        ("type", "button"),
                        ("class", "md-copy"),
                        ("title", "Copy the code"),
                    ],
                ));
                out.push(Tok::Text("Copy".into()));
                out.push(Tok::End("button".into()));
                out.push(Tok::End("div".into()));
                out.push(tok.clone());
                if let Some(Tok::Start { name, .. }) = tokens.get(i + 1) {
                    if name == "code" {
                        let class = format!("language-{lang}");
                        out.push(if lang.is_empty() {
                            start("code", &[])
                        } else {
                            start("code", &[("class", &class)])
                        });
                        i += 1;
                    }
                }
            }
            Tok::End(name) if name == "pre" => {
                out.push(tok.clone());
                out.push(Tok::End("div".into()));
            }
            Tok::Start { name, .. } if name == "table" => {
                out.push(start("div", &[("class", "md-table")]));
                out.push(tok.clone());
            }
            Tok::End(name) if name == "table" => {
                out.push(tok.clone());
                out.push(Tok::End("div".into()));
            }
            Tok::Text(t) => push_text(&mut out, t),
            _ => out.push(tok.clone()),
        }
        i += 1;
    }
    out
}

/// Text outside any element (or directly in a block quote) can only be a raw HTML block:
/// the panel shows it as a paragraph of class `md-raw`.
fn wrap_raw_blocks(tokens: Vec<Tok>) -> Vec<Tok> {
    let mut out = Vec::with_capacity(tokens.len());
    let mut open: Vec<String> = Vec::new();
    for tok in tokens {
        match &tok {
            Tok::Start { name, .. } if !["br", "hr", "img", "input"].contains(&name.as_str()) => {
                open.push(name.clone());
            }
            Tok::End(name) => {
                if let Some(i) = open.iter().rposition(|n| n == name) {
                    open.truncate(i);
                }
            }
            Tok::Text(text)
                if !text.trim().is_empty() && open.last().is_none_or(|n| n == "blockquote") =>
            {
                out.push(start("p", &[("class", "md-raw")]));
                out.push(Tok::Text(text.trim_end_matches('\n').to_string()));
                out.push(Tok::End("p".into()));
                continue;
            }
            _ => {}
        }
        out.push(tok);
    }
    out
}

/// The tags of `html` outside the panel's vocabulary (name and attributes), as text.
pub fn foreign_tags(html: &str) -> Vec<String> {
    let mut bad = Vec::new();
    for tok in tokenize(html) {
        match tok {
            Tok::Start { name, attrs } => {
                let ok_name = [
                    "p",
                    "em",
                    "strong",
                    "del",
                    "a",
                    "code",
                    "pre",
                    "blockquote",
                    "ul",
                    "ol",
                    "li",
                    "h1",
                    "h2",
                    "h3",
                    "h4",
                    "h5",
                    "h6",
                    "hr",
                    "br",
                    "div",
                    "span",
                    "button",
                    "table",
                    "thead",
                    "tbody",
                    "tr",
                    "th",
                    "td",
                    "input",
                    "sup",
                ]
                .contains(&name.as_str());
                let ok_attrs = attrs.iter().all(|(k, v)| match k.as_str() {
                    "href" => v.as_deref().is_some_and(allowed),
                    "class" | "title" | "start" | "align" | "type" | "disabled" | "checked"
                    | "target" | "rel" => true,
                    _ => false,
                });
                let ok_input = name != "input"
                    || (attr(&attrs, "type") == Some("checkbox")
                        && attrs.iter().any(|(k, _)| k == "disabled"));
                if !(ok_name && ok_attrs && ok_input) {
                    bad.push(format!("<{name} {attrs:?}>"));
                }
            }
            Tok::Other(s) => bad.push(s),
            _ => {}
        }
    }
    bad
}

/// Raw HTML the spec passes through in `expected`: tags and comments that appear verbatim
/// in both the Markdown and the expected HTML.
pub fn passed_through(markdown: &str, expected: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = expected;
    while let Some(lt) = rest.find('<') {
        let tail = &rest[lt..];
        let end = if tail.starts_with("<!--") {
            tail.find("-->").map(|e| e + 3)
        } else {
            tail.find('>').map(|e| e + 1)
        };
        let Some(end) = end else { break };
        let tag = &tail[..end];
        if markdown.contains(tag) {
            found.push(tag.to_string());
        }
        rest = &tail[end..];
    }
    found
}

/// `text` escaped as the panel escapes text.
pub fn escaped(text: &str) -> String {
    escape(text)
}

/// CommonMark examples of bare URLs and addresses that stay text in CommonMark but become
/// links with GitHub's autolink extension, which the panel implements: their HTML then.
pub const EXTENDED_AUTOLINKS: [(u32, &str); 4] = [
    (
        606,
        "<p>&lt;<a href=\"mailto:foo+@bar.example.com\" target=\"_blank\" rel=\"noopener noreferrer\">foo+@bar.example.com</a>&gt;</p>",
    ),
    (
        608,
        "<p>&lt; <a href=\"https://foo.bar\" target=\"_blank\" rel=\"noopener noreferrer\">https://foo.bar</a> &gt;</p>",
    ),
    (
        611,
        "<p><a href=\"https://example.com\" target=\"_blank\" rel=\"noopener noreferrer\">https://example.com</a></p>",
    ),
    (
        612,
        "<p><a href=\"mailto:foo@bar.example.com\" target=\"_blank\" rel=\"noopener noreferrer\">foo@bar.example.com</a></p>",
    ),
];

/// The normalized HTML the panel should render for CommonMark example `number`.
pub fn commonmark_expected(number: u32, markdown: &str, html: &str) -> String {
    match EXTENDED_AUTOLINKS.iter().find(|(n, _)| *n == number) {
        Some((_, html)) => normalize(html),
        None => normalize_tokens(&apply_policy(markdown, html)),
    }
}
