//! Inline Markdown (code spans, emphasis, strikethrough, links, autolinks, line breaks) to
//! safe HTML, and the HTML escaping and link-URL allowlist every Markdown output goes through.

/// Escape text for HTML element content and double- or single-quoted attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The URL to put in `href`, or None when it is not an absolute http, https or mailto URL.
/// Judged on the raw text: any whitespace, control character or backslash refuses it, so
/// obfuscations like `java\tscript:` or `javascript&#58;` never pass.
pub fn safe_href(raw: &str) -> Option<String> {
    let url = raw.trim();
    if url.is_empty()
        || url
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '\\' || c == '<' || c == '>')
    {
        return None;
    }
    let lower = url.to_ascii_lowercase();
    let ok = if let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    {
        !rest.is_empty() && !rest.starts_with('/')
    } else if let Some(rest) = lower.strip_prefix("mailto:") {
        !rest.is_empty()
    } else {
        false
    };
    ok.then(|| escape_html(url))
}

fn link_html(href: &str, inner_html: &str) -> String {
    format!("<a href=\"{href}\" target=\"_blank\" rel=\"noopener noreferrer\">{inner_html}</a>")
}

/// Nesting limit for emphasis and link text.
const MAX_INLINE_DEPTH: usize = 16;

/// Render inline Markdown to safe HTML. Newlines become `<br>`.
pub fn render_inline(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 16);
    Inline {
        chars: &chars,
        in_link: false,
    }
    .render(0, chars.len(), 0, &mut out);
    out
}

struct Inline<'a> {
    chars: &'a [char],
    in_link: bool,
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        _ => out.push(c),
    }
}

