//! The browser's entry points: the context menu's items (created at install), a click on one,
//! a keyboard command, a question typed after the omnibox keyword. What each makes ready is
//! decided by `zo_core::ui::entry`; this module moves it: the latest [`ReadyQuestion`] is held
//! here (a newer one replaces it), every open extension page is told QUESTION_READY, and the
//! side panel takes it with TAKE_QUESTION ([`take`]): the claim is decided synchronously on
//! the one copy, so a question is handed out once, to the panel of its tab, while it is fresh.
//! The glue opens the side panel in the user's gesture before any of this runs, and reads the
//! event's values (the menu item, the selection, the link, the tab) for it.
//!
//! The question is held in the worker's memory only: Chrome keeps the worker running for
//! half a minute after the event, while the panel it opened asks for it within a second or
//! two (kept in `chrome.storage.session` it would also outlive a worker restart, at the cost
//! of code in the worker module, whose size is budgeted).

use std::cell::{Cell, RefCell};

use wasm_bindgen::JsValue;
use zo_core::ui::entry::{self, MenuClick, Stamp, MENU};
use zo_core::wire::{Claim, ReadyQuestion, WorkerToPage};

use crate::convert::warn;

thread_local! {
    /// The question waiting for its panel.
    static READY: RefCell<Option<ReadyQuestion>> = const { RefCell::new(None) };
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

/// A tab id as Chrome reports it (a whole number in i32), or None.
fn tab_id(id: Option<f64>) -> Option<i32> {
    id.filter(|id| id.fract() == 0.0 && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(id))
        .map(|id| id as i32)
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

/// chrome.contextMenus.onClicked, with the click's item id, selection, link and tab id.
pub fn on_menu_clicked(
    menu_item_id: String,
    selection_text: Option<String>,
    link_url: Option<String>,
    tab: Option<f64>,
) {
    let click = MenuClick {
        menu_item_id,
        selection_text,
        link_url,
        tab_id: tab_id(tab),
    };
    match entry::from_menu(&click, stamp()) {
        Some(question) => make_ready(question),
        None => warn("ignored a context menu click", &click.menu_item_id),
    }
}

/// chrome.commands.onCommand, with the command's name and the tab id.
pub fn on_command(name: String, tab: Option<f64>) {
    match entry::from_command(&name, tab_id(tab), stamp()) {
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

/// Holds `question` (replacing an older one) and tells the open pages.
fn make_ready(question: ReadyQuestion) {
    READY.with(|r| *r.borrow_mut() = Some(question));
    wasm_bindgen_futures::spawn_local(async {
        let notice = WorkerToPage::QuestionReady.to_json();
        // Rejected when no extension page is open: the panel asks when it opens.
        let _ = zo_chrome::send_message(&JsValue::from_str(notice.as_str())).await;
    });
}

/// TAKE_QUESTION of the side panel bound to `tab_id`: the question ready for it, once. One
/// for another tab's panel stays; a stale one goes.
pub fn take(tab_id: Option<i32>) -> Option<ReadyQuestion> {
    READY.with(|r| {
        let mut held = r.borrow_mut();
        match held.as_ref()?.claim(tab_id, now_ms()) {
            Claim::Keep => None,
            Claim::Drop => held.take().and(None),
            Claim::Take => held.take(),
        }
    })
}
