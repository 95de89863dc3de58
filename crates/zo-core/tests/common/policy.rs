//! The panel's policy applied to the spec's expected HTML, so that it can be compared with
//! what the panel renders: links only for http/https/mailto and opening in a new tab, images
//! as links to the image, code blocks with their bar (language label, Copy), tables in a
//! scroll box, raw HTML shown as text; and the tags the panel may write.
#![allow(dead_code)]

use super::html_norm::{escape, normalize, normalize_tokens, push_text, tokenize, Tok};

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