impl Inline<'_> {
    fn text(&self, from: usize, to: usize) -> String {
        self.chars[from..to].iter().collect()
    }

    fn run_len(&self, at: usize, end: usize, c: char) -> usize {
        self.chars[at..end].iter().take_while(|x| **x == c).count()
    }

    /// Render `chars[from..end]` into `out`.
    fn render(&self, from: usize, end: usize, depth: usize, out: &mut String) {
        let mut i = from;
        while i < end {
            let c = self.chars[i];
            match c {
                '\\' if i + 1 < end && self.chars[i + 1].is_ascii_punctuation() => {
                    push_escaped(out, self.chars[i + 1]);
                    i += 2;
                }
                '\\' if i + 1 < end && self.chars[i + 1] == '\n' => {
                    out.push_str("<br>");
                    i += 2;
                }
                '\n' => {
                    out.push_str("<br>");
                    i += 1;
                }
                '`' => i = self.code_span(i, end, out),
                '*' | '_' | '~' if depth < MAX_INLINE_DEPTH => {
                    i = self.emphasis(i, end, depth, out);
                }
                '[' if depth < MAX_INLINE_DEPTH => i = self.link(i, end, depth, false, out),
                '!' if depth < MAX_INLINE_DEPTH && i + 1 < end && self.chars[i + 1] == '[' => {
                    i = self.link(i + 1, end, depth, true, out);
                }
                '<' => i = self.autolink(i, end, out),
                'h' | 'H' | 'm' | 'M' if !self.in_link && self.word_start(i, from) => {
                    i = self.bare_url(i, end, out);
                }
                _ => {
                    push_escaped(out, c);
                    i += 1;
                }
            }
        }
    }

    fn word_start(&self, i: usize, from: usize) -> bool {
        i == from || !self.chars[i - 1].is_alphanumeric()
    }

    fn code_span(&self, at: usize, end: usize, out: &mut String) -> usize {
        let n = self.run_len(at, end, '`');
        let mut j = at + n;
        while j < end {
            if self.chars[j] == '`' {
                let m = self.run_len(j, end, '`');
                if m == n {
                    let mut inner = self.text(at + n, j);
                    if inner.len() > 2 && inner.starts_with(' ') && inner.ends_with(' ') {
                        inner = inner[1..inner.len() - 1].to_string();
                    }
                    out.push_str("<code>");
                    out.push_str(&escape_html(&inner.replace('\n', " ")));
                    out.push_str("</code>");
                    return j + m;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        for _ in 0..n {
            out.push('`');
        }
        at + n
    }

    fn emphasis(&self, at: usize, end: usize, depth: usize, out: &mut String) -> usize {
        let c = self.chars[at];
        let run = self.run_len(at, end, c);
        let literal = |out: &mut String| {
            for _ in 0..run {
                out.push(c);
            }
            at + run
        };
        let n = match (c, run) {
            ('~', 2) => 2,
            ('~', _) => return literal(out),
            (_, 1) | (_, 2) => run,
            (_, _) => 2.min(run),
        };
        let open_end = at + n;
        // The opener must be followed by non-space; `_` must not be inside a word.
        if open_end >= end || self.chars[open_end].is_whitespace() {
            return literal(out);
        }
        if c == '_' && at > 0 && self.chars[at - 1].is_alphanumeric() {
            return literal(out);
        }
        let mut j = open_end + 1;
        while j < end {
            let x = self.chars[j];
            if x == '`' {
                // Skip code spans: their content is never emphasis.
                let m = self.run_len(j, end, '`');
                j += m;
                continue;
            }
            if x == c {
                let m = self.run_len(j, end, c);
                let closes = m == n
                    && !self.chars[j - 1].is_whitespace()
                    && !(c == '_' && j + m < end && self.chars[j + m].is_alphanumeric());
                if closes {
                    let (open, close) = match (c, n) {
                        ('~', _) => ("<del>", "</del>"),
                        (_, 2) => ("<strong>", "</strong>"),
                        _ => ("<em>", "</em>"),
                    };
                    out.push_str(open);
                    self.render(open_end, j, depth + 1, out);
                    out.push_str(close);
                    return j + m;
                }
                j += m;
                continue;
            }
            j += 1;
        }
        literal(out)
    }

    /// The index (before `end`) of the `close` bracket matching the `open` one at `at`,
    /// counting nested pairs and skipping backslash-escaped characters.
    fn matching(&self, at: usize, end: usize, open: char, close: char) -> Option<usize> {
        let mut level = 0usize;
        let mut j = at;
        while j < end {
            match self.chars[j] {
                '\\' => j += 1,
                c if c == open => level += 1,
                c if c == close => {
                    level -= 1;
                    if level == 0 {
                        return Some(j);
                    }
                }
                _ => {}
            }
            j += 1;
        }
        None
    }

    /// `[text](url)` or, with `image`, `![alt](url)` (rendered as a link, never loaded).
    fn link(&self, at: usize, end: usize, depth: usize, image: bool, out: &mut String) -> usize {
        let fallback = |out: &mut String| {
            out.push_str(if image { "![" } else { "[" });
            at + 1
        };
        if self.in_link && !image {
            return fallback(out);
        }
        let Some(close) = self.matching(at, end, '[', ']') else {
            return fallback(out);
        };
        if close + 1 >= end || self.chars[close + 1] != '(' {
            return fallback(out);
        }
        let Some(paren_end) = self.matching(close + 1, end, '(', ')') else {
            return fallback(out);
        };
        let dest = self.text(close + 2, paren_end);
        let dest = dest.trim();
        let url = dest
            .strip_prefix('<')
            .and_then(|d| d.split_once('>'))
            .map_or_else(|| dest.split_whitespace().next().unwrap_or(""), |(u, _)| u);
        let mut label = String::new();
        let inner = Inline {
            chars: self.chars,
            in_link: true,
        };
        inner.render(at + 1, close, depth + 1, &mut label);
        if image && label.is_empty() {
            label.push_str("image");
        }
        match safe_href(url) {
            Some(href) => out.push_str(&link_html(&href, &label)),
            None => out.push_str(&label),
        }
        paren_end + 1
    }

    /// `<https://example.com>` or `<mailto:a@b>`; anything else is an escaped `<`.
    fn autolink(&self, at: usize, end: usize, out: &mut String) -> usize {
        let close = self.chars[at + 1..end]
            .iter()
            .position(|c| *c == '>' || *c == '<' || c.is_whitespace())
            .map(|p| at + 1 + p);
        if let Some(close) = close.filter(|c| self.chars[*c] == '>') {
            let url = self.text(at + 1, close);
            if let Some(href) = safe_href(&url).filter(|_| !self.in_link) {
                out.push_str(&link_html(&href, &escape_html(&url)));
                return close + 1;
            }
        }
        out.push_str("&lt;");
        at + 1
    }

    /// A bare `http://`, `https://` or `mailto:` URL in text.
    fn bare_url(&self, at: usize, end: usize, out: &mut String) -> usize {
        let rest: String = self.chars[at..end.min(at + 8)].iter().collect();
        let lower = rest.to_ascii_lowercase();
        if !(lower.starts_with("http://")
            || lower.starts_with("https://")
            || lower.starts_with("mailto:"))
        {
            push_escaped(out, self.chars[at]);
            return at + 1;
        }
        let mut j = at;
        while j < end && !self.chars[j].is_whitespace() && !matches!(self.chars[j], '<' | '>' | '"')
        {
            j += 1;
        }
        // Trailing punctuation belongs to the sentence, not the URL.
        while j > at
            && matches!(
                self.chars[j - 1],
                '.' | ',' | ';' | ':' | '!' | '?' | '\'' | '*' | '_'
            )
        {
            j -= 1;
        }
        if j > at && self.chars[j - 1] == ')' {
            let url: String = self.chars[at..j].iter().collect();
            if url.matches('(').count() < url.matches(')').count() {
                j -= 1;
            }
        }
        let url = self.text(at, j);
        match safe_href(&url) {
            Some(href) => {
                out.push_str(&link_html(&href, &escape_html(&url)));
                j
            }
            None => {
                push_escaped(out, self.chars[at]);
                at + 1
            }
        }
    }
}
