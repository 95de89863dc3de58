//! Snapshot selectors prefer stable anchors: an id unless it looks generated (React's useId
//! forms, counters, hashes), test ids, name, aria-label, the role with its name, then one of
//! those under a stable ancestor; nth-of-type paths only as the last resort. Every offered
//! selector resolves to exactly its element.

use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;
use zo_core::page::looks_generated;
use zo_core::wire::PageSnapshot;

use crate::libs;
use crate::snapshot::{all, assert_round_trips, snapshot};
use crate::support::*;

fn selector_of(snap: &PageSnapshot, el: &Element) -> String {
    let roots = zo_content::locate::roots(&doc());
    snap.elements
        .iter()
        .find(|e| {
            zo_content::locate::query_in(&roots, &e.selector)
                .unwrap()
                .as_ref()
                == Some(el)
        })
        .unwrap_or_else(|| panic!("{} not listed: {:#?}", el.outer_html(), snap.elements))
        .selector
        .clone()
}

/// Whether `sel` names the element id `id`, as written or CSS-escaped (`#\:r7\:`).
fn uses_id(sel: &str, id: &str) -> bool {
    sel.contains(id) || sel.contains(&zo_content::selector::escape_ident(id))
}

#[wasm_bindgen_test]
async fn react_use_id_ids_are_not_anchors() {
    let f = Fixture::new(r#"<div data-testid="shop"><div class="sel-shop"></div></div>"#);
    libs::product_table(&f.get(".sel-shop")).await;
    let search = f.get(r#".sel-shop input[type="search"]"#);
    let id = search.id();
    assert!(looks_generated(&id), "React 19's useId gave {id:?}");
    let snap = snapshot(500).await;
    assert_round_trips(
        &snap,
        &all(".sel-shop button, .sel-shop input, .sel-shop select"),
    );
    assert_eq!(
        selector_of(&snap, &search),
        r#"[data-testid="shop"] input[type="search"]"#
    );
    assert_eq!(
        selector_of(&snap, &f.get(".sel-shop select")),
        r#"[data-testid="shop"] select"#
    );
    for e in &snap.elements {
        assert!(
            !uses_id(&e.selector, &id),
            "{} uses the generated id",
            e.selector
        );
    }
}

#[wasm_bindgen_test]
async fn generated_ids_give_way_to_stable_anchors_in_order() {
    let f = Fixture::new(
        r#"<section>
          <button id=":r1:" data-testid="save-btn" name="save" aria-label="Save">S</button>
          <button id="_r_2_" name="publish" aria-label="Publish">P</button>
          <button id="a1b2c3d4e5" aria-label="Archive">A</button>
          <div id="12345" role="tab" title="Settings" tabindex="0">T</div>
          <input id="mui-123456789" placeholder="Search orders">
          <a id="«r9»" href="/help">Help</a>
          <button id="checkout">Checkout</button>
        </section>"#,
    );
    let snap = snapshot(500).await;
    assert_round_trips(
        &snap,
        &all("section button, section [role=tab], section input, section a"),
    );
    let sel = |s: &str| selector_of(&snap, &f.get(s));
    assert_eq!(sel(r#"[aria-label="Save"]"#), r#"[data-testid="save-btn"]"#);
    assert_eq!(
        sel(r#"[aria-label="Publish"]"#),
        r#"button[name="publish"]"#
    );
    assert_eq!(
        sel(r#"[aria-label="Archive"]"#),
        r#"button[aria-label="Archive"]"#
    );
    assert_eq!(sel("[role=tab]"), r#"div[title="Settings"]"#);
    assert_eq!(sel("input"), r#"input[placeholder="Search orders"]"#);
    assert_eq!(sel("a"), r#"a[href="/help"]"#);
    assert_eq!(
        sel("button:last-child"),
        "#checkout",
        "a stable id comes first"
    );
}

#[wasm_bindgen_test]
async fn repeated_widgets_are_anchored_at_a_stable_ancestor_not_by_position() {
    let mut cards = String::new();
    for (i, name) in ["cart", "wishlist", "recent"].iter().enumerate() {
        cards.push_str(&format!(
            r#"<div data-testid="{name}"><h3>List {i}</h3><div><span>item</span>
              <button>Remove</button><button title="Move up">Up</button></div></div>"#
        ));
    }
    let f = Fixture::new(&format!(r#"<div id=":r7:" class="lists">{cards}</div>"#));
    let snap = snapshot(500).await;
    assert_round_trips(&snap, &all(".lists button"));
    let sel = |s: &str| selector_of(&snap, &f.get(s));
    // Nothing names it: its position, but counted from the list it is in.
    assert_eq!(
        sel(r#"[data-testid="wishlist"] button"#),
        r#"[data-testid="wishlist"] > div > button:nth-of-type(1)"#
    );
    assert_eq!(
        sel(r#"[data-testid="recent"] [title="Move up"]"#),
        r#"[data-testid="recent"] button[title="Move up"]"#
    );
    for e in &snap.elements {
        assert!(!uses_id(&e.selector, ":r7:"), "{}", e.selector);
    }
}

#[wasm_bindgen_test]
async fn position_paths_remain_the_last_resort_and_never_start_at_a_generated_id() {
    let f = Fixture::new(
        r#"<div id=":r5:" class="grid"><div><button>Go</button><button>Go</button></div>
        <div><button>Go</button></div></div>"#,
    );
    let snap = snapshot(500).await;
    let buttons = all(".grid button");
    assert_round_trips(&snap, &buttons);
    for b in &buttons {
        let s = selector_of(&snap, b);
        assert!(s.contains("nth-of-type") || s.contains(" > "), "{s}");
        assert!(!uses_id(&s, ":r5:"), "{s}");
    }
    drop(f);
}

#[wasm_bindgen_test]
async fn an_anchor_repeated_in_another_tree_is_not_unique_and_letter_case_tells_values_apart() {
    let f = Fixture::new(
        r#"<div class="dup"><a href="/same">One</a><span class="host"></span>
        <a href="/Case">Two</a><a href="/case">Three</a></div>"#,
    );
    attach_shadow(&f.get(".dup .host"), r#"<a href="/same">In the shadow</a>"#);
    let snap = snapshot(500).await;
    let links = all(".dup a");
    assert_round_trips(&snap, &links);
    let sel = |s: &str| selector_of(&snap, &f.get(s));
    assert_ne!(sel(".dup > a:first-child"), r#"a[href="/same"]"#);
    assert_eq!(sel(r#"a[href="/Case"]"#), r#"a[href="/Case"]"#);
    assert_eq!(sel(r#"a[href="/case"]"#), r#"a[href="/case"]"#);
}
