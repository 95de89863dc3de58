//! Keeps the MV3 service worker alive exactly while work is in flight.
//!
//! Chrome stops an idle extension service worker after about 30 s even while a fetch body is
//! still streaming (seen in headless Chromium 156; `tests/e2e/worker-keepalive.test.ts` shows
//! the worker outliving it); calling a cheap chrome.* API resets that timer. Each
//! stream or action batch holds a [`KeepAliveGuard`]; while at least one guard lives, a single
//! loop pings every `interval_ms`. The loop ends at the first tick after the count drops to zero,
//! so an idle worker is left to Chrome's normal lifetime.

use std::cell::Cell;
use std::rc::Rc;

use gloo_timers::future::TimeoutFuture;

use crate::chrome::ChromeApi;
use crate::convert::warn;

/// How often the worker pings while busy: well under Chrome's 30 s idle limit.
pub const KEEPALIVE_INTERVAL_MS: u32 = 20_000;

/// Counter of in-flight work plus the ping loop. Cheap to clone.
#[derive(Clone)]
pub struct KeepAlive(Rc<Inner>);

struct Inner {
    chrome: Rc<dyn ChromeApi>,
    interval_ms: u32,
    in_flight: Cell<u32>,
    loop_running: Cell<bool>,
}

/// Holds the worker alive until dropped.
pub struct KeepAliveGuard(KeepAlive);

impl Drop for KeepAliveGuard {
    fn drop(&mut self) {
        let count = &(self.0).0.in_flight;
        count.set(count.get().saturating_sub(1));
    }
}

impl KeepAlive {
    pub fn new(chrome: Rc<dyn ChromeApi>, interval_ms: u32) -> Self {
        KeepAlive(Rc::new(Inner {
            chrome,
            interval_ms,
            in_flight: Cell::new(0),
            loop_running: Cell::new(false),
        }))
    }

    /// Registers one unit of in-flight work; the worker stays alive until the guard drops.
    pub fn hold(&self) -> KeepAliveGuard {
        let inner = &self.0;
        inner.in_flight.set(inner.in_flight.get() + 1);
        if !inner.loop_running.get() {
            inner.loop_running.set(true);
            let this = self.clone();
            wasm_bindgen_futures::spawn_local(async move { this.ping_loop().await });
        }
        KeepAliveGuard(self.clone())
    }

    /// Units of work in flight now.
    pub fn in_flight(&self) -> u32 {
        self.0.in_flight.get()
    }

    /// Whether the ping loop is currently scheduled.
    pub fn is_pinging(&self) -> bool {
        self.0.loop_running.get()
    }

    async fn ping_loop(self) {
        let inner = &self.0;
        loop {
            TimeoutFuture::new(inner.interval_ms).await;
            if inner.in_flight.get() == 0 {
                inner.loop_running.set(false);
                return;
            }
            if let Err(e) = inner.chrome.keepalive_ping().await {
                warn("keepalive ping", &e.to_string());
            }
        }
    }
}
