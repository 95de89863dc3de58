//! The worker's side of the trust perimeter in a real service worker, against `zo-dev serve`:
//! the key lives apart from the settings (an old layout is migrated), is sent only to a host
//! the user let the extension reach, never follows a redirect, and a request touches only a
//! tab the asking page may act on; and Chrome's `MessageSender` is read into exactly the facts
//! the door judges.

#![cfg(test)]

mod fakes;

mod common;

#[path = "cobrowse_support/fake.rs"]
#[allow(dead_code)]
mod fake;

use std::rc::Rc;

use common::*;
use fakes::MemoryChrome;
use serde_json::json;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use zo_core::trust::sender::{PageKind, SenderFacts, SenderTab, TrustedPage};
use zo_core::wire::{FailureKind, Mode};
use zo_worker::chrome::StorageArea;
use zo_worker::context::WorkerCtx;
use zo_worker::tab_scope::scoped_tab;

wasm_bindgen_test_configure!(run_in_service_worker);

#[wasm_bindgen_test]
async fn a_legacy_key_moves_out_and_pages_only_learn_whether_one_is_set() {
    let chrome = Rc::new(MemoryChrome::new());
    chrome.put(
        StorageArea::Local,
        "settings",
        json!({"apiKey": " zo_sk_legacy ", "apiBaseUrl": server(), "defaultMode": "ask"}),
    );
    let ctx = WorkerCtx::new(chrome.clone(), 20_000);
    let view = ctx.settings_view().await.unwrap();
    assert!(view.has_api_key);
    assert_eq!(view.settings.default_mode, Mode::Ask);
    assert!(!serde_json::to_string(&view)
        .unwrap()
        .contains("zo_sk_legacy"));
    // Moved: the settings no longer hold it, its own entry does.
    let stored = chrome.get(StorageArea::Local, "settings");
    assert!(stored.get("apiKey").is_none(), "{stored}");
    assert_eq!(stored["defaultMode"], "ask");
    assert_eq!(
        chrome.get(StorageArea::Local, "apiKey"),
        json!("zo_sk_legacy")
    );
    let credentials = ctx.credentials().await.unwrap();
    assert_eq!(credentials.api_key.expose(), "zo_sk_legacy");
}

#[wasm_bindgen_test]
async fn the_key_goes_only_to_a_host_the_user_granted() {
    let h = Harness::default();
    h.chrome.only_hosts(&["https://api.zo.computer/*"]);
    let marker = unique("ungranted");
    let session = unique("s");
    h.ask(&session, &unique("chat"), &format!("hello {marker}"));
    let e = error(&h.finished(&session).await);
    assert_eq!(e.kind, FailureKind::Permanent);
    let origin = server().trim_end_matches('/');
    assert!(
        e.message
            .contains(&format!("no permission to contact {origin}")),
        "{}",
        e.message
    );
    assert!(
        requests_with(&marker).await.is_empty(),
        "the key left anyway"
    );

    // Once the user granted the host, the same question goes through.
    h.chrome.only_hosts(&["http://127.0.0.1/*"]);
    let session = unique("s");
    h.ask(&session, &unique("chat"), &format!("hello {marker}"));
    done(&h.finished(&session).await);
    assert_eq!(requests_with(&marker).await.len(), 1);
}

#[wasm_bindgen_test]
async fn a_redirecting_api_does_not_get_the_key_forwarded() {
    let h = Harness::default();
    h.chrome.put(
        StorageArea::Local,
        "settings",
        json!({"apiBaseUrl": format!("{}/redirect", server()), "livenessTimeoutMs": 10_000}),
    );
    let marker = unique("redirect");
    let session = unique("s");
    h.ask(&session, &unique("chat"), &format!("hello {marker}"));
    let e = error(&h.finished(&session).await);
    assert_eq!(e.kind, FailureKind::Permanent, "no retries: {}", e.message);
    assert!(e.message.contains("redirect"), "{}", e.message);
    // The configured address was asked once; the address it pointed at never was.
    assert_eq!(requests_to("/redirect/zo/ask", &marker).await.len(), 1);
    assert!(
        requests_with(&marker).await.is_empty(),
        "the redirect was followed"
    );
}

fn page_in_window(window_id: i32) -> TrustedPage {
    TrustedPage {
        kind: PageKind::SidePanel,
        tab: Some(SenderTab { id: 99, window_id }),
    }
}

#[wasm_bindgen_test]
async fn a_request_keeps_only_a_tab_the_asking_page_may_act_on() {
    // The fake tab: https://shop.example/, window 7, active.
    let tabs = fake::shop();
    let panel = TrustedPage::SIDE_PANEL;
    assert_eq!(scoped_tab(&tabs, &panel, Some(3)).await, Some(3));
    assert_eq!(scoped_tab(&tabs, &panel, None).await, None);
    assert_eq!(
        scoped_tab(&tabs, &page_in_window(7), Some(3)).await,
        Some(3)
    );
    assert_eq!(
        scoped_tab(&tabs, &page_in_window(8), Some(3)).await,
        None,
        "a tab of another window"
    );
    tabs.0.active.set(false);
    assert_eq!(
        scoped_tab(&tabs, &panel, Some(3)).await,
        None,
        "a tab the side panel does not show"
    );
    assert_eq!(
        scoped_tab(&tabs, &page_in_window(7), Some(3)).await,
        Some(3)
    );
    *tabs.0.url.borrow_mut() = "chrome://settings/".to_string();
    assert_eq!(scoped_tab(&tabs, &page_in_window(7), Some(3)).await, None);
    // Nothing but the lookup touched the tab.
    assert!(tabs.log().is_empty(), "{:?}", tabs.log());
}

/// A `MessageSender` as Chrome hands it over, from its JSON.
fn sender(value: serde_json::Value) -> zo_chrome::MessageSender {
    js_sys::JSON::parse(&value.to_string())
        .unwrap()
        .unchecked_into()
}

#[wasm_bindgen_test]
fn a_message_sender_is_read_into_the_facts_the_door_judges() {
    let page = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/extension/sidepanel.html";
    let facts = SenderFacts::from(&sender(json!({
        "id": "abcdefghijklmnopabcdefghijklmnop",
        "url": page,
        "origin": "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
        "frameId": 0,
        "tab": {"id": 7, "windowId": 3, "url": "https://example.com/", "active": true},
    })));
    assert_eq!(
        facts,
        SenderFacts {
            id: Some("abcdefghijklmnopabcdefghijklmnop".into()),
            url: Some(page.into()),
            tab: Some(SenderTab {
                id: 7,
                window_id: 3
            }),
        }
    );
    // An empty sender: nothing is made up.
    assert_eq!(
        SenderFacts::from(&sender(json!({}))),
        SenderFacts::default()
    );
    // Ids that are not whole numbers of a tab or window read as none (-1), never as a
    // neighbouring tab.
    for (tab, expected) in [
        (json!({"id": 1.5, "windowId": -2}), (-1, -2)),
        (json!({"id": 3e10, "windowId": -0.5}), (-1, -1)),
        (json!({"id": null, "windowId": 2.0}), (-1, 2)),
        (json!({}), (-1, -1)),
    ] {
        let facts = SenderFacts::from(&sender(json!({ "tab": tab })));
        let read = facts.tab.map(|t| (t.id, t.window_id));
        assert_eq!(read, Some(expected), "{tab}");
    }
}
