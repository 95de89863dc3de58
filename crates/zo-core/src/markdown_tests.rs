//! Tests of the Markdown renderer: block and inline rules, safety, streaming = whole.

use super::*;
use crate::markdown_inline::{render_inline, safe_href};

fn stream_all(text: &str, piece: usize) -> (Vec<(u32, String)>, MarkdownStream) {
    let mut md = MarkdownStream::new();
    let mut finished = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    for chunk in chars.chunks(piece.max(1)) {
        let s: String = chunk.iter().collect();
        finished.extend(md.push(&s).finished);
    }
    finished.extend(md.finish().finished);
    (finished, md)
}

#[test]
fn paragraphs_headings_and_emphasis() {
    let html = render("# Title\nSome **bold** and *em* and `a<b>`.\n\nNext _para_ ~~gone~~.");
    assert_eq!(
        html,
        "<h1>Title</h1><p>Some <strong>bold</strong> and <em>em</em> and <code>a&lt;b&gt;</code>.</p>\
         <p>Next <em>para</em> <del>gone</del>.</p>"
    );
}

#[test]
fn raw_html_is_escaped() {
    let html = render("<script>alert(1)</script>\n<img src=x onerror=alert(1)>");
    assert!(!html.contains("<script"));
    assert!(!html.contains("<img"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
}

#[test]
fn code_block_keeps_content_verbatim_and_escaped() {
    let html = render("```rust\nfn main() { let a = \"<b>\"; }\n\n*not em*\n```\nafter");
    assert_eq!(
        html,
        "<pre><code class=\"language-rust\">fn main() { let a = &quot;&lt;b&gt;&quot;; }\n\n*not em*\n</code></pre><p>after</p>"
    );
}

#[test]
fn unterminated_code_block_renders_open() {
    let mut md = MarkdownStream::new();
    let up = md.push("```\ncode line\n");
    assert!(up.finished.is_empty());
    assert_eq!(
        up.open,
        Some((0, "<pre><code>code line\n</code></pre>".into()))
    );
}

#[test]
fn lists_ordered_unordered_and_nested() {
    let html = render("Intro:\n- one\n- two\n  - deep\n- three\n\n3. c\n4. d");
    assert_eq!(
        html,
        "<p>Intro:</p><ul><li>one</li><li>two<ul><li>deep</li></ul></li><li>three</li></ul>\
         <ol start=\"3\"><li>c</li><li>d</li></ol>"
    );
}

#[test]
fn table_with_alignment() {
    let html = render("| Name | Price |\n|:-----|------:|\n| A | $1 |\n| B |\n");
    assert_eq!(
        html,
        "<div class=\"md-table\"><table><thead><tr><th style=\"text-align:left\">Name</th>\
         <th style=\"text-align:right\">Price</th></tr></thead><tbody>\
         <tr><td style=\"text-align:left\">A</td><td style=\"text-align:right\">$1</td></tr>\
         <tr><td style=\"text-align:left\">B</td><td style=\"text-align:right\"></td></tr>\
         </tbody></table></div>"
    );
}

#[test]
fn blockquote_and_rule() {
    let html = render("> quoted **x**\n> more\n\n---\n");
    assert_eq!(
        html,
        "<blockquote><p>quoted <strong>x</strong><br>more</p></blockquote><hr>"
    );
}

#[test]
fn links_are_allowlisted_and_open_in_new_tab() {
    let html = render_inline("[ok](https://zo.computer/a?b=1&c=2) [bad](javascript:alert(1))");
    assert_eq!(
        html,
        "<a href=\"https://zo.computer/a?b=1&amp;c=2\" target=\"_blank\" rel=\"noopener noreferrer\">ok</a> bad"
    );
    let html = render_inline("mail <mailto:a@b.c> or see https://x.io/p).");
    assert!(html.contains("<a href=\"mailto:a@b.c\""));
    assert!(html.contains("<a href=\"https://x.io/p\""));
    assert!(html.ends_with("</a>)."));
}

#[test]
fn images_become_links_never_img() {
    let html = render_inline("![cat](https://x.io/c.png) ![x](javascript:alert(1))");
    assert!(!html.contains("<img"));
    assert!(html.starts_with("<a href=\"https://x.io/c.png\""));
    assert!(!html.contains("javascript"));
}

#[test]
fn safe_href_refuses_tricks() {
    for bad in [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        " javascript:alert(1)",
        "java\tscript:alert(1)",
        "javascript&#58;alert(1)",
        "vbscript:msgbox(1)",
        "data:text/html,<script>alert(1)</script>",
        "//evil.com",
        "/relative",
        "https:\\\\evil",
        "http:///x",
        "",
    ] {
        assert_eq!(safe_href(bad), None, "{bad:?}");
    }
    assert_eq!(
        safe_href("HTTPS://A.B/\"x"),
        Some("HTTPS://A.B/&quot;x".into())
    );
}

#[test]
fn streaming_matches_one_shot_rendering_for_any_chunking() {
    let text =
        "# Plan\nFirst para with **bold\nacross** lines.\n\n```js\nlet x = 1;\n\nlet y;\n```\n\
                - a\n- b [l](https://e.com)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> q\n\nend";
    let whole = render(text);
    for piece in [1, 2, 3, 5, 7, 64] {
        let (finished, _) = stream_all(text, piece);
        let joined: String = finished.iter().map(|(_, h)| h.as_str()).collect();
        assert_eq!(joined, whole, "piece {piece}");
        let ids: Vec<u32> = finished.iter().map(|(id, _)| *id).collect();
        let expected: Vec<u32> = (0..ids.len() as u32).collect();
        assert_eq!(ids, expected, "each block finishes once, in order");
    }
}

#[test]
fn finished_blocks_are_emitted_once_and_open_block_is_last() {
    let mut md = MarkdownStream::new();
    let up = md.push("Hello wor");
    assert_eq!(up.open, Some((0, "<p>Hello wor</p>".into())));
    let up = md.push("ld\n\nSecond");
    assert_eq!(up.finished, vec![(0, "<p>Hello world</p>".into())]);
    assert_eq!(up.open, Some((1, "<p>Second</p>".into())));
    let up = md.push(" part");
    assert!(up.finished.is_empty());
    assert_eq!(up.open, Some((1, "<p>Second part</p>".into())));
    let up = md.finish();
    assert_eq!(up.finished, vec![(1, "<p>Second part</p>".into())]);
    assert_eq!(up.open, None);
}

#[test]
fn per_delta_work_is_bounded_by_the_open_block() {
    // After many finished paragraphs, a delta's output only carries the open block.
    let mut md = MarkdownStream::new();
    for i in 0..500 {
        md.push(&format!("Paragraph number {i} with some text.\n\n"));
    }
    let up = md.push("tail");
    assert!(up.finished.is_empty());
    assert_eq!(up.open, Some((500, "<p>tail</p>".into())));
    assert!(md.open_src.len() + md.partial.len() < 16);
}

#[test]
fn headings_split_blocks_without_blank_lines() {
    let (finished, _) = stream_all("text\n## Head\nmore", 4);
    let html: Vec<&str> = finished.iter().map(|(_, h)| h.as_str()).collect();
    assert_eq!(html, vec!["<p>text</p>", "<h2>Head</h2>", "<p>more</p>"]);
}

#[test]
fn deep_nesting_is_bounded() {
    let quote = ">".repeat(5000) + " x";
    let html = render(&quote);
    assert!(html.contains('x'));
    let em = "*".repeat(3) + &"[".repeat(3000) + "x";
    let html = render(&em);
    assert!(html.contains('x'));
}

#[test]
fn crlf_input() {
    assert_eq!(render("a\r\nb\r\n\r\nc"), "<p>a<br>b</p><p>c</p>");
}

#[test]
fn a_huge_open_block_costs_linear_total_work() {
    // A 2000-row table streamed 7 bytes at a time: re-rendering it on every delta would
    // emit ~2 GB of HTML; the lazy schedule keeps the total linear in its size.
    let mut text = String::from("| n | square |\n|---|---|\n");
    for i in 0..2000 {
        text.push_str(&format!("| {i} | {} |\n", i * i));
    }
    let mut md = MarkdownStream::new();
    let mut emitted = 0usize;
    let mut deltas = 0usize;
    let mut deferred = 0usize;
    let chars: Vec<char> = text.chars().collect();
    for piece in chars.chunks(7) {
        let up = md.push(&piece.iter().collect::<String>());
        deltas += 1;
        if up.deferred {
            deferred += 1;
            assert!(up.open.is_none());
        }
        emitted += up.open.map_or(0, |(_, h)| h.len());
    }
    let last = md.finish();
    let final_html = &last.finished[0].1;
    assert_eq!(final_html, &render(&text));
    assert!(deferred > deltas / 2, "{deferred} of {deltas}");
    let html_per_source_byte = final_html.len() / text.len() + 1;
    let bound = (LAZY_GROWTH * 2 + 2) * text.len() * html_per_source_byte
        + deltas * LAZY_OPEN_BYTES * html_per_source_byte;
    assert!(emitted < bound, "emitted {emitted} bytes, bound {bound}");
    assert!(emitted < 100 * final_html.len(), "emitted {emitted}");
}

#[test]
fn everyday_model_output_edge_cases() {
    assert_eq!(
        render_inline("snake_case_name and 2 * 3 * 4"),
        "snake_case_name and 2 * 3 * 4"
    );
    assert_eq!(
        render_inline("see https://a.io/x_y_z, then"),
        "see <a href=\"https://a.io/x_y_z\" target=\"_blank\" rel=\"noopener noreferrer\">https://a.io/x_y_z</a>, then"
    );
    assert_eq!(render_inline("``a ` b``"), "<code>a ` b</code>");
    assert_eq!(render_inline("\\*not em\\*"), "*not em*");
    assert_eq!(render_inline("**bold**text"), "<strong>bold</strong>text");
    assert_eq!(render("## Title ##"), "<h2>Title</h2>");
    assert_eq!(
        render("Steps:\n1. one\n2. two"),
        "<p>Steps:</p><ol><li>one</li><li>two</li></ol>"
    );
    assert_eq!(render("#hashtag"), "<p>#hashtag</p>");
    assert_eq!(render("a\n***\nb"), "<p>a</p><hr><p>b</p>");
}
