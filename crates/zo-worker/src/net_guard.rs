//! The network guard of the running Co-browse task: puts in place, updates and removes the
//! `chrome.declarativeNetRequest` session rules zo-core's [`NetGuard`] writes, and hears the
//! browser's tab and navigation events (forwarded by extension/background.js) for it.
//!
//! The loop holds a [`Task`] while it runs: [`Task::set_origins`] replaces the rules (and is
//! awaited, so a destination just allowed is in the rules before the tab goes there), and
//! dropping the task, however the loop ends, removes them. Each update is computed from the
//! state when it is sent, so updates sent in order leave the latest state in place. At the
//! worker's start every rule of the guard's id range is removed ([`clear_at_start`]): session
//! rules outlive a service worker that stopped mid-task. Top-level pages and blocked
//! navigations of the guarded tabs wait, bounded, for the loop to hand them to the machine
//! ([`Task::hand_to`]). A tab whose navigation was blocked stays on Chrome's error page: a
//! `goBack` sent when the block is reported can land before the error page commits, and then
//! takes the tab one page too far back, away from the page the user was on.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::sync::Arc;

use zo_core::cobrowse::{Cobrowse, Command};
use zo_core::trust::net_rules::{clear_json, NetGuard, TabEvent};
use zo_core::trust::suffixes::PublicSuffixes;
use zo_core::trust::Origin;
use zo_core::wire::ScopeOrigin;

use crate::convert::warn;

/// Most events kept for the loop (the oldest are dropped past it).
pub const MAX_EVENTS: usize = 64;

struct Active {
    task: u64,
    /// The Co-browse session the task runs in.
    session: String,
    guard: NetGuard,
    /// What tells a site from a host, for the sends the user allows.
    suffixes: Arc<PublicSuffixes>,
    events: VecDeque<TabEvent>,
}

thread_local! {
    static ACTIVE: RefCell<Option<Active>> = const { RefCell::new(None) };
    static NEXT_TASK: Cell<u64> = const { Cell::new(1) };
}

/// The guard of one running task; its rules go when it drops.
#[derive(Debug)]
pub struct Task {
    id: u64,
}

impl Task {
    /// Starts guarding the task of session `session` in tab `tab_id` asked with `goal`. Only
    /// one task is guarded at a time: a newer one replaces an older one.
    pub async fn begin(
        session: &str,
        tab_id: i32,
        goal: &str,
        suffixes: Arc<PublicSuffixes>,
    ) -> Task {
        if !zo_chrome::net_guard::available() {
            warn(
                "network guard",
                "chrome.declarativeNetRequest is not available here: no rules are set",
            );
            return Task { id: u64::MAX };
        }
        let open = match bounded(zo_chrome::net_guard::all_tab_ids()).await {
            Some(Ok(ids)) => ids,
            Some(Err(e)) => {
                warn("network guard: listing tabs", &zo_chrome::error_text(&e));
                Vec::new()
            }
            None => {
                warn(
                    "network guard: listing tabs",
                    "chrome.tabs.query gave no answer",
                );
                Vec::new()
            }
        };
        let id = NEXT_TASK.with(|n| {
            let id = n.get();
            n.set(id.wrapping_add(1));
            id
        });
        ACTIVE.with(|a| {
            *a.borrow_mut() = Some(Active {
                task: id,
                session: session.to_string(),
                guard: NetGuard::new(tab_id, &open, goal, &suffixes),
                suffixes,
                events: VecDeque::new(),
            })
        });
        Task { id }
    }

    /// The task's origin set is now `origins`: the rules follow, before this returns.
    pub async fn set_origins(&self, origins: &[ScopeOrigin]) {
        let changed = with_task(self.id, |a| a.guard.set_origins(origins)).unwrap_or(false);
        if changed {
            apply_current().await;
        }
    }

    /// A form the policy allowed goes to `origin`, outside the set: the rules let it, before
    /// this returns.
    pub async fn let_through(&self, origin: Origin) {
        if with_task(self.id, |a| a.guard.let_through(origin)) == Some(true) {
            apply_current().await;
        }
    }

    /// What the guarded tabs did since the last call, handed to `machine` oldest first:
    /// what it says to do.
    pub fn hand_to(&self, machine: &mut Cobrowse) -> Vec<Command> {
        let events: Vec<TabEvent> =
            with_task(self.id, |a| a.events.drain(..).collect()).unwrap_or_default();
        let mut out = Vec::new();
        for event in events {
            out.extend(match event {
                TabEvent::Landed(url) => machine.on_landed(&url),
                TabEvent::Blocked(url) => machine.on_blocked(&url),
                TabEvent::SendBlocked(url) => machine.on_send_blocked(&url),
                TabEvent::SendAllowed(origin) => machine.on_send_allowed(&origin),
            });
        }
        out
    }
}

