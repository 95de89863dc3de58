//! Tests of the renderer's HTML and safety policy (conformance, streaming and hostile input
//! have their own files under `tests/`).

use super::*;

fn html(text: &str) -> String {
    render_html(text)
}

const LINK: &str = "target=\"_blank\" rel=\"noopener noreferrer\"";

#[test]
fn answers_people_get_render_as_commonmark() {
    // A code fence inside a numbered step.
    assert_eq!(
        html("1. Install:\n\n   ```sh\n   cargo build\n   ```\n2. Run it."),
        "<ol><li><p>Install:</p><div class=\"md-code\"><div class=\"md-code-bar\">\
         <span class=\"md-code-lang\">sh</span><button type=\"button\" class=\"md-copy\" \
         title=\"Copy the code\">Copy</button></div><pre><code class=\"language-sh\">cargo build\n\
         </code></pre></div></li><li><p>Run it.</p></li></ol>"
    );
    // A loose list stays one list.
    assert_eq!(
        html("- one\n\n- two\n\n- three"),
        "<ul><li><p>one</p></li><li><p>two</p></li><li><p>three</p></li></ul>"
    );
    assert_eq!(html("***x***"), "<p><em><strong>x</strong></em></p>");
    assert_eq!(html("Tom &amp; Jerry"), "<p>Tom &amp; Jerry</p>");
    assert_eq!(html("Title\n====="), "<h1>Title</h1>");
    assert_eq!(html("a <!-- hidden --> b\n\n<!-- x -->"), "<p>a  b</p>");
    assert_eq!(html("soft\nbreak"), "<p>soft\nbreak</p>");
}

#[test]
fn raw_html_is_shown_as_text() {
    assert_eq!(
        html("<script>alert(1)</script>"),
        "<p class=\"md-raw\">&lt;script&gt;alert(1)&lt;/script&gt;</p>"
    );
    assert_eq!(
        html("x <img src=x onerror=alert(1)> y"),
        "<p>x &lt;img src=x onerror=alert(1)&gt; y</p>"
    );
    assert_eq!(
        html("<div>\n*hi*\n</div>"),
        "<p class=\"md-raw\">&lt;div&gt;\n*hi*\n&lt;/div&gt;</p>"
    );
}

#[test]
fn links_only_for_http_https_and_mailto() {
    assert_eq!(
        html("[ok](https://zo.computer/a?b=1&c=2 \"T\")"),
        format!("<p><a href=\"https://zo.computer/a?b=1&amp;c=2\" title=\"T\" {LINK}>ok</a></p>")
    );
    assert_eq!(
        html("[m](mailto:a@b.c)"),
        format!("<p><a href=\"mailto:a@b.c\" {LINK}>m</a></p>")
    );
    for bad in [
        "[x](javascript:alert(1))",
        "[x](JaVaScRiPt:alert(1))",
        "[x](<javascript:alert(1)>)",
        "[x](&#106;avascript:alert(1))",
        "[x](data:text/html,hi)",
        "[x](vbscript:x)",
        "[x](/relative)",
        "[x](#top)",
        "[x](//evil.example)",
        "[x](< https://padded.example>)",
        "<javascript:alert(1)>",
    ] {
        let out = html(bad);
        assert!(!out.contains("<a"), "{bad:?} -> {out}");
    }
    assert_eq!(html("[x](/relative)"), "<p>x</p>");
}

#[test]
fn images_become_links_to_the_image() {
    assert_eq!(
        html("![a cat](https://x.io/c.png \"T\")"),
        format!(
            "<p><a class=\"md-image\" href=\"https://x.io/c.png\" title=\"T\" {LINK}>a cat</a></p>"
        )
    );
    assert_eq!(
        html("![](https://x.io/c.png)"),
        format!("<p><a class=\"md-image\" href=\"https://x.io/c.png\" {LINK}>https://x.io/c.png</a></p>")
    );
    assert_eq!(html("![x *y*](javascript:alert(1))"), "<p>x y</p>");
    // An image inside a link is its alt text (links do not nest).
    assert_eq!(
        html("[![moon](https://m.io/m.jpg)](https://m.io)"),
        format!("<p><a href=\"https://m.io\" {LINK}>moon</a></p>")
    );
}

#[test]
fn bare_urls_and_addresses_become_links() {
    assert_eq!(
        html("see https://a.io/x_y_z, then www.b.io."),
        format!(
            "<p>see <a href=\"https://a.io/x_y_z\" {LINK}>https://a.io/x_y_z</a>, then \
             <a href=\"http://www.b.io\" {LINK}>www.b.io</a>.</p>"
        )
    );
    assert_eq!(
        html("mail ada@example.com."),
        format!("<p>mail <a href=\"mailto:ada@example.com\" {LINK}>ada@example.com</a>.</p>")
    );
    // Not inside links or code.
    assert_eq!(
        html("[see https://a.io](https://b.io) `www.c.io`"),
        format!(
            "<p><a href=\"https://b.io\" {LINK}>see https://a.io</a> <code>www.c.io</code></p>"
        )
    );
    // Not after a letter, and only real schemes.
    assert_eq!(
        html("xhttps://a.io ftp://b.io"),
        "<p>xhttps://a.io ftp://b.io</p>"
    );
}

