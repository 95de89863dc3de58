//! The chat -> Zo conversation map in storage: past the cap the least recently set chats go.

#![cfg(test)]

mod fakes;

use std::rc::Rc;

use fakes::MemoryChrome;
use serde_json::{json, Map, Value};
use wasm_bindgen_test::*;
use zo_core::ui::MAX_CHATS;
use zo_worker::chrome::StorageArea;
use zo_worker::conversations::{Conversations, CONVERSATIONS_KEY};

wasm_bindgen_test_configure!(run_in_service_worker);

#[wasm_bindgen_test]
async fn past_the_cap_the_oldest_chats_go() {
    let chrome = Rc::new(MemoryChrome::new());
    // An earlier version kept three more than the cap, set at times 0, 1, 2, ...
    let stored: Map<String, Value> = (0..MAX_CHATS + 3)
        .map(|i| {
            (
                format!("chat{i}"),
                json!({"id": format!("conv{i}"), "at": i as f64}),
            )
        })
        .collect();
    chrome.put(StorageArea::Local, CONVERSATIONS_KEY, Value::Object(stored));
    let conversations = Conversations::new(chrome.clone());

    conversations.set("fresh", "conv_fresh").await;

    let kept = chrome.get(StorageArea::Local, CONVERSATIONS_KEY);
    let kept = kept.as_object().expect("an object");
    assert_eq!(kept.len(), MAX_CHATS);
    for gone in 0..4 {
        assert!(
            !kept.contains_key(&format!("chat{gone}")),
            "chat{gone} kept"
        );
    }
    for i in 4..MAX_CHATS + 3 {
        assert_eq!(kept[&format!("chat{i}")]["id"], format!("conv{i}"));
    }
    assert_eq!(kept["fresh"]["id"], "conv_fresh");
    assert_eq!(conversations.get("chat3").await, None);
    assert_eq!(conversations.get("chat4").await.as_deref(), Some("conv4"));
}

#[wasm_bindgen_test]
async fn stored_entries_are_read_back_and_an_unreadable_map_starts_afresh() {
    let chrome = Rc::new(MemoryChrome::new());
    chrome.put(
        StorageArea::Local,
        CONVERSATIONS_KEY,
        json!({"a": {"id": "conv_a", "at": 5, "later": true}, "b": {"id": "conv_b", "at": 1.5}}),
    );
    let conversations = Conversations::new(chrome.clone());
    assert_eq!(conversations.get("a").await.as_deref(), Some("conv_a"));
    assert_eq!(conversations.get("b").await.as_deref(), Some("conv_b"));

    // One entry that is not {id: string, at: number}: the whole map is dropped.
    let chrome = Rc::new(MemoryChrome::new());
    chrome.put(
        StorageArea::Local,
        CONVERSATIONS_KEY,
        json!({"a": {"id": 7, "at": 5}, "b": {"id": "conv_b", "at": 1}}),
    );
    let conversations = Conversations::new(chrome.clone());
    assert_eq!(conversations.get("b").await, None);
    conversations.set("c", "conv_c").await;
    let stored = chrome.get(StorageArea::Local, CONVERSATIONS_KEY);
    assert_eq!(stored.as_object().map(|m| m.len()), Some(1));
    assert_eq!(stored["c"]["id"], "conv_c");
    assert!(stored["c"]["at"].as_f64().is_some_and(|at| at > 0.0));
}
