//! The page text of snapshots on small pages of each kind: an article among menus, share
//! bars, related links and footers; a listing, a form and an app, which have no article and
//! give their main region's visible text; a cookie banner; an article inside a shadow tree;
//! hidden text.

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::page::reader::TextKind;

use crate::snapshot::snapshot;
use crate::support::*;

const PARA: &str = "The council voted on Tuesday, after a long debate, to rebuild the old \
    bridge over the river, which has been closed since the spring floods damaged its piers.";

fn paragraphs(n: usize) -> String {
    (0..n)
        .map(|i| format!("<p>{PARA} Paragraph {i}.</p>"))
        .collect()
}

fn menu(class: &str) -> String {
    let items: String = (0..10)
        .map(|i| format!(r##"<li><a href="#s{i}">Section {i} of the site</a></li>"##))
        .collect();
    format!(r#"<div class="{class}"><ul>{items}</ul></div>"#)
}

#[wasm_bindgen_test]
async fn an_article_is_read_without_the_pages_furniture() {
    let _f = Fixture::new(&format!(
        r##"<header>{menu}</header>
        <div class="wrapper"><div class="story">
          <h1>Bridge to be rebuilt</h1>
          <div class="share-bar"><a href="#">Share on X</a> <a href="#">Share by email</a></div>
          {paras}
          <ul><li>Cost: 4 million</li><li>Opening: next year</li></ul>
        </div>{related}</div>
        <footer><p>Copyright, the Daily, all rights reserved, 2024.</p></footer>"##,
        menu = menu("top-menu"),
        paras = paragraphs(6),
        related = menu("related-links"),
    ));
    let snap = snapshot(17_000).await;
    let t = &snap.text;
    assert_eq!(snap.text_kind, TextKind::Article, "{t}");
    assert!(t.contains("# Bridge to be rebuilt"), "{t}");
    assert!(
        t.contains("Paragraph 0.") && t.contains("Paragraph 5."),
        "{t}"
    );
    assert!(t.contains("- Cost: 4 million\n- Opening: next year"), "{t}");
    for furniture in ["Section 3 of the site", "Share on X", "Copyright"] {
        assert!(!t.contains(furniture), "{furniture} in {t}");
    }
}

#[wasm_bindgen_test]
async fn a_cookie_banner_is_left_out() {
    let _f = Fixture::new(&format!(
        r#"<article>{paras}</article>
        <div class="cookie-consent" style="position:fixed;bottom:0">
          <p>We and our 812 partners use cookies, and similar technologies, to store, measure,
          personalise and advertise, as explained in our policy.</p><button>Accept all</button>
        </div>
        <div role="dialog"><p>Sign up to our newsletter, it is free, weekly, and short.</p></div>"#,
        paras = paragraphs(5),
    ));
    let snap = snapshot(17_000).await;
    assert_eq!(snap.text_kind, TextKind::Article);
    assert!(snap.text.contains("Paragraph 4."), "{}", snap.text);
    assert!(!snap.text.contains("cookies"), "{}", snap.text);
    assert!(!snap.text.contains("newsletter"), "{}", snap.text);
}

#[wasm_bindgen_test]
async fn a_listing_gives_its_main_regions_text() {
    let cards: String = (0..24)
        .map(|i| {
            format!(
                r##"<div class="card"><a href="#p{i}">Kettle model {i}</a><span>$2{i}</span></div>"##
            )
        })
        .collect();
    let _f = Fixture::new(&format!(
        r#"<nav>{menu}</nav><main><h1>Kettles</h1>{cards}</main>"#,
        menu = menu("menu")
    ));
    let snap = snapshot(17_000).await;
    assert_eq!(snap.text_kind, TextKind::Page, "{}", snap.text);
    assert!(snap.text.contains("# Kettles"), "{}", snap.text);
    assert!(snap.text.contains("Kettle model 0") && snap.text.contains("Kettle model 23"));
    assert!(
        !snap.text.contains("Section 1 of the site"),
        "{}",
        snap.text
    );
}

#[wasm_bindgen_test]
async fn a_form_gives_its_visible_text_never_field_values() {
    let _f = Fixture::new(
        r#"<main><h1>Delivery address</h1>
        <form><label>Street <input name="street" value="12 Hidden Lane"></label>
        <label>Town <input name="town"></label>
        <button>Continue to payment</button></form></main>"#,
    );
    let snap = snapshot(17_000).await;
    assert_eq!(snap.text_kind, TextKind::Page);
    assert!(snap.text.contains("# Delivery address"), "{}", snap.text);
    assert!(!snap.text.contains("12 Hidden Lane"), "{}", snap.text);
}

#[wasm_bindgen_test]
async fn an_app_gives_its_visible_text() {
    let rows: String = (0..6)
        .map(|i| format!("<tr><td>Server {i}</td><td>{i}0 ms</td><td>up</td></tr>"))
        .collect();
    let _f = Fixture::new(&format!(
        r#"<div role="main" class="dashboard"><h2>Latency</h2>
        <div role="toolbar"><button>Refresh</button><button>Export</button></div>
        <table><tr><th>Host</th><th>p50</th><th>State</th></tr>{rows}</table></div>"#
    ));
    let snap = snapshot(17_000).await;
    assert_eq!(snap.text_kind, TextKind::Page, "{}", snap.text);
    assert!(
        snap.text.contains("| Host | p50 | State |"),
        "{}",
        snap.text
    );
    assert!(
        snap.text.contains("| Server 5 | 50 ms | up |"),
        "{}",
        snap.text
    );
}

#[wasm_bindgen_test]
async fn an_article_in_a_shadow_tree_is_read() {
    let f = Fixture::new(r#"<div id="host"></div>"#);
    attach_shadow(
        &f.get("#host"),
        &format!("<article><h2>In the shadow</h2>{}</article>", paragraphs(5)),
    );
    let snap = snapshot(17_000).await;
    assert_eq!(snap.text_kind, TextKind::Article, "{}", snap.text);
    assert!(snap.text.contains("## In the shadow"), "{}", snap.text);
    assert!(snap.text.contains("Paragraph 4."), "{}", snap.text);
}

#[wasm_bindgen_test]
async fn hidden_text_is_left_out() {
    let _f = Fixture::new(&format!(
        r#"<article>{paras}
        <p style="display:none">Display none, with commas, many, many, many, many.</p>
        <p style="visibility:hidden">Visibility hidden, with commas, many, many, many.</p>
        <p aria-hidden="true">Aria hidden, with commas, many, many, many, many.</p>
        <p hidden>Hidden attribute, with commas, many, many, many, many.</p></article>"#,
        paras = paragraphs(4),
    ));
    let snap = snapshot(17_000).await;
    assert!(snap.text.contains("Paragraph 3."), "{}", snap.text);
    for hidden in [
        "Display none",
        "Visibility hidden",
        "Aria hidden",
        "Hidden attribute",
    ] {
        assert!(!snap.text.contains(hidden), "{hidden} in {}", snap.text);
    }
}

#[wasm_bindgen_test]
async fn a_long_article_is_cut_at_blocks_with_the_outline_of_the_rest() {
    let _f = Fixture::new(&format!(
        "<article><h1>Long</h1>{}<h2>Later part</h2>{}</article>",
        paragraphs(20),
        paragraphs(20)
    ));
    let snap = snapshot(1_500).await;
    assert!(snap.text_truncated);
    assert!(snap.text.chars().count() <= 1_500);
    assert!(snap.text.ends_with("## Later part"), "{}", snap.text);
}
