//! Letting the page settle after an action that changes it (click, fill, scroll), so the next
//! action sees what the page made of it: a yield to the event loop (tasks the action queued
//! run, such as a framework's scheduled render), then animation frames until one passes
//! without a DOM change in any searched root, bounded (the rule is `zo_core::page::Settle`). No
//! fixed sleeps: a quiet page settles within two frames.

use std::cell::Cell;
use std::rc::Rc;

use zo_core::page::{Settle, SettleStep};

use crate::dom;
use crate::locate::{self, Observer};

/// Waits until the page has settled; the time it took in ms, or `None` when the page could
/// not be observed (the action is done either way).
pub async fn settle() -> Option<u32> {
    let start = dom::now();
    let win = dom::window().ok()?;
    let changed = Rc::new(Cell::new(false));
    let seen = changed.clone();
    let roots = locate::roots(&dom::document().ok()?);
    let _observer = Observer::new(&roots, move || seen.set(true)).ok()?;
    gloo_timers::future::TimeoutFuture::new(0).await;
    let mut settle = Settle::new(start);
    loop {
        dom::animation_frame(&win).await;
        if let SettleStep::Settled(ms) = settle.frame(dom::now(), changed.replace(false)) {
            return Some(ms);
        }
    }
}