/// A URL with characters outside ASCII (a bare URL, a link, an autolink) is written with
/// them percent-encoded as UTF-8 bytes, never cut inside one.
#[test]
fn urls_beyond_ascii_are_percent_encoded() {
    let out = html("see https://other.example/collect?… then");
    assert!(
        out.contains("href=\"https://other.example/collect?%E2%80%A6\""),
        "{out}"
    );
    let out = html("[Élysée](https://fr.wikipedia.org/wiki/Élysée) <https://x.example/ä>");
    assert!(
        out.contains("href=\"https://fr.wikipedia.org/wiki/%C3%89lys%C3%A9e\""),
        "{out}"
    );
    assert!(out.contains("href=\"https://x.example/%C3%A4\""), "{out}");
    let out = html("https://a.example/日本 and https://b.example/😀");
    assert!(out.contains("%E6%97%A5%E6%9C%AC"), "{out}");
    assert!(out.contains("%F0%9F%98%80"), "{out}");
}

#[test]
fn code_blocks_carry_a_sanitized_language_and_a_copy_button() {
    let out = html("```c++ {linenos} \"><script>\nint x;\n```");
    assert!(
        out.contains("<span class=\"md-code-lang\">c++</span>"),
        "{out}"
    );
    assert!(
        out.contains("<code class=\"language-c++\">int x;\n</code>"),
        "{out}"
    );
    let out = html("```\"><img>\nx\n```");
    assert!(out.contains("<code class=\"language-img\">"), "{out}");
    let out = html("    indented\n");
    assert!(
        out.contains("<button type=\"button\" class=\"md-copy\""),
        "{out}"
    );
    assert!(!out.contains("md-code-lang"), "{out}");
    assert!(out.contains("<pre><code>indented\n</code></pre>"), "{out}");
}

#[test]
fn tables_tasks_strikethrough_footnotes() {
    assert_eq!(
        html("| a | b |\n|:-|-:|\n| 1 | 2 |"),
        "<div class=\"md-table\"><table><thead><tr><th align=\"left\">a</th>\
         <th align=\"right\">b</th></tr></thead><tbody><tr><td align=\"left\">1</td>\
         <td align=\"right\">2</td></tr></tbody></table></div>"
    );
    assert_eq!(
        html("- [x] done\n- [ ] todo"),
        "<ul><li><input type=\"checkbox\" disabled=\"\" checked=\"\"> done</li>\
         <li><input type=\"checkbox\" disabled=\"\"> todo</li></ul>"
    );
    assert_eq!(
        html("~~Hi~~ Hello, ~there~ world! This will ~~~not~~~ strike."),
        "<p><del>Hi</del> Hello, <del>there</del> world! This will ~~~not~~~ strike.</p>"
    );
    assert_eq!(
        html("Claim[^1].\n\n[^1]: Source."),
        "<p>Claim<sup class=\"md-footnote-ref\">1</sup>.</p><div class=\"md-footnote\">\
         <sup class=\"md-footnote-label\">1</sup><p>Source.</p></div>"
    );
    // Without a definition, a footnote reference is text.
    assert_eq!(html("Claim[^2]."), "<p>Claim[^2].</p>");
}

#[test]
fn nesting_is_bounded() {
    let quotes = "> ".repeat(5000) + "deep";
    let out = html(&quotes);
    assert_eq!(out.matches("<blockquote>").count(), html::MAX_NESTING);
    assert_eq!(out.matches("</blockquote>").count(), html::MAX_NESTING);
    assert!(out.contains("<p>deep</p>"));
    let lists = "- ".repeat(5000) + "deep";
    let out = html(&lists);
    assert_eq!(
        out.matches("<ul>").count() + out.matches("<li>").count(),
        html::MAX_NESTING
    );
    assert!(out.contains("deep"));
}

#[test]
fn line_ends_are_normalized() {
    assert_eq!(html("a\r\nb\r\rc\rd"), html("a\nb\n\nc\nd"));
    let mut s = MarkdownStream::new();
    let mut blocks = Blocks::default();
    for piece in ["a\r", "\nb\r", "\r", "c"] {
        blocks.apply(&s.push(piece));
    }
    blocks.apply(&s.finish());
    assert_eq!(blocks.html(), html("a\nb\n\nc"));
}
