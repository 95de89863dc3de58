//! Every typed failure: not found (after how long), invalid selector, hidden, disabled
//! (attribute and aria-disabled), covered (naming the overlay), detached, read-only, not
//! editable; and that a blocked element that becomes actionable in time succeeds.

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::{ActionErrorCode, ActionResult, ActionStatus};

use crate::support::*;

fn failed(r: &ActionResult, code: ActionErrorCode) -> String {
    assert_eq!(r.status, ActionStatus::Failed, "{r:?}");
    let e = r.error.as_ref().unwrap();
    assert_eq!(e.code, code, "{e:?}");
    e.message.clone()
}

#[wasm_bindgen_test]
async fn not_found_after_timeout_says_how_long() {
    let r = one(r##"{"type":"click","selector":"#never-there"}"##, 250).await;
    let m = failed(&r, ActionErrorCode::NotFound);
    assert!(m.contains("#never-there") && m.contains("250 ms"), "{m}");
}

#[wasm_bindgen_test]
async fn invalid_selector_is_reported() {
    let r = one(r#"{"type":"click","selector":"button[[["}"#, 250).await;
    failed(&r, ActionErrorCode::InvalidSelector);
}

#[wasm_bindgen_test]
async fn hidden_elements() {
    let _f = Fixture::new(
        r#"<button id="h1" style="display:none">a</button><button id="h2" style="visibility:hidden">b</button>"#,
    );
    let m = failed(
        &one(r##"{"type":"click","selector":"#h1"}"##, 200).await,
        ActionErrorCode::Hidden,
    );
    assert!(m.contains("hidden"), "{m}");
    failed(
        &one(r##"{"type":"click","selector":"#h2"}"##, 200).await,
        ActionErrorCode::Hidden,
    );
}

#[wasm_bindgen_test]
async fn disabled_and_aria_disabled_buttons() {
    let _f = Fixture::new(
        r#"<button id="d1" disabled>a</button>
        <div role="button" id="d2" aria-disabled="true">b</div>
        <fieldset disabled><input id="d3"></fieldset>"#,
    );
    let m = failed(
        &one(r##"{"type":"click","selector":"#d1"}"##, 200).await,
        ActionErrorCode::Disabled,
    );
    assert!(m.contains("disabled"), "{m}");
    failed(
        &one(r##"{"type":"click","selector":"#d2"}"##, 200).await,
        ActionErrorCode::Disabled,
    );
    failed(
        &one(r##"{"type":"fill","selector":"#d3","value":"x"}"##, 200).await,
        ActionErrorCode::Disabled,
    );
}

#[wasm_bindgen_test]
async fn button_under_overlay_is_covered_by_the_overlay() {
    let f = Fixture::new(
        r#"<button id="under">Buy</button>
        <div id="overlay" style="position:fixed;inset:0;background:rgba(0,0,0,.3)"></div>"#,
    );
    let b = f.get("#under");
    log_events(&b, "click");
    let m = failed(
        &one(r##"{"type":"click","selector":"#under"}"##, 300).await,
        ActionErrorCode::Covered,
    );
    assert!(m.contains("covered by #overlay"), "{m}");
    assert_eq!(logged(&b), "", "a covered button must not be clicked");
}

#[wasm_bindgen_test]
async fn overlay_removed_in_time_lets_the_click_through() {
    let f = Fixture::new(
        r#"<button id="under2">Buy</button>
        <div id="overlay2" style="position:fixed;inset:0"></div>"#,
    );
    let b = f.get("#under2");
    log_events(&b, "click");
    let overlay = f.get("#overlay2");
    wasm_bindgen_futures::spawn_local(async move {
        later(200).await;
        overlay.remove();
    });
    let r = one(r##"{"type":"click","selector":"#under2"}"##, 5000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&b), "click:xy");
}

#[wasm_bindgen_test]
async fn enabled_later_then_clicked() {
    let f = Fixture::new(r#"<button id="soon" disabled>Go</button>"#);
    let b = f.get("#soon");
    log_events(&b, "click");
    let b2 = b.clone();
    wasm_bindgen_futures::spawn_local(async move {
        later(150).await;
        b2.remove_attribute("disabled").unwrap();
    });
    let r = one(r##"{"type":"click","selector":"#soon"}"##, 5000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&b), "click:xy");
}

#[wasm_bindgen_test]
async fn detached_element_with_no_replacement() {
    let f = Fixture::new(r#"<button id="gone" style="display:none">x</button>"#);
    let b = f.get("#gone");
    wasm_bindgen_futures::spawn_local(async move {
        later(100).await;
        b.remove();
    });
    let r = one(r##"{"type":"click","selector":"#gone"}"##, 400).await;
    let code = r.error.as_ref().unwrap().code;
    // Removed while we waited for it to show: detached (or hidden if the deadline came first).
    assert_eq!(code, ActionErrorCode::Detached, "{r:?}");
}

#[wasm_bindgen_test]
async fn read_only_and_not_editable() {
    let _f = Fixture::new(r#"<input id="ro" readonly value="fixed"><div id="plain">text</div>"#);
    let m = failed(
        &one(r##"{"type":"fill","selector":"#ro","value":"x"}"##, 200).await,
        ActionErrorCode::ReadOnly,
    );
    assert!(m.contains("read-only"), "{m}");
    failed(
        &one(r##"{"type":"fill","selector":"#plain","value":"x"}"##, 200).await,
        ActionErrorCode::NotEditable,
    );
}

#[wasm_bindgen_test]
async fn element_that_never_stops_moving_is_unstable() {
    let _f = Fixture::new(
        r#"<style>@keyframes zo-slide { from { margin-left: 0 } to { margin-left: 300px } }</style>
        <button id="moving" style="animation: zo-slide 0.5s linear infinite alternate">Catch me</button>"#,
    );
    failed(
        &one(r##"{"type":"click","selector":"#moving"}"##, 300).await,
        ActionErrorCode::Unstable,
    );
}
