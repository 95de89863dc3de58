//! Web components (Shoelace, and hand-written shadow trees): the target's composed tree (the
//! shadow hosts it is in, what is slotted into it) counts as the target in the hit test, the
//! click lands on what the pointer is over, and disabled is judged on that composed tree.

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::{ActionErrorCode, ActionResult, ActionStatus};

use crate::libs;
use crate::support::*;

fn assert_disabled(r: &ActionResult) {
    assert_eq!(r.status, ActionStatus::Failed, "{r:?}");
    assert_eq!(
        r.error.as_ref().unwrap().code,
        ActionErrorCode::Disabled,
        "{r:?}"
    );
}

#[wasm_bindgen_test]
async fn shoelace_button_with_slotted_label_is_clicked_through_its_inner_button() {
    let f = Fixture::new(r#"<sl-button id="save" variant="primary">Save draft</sl-button>"#);
    libs::shoelace(&f.0).await;
    let host = f.get("#save");
    log_events(&host, "click");
    // The snapshot offers the inner <button>: the point over its slotted label hit-tests to
    // the host, which is part of the target's composed tree.
    let r = one(r##"{"type":"click","selector":"#save >>> button"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&host), "click:xy");
    // The host itself, and an element slotted into it.
    let r = one(r##"{"type":"click","selector":"#save"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&host), "click:xy click:xy");
}

#[wasm_bindgen_test]
async fn slotted_label_element_of_a_shoelace_button_is_clickable() {
    let f =
        Fixture::new(r#"<sl-button id="arch"><span class="arch-label">Archive</span></sl-button>"#);
    libs::shoelace(&f.0).await;
    let host = f.get("#arch");
    log_events(&host, "click");
    let r = one(r##"{"type":"click","selector":".arch-label"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&host), "click:xy");
}

#[wasm_bindgen_test]
async fn click_on_a_shoelace_submit_button_reaches_its_inner_button_and_submits() {
    // Shoelace submits the form from its inner button's click handler: a click dispatched on
    // the host alone would never submit.
    let f = Fixture::new(
        r#"<form id="sl-form" action="/never" onsubmit="event.preventDefault(); this.dataset.sent = 'yes'">
          <input name="q" value="x"><sl-button id="send" type="submit">Send</sl-button></form>"#,
    );
    libs::shoelace(&f.0).await;
    let r = one(r##"{"type":"click","selector":"#send"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(
        f.get("#sl-form").get_attribute("data-sent").as_deref(),
        Some("yes")
    );
    // The inner button took the focus, as a real press gives it.
    let inner = f.get("#send").shadow_root().unwrap().active_element();
    assert_eq!(inner.map(|e| e.local_name()).as_deref(), Some("button"));
}

#[wasm_bindgen_test]
async fn disabled_shoelace_button_is_not_clicked_and_fails_as_disabled() {
    let f = Fixture::new(
        r#"<sl-button id="del" disabled>Delete <span class="del-label">account</span></sl-button>"#,
    );
    libs::shoelace(&f.0).await;
    let host = f.get("#del");
    log_events(&host, "pointerdown,mousedown,click");
    for sel in ["#del", "#del >>> button", ".del-label"] {
        let r = one(&format!(r#"{{"type":"click","selector":"{sel}"}}"#), 300).await;
        assert_disabled(&r);
    }
    assert_eq!(logged(&host), "", "nothing was dispatched");
    // Enabled again: the same click goes through.
    host.remove_attribute("disabled").unwrap();
    libs::shoelace(&f.0).await;
    let r = one(r##"{"type":"click","selector":"#del"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&host), "pointerdown mousedown click:xy");
}

#[wasm_bindgen_test]
async fn disabled_is_judged_on_what_the_pointer_lands_on_inside_a_component() {
    // No `disabled` on the host: its inner control says it (aria-disabled), or the host does
    // as a custom element, or an ancestor is inert.
    let f = Fixture::new(
        r#"<x-chip id="chip">Tag</x-chip><x-chip id="chip-off" disabled>Off</x-chip>
        <div inert><button id="inert-b">Inert</button></div>"#,
    );
    attach_shadow(
        &f.get("#chip"),
        r#"<div role="button" aria-disabled="true" style="padding:4px"><slot></slot></div>"#,
    );
    attach_shadow(
        &f.get("#chip-off"),
        r#"<div role="button" style="padding:4px"><slot></slot></div>"#,
    );
    let log = f.get("#chip");
    log_events(&log, "click");
    for sel in ["#chip", "#chip-off", "#inert-b"] {
        let r = one(&format!(r#"{{"type":"click","selector":"{sel}"}}"#), 300).await;
        assert_disabled(&r);
    }
    assert_eq!(logged(&log), "");
}

#[wasm_bindgen_test]
async fn a_real_cover_over_a_component_is_still_reported() {
    let f = Fixture::new(
        r#"<div style="position:relative"><sl-button id="under">Under</sl-button>
        <div id="veil" style="position:absolute;inset:0;background:rgba(0,0,0,.2)"></div></div>"#,
    );
    libs::shoelace(&f.0).await;
    let r = one(r##"{"type":"click","selector":"#under >>> button"}"##, 300).await;
    assert_eq!(r.status, ActionStatus::Failed, "{r:?}");
    let e = r.error.unwrap();
    assert_eq!(e.code, ActionErrorCode::Covered);
    assert!(e.message.contains("#veil"), "{}", e.message);
}

#[wasm_bindgen_test]
async fn a_hit_on_the_host_a_target_is_in_counts_as_the_target() {
    // The label part lets the pointer through: at its centre the pointer reaches no element
    // of the shadow tree, only the host's own box.
    let f =
        Fixture::new(r#"<x-tag id="tag" style="display:inline-block;padding:6px">Beta</x-tag>"#);
    attach_shadow(
        &f.get("#tag"),
        r#"<span id="tag-label" style="pointer-events:none"><slot></slot></span>"#,
    );
    let host = f.get("#tag");
    log_events(&host, "click");
    let r = one(
        r##"{"type":"click","selector":"#tag >>> #tag-label"}"##,
        500,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&host), "click:xy");
}

#[wasm_bindgen_test]
async fn text_slotted_through_two_components_lands_on_the_innermost_control() {
    // <x-outer> slots its text into an <x-inner> of its own shadow tree, which shows it in
    // a <button>: the hit test follows the text down to that button.
    let f = Fixture::new(r#"<x-outer id="outer-c">Nested label</x-outer>"#);
    attach_shadow(
        &f.get("#outer-c"),
        r#"<x-inner id="inner-c"><slot></slot></x-inner>"#,
    );
    let inner_host = f
        .get("#outer-c")
        .shadow_root()
        .unwrap()
        .get_element_by_id("inner-c")
        .unwrap();
    attach_shadow(&inner_host, r#"<button id="deep-b"><slot></slot></button>"#);
    let deep = inner_host
        .shadow_root()
        .unwrap()
        .get_element_by_id("deep-b")
        .unwrap();
    log_events(&deep, "click");
    for sel in ["#outer-c", "#outer-c >>> #inner-c >>> #deep-b"] {
        let r = one(&format!(r#"{{"type":"click","selector":"{sel}"}}"#), 500).await;
        assert_eq!(r.status, ActionStatus::Done, "{sel}: {r:?}");
    }
    assert_eq!(logged(&deep), "click:xy click:xy");
}
