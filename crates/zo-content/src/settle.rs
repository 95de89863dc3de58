//! Letting the page settle after an action that changes it (click, fill, scroll), so the next
//! action sees what the page made of it: a yield to the event loop (tasks the action queued
//! run, such as a framework's scheduled render), then animation frames until one passes
//! without a DOM change in any searched root since the previous one (or since the action),
//! bounded (the rule is `zo_core::page::Settle`). No fixed sleeps: a quiet page settles at the
//! first frame.
//!
//! The frames it waits also serve the next action: the box of the element the next action
//! names is read after the yield and at every frame, and when it was the same across the last
//! one, the element is remembered as steady ([`steady`]). Its actionability check then needs
//! no frame of its own, so on a quiet page an action costs one frame, not two.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use web_sys::Element;
use zo_core::page::{Settle, SettleStep};

use crate::dom;
use crate::in_view::Rect;
use crate::locate::{self, Observer};

/// An element whose box held still across the last frame of the last settle.
struct Steady {
    el: Element,
    rect: Rect,
}

thread_local! {
    static STEADY: RefCell<Option<Steady>> = const { RefCell::new(None) };
}

/// Waits until the page has settled; the time it took in ms, or `None` when the page could
/// not be observed (the action is done either way). `next`: the selector of the next action,
/// whose element is watched meanwhile ([`steady`]).
pub async fn settle(next: Option<&str>) -> Option<u32> {
    forget_steady();
    let start = dom::now();
    let win = dom::window().ok()?;
    let changed = Rc::new(Cell::new(false));
    let seen = changed.clone();
    let roots = locate::roots(&dom::document().ok()?);
    let _observer = Observer::new(&roots, move || seen.set(true)).ok()?;
    gloo_timers::future::TimeoutFuture::new(0).await;
    let mut settle = Settle::new(start);
    let mut watched = Watched::new(next);
    loop {
        dom::animation_frame(&win).await;
        let held = watched.frame();
        if let SettleStep::Settled(ms) = settle.frame(dom::now(), changed.replace(false)) {
            if let Some(steady) = held {
                STEADY.with(|s| *s.borrow_mut() = Some(steady));
            }
            return Some(ms);
        }
    }
}

/// Whether `el`'s box held still across the last frame of the settle just before, and is
/// still where it was then (a third look, now): then it is stable without waiting a frame.
/// The answer is given once.
pub fn steady(el: &Element) -> bool {
    let Some(s) = STEADY.with(|s| s.borrow_mut().take()) else {
        return false;
    };
    s.el == *el && el.is_connected() && Rect::of(el) == s.rect
}

/// Forgets the element a settle remembered (an action ran since).
pub fn forget_steady() {
    STEADY.with(|s| *s.borrow_mut() = None);
}

/// The next action's element, looked up once after the yield, with its box at the last look.
struct Watched {
    el: Option<Element>,
    last: Option<Rect>,
}

impl Watched {
    fn new(sel: Option<&str>) -> Watched {
        let el = sel.and_then(|s| locate::query(s).ok().flatten());
        let last = el.as_ref().map(Rect::of);
        Watched { el, last }
    }

    /// An animation frame passed: the element, when its box is the same as at the last look.
    fn frame(&mut self) -> Option<Steady> {
        let el = self.el.as_ref().filter(|el| el.is_connected())?;
        let rect = Rect::of(el);
        let held = self.last == Some(rect);
        self.last = Some(rect);
        held.then(|| Steady {
            el: el.clone(),
            rect,
        })
    }
}
