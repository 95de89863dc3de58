//! Snapshot labels are accessible names computed over the composed tree, as the
//! accessible-name spec does: aria-labelledby, aria-label, labels, text slotted into and
//! rendered by shadow trees, title, placeholder; hidden parts and what fields hold left out.

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::{PageSnapshot, SnapshotElement};

use crate::libs;
use crate::snapshot::snapshot;
use crate::support::*;

/// The element of `snap` whose selector finds `el`.
fn listed<'a>(snap: &'a PageSnapshot, el: &web_sys::Element) -> &'a SnapshotElement {
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
}

fn label_of(snap: &PageSnapshot, el: &web_sys::Element) -> String {
    listed(snap, el).label.clone()
}

#[wasm_bindgen_test]
async fn shoelace_buttons_are_named_by_their_slotted_text() {
    let f = Fixture::new(
        r#"<sl-button id="nm-save">Save <b>draft</b></sl-button>
        <sl-button id="nm-icon"><span slot="prefix">+</span>New item</sl-button>
        <sl-button id="nm-off" disabled>Delete</sl-button>"#,
    );
    libs::shoelace(&f.0).await;
    let snap = snapshot(500).await;
    let inner = |id: &str| {
        f.get(id)
            .shadow_root()
            .unwrap()
            .query_selector("button")
            .unwrap()
            .unwrap()
    };
    assert_eq!(label_of(&snap, &inner("#nm-save")), "Save draft");
    assert_eq!(label_of(&snap, &inner("#nm-icon")), "+ New item");
    let off = listed(&snap, &inner("#nm-off"));
    assert_eq!(off.label, "Delete");
    assert!(off.disabled);
}

#[wasm_bindgen_test]
async fn names_follow_the_spec_order_over_shadow_trees() {
    let f = Fixture::new(
        r#"<x-field id="nm-field"></x-field>
        <x-fallback id="nm-fb"></x-fallback>
        <span id="nm-hidden-label" hidden>Quantity</span>
        <input id="nm-qty" aria-labelledby="nm-hidden-label" title="ignored">
        <input id="nm-title" title="Search the docs" placeholder="Type here">
        <input id="nm-ph" placeholder="Type here">
        <input id="nm-submit" type="submit">
        <a id="nm-link" href="/x" aria-label="Open cart">Cart <b>(2)</b></a>
        <label for="nm-mail">E<b>mail</b> address</label><input id="nm-mail">
        <a id="nm-card" href="/p/1"><x-title id="nm-title-c">view</x-title></a>"#,
    );
    // Text a component renders from its own shadow tree, around what is slotted into it.
    attach_shadow(
        &f.get("#nm-title-c"),
        r#"<h3 style="margin:0">Walnut desk</h3><slot></slot><i> (in stock)</i>"#,
    );
    // A component labelling its own input by an id inside its shadow tree.
    attach_shadow(
        &f.get("#nm-field"),
        r#"<span id="cap">Street</span><input id="inner-in" aria-labelledby="cap">"#,
    );
    // A slot shows its fallback content when nothing is assigned.
    attach_shadow(
        &f.get("#nm-fb"),
        r#"<button><slot>Default action</slot></button>"#,
    );
    let snap = snapshot(500).await;
    let in_shadow = |id: &str, sel: &str| {
        f.get(id)
            .shadow_root()
            .unwrap()
            .query_selector(sel)
            .unwrap()
            .unwrap()
    };
    assert_eq!(label_of(&snap, &in_shadow("#nm-field", "input")), "Street");
    assert_eq!(
        label_of(&snap, &in_shadow("#nm-fb", "button")),
        "Default action"
    );
    assert_eq!(
        label_of(&snap, &f.get("#nm-qty")),
        "Quantity",
        "hidden but referenced"
    );
    assert_eq!(label_of(&snap, &f.get("#nm-title")), "Search the docs");
    assert_eq!(label_of(&snap, &f.get("#nm-ph")), "Type here");
    assert_eq!(label_of(&snap, &f.get("#nm-submit")), "Submit");
    assert_eq!(label_of(&snap, &f.get("#nm-link")), "Open cart");
    assert_eq!(label_of(&snap, &f.get("#nm-mail")), "Email address");
    assert_eq!(
        label_of(&snap, &f.get("#nm-card")),
        "Walnut desk view (in stock)"
    );
}

#[wasm_bindgen_test]
async fn content_names_keep_blocks_apart_and_leave_hidden_parts_and_values_out() {
    let f = Fixture::new(
        r#"<button id="nm-blocks"><div>Save</div><div>changes</div></button>
        <button id="nm-hid">Send<span hidden>secret</span><span aria-hidden="true">★</span>
          <span style="display:none">none</span><span style="visibility:hidden">invisible</span></button>
        <button id="nm-svg"><svg aria-label="Close" width="10" height="10"></svg></button>
        <label id="nm-amount-l">Amount <input id="nm-amount" value="123">
          <input type="password" value="pw-typed"> in USD</label>"#,
    );
    let snap = snapshot(500).await;
    assert_eq!(label_of(&snap, &f.get("#nm-blocks")), "Save changes");
    assert_eq!(label_of(&snap, &f.get("#nm-hid")), "Send");
    assert_eq!(label_of(&snap, &f.get("#nm-svg")), "Close");
    assert_eq!(label_of(&snap, &f.get("#nm-amount")), "Amount in USD");
    let json = serde_json::to_string(&snap).unwrap();
    assert!(!json.contains("pw-typed"), "a field's value is no name");
}
