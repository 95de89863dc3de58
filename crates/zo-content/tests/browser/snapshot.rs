//! Snapshots of varied pages: every emitted selector resolves back to exactly its element
//! (through the same lookup actions use), labels and values are reported, password values
//! never are.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;
use zo_content::locate;
use zo_core::wire::{ContentToWorker, PageSnapshot};

use crate::support::*;

pub async fn snapshot(budget: u32) -> PageSnapshot {
    let r = send(&format!(
        r#"{{"type":"SNAPSHOT","requestId":"s1","textBudget":{budget}}}"#
    ))
    .await;
    match r.messages.into_iter().next() {
        Some(ContentToWorker::SnapshotResult {
            request_id,
            snapshot,
        }) => {
            assert_eq!(request_id, "s1");
            snapshot
        }
        other => panic!("expected SNAPSHOT_RESULT, got {other:?}"),
    }
}

/// Every interactive, visible element under `root` (and its shadow roots / frames is checked
/// by the caller) must be listed once, with a selector that resolves to it and only it.
pub fn assert_round_trips(snap: &PageSnapshot, expected: &[Element]) {
    let roots = locate::roots(&doc());
    for e in &snap.elements {
        let found = locate::query_in(&roots, &e.selector).unwrap();
        assert!(
            found.is_some(),
            "selector {} resolves to nothing",
            e.selector
        );
        assert_eq!(
            locate::count_in(&roots, &e.selector),
            1,
            "selector {} is ambiguous",
            e.selector
        );
    }
    for el in expected {
        let hits: Vec<_> = snap
            .elements
            .iter()
            .filter(|e| locate::query_in(&roots, &e.selector).unwrap().as_ref() == Some(el))
            .collect();
        assert_eq!(
            hits.len(),
            1,
            "{} listed {} times",
            el.outer_html(),
            hits.len()
        );
    }
}

pub fn all(sel: &str) -> Vec<Element> {
    let list = doc().query_selector_all(sel).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().unchecked_into())
        .collect()
}

#[wasm_bindgen_test]
async fn form_page_with_ids_names_labels_and_password() {
    let _f = Fixture::new(
        r#"<main><h1>Sign up</h1><p>Create your account in two steps.</p>
        <form id="signup">
          <label for="email">Email</label><input id="email" name="email" value="a@b.c">
          <input name="nick" placeholder="Nickname">
          <label>Password <input type="password" name="pw" value="s3cret!"></label>
          <input type="hidden" name="csrf" value="tok">
          <select name="country"><option>France</option><option selected>Chile</option></select>
          <textarea aria-label="About you">hi</textarea>
          <input type="checkbox" name="terms" checked>
          <button type="submit">Create account</button>
          <button type="button" disabled>Later</button>
        </form></main>"#,
    );
    let snap = snapshot(4000).await;
    assert!(snap.text.contains("Create your account"), "{}", snap.text);
    assert!(!snap.url.is_empty());
    let expected =
        all("#signup input:not([type=hidden]), #signup select, #signup textarea, #signup button");
    assert_round_trips(&snap, &expected);
    let by = |label: &str| {
        snap.elements
            .iter()
            .find(|e| e.label == label)
            .unwrap_or_else(|| panic!("no element labelled {label:?}: {:#?}", snap.elements))
    };
    assert_eq!(by("Email").selector, "#email");
    assert_eq!(by("Email").value.as_deref(), Some("a@b.c"));
    assert_eq!(by("Nickname").selector, "input[name=\"nick\"]");
    let pw = by("Password");
    assert_eq!(pw.value, None);
    assert_eq!(pw.input_type.as_deref(), Some("password"));
    assert_eq!(by("About you").value.as_deref(), Some("hi"));
    assert!(by("Later").disabled);
    let json = serde_json::to_string(&snap).unwrap();
    assert!(!json.contains("s3cret!"), "password value leaked");
    assert!(!json.contains("csrf"), "hidden input listed");
    let country = snap.elements.iter().find(|e| e.tag == "select").unwrap();
    assert_eq!(country.value.as_deref(), Some("Chile"));
    assert_eq!(
        snap.elements
            .iter()
            .find(|e| e.input_type.as_deref() == Some("checkbox"))
            .unwrap()
            .value
            .as_deref(),
        Some("checked")
    );
}

