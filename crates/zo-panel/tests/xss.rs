//! Markdown safety in the real DOM: model output full of XSS payloads, streamed in small
//! pieces and finished, must leave no <script>, no on* attribute and no javascript:,
//! vbscript: or data: URL anywhere in the panel.

#![cfg(test)]

mod common;

use common::*;
use wasm_bindgen_test::*;
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

const PAYLOADS: &[&str] = &[
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<img src=x onerror=alert(1)>",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<body onload=alert(1)>",
    "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
    "<iframe src=javascript:alert(1)>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<div style=\"background:url(javascript:alert(1))\">x</div>",
    "<div style=\"width: expression(alert(1))\">x</div>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<details open ontoggle=alert(1)>",
    "<input autofocus onfocus=alert(1)>",
    "<object data=\"javascript:alert(1)\"></object>",
    "<embed src=\"data:text/html,<script>alert(1)</script>\">",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click]( javascript:alert(1))",
    "[click](java\tscript:alert(1))",
    "[click](javascript&#58;alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[click](vbscript:msgbox(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](<javascript:alert(1)>)",
    "![img](javascript:alert(1))",
    "![img\" onerror=\"alert(1)](https://x.example/a.png)",
    "[x](https://ok.example/\" onmouseover=\"alert(1))",
    "[x](https://ok.example/'onmouseover='alert(1)')",
    "<javascript:alert(1)>",
    "<https://ok.example/\"onmouseover=\"alert(1)>",
    "https://ok.example/\"><script>alert(1)</script>",
    "`<script>alert(1)</script>` and ``<img src=x onerror=alert(1)>``",
    "```html\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n```",
    "> <script>alert(1)</script>\n> [q](javascript:alert(1))",
    "| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [l](javascript:alert(1)) |",
    "- <svg/onload=alert(1)>\n- [l](vbscript:x)",
    "# <img src=x onerror=alert(1)>",
    "**<script>alert(1)</script>** _<b onclick=alert(1)>x</b>_",
    "&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;",
    "<a href=\"&#x6A;avascript:alert(1)\">x</a>",
    "[a](https://ok.example)<img src=x onerror=alert(1)>[b](javascript:alert(2))",
    "<style>*{background:url(javascript:alert(1))}</style>",
    "<form action=javascript:alert(1)><button>go</button></form>",
    "<meta http-equiv=refresh content=\"0;url=javascript:alert(1)\">",
    "<base href=\"javascript:alert(1)//\">",
    "- [x] <input type=checkbox onclick=alert(1)> [ ] done\n- [ ] <input autofocus onfocus=alert(1)>",
    "```js\"><img src=x onerror=alert(1)>\nx\n```",
    "``` javascript:alert(1)\ncode\n```",
    "[^1]: <img src=x onerror=alert(1)>\n\nref[^1] [^<svg onload=alert(1)>]",
    "www.ok.example/\"onmouseover=\"alert(1) and https://ok.example/<script>alert(1)</script>",
    "evil@ok.example\"onclick=\"alert(1)",
    "[x][r]\n\n[r]: javascript:alert(1)",
    "[y][s]\n\n[s]: https://ok.example/\" onmouseover=\"alert(1)",
    "<!-- --><script>alert(1)</script><!--",
];

