//! Between actions the page settles: after a click, fill or scroll the next action waits
//! until the DOM has been quiet for an animation frame (bounded), so it sees what the page
//! made of the action. The React 19 product table renders sorting and filtering as
//! transitions, in a later task.

use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;
use zo_core::page::SETTLE_MAX_MS;
use zo_core::wire::{ActionResult, ActionStatus};

use crate::libs;
use crate::support::*;

#[wasm_bindgen(inline_js = r#"
export function slide_on_input(input, button) {
  button.__slid = false;
  input.addEventListener('input', () => {
    // Motion without a DOM change: only the box tells.
    const a = button.animate([{ transform: 'translateX(0)' }, { transform: 'translateX(240px)' }],
      { duration: 300, fill: 'forwards' });
    a.finished.then(() => { button.__slid = true; });
  }, { once: true });
  button.addEventListener('click', () => { button.__clicked_after_slide = button.__slid; });
}
export function clicked_after_slide(button) { return button.__clicked_after_slide === true; }
export function render_next_frame(button, list) {
  button.addEventListener('click', () => {
    requestAnimationFrame(() => { list.innerHTML = '<li>rendered in the frame</li>'; });
  });
}
"#)]
extern "C" {
    fn slide_on_input(input: &Element, button: &Element);
    fn clicked_after_slide(button: &Element) -> bool;
    fn render_next_frame(button: &Element, list: &Element);
}

/// The extracted text of a result.
fn text(r: &ActionResult) -> String {
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    match &r.value.as_ref().map(|v| v.to_value()) {
        Some(Value::Object(o)) => o["value"].as_str().unwrap().to_string(),
        other => panic!("no extracted value: {other:?}"),
    }
}

async fn table() -> Fixture {
    let f = Fixture::new(r#"<div id="shop"></div>"#);
    libs::product_table(&f.get("#shop")).await;
    f
}

#[wasm_bindgen_test]
async fn sort_then_extract_in_one_batch_reads_the_sorted_rows() {
    let _f = table().await;
    let r = batch(
        r##"[{"type":"extract","selector":"#shop tbody tr:first-child .name"},
            {"type":"click","selector":"#shop button.by-price"},
            {"type":"extract","selector":"#shop tbody tr:first-child .name"},
            {"type":"click","selector":"#shop button.by-price"},
            {"type":"extract","selector":"#shop tbody tr:first-child .name"}]"##,
        2000,
    )
    .await;
    assert_eq!(text(&r[0]), "Ash stool", "by name first");
    assert_eq!(text(&r[2]), "Ash stool", "cheapest first");
    assert_eq!(text(&r[4]), "Maple bed", "dearest first");
}

#[wasm_bindgen_test]
async fn fill_and_select_then_extract_read_the_updated_rows() {
    let _f = table().await;
    let r = batch(
        r##"[{"type":"fill","selector":"#shop input[type=search]","value":"walnut"},
            {"type":"extract","selector":"#shop tbody"},
            {"type":"fill","selector":"#shop input[type=search]","value":""},
            {"type":"fill","selector":"#shop select","value":"Highest price"},
            {"type":"extract","selector":"#shop tbody tr:first-child .name"}]"##,
        2000,
    )
    .await;
    assert_eq!(text(&r[1]), "Walnut desk420");
    assert_eq!(text(&r[4]), "Maple bed");
}

#[wasm_bindgen_test]
async fn actions_that_change_the_page_report_their_settle_time() {
    let _f = table().await;
    let _pad = Fixture::new(r#"<div style="height:3000px"></div>"#);
    let r = batch(
        r##"[{"type":"click","selector":"#shop button.by-price"},
            {"type":"fill","selector":"#shop input[type=search]","value":"oak"},
            {"type":"scroll","amount":100},
            {"type":"extract","selector":"#shop tbody"},
            {"type":"wait","ms":1}]"##,
        2000,
    )
    .await;
    for changed in &r[..3] {
        assert_eq!(changed.status, ActionStatus::Done, "{changed:?}");
        assert!(changed.settle_ms.is_some(), "{changed:?}");
    }
    assert_eq!(r[3].settle_ms, None, "reading does not change the page");
    assert_eq!(r[4].settle_ms, None);
}

#[wasm_bindgen_test]
async fn a_page_that_never_stops_changing_does_not_hold_the_batch() {
    // A ticking element: the DOM changes every animation frame, for ever.
    let f = Fixture::new(r#"<button id="tick-go">Go</button><span id="tick">0</span>"#);
    tick_forever(&f.get("#tick"));
    let r = batch(
        r##"[{"type":"click","selector":"#tick-go"},
            {"type":"extract","selector":"#tick"}]"##,
        2000,
    )
    .await;
    let ms = r[0].settle_ms.expect("a settle time");
    assert!(f64::from(ms) >= SETTLE_MAX_MS, "gave up at the bound: {ms}");
    assert_eq!(r[1].status, ActionStatus::Done);
}

#[wasm_bindgen_test]
async fn an_element_that_starts_moving_after_the_previous_action_is_clicked_once_still() {
    // The fill starts an animation of the button the next action clicks: the frames the
    // fill's settle waited prove nothing about it, so the click waits until it holds still.
    let f = Fixture::new(r#"<input id="slide-in"><button id="slide-go">Go</button>"#);
    slide_on_input(&f.get("#slide-in"), &f.get("#slide-go"));
    let r = batch(
        r##"[{"type":"fill","selector":"#slide-in","value":"x"},
            {"type":"click","selector":"#slide-go"}]"##,
        3000,
    )
    .await;
    assert_eq!(r[1].status, ActionStatus::Done, "{:?}", r[1]);
    assert!(
        clicked_after_slide(&f.get("#slide-go")),
        "clicked while it moved"
    );
}

#[wasm_bindgen_test]
async fn a_render_the_action_scheduled_for_the_next_frame_is_waited_for() {
    let f =
        Fixture::new(r#"<button id="raf-go">Go</button><ul id="raf-list"><li>before</li></ul>"#);
    render_next_frame(&f.get("#raf-go"), &f.get("#raf-list"));
    let r = batch(
        r##"[{"type":"click","selector":"#raf-go"},
            {"type":"extract","selector":"#raf-list"}]"##,
        2000,
    )
    .await;
    assert_eq!(text(&r[1]), "rendered in the frame");
}
