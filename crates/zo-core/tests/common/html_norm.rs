//! HTML comparison for the conformance tests: a small tokenizer and the normalization
//! CommonMark's own test runner applies before comparing (attributes sorted, entities
//! written one way, whitespace around block tags ignored, whitespace runs collapsed outside
//! `<pre>`). The panel's policy applied to the spec's HTML is in [`super::policy`].
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

pub(crate) fn escape(s: &str) -> String {
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

pub(crate) fn push_text(out: &mut Vec<Tok>, text: &str) {
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