/// Every element under `root`: no script-capable tags, no handlers, no dangerous URLs.
fn assert_clean(root: &Element, payload: &str) {
    let all = qa(root, "*");
    for e in &all {
        let tag = e.tag_name().to_ascii_lowercase();
        // The one image the panel draws itself: the page bar's favicon, from the browser's
        // favicon service (never from an answer).
        if tag == "img" && e.matches(".page-bar > img.page-icon").unwrap_or(false) {
            let src = e.get_attribute("src").unwrap_or_default();
            assert!(
                src.is_empty() || src.starts_with("/_favicon/?"),
                "page icon src {src:?}"
            );
            assert_eq!(qa(root, ".page-bar > img").len(), 1, "{payload:?}");
            continue;
        }
        // The panel's own icons (crates/zo-panel/src/icons.rs): a drawing of paths and
        // circles in an icon button, never from an answer.
        if tag == "svg" && e.matches("button.icon-btn > svg.icon").unwrap_or(false) {
            let parts = qa(e, "*");
            assert!(
                parts
                    .iter()
                    .all(|p| matches!(p.tag_name().as_str(), "path" | "circle")),
                "an icon holds only paths and circles ({payload:?})"
            );
            continue;
        }
        assert!(
            !matches!(
                tag.as_str(),
                "script"
                    | "iframe"
                    | "object"
                    | "embed"
                    | "img"
                    | "svg"
                    | "style"
                    | "form"
                    | "meta"
                    | "base"
                    | "math"
                    | "body"
            ),
            "payload {payload:?} produced <{tag}>"
        );
        // The panel's own field: the history list's search (never from an answer).
        if tag == "input" && e.matches(".drawer > input.chat-search").unwrap_or(false) {
            assert_eq!(e.get_attribute("type").as_deref(), Some("search"));
            continue;
        }
        // The only other input is a task list's disabled checkbox.
        if tag == "input" {
            assert_eq!(
                e.get_attribute("type").as_deref(),
                Some("checkbox"),
                "{payload:?}"
            );
            assert!(e.has_attribute("disabled"), "{payload:?}");
            assert_eq!(
                e.attributes().length(),
                2 + u32::from(e.has_attribute("checked"))
            );
        }
        let attrs = e.attributes();
        for i in 0..attrs.length() {
            let Some(attr) = attrs.item(i) else { continue };
            let name = attr.name().to_ascii_lowercase();
            let value: String = attr
                .value()
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_control())
                .collect::<String>()
                .to_ascii_lowercase();
            assert!(
                !name.starts_with("on"),
                "payload {payload:?} produced handler {name} on <{tag}>"
            );
            for bad in ["javascript:", "vbscript:", "data:"] {
                assert!(
                    !value.starts_with(bad),
                    "payload {payload:?} produced {name}={value:?} on <{tag}>"
                );
            }
            if name == "href" {
                assert!(
                    value.starts_with("http://")
                        || value.starts_with("https://")
                        || value.starts_with("mailto:"),
                    "payload {payload:?} produced href {value:?}"
                );
                assert_eq!(
                    e.get_attribute("rel").as_deref(),
                    Some("noopener noreferrer")
                );
                assert_eq!(e.get_attribute("target").as_deref(), Some("_blank"));
            }
            if name == "style" {
                assert!(
                    !value.contains('(') && !value.contains("url") && !value.contains("expression"),
                    "payload {payload:?} produced style {value:?}"
                );
            }
        }
    }
}

#[wasm_bindgen_test]
fn xss_corpus_streamed_and_finished_leaves_no_script_handler_or_js_url() {
    assert!(PAYLOADS.len() >= 30);
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    for payload in PAYLOADS {
        let sid = p.send("render this").unwrap();
        let chars: Vec<char> = payload.chars().collect();
        for piece in chars.chunks(3) {
            feed(&p, chunk(&sid, &piece.iter().collect::<String>()));
            assert_clean(&last_answer(&root), payload);
        }
        feed(&p, done(&sid, payload));
        assert_clean(&root, payload);
        // The payload's text is still visible (escaped), not silently dropped.
        let text = last_answer(&root).text_content().unwrap();
        assert!(!text.trim().is_empty(), "payload {payload:?} vanished");
    }
    // The whole corpus as one answer, streamed one character at a time.
    let all = PAYLOADS.join("\n\n");
    let sid = p.send("all at once").unwrap();
    for c in all.chars() {
        feed(&p, chunk(&sid, &c.to_string()));
    }
    feed(&p, done(&sid, &all));
    assert_clean(&root, "whole corpus");
    // Links that are safe still work.
    let links = qa(&last_answer(&root), "a");
    assert!(links
        .iter()
        .any(|a| a.get_attribute("href").as_deref() == Some("https://ok.example")));
}

#[wasm_bindgen_test]
fn xss_in_reasoning_tools_timeline_and_errors_is_text() {
    let host = FakeHost::new();
    let (p, root) = panel(&host);
    p.set_mode("cobrowse");
    let sid = p.send("q").unwrap();
    let evil = "<img src=x onerror=alert(1)><script>alert(1)</script>";
    feed(
        &p,
        serde_json::json!({"type":"STREAM_REASONING","sessionId":sid,"delta":evil}),
    );
    feed(
        &p,
        serde_json::json!({"type":"STREAM_TOOL","sessionId":sid,"tool":{"toolCallId":"1","name":evil,"args":"","result":evil}}),
    );
    feed(
        &p,
        serde_json::json!({"type":"ACTION_STATUS","sessionId":sid,"step":1,"index":0,
        "action":{"type":"extract","selector":evil},
        "result":{"index":0,"status":"failed","value":evil,"error":{"code":"not_found","message":evil}}}),
    );
    feed(
        &p,
        serde_json::json!({"type":"STREAM_ERROR","sessionId":sid,"error":{"kind":"permanent","httpStatus":400,"message":evil,"partialText":""}}),
    );
    assert_clean(&root, evil);
    assert!(root
        .text_content()
        .unwrap()
        .contains("<script>alert(1)</script>"));
}
