//! The browser's entry points: the context menu's items (created at install), a click on one,
//! a keyboard command, a question typed after the omnibox keyword. What each makes ready is
//! decided by `zo_core::ui::entry`; this module moves it: the latest [`ReadyQuestion`] is kept
//! here and in `chrome.storage.session` (extension contexts only; it outlives a worker
//! restart), every open extension page is told QUESTION_READY, and the side panel takes it
//! with TAKE_QUESTION ([`take`]), once: the claim is decided synchronously on the copy held
//! here, so two panels asking at once cannot both get it. The glue opens the side panel in
//! the user's gesture before any of this runs.

use std::cell::{Cell, RefCell};

use wasm_bindgen::{JsCast, JsValue};
use zo_core::ui::entry::{self, MenuClick, Stamp, MENU};
use zo_core::wire::{Claim, ReadyQuestion, WorkerToPage, READY_QUESTION_KEY};

use crate::convert::warn;

thread_local! {
    /// The question waiting for its panel (None: none, or not read back after a restart).
    static READY: RefCell<Option<ReadyQuestion>> = const { RefCell::new(None) };
    /// The id of the last question handed out (a copy read back from storage is not handed
    /// out twice).
    static TAKEN: Cell<Option<u64>> = const { Cell::new(None) };
    /// The last id given.
    static LAST_ID: Cell<u64> = const { Cell::new(0) };
}

fn now_ms() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}

/// A fresh stamp: ids grow from the time, so they stay unique across worker restarts.
fn stamp() -> Stamp {
    let now = now_ms();
    let id = LAST_ID.with(|last| {
        let id = (last.get() + 1).max(now);
        last.set(id);
        id
    });
    Stamp { id, now_ms: now }
}

/// chrome.runtime.onInstalled: the context menu's items, created again (an update keeps the
/// old ones otherwise).
pub fn install_menus() {
    wasm_bindgen_futures::spawn_local(async {
        if let Err(e) = zo_chrome::context_menus::remove_all().await {
            warn("clearing the context menu", &zo_chrome::error_text(&e));
        }
        for item in MENU {
            if let Err(e) = zo_chrome::context_menus::create(item.id, item.title, item.contexts) {
                warn("creating a context menu item", &zo_chrome::error_text(&e));
            }
        }
    });
}

fn tab_id(tab: &JsValue) -> Option<i32> {
    tab.is_object()
        .then(|| {
            tab.unchecked_ref::<zo_chrome::context_menus::EventTab>()
                .id()
        })
        .flatten()
}

/// chrome.contextMenus.onClicked.
pub fn on_menu_clicked(info: JsValue, tab: JsValue) {
    if !info.is_object() {
        return;
    }
    let info: &zo_chrome::context_menus::OnClickData = info.unchecked_ref();
    let click = MenuClick {
        menu_item_id: info.menu_item_id().unwrap_or_default(),
        selection_text: info.selection_text(),
        link_url: info.link_url(),
        tab_id: tab_id(&tab),
    };
    match entry::from_menu(&click, stamp()) {
        Some(question) => make_ready(question),
        None => warn("ignored a context menu click", &click.menu_item_id),
    }
}

/// chrome.commands.onCommand.
pub fn on_command(name: String, tab: JsValue) {
    match entry::from_command(&name, tab_id(&tab), stamp()) {
        Some(question) => make_ready(question),
        None => warn("ignored a command", &name),
    }
}

/// chrome.omnibox.onInputEntered: the question is for the panel of the tab in front (the
/// omnibox says nothing of a tab; the one it was typed over is the active tab of the window
/// last focused).
pub fn on_omnibox(text: String) {
    let stamp = stamp();
    wasm_bindgen_futures::spawn_local(async move {
        let tab = zo_chrome::tabs::active_tab_id().await.unwrap_or_else(|e| {
            warn("finding the tab in front", &zo_chrome::error_text(&e));
            None
        });
        make_ready(entry::from_omnibox(&text, tab, stamp));
    });
}

/// Keeps `question` (replacing an older one), stores it and tells the open pages.
fn make_ready(question: ReadyQuestion) {
    let text = question.to_json();
    READY.with(|r| *r.borrow_mut() = Some(question));
    wasm_bindgen_futures::spawn_local(async move {
        let value = JsValue::from_str(&text);
        if let Err(e) = zo_chrome::storage::session_set(READY_QUESTION_KEY, &value).await {
            warn("keeping the ready question", &zo_chrome::error_text(&e));
        }
        let notice = WorkerToPage::QuestionReady.to_json();
        // Rejected when no extension page is open: the panel asks when it opens.
        let _ = zo_chrome::send_message(&JsValue::from_str(notice.as_str())).await;
    });
}

/// The held question's fate for a panel bound to `tab_id`; a taken or dropped one is forgotten
/// (here at once, in storage after).
fn claim_held(tab_id: Option<i32>, now: u64) -> Option<Option<ReadyQuestion>> {
    let (claim, question) = READY.with(|r| {
        let held = r.borrow();
        let question = held.as_ref()?;
        Some((question.claim(tab_id, now), question.clone()))
    })?;
    match claim {
        Claim::Keep => return Some(None),
        Claim::Take | Claim::Drop => {
            READY.with(|r| *r.borrow_mut() = None);
            forget_stored();
        }
    }
    if claim == Claim::Take && TAKEN.with(|t| t.replace(Some(question.id))) != Some(question.id) {
        return Some(Some(question));
    }
    Some(None)
}

fn forget_stored() {
    wasm_bindgen_futures::spawn_local(async {
        if let Err(e) = zo_chrome::storage::session_remove(READY_QUESTION_KEY).await {
            warn("forgetting the ready question", &zo_chrome::error_text(&e));
        }
    });
}

/// TAKE_QUESTION of the side panel bound to `tab_id`: the question ready for it, once.
pub async fn take(tab_id: Option<i32>) -> Option<ReadyQuestion> {
    if let Some(held) = claim_held(tab_id, now_ms()) {
        return held;
    }
    // Nothing held: the worker may have restarted since the question was made.
    let stored = zo_chrome::storage::session_get(READY_QUESTION_KEY).await;
    let text = match stored {
        Ok(value) => value.as_string()?,
        Err(e) => {
            warn("reading the ready question", &zo_chrome::error_text(&e));
            return None;
        }
    };
    match ReadyQuestion::from_json(&text) {
        Ok(question) => {
            // A newer question made while reading wins; the stored one is that or older.
            READY.with(|r| {
                let mut held = r.borrow_mut();
                if held.is_none() {
                    *held = Some(question);
                }
            });
            claim_held(tab_id, now_ms()).flatten()
        }
        Err(e) => {
            warn("ignored an unreadable ready question", &e.to_string());
            forget_stored();
            None
        }
    }
}
