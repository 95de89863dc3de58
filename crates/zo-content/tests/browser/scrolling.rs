//! Elements inside scroll containers are scrolled into view before the hit test: each
//! scrollable ancestor, nearest first (along the flat tree, so a component's own scroller
//! counts), then the window only if still needed.

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::{ActionErrorCode, ActionStatus};

use crate::support::*;

fn scroll_y() -> f64 {
    web_sys::window().unwrap().scroll_y().unwrap()
}

/// Brings `sel` to the top of the window, so what follows is inside the viewport.
fn to_top(f: &Fixture, sel: &str) {
    f.get(sel).scroll_into_view();
}

#[wasm_bindgen_test]
async fn element_below_a_scroll_containers_edge_is_scrolled_into_it_not_covered() {
    // The button is inside the window's viewport, but below the visible edge of its
    // container: at its centre the page shows the table that follows the container.
    let f = Fixture::new(
        r#"<div id="sc-box" style="height:100px;overflow:auto;border:1px solid #999">
          <div style="height:150px">rows</div><button id="sc-deep">Deep</button>
          <div style="height:300px"></div></div>
        <table id="sc-after"><tr><td style="height:800px">cell</td></tr></table>"#,
    );
    to_top(&f, "#sc-box");
    let before = scroll_y();
    let b = f.get("#sc-deep");
    log_events(&b, "click");
    let r = one(r##"{"type":"click","selector":"#sc-deep"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&b), "click:xy");
    assert!(f.get("#sc-box").scroll_top() > 0, "the container scrolled");
    assert_eq!(scroll_y(), before, "the window did not need to");
}

#[wasm_bindgen_test]
async fn nested_scroll_containers_are_scrolled_nearest_first() {
    let f = Fixture::new(
        r#"<div id="outer" style="height:120px;overflow:auto">
          <div style="height:400px"></div>
          <div id="inner" style="height:80px;overflow:auto">
            <div style="height:300px"></div><button id="nested">Nested</button>
            <div style="height:300px"></div></div>
          <div style="height:400px"></div></div>
        <div style="height:800px"></div>"#,
    );
    to_top(&f, "#outer");
    let before = scroll_y();
    let r = one(r##"{"type":"click","selector":"#nested"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert!(f.get("#inner").scroll_top() > 0);
    assert!(f.get("#outer").scroll_top() > 0);
    assert_eq!(scroll_y(), before);
    // The button shows through both containers.
    let (b, outer) = (
        f.get("#nested").get_bounding_client_rect(),
        f.get("#outer").get_bounding_client_rect(),
    );
    assert!(b.top() >= outer.top() && b.bottom() <= outer.bottom());
}

#[wasm_bindgen_test]
async fn slotted_item_scrolls_in_the_components_own_scroller() {
    // The scroller is in the component's shadow tree; the items are slotted into it (their
    // DOM parent is the host, which does not scroll).
    let mut items = String::new();
    for i in 0..8 {
        items.push_str(&format!(
            r#"<button class="item" data-n="{i}" style="display:block;height:30px">Item {i}</button>"#
        ));
    }
    let f = Fixture::new(&format!(
        r#"<x-list id="xl">{items}</x-list><div style="height:800px"></div>"#
    ));
    attach_shadow(
        &f.get("#xl"),
        r#"<div id="scroller" style="height:60px;overflow:auto"><slot></slot></div>"#,
    );
    to_top(&f, "#xl");
    let before = scroll_y();
    let last = f.get(r#".item[data-n="7"]"#);
    log_events(&last, "click");
    let r = one(
        r##"{"type":"click","selector":".item[data-n=\"7\"]"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&last), "click:xy");
    let scroller = f
        .get("#xl")
        .shadow_root()
        .unwrap()
        .get_element_by_id("scroller")
        .unwrap();
    assert!(scroller.scroll_top() > 0);
    assert_eq!(scroll_y(), before);
}

#[wasm_bindgen_test]
async fn element_clipped_away_by_a_container_that_cannot_scroll_is_out_of_sight() {
    let f = Fixture::new(
        r#"<div style="height:40px;overflow:clip"><div style="height:100px"></div>
          <button id="clipped">Clipped</button></div>"#,
    );
    to_top(&f, "#clipped");
    let r = one(r##"{"type":"click","selector":"#clipped"}"##, 300).await;
    assert_eq!(r.status, ActionStatus::Failed, "{r:?}");
    let e = r.error.unwrap();
    assert_eq!(e.code, ActionErrorCode::Hidden);
    assert!(e.message.contains("out of sight"), "{}", e.message);
}