#[wasm_bindgen_test]
async fn list_page_without_ids_gets_structural_selectors() {
    let mut items = String::new();
    for i in 0..15 {
        items.push_str(&format!(
            r#"<li><a href="/item/{i}">Item</a> <span role="button" tabindex="0">Like</span></li>"#
        ));
    }
    let _f = Fixture::new(&format!(
        r#"<section><ul class="list">{items}</ul><ul class="list">{items}</ul></section>"#
    ));
    let snap = snapshot(500).await;
    let expected = all("ul.list a, ul.list [role=button]");
    assert_eq!(expected.len(), 60);
    assert_round_trips(&snap, &expected);
}

#[wasm_bindgen_test]
async fn awkward_ids_test_ids_and_aria_labels() {
    let _f = Fixture::new(
        r#"<div><button id="1st">One</button><button id="a:b.c">Two</button>
        <button id="with space">Three</button><button id="dup">A</button><button id="dup">B</button>
        <button data-testid="save">Save</button><button data-testid="save">Save too</button>
        <a href="/x" aria-label="Close &quot;dialog&quot;">x</a>
        <div contenteditable="true">Editable</div><div contenteditable="false">No</div>
        <button style="display:none">Invisible</button></div>"#,
    );
    let snap = snapshot(500).await;
    let expected = all("button:not([style]), a[aria-label], [contenteditable=true]");
    assert_round_trips(&snap, &expected);
    assert!(snap.elements.iter().any(|e| e.selector == "#\\31 st"));
    assert!(snap.elements.iter().any(|e| e.selector == "#a\\:b\\.c"));
    assert!(!snap.elements.iter().any(|e| e.label == "Invisible"));
    assert!(!snap.elements.iter().any(|e| e.label == "No"));
}

#[wasm_bindgen_test]
async fn shadow_dom_and_iframe_elements_round_trip() {
    let f = Fixture::new(
        r#"<div id="sh-host"></div><div class="card"><button>Card</button></div>
        <iframe id="snap-frame" srcdoc="<button>Card</button><input name='q'>"></iframe>"#,
    );
    attach_shadow(
        &f.get("#sh-host"),
        r#"<div class="card"><button>Card</button></div><input name="q">"#,
    );
    JsFuture::from(frame_loaded(&f.get("#snap-frame")))
        .await
        .unwrap();
    let snap = snapshot(500).await;
    let roots = locate::roots(&doc());
    assert!(
        roots.len() >= 3,
        "document, shadow root and frame are searched"
    );
    let shadow = f.get("#sh-host").shadow_root().unwrap();
    let mut expected = all(".card button");
    expected.push(shadow.query_selector("button").unwrap().unwrap());
    expected.push(shadow.query_selector("input").unwrap().unwrap());
    assert_round_trips(&snap, &expected);
    // Every element listed from the frame resolves into the frame.
    let frame_doc: web_sys::Document =
        js_sys::Reflect::get(&f.get("#snap-frame"), &"contentDocument".into())
            .unwrap()
            .unchecked_into();
    let in_frame = snap
        .elements
        .iter()
        .filter(|e| {
            locate::query_in(&roots, &e.selector)
                .unwrap()
                .and_then(|el| el.owner_document())
                .as_ref()
                == Some(&frame_doc)
        })
        .count();
    assert_eq!(in_frame, 2, "{:#?}", snap.elements);
}

#[wasm_bindgen_test]
async fn text_is_budgeted() {
    let _f = Fixture::new(&format!("<p>{}</p>", "lorem ipsum ".repeat(2000)));
    let snap = snapshot(300).await;
    assert!(snap.text_truncated);
    assert!(snap.text.chars().count() <= 300);
}

#[wasm_bindgen_test]
fn browser_css_escape_is_zo_core_escape_ident() {
    for s in [
        "submit-btn_2",
        "café",
        "1a",
        "-1",
        "-",
        "--x",
        "a.b:c",
        "a b",
        "x[0]",
        "a\"b",
        "a\nb",
        "a\0",
        "\u{7f}x\u{1f}",
        "",
        "_",
        "-_",
        "🚀",
    ] {
        assert_eq!(
            zo_content::selector::escape_ident(s),
            zo_core::page::escape_ident(s),
            "{s:?}"
        );
    }
}
