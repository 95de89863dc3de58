//! The worker's side of a tab: reaching its content script and steering the tab itself.
//!
//! - [`ensure_content`]: PING through `chrome.tabs.sendMessage`; when nobody answers (a tab
//!   opened before install, a fresh navigation) inject `extension/content.js` with
//!   `chrome.scripting.executeScript` and PING again.
//! - [`snapshot`] and [`run_batch`] talk over a port opened with
//!   `chrome.tabs.connect(tabId, {name: 'content'})`, one port per request; a batch forwards each
//!   ACTION_RESULT as it arrives, answers each ACTION_CHECK with the caller's ACTION_VERDICT
//!   ([`BatchHooks`]), and ends at BATCH_DONE, or early when the port closes (the page
//!   navigated away), the content module reports an error, it goes silent, or Stop.
//! - [`navigate`]: `chrome.tabs.update(tabId, {url})`, then waits for `chrome.tabs.onUpdated`
//!   to report `status: 'complete'` for that tab, with a timeout.
//! - [`capture_visible`]: `chrome.tabs.captureVisibleTab` of the tab's window (Visual mode).
//!
//! chrome.* sits behind [`TabApi`] so wasm tests substitute a fake; [`browser::ChromeTabs`] is
//! the real one.

pub mod browser;

use std::cell::Cell;
use std::future::Future;

use futures::future::{select, Either, LocalBoxFuture};
use futures::pin_mut;
use gloo_timers::future::TimeoutFuture;
use zo_core::cobrowse::BatchOutcome;
use zo_core::wire::{
    Action, ActionResult, ContentToWorker, HttpUrl, PageSnapshot, WorkerToContent,
};
use zo_core::wire::{EffectKind, TargetFacts};

use crate::cancel::CancelToken;
use crate::convert::warn;

/// How long a snapshot may take.
pub const SNAPSHOT_TIMEOUT_MS: u32 = 10_000;
/// How long a batch may stay silent (no ACTION_RESULT) before it is given up.
pub const BATCH_SILENCE_MS: u32 = 45_000;
/// How long a navigation may take to load.
pub const NAVIGATION_TIMEOUT_MS: u32 = 30_000;
/// JPEG qualities tried for a screenshot, best first.
pub const CAPTURE_QUALITIES: [u8; 3] = [60, 35, 15];

/// Why a tab operation failed (the message is shown to Zo and the user).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TabError {
    #[error("{0}")]
    Chrome(String),
    #[error("the page cannot be scripted: {0}")]
    NoContent(String),
    #[error("the page did not answer within {0} ms")]
    Timeout(u32),
    #[error("the page closed the connection (it navigated away or was closed)")]
    Disconnected,
    #[error("the content module reported: {0}")]
    Content(String),
    #[error("stopped")]
    Cancelled,
}

/// What the worker knows about a tab.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TabInfo {
    pub url: String,
    /// `loading` or `complete`.
    pub status: String,
    pub window_id: i32,
    pub active: bool,
}

/// An open `content` port: messages out, parsed messages in.
pub trait ContentChannel {
    fn post(&self, msg: &WorkerToContent) -> Result<(), TabError>;
    /// The next message; `None` once the port closed.
    fn recv(&self) -> LocalBoxFuture<'_, Option<ContentToWorker>>;
}

/// A registration on `chrome.tabs.onUpdated` for one tab, removed when dropped.
pub trait LoadWatch {
    /// Resolves at the next `status: 'complete'` of the tab, with its URL when known.
    fn complete(&self) -> LocalBoxFuture<'_, Option<String>>;
}

