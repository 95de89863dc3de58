//! The order of a snapshot's elements and its page text on small pages: a page with a big
//! navigation and footer (the main content first, the furniture's links collapsed to a line
//! that names a selector of the region), a long listing scrolled to its middle (what is in
//! view first, in the text and the elements), and a form (its fields before the menu, a
//! control under `aria-hidden` too).

use wasm_bindgen_test::wasm_bindgen_test;
use zo_content::locate;
use zo_core::page::reader::element_order::Region;
use zo_core::page::reader::page_text::REST_NOTE;
use zo_core::page::reader::TextKind;
use zo_core::wire::PageSnapshot;

use crate::snapshot::snapshot;
use crate::support::*;

fn links(prefix: &str, n: usize) -> String {
    let items: String = (0..n)
        .map(|i| format!(r##"<li><a href="#{prefix}{i}">{prefix} link {i}</a></li>"##))
        .collect();
    format!("<ul>{items}</ul>")
}

fn labels(snap: &PageSnapshot) -> Vec<&str> {
    snap.elements.iter().map(|e| e.label.as_str()).collect()
}

#[wasm_bindgen_test]
async fn a_big_navigation_and_footer_collapse_after_the_main_content() {
    let _f = Fixture::new(&format!(
        r##"<nav id="site-menu">{nav}</nav>
        <main><h1>Account</h1><button>Save changes</button><a href="#help">Help</a></main>
        <footer id="site-footer">{footer}</footer>"##,
        nav = links("Nav", 30),
        footer = links("Footer", 40),
    ));
    let snap = snapshot(2_000).await;
    let l = labels(&snap);
    // The main content first, then the navigation's links from its first.
    assert_eq!(l[..2], ["Save changes", "Help"], "{l:?}");
    let nav_links: Vec<&str> = l.iter().copied().filter(|x| x.starts_with("Nav")).collect();
    assert_eq!(nav_links[..3], ["Nav link 0", "Nav link 1", "Nav link 2"]);
    // Each region's first links (more of those in view) are listed, and the rest stand in one
    // line.
    let nav = snap
        .omitted
        .iter()
        .find(|o| o.region == Region::Navigation)
        .unwrap_or_else(|| panic!("{:?}", snap.omitted));
    let footer = snap
        .omitted
        .iter()
        .find(|o| o.region == Region::Footer)
        .unwrap_or_else(|| panic!("{:?}", snap.omitted));
    assert_eq!(nav.selector, "#site-menu");
    assert_eq!(footer.selector, "#site-footer");
    let listed_nav = l.iter().filter(|x| x.starts_with("Nav")).count();
    let listed_footer = l.iter().filter(|x| x.starts_with("Footer")).count();
    assert_eq!(listed_nav + nav.count as usize, 30);
    assert_eq!(listed_footer + footer.count as usize, 40);
    // At most 20 in view and 3 out of view each.
    assert!(listed_footer <= 23 && listed_nav <= 23, "{l:?}");
    // Each line comes right after its region's last listed link.
    let before = |after: u32| l[after as usize - 1];
    assert!(before(nav.after).starts_with("Nav link"), "{l:?}");
    assert!(before(footer.after).starts_with("Footer link"), "{l:?}");
    // The region named can be reached: its selector resolves to it.
    let roots = locate::roots(&doc());
    assert_eq!(locate::count_in(&roots, &footer.selector), 1);
}

#[wasm_bindgen_test]
async fn a_listing_scrolled_to_its_middle_reads_what_is_in_view_first() {
    let results: String = (0..60)
        .map(|i| {
            format!(
                r##"<div class="card" style="height:120px"><a href="#r{i}">Result {i}</a>
                <span>$1{i}</span> <span>In stock</span></div>"##
            )
        })
        .collect();
    let f = Fixture::new(&format!(
        r#"<header>{nav}</header><main><h1>Search results</h1>{results}</main>"#,
        nav = links("Menu", 12),
    ));
    let target = f.get(r##"a[href="#r30"]"##);
    target.scroll_into_view();
    let snap = snapshot(600).await;
    assert_eq!(snap.text_kind, TextKind::Page, "{}", snap.text);
    let t = &snap.text;
    // The text starts near result 30, and the rest follows from the region's start.
    let first = t.lines().next().unwrap_or_default();
    let n: usize = first
        .split(|c: char| !c.is_ascii_digit())
        .find(|s| !s.is_empty())
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    assert!((22..=31).contains(&n), "starts at {n}: {t}");
    assert!(snap.text_truncated);
    // Within Co-browse's budget the rest does not fit; the note is kept for a bigger one.
    let big = snapshot(100_000).await;
    let rest = big.text.find(REST_NOTE).expect("rest note");
    assert!(
        big.text[rest..].contains("# Search results"),
        "{}",
        big.text
    );
    // The elements in view come first.
    let l = labels(&snap);
    assert!(l[0].starts_with("Result "), "{l:?}");
    assert!(l.iter().take(8).any(|x| *x == "Result 30"), "{l:?}");
    drop(f);
}

#[wasm_bindgen_test]
async fn a_forms_fields_come_before_a_big_menu() {
    let _f = Fixture::new(&format!(
        r#"<div class="navbar">{nav}</div>
        <div role="main"><h1>Delivery address</h1>
        <form><label>Street <input name="street"></label>
        <label>Town <input name="town"></label>
        <button>Continue</button></form>
        <div aria-hidden="true"><p>Decoration</p><button>Chat with us</button></div></div>"#,
        nav = links("Menu", 40),
    ));
    let snap = snapshot(2_000).await;
    let l = labels(&snap);
    assert_eq!(
        l[..4],
        ["Street", "Town", "Continue", "Chat with us"],
        "{l:?}"
    );
    // A control under `aria-hidden` still takes clicks: listed; its text is not page text.
    assert!(!snap.text.contains("Decoration"), "{}", snap.text);
    let nav = snap.omitted.first().unwrap_or_else(|| panic!("{l:?}"));
    assert_eq!(nav.region, Region::Navigation);
    assert_eq!(
        l.iter().filter(|x| x.starts_with("Menu")).count() + nav.count as usize,
        40
    );
}