impl Drop for Task {
    fn drop(&mut self) {
        let mine = ACTIVE.with(|a| {
            let mut slot = a.borrow_mut();
            let mine = slot.as_ref().is_some_and(|active| active.task == self.id);
            if mine {
                *slot = None;
            }
            mine
        });
        if mine {
            wasm_bindgen_futures::spawn_local(apply_current());
        }
    }
}

fn with_task<R>(task: u64, f: impl FnOnce(&mut Active) -> R) -> Option<R> {
    ACTIVE.with(|a| match a.borrow_mut().as_mut() {
        Some(active) if active.task == task => Some(f(active)),
        _ => None,
    })
}

fn with_active<R>(f: impl FnOnce(&mut Active) -> R) -> Option<R> {
    ACTIVE.with(|a| a.borrow_mut().as_mut().map(f))
}

/// Sends the rules of the guarded task, or none when no task runs.
async fn apply_current() {
    let options = with_active(|a| a.guard.update_json()).unwrap_or_else(clear_json);
    match bounded(zo_chrome::net_guard::update_session_rules(options.as_str())).await {
        Some(Ok(())) => {}
        Some(Err(e)) => warn(
            "network guard: updating the session rules",
            &zo_chrome::error_text(&e),
        ),
        None => warn(
            "network guard: updating the session rules",
            "chrome.declarativeNetRequest gave no answer",
        ),
    }
}

/// How long the guard waits for one chrome.* answer: the loop never hangs on the browser.
const CHROME_ANSWER_MS: u32 = 5_000;

/// `fut`'s output, or `None` when it took longer than [`CHROME_ANSWER_MS`].
async fn bounded<T>(fut: impl std::future::Future<Output = T>) -> Option<T> {
    let timer = gloo_timers::future::TimeoutFuture::new(CHROME_ANSWER_MS);
    futures::pin_mut!(fut);
    match futures::future::select(fut, timer).await {
        futures::future::Either::Left((out, _)) => Some(out),
        futures::future::Either::Right(_) => None,
    }
}

/// At the worker's start: no task runs, so no rule of the guard may stay.
pub fn clear_at_start() {
    wasm_bindgen_futures::spawn_local(apply_current());
}

fn push(event: TabEvent) {
    with_active(|a| {
        if a.events.len() >= MAX_EVENTS {
            a.events.pop_front();
        }
        a.events.push_back(event);
    });
}

/// `chrome.tabs.onCreated`.
pub fn on_tab_created(tab_id: i32, opener: Option<i32>) {
    if with_active(|a| a.guard.on_tab_created(tab_id, opener)) == Some(true) {
        wasm_bindgen_futures::spawn_local(apply_current());
    }
}

/// `chrome.webNavigation.onCreatedNavigationTarget`.
pub fn on_navigation_target(source_tab_id: i32, tab_id: i32) {
    if with_active(|a| a.guard.on_navigation_target(source_tab_id, tab_id)) == Some(true) {
        wasm_bindgen_futures::spawn_local(apply_current());
    }
}

/// `chrome.webNavigation.onCommitted`.
pub fn on_committed(tab_id: i32, frame_id: i32, url: &str) {
    if let Some(event) = with_active(|a| a.guard.on_committed(tab_id, frame_id, url)).flatten() {
        push(event);
    }
}

/// `chrome.declarativeNetRequest.onRuleMatchedDebug` (unpacked extensions only): a guarded
/// tab's request that sent data was blocked.
pub fn on_rule_matched(tab_id: i32, rule_id: i64, url: &str) {
    if let Some(event) = with_active(|a| a.guard.on_rule_matched(tab_id, rule_id, url)).flatten() {
        push(event);
    }
}

/// The user let the task of `session` send data to `origin` (ALLOW_SEND): the rules let
/// its site through, when it is an origin a blocked request of the task went to. Returns whether
/// it was taken; the machine hears of it with the tabs' other events.
pub fn allow_send(session: &str, origin: &str) -> bool {
    let taken = with_active(|a| {
        if a.session != session {
            return None;
        }
        a.guard.allow_send(origin, &a.suffixes)
    })
    .flatten();
    let Some(origin) = taken else {
        return false;
    };
    push(TabEvent::SendAllowed(origin));
    wasm_bindgen_futures::spawn_local(apply_current());
    true
}

/// `chrome.webNavigation.onErrorOccurred`: a blocked top-level navigation is reported.
pub fn on_error(tab_id: i32, frame_id: i32, url: &str, error: &str) {
    if let Some(event) = with_active(|a| a.guard.on_error(tab_id, frame_id, url, error)).flatten() {
        push(event);
    }
}