/// The chrome.* calls tabs need.
pub trait TabApi {
    /// `chrome.tabs.sendMessage(tabId, {type:'PING'})`: the PONG's build.
    fn ping(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<String, TabError>>;
    /// `chrome.scripting.executeScript({target:{tabId}, files:['extension/content.js']})`.
    fn inject(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<(), TabError>>;
    /// `chrome.tabs.connect(tabId, {name:'content'})`.
    fn connect(&self, tab_id: i32)
        -> LocalBoxFuture<'_, Result<Box<dyn ContentChannel>, TabError>>;
    /// `chrome.tabs.get(tabId)`.
    fn get(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<TabInfo, TabError>>;
    /// `chrome.tabs.update(tabId, {url})`.
    fn update_url(&self, tab_id: i32, url: &str) -> LocalBoxFuture<'_, Result<TabInfo, TabError>>;
    /// Starts watching `chrome.tabs.onUpdated` for `tab_id`.
    fn watch_load(&self, tab_id: i32) -> LocalBoxFuture<'_, Result<Box<dyn LoadWatch>, TabError>>;
    /// `chrome.tabs.captureVisibleTab(windowId, {format:'jpeg', quality})`: a data URL.
    fn capture(&self, window_id: i32, quality: u8) -> LocalBoxFuture<'_, Result<String, TabError>>;
}

/// The answer to a content module's ACTION_CHECK.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentVerdict {
    pub allow: bool,
    /// Why not, in plain words (when refused).
    pub reason: Option<String>,
}

/// What a running batch needs from its caller.
pub trait BatchHooks {
    /// Live progress of one action (batch index).
    fn progress(&mut self, result: ActionResult);
    /// The content module checks action `index` (batch index) before acting, with the facts
    /// about its element: may it act? (The answer may wait for the user.)
    fn check(
        &mut self,
        index: u32,
        facts: Option<TargetFacts>,
    ) -> LocalBoxFuture<'_, ContentVerdict>;
    /// While allowed action `index` acts, the browser is about to do `effect` on an element
    /// with `facts` other than the ones checked: may it? Refused unless the caller judges it.
    fn effect(
        &mut self,
        index: u32,
        effect: EffectKind,
        facts: TargetFacts,
    ) -> LocalBoxFuture<'_, ContentVerdict> {
        let _ = (index, effect, facts);
        Box::pin(async {
            ContentVerdict {
                allow: false,
                reason: Some("effects of actions are not judged here".to_string()),
            }
        })
    }
    /// The session stopped while the batch ran: whether the page must cancel it (posts
    /// CANCEL_BATCH). The Co-browse machine decides ([`zo_core::cobrowse::Command::CancelBatch`]).
    fn stopped(&mut self) -> bool;
}

/// `fut`, or `Err(Timeout)` after `ms`, or `Err(Cancelled)` when `cancel` fires first.
pub async fn bounded<T>(
    fut: impl Future<Output = Result<T, TabError>>,
    ms: u32,
    cancel: &CancelToken,
) -> Result<T, TabError> {
    if cancel.is_cancelled() {
        return Err(TabError::Cancelled);
    }
    let timeout = TimeoutFuture::new(ms);
    let cancelled = cancel.cancelled();
    pin_mut!(fut);
    let stop = select(timeout, cancelled);
    match select(fut, stop).await {
        Either::Left((out, _)) => out,
        Either::Right((Either::Left(_), _)) => Err(TabError::Timeout(ms)),
        Either::Right((Either::Right(_), _)) => Err(TabError::Cancelled),
    }
}

/// Makes sure the content script answers in `tab_id`, injecting it when absent. Returns its
/// build (`wasm` or `js`).
pub async fn ensure_content(tabs: &dyn TabApi, tab_id: i32) -> Result<String, TabError> {
    if let Ok(build) = tabs.ping(tab_id).await {
        return Ok(build);
    }
    tabs.inject(tab_id)
        .await
        .map_err(|e| TabError::NoContent(e.to_string()))?;
    tabs.ping(tab_id)
        .await
        .map_err(|e| TabError::NoContent(format!("no answer after injecting the script: {e}")))
}

/// Waits until the tab is not loading any more (a click may have started a navigation).
async fn settle(tabs: &dyn TabApi, tab_id: i32, cancel: &CancelToken) -> Result<(), TabError> {
    let watch = tabs.watch_load(tab_id).await?;
    let info = tabs.get(tab_id).await?;
    if info.status == "loading" {
        let waited = bounded(
            async { Ok(watch.complete().await) },
            NAVIGATION_TIMEOUT_MS,
            cancel,
        )
        .await;
        // A page that never finishes loading (endless subresources) is used as it is.
        if let Err(TabError::Cancelled) = waited {
            return Err(TabError::Cancelled);
        }
    }
    Ok(())
}

thread_local! {
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
}

/// A request or batch id unique within this worker's life.
pub fn next_id(prefix: &str) -> String {
    let n = NEXT_ID.with(|c| {
        let n = c.get();
        c.set(n + 1);
        n
    });
    format!("{prefix}-{n}")
}

/// A snapshot of the page in `tab_id`, its text cut to `text_budget` characters.
pub async fn snapshot(
    tabs: &dyn TabApi,
    tab_id: i32,
    text_budget: u32,
    cancel: &CancelToken,
) -> Result<PageSnapshot, TabError> {
    settle(tabs, tab_id, cancel).await?;
    bounded(ensure_content(tabs, tab_id), SNAPSHOT_TIMEOUT_MS, cancel).await?;
    let port = tabs.connect(tab_id).await?;
    let request_id = next_id("snap");
    port.post(&WorkerToContent::Snapshot {
        request_id: request_id.clone(),
        text_budget: Some(text_budget),
    })?;
    let wait = async {
        loop {
            match port.recv().await {
                None => return Err(TabError::Disconnected),
                Some(ContentToWorker::SnapshotResult {
                    request_id: id,
                    snapshot,
                }) if id == request_id => return Ok(snapshot),
                Some(ContentToWorker::ContentError { message }) => {
                    return Err(TabError::Content(message))
                }
                Some(_) => {}
            }
        }
    };
    bounded(wait, SNAPSHOT_TIMEOUT_MS, cancel).await
}

/// Covers the secret fields of the page in `tab_id` (`on`) or uncovers them, through the
/// content module: the number covered, once painted.
pub async fn mask_secrets(
    tabs: &dyn TabApi,
    tab_id: i32,
    on: bool,
    cancel: &CancelToken,
) -> Result<u32, TabError> {
    bounded(ensure_content(tabs, tab_id), SNAPSHOT_TIMEOUT_MS, cancel).await?;
    let port = tabs.connect(tab_id).await?;
    let request_id = next_id("mask");
    port.post(&WorkerToContent::MaskSecrets {
        request_id: request_id.clone(),
        on,
    })?;
    let wait = async {
        loop {
            match port.recv().await {
                None => return Err(TabError::Disconnected),
                Some(ContentToWorker::SecretsMasked {
                    request_id: id,
                    count,
                }) if id == request_id => return Ok(count),
                Some(ContentToWorker::ContentError { message }) => {
                    return Err(TabError::Content(message))
                }
                Some(_) => {}
            }
        }
    };
    bounded(wait, SNAPSHOT_TIMEOUT_MS, cancel).await
}

/// A screenshot of `tab_id` ([`capture_visible`]) with its secret fields covered: no
/// screenshot when they could not be covered.
pub async fn capture_masked(
    tabs: &dyn TabApi,
    tab_id: i32,
    max_len: usize,
    cancel: &CancelToken,
) -> Result<String, TabError> {
    if let Err(e) = mask_secrets(tabs, tab_id, true, cancel).await {
        return Err(TabError::Content(format!(
            "the page's secret fields could not be covered, so no screenshot was taken ({e})"
        )));
    }
    let shot = capture_visible(tabs, tab_id, max_len).await;
    if let Err(e) = mask_secrets(tabs, tab_id, false, cancel).await {
        warn(
            "uncovering the secret fields after a screenshot",
            &e.to_string(),
        );
    }
    shot
}

/// `error` as told to Zo, with where the tab is when chrome.tabs knows (a page that cannot be
/// scripted still has a URL: where the page now is).
pub async fn describe_failure(tabs: &dyn TabApi, tab_id: i32, error: &TabError) -> String {
    match tabs.get(tab_id).await {
        Ok(info) if !info.url.is_empty() => format!("{error} (the tab is at {})", info.url),
        _ => error.to_string(),
    }
}

/// Runs `actions` in the content module of `tab_id`. Each ACTION_RESULT (batch index) goes
/// to `hooks.progress` as it arrives; each ACTION_CHECK is answered with `hooks.check`'s
/// verdict. Stop returns at once, after posting CANCEL_BATCH when `hooks.stopped()` says so.
pub async fn run_batch(
    tabs: &dyn TabApi,
    tab_id: i32,
    actions: Vec<Action>,
    hooks: &mut dyn BatchHooks,
    cancel: &CancelToken,
) -> BatchOutcome {
    let interrupted = |e: TabError| BatchOutcome {
        results: Vec::new(),
        interrupted: Some(e.to_string()),
    };
    if let Err(e) = settle(tabs, tab_id, cancel).await {
        return interrupted(e);
    }
    if let Err(e) = bounded(ensure_content(tabs, tab_id), SNAPSHOT_TIMEOUT_MS, cancel).await {
        return interrupted(e);
    }
    let port = match tabs.connect(tab_id).await {
        Ok(port) => port,
        Err(e) => return interrupted(e),
    };
    let batch_id = next_id("batch");
    if let Err(e) = port.post(&WorkerToContent::ExecuteAction {
        batch_id: batch_id.clone(),
        actions,
        timeout_ms: None,
    }) {
        return interrupted(e);
    }
    loop {
        let next = bounded(async { Ok(port.recv().await) }, BATCH_SILENCE_MS, cancel).await;
        match next {
            Ok(Some(ContentToWorker::ActionResult {
                batch_id: id,
                result,
            })) if id == batch_id => hooks.progress(result),
            Ok(Some(ContentToWorker::ActionCheck {
                batch_id: id,
                index,
                facts,
            })) if id == batch_id => {
                let verdict = hooks.check(index, facts).await;
                // A dead port shows at the next receive.
                let _ = port.post(&WorkerToContent::ActionVerdict {
                    batch_id: batch_id.clone(),
                    index,
                    allow: verdict.allow,
                    reason: verdict.reason,
                });
            }
            Ok(Some(ContentToWorker::EffectCheck {
                batch_id: id,
                index,
                effect,
                facts,
            })) if id == batch_id => {
                let verdict = hooks.effect(index, effect, facts).await;
                // A dead port shows at the next receive.
                let _ = port.post(&WorkerToContent::EffectVerdict {
                    batch_id: batch_id.clone(),
                    index,
                    allow: verdict.allow,
                    reason: verdict.reason,
                });
            }
            Ok(Some(ContentToWorker::BatchDone {
                batch_id: id,
                results,
            })) if id == batch_id => {
                return BatchOutcome {
                    results,
                    interrupted: None,
                }
            }
            Ok(Some(ContentToWorker::ContentError { message })) => {
                return interrupted(TabError::Content(message))
            }
            Ok(Some(_)) => {}
            Ok(None) => return interrupted(TabError::Disconnected),
            Err(TabError::Cancelled) => {
                if hooks.stopped() {
                    // Best effort: the page may already be gone.
                    let _ = port.post(&WorkerToContent::CancelBatch { batch_id });
                }
                return interrupted(TabError::Cancelled);
            }
            Err(e) => return interrupted(e),
        }
    }
}

/// Loads `url` in `tab_id` and waits for the load to complete (at most
/// [`NAVIGATION_TIMEOUT_MS`]). `Ok(final url)`.
pub async fn navigate(
    tabs: &dyn TabApi,
    tab_id: i32,
    url: &HttpUrl,
    cancel: &CancelToken,
) -> Result<String, TabError> {
    navigate_within(tabs, tab_id, url, NAVIGATION_TIMEOUT_MS, cancel).await
}

/// [`navigate`] with its own time limit.
pub async fn navigate_within(
    tabs: &dyn TabApi,
    tab_id: i32,
    url: &HttpUrl,
    timeout_ms: u32,
    cancel: &CancelToken,
) -> Result<String, TabError> {
    // Watch before updating so the 'complete' cannot be missed.
    let watch = tabs.watch_load(tab_id).await?;
    let updated = tabs.update_url(tab_id, url.as_str()).await?;
    let same = |a: &str, b: &str| a.trim_end_matches('/') == b.trim_end_matches('/');
    let wait = async {
        if updated.status == "complete" && same(&updated.url, url.as_str()) {
            // A same-document navigation (a #fragment) is complete at once.
            return Ok(None);
        }
        Ok(watch.complete().await)
    };
    let completed = bounded(wait, timeout_ms, cancel).await?;
    match completed {
        Some(url) if !url.is_empty() => Ok(url),
        _ => Ok(tabs.get(tab_id).await.map(|t| t.url).unwrap_or_default()),
    }
}

/// A JPEG data URL of the visible part of `tab_id` of at most `max_len` characters, trying
/// lower qualities when too large. The tab must be the active one of its window.
pub async fn capture_visible(
    tabs: &dyn TabApi,
    tab_id: i32,
    max_len: usize,
) -> Result<String, TabError> {
    let info = tabs.get(tab_id).await?;
    if !info.active {
        return Err(TabError::Chrome(
            "the tab is not the visible tab of its window".to_string(),
        ));
    }
    let mut last_len = 0;
    for quality in CAPTURE_QUALITIES {
        let url = tabs.capture(info.window_id, quality).await?;
        if url.len() <= max_len {
            return Ok(url);
        }
        last_len = url.len();
    }
    Err(TabError::Chrome(format!(
        "the screenshot is too large ({last_len} characters, at most {max_len})"
    )))
}
