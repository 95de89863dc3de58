//! Auto-scroll of the message list: while the user is at (or near) the end, new content keeps
//! the list scrolled to the end; once they have scrolled up, it leaves them where they are.
//!
//! Changes only schedule work: the list is scrolled at most once per animation frame, when the
//! browser lays out anyway to render it. Nothing here reads layout while a message is applied,
//! so a burst of deltas between two frames costs one layout, not one (or two) per delta.
//! "Near the end" is judged against the content height of the previous frame, i.e. what the
//! user saw before the new content arrived.
//!
//! When new content arrives while the user is away from the end, a "Jump to latest" button
//! shows over the list's bottom; it goes once they are back at the end (by the button, which
//! scrolls there, or by scrolling).

use std::cell::Cell;
use std::rc::{Rc, Weak};

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, Window};

/// The user counts as "at the end" within this many pixels of it.
const NEAR_END_PX: i32 = 48;

struct List {
    element: Element,
    /// "Jump to latest": shown while new content waits below where the user is.
    jump: Element,
    /// The pending animation frame request, if any.
    frame: Cell<Option<i32>>,
    /// The list's scroll height when it was last followed (the previous frame's content).
    end_height: Cell<i32>,
}

impl List {
    /// Scroll to the end if the user was near the end of the content they last saw.
    fn follow(&self) {
        let e = &self.element;
        let near = self.end_height.get() - e.scroll_top() - e.client_height() < NEAR_END_PX;
        let height = e.scroll_height();
        if near {
            e.set_scroll_top(height);
        } else if height > e.scroll_top() + e.client_height() {
            crate::dom::set_hidden(&self.jump, false);
        }
        self.end_height.set(height);
    }

    fn to_end(&self) {
        let height = self.element.scroll_height();
        self.element.set_scroll_top(height);
        self.end_height.set(height);
        crate::dom::set_hidden(&self.jump, true);
    }

    /// The user scrolled: back at the end, the button goes.
    fn scrolled(&self) {
        let e = &self.element;
        if e.scroll_height() - e.scroll_top() - e.client_height() < NEAR_END_PX {
            crate::dom::set_hidden(&self.jump, true);
        }
    }
}

pub struct AutoScroll {
    list: Rc<List>,
    window: Option<Window>,
    on_frame: Closure<dyn FnMut()>,
    _listeners: Vec<crate::dom::Listener>,
}

impl AutoScroll {
    /// Auto-scroll for the scrollable `list`, with its "Jump to latest" button `jump`.
    pub fn new(list: &Element, jump: &Element) -> AutoScroll {
        crate::dom::set_hidden(jump, true);
        let list = Rc::new(List {
            element: list.clone(),
            jump: jump.clone(),
            frame: Cell::new(None),
            end_height: Cell::new(0),
        });
        let weak: Weak<List> = Rc::downgrade(&list);
        let on_frame = Closure::<dyn FnMut()>::new(move || {
            if let Some(list) = weak.upgrade() {
                list.frame.set(None);
                list.follow();
            }
        });
        let window = list.element.owner_document().and_then(|d| d.default_view());
        let mut listeners = Vec::new();
        let weak = Rc::downgrade(&list);
        let scrolled = crate::dom::listen(&list.element, "scroll", move |_| {
            if let Some(list) = weak.upgrade() {
                list.scrolled();
            }
        });
        let weak = Rc::downgrade(&list);
        let jumped = crate::dom::listen(&list.jump, "click", move |_| {
            if let Some(list) = weak.upgrade() {
                list.to_end();
            }
        });
        for l in [scrolled, jumped] {
            match l {
                Ok(l) => listeners.push(l),
                Err(e) => crate::dom::log_error("auto-scroll", &e),
            }
        }
        AutoScroll {
            list,
            window,
            on_frame,
            _listeners: listeners,
        }
    }

    /// The list's content changed: follow it on the next animation frame (one per frame).
    pub fn content_changed(&self) {
        if self.list.frame.get().is_some() {
            return;
        }
        let requested = self.window.as_ref().and_then(|w| {
            w.request_animation_frame(self.on_frame.as_ref().unchecked_ref())
                .ok()
        });
        match requested {
            Some(id) => self.list.frame.set(Some(id)),
            None => self.list.follow(), // no frames (no window): follow now
        }
    }

    /// Scroll to the end now, wherever the user is (a new question, a chat opened).
    pub fn to_end(&self) {
        self.list.to_end();
    }
}

impl Drop for AutoScroll {
    fn drop(&mut self) {
        // The frame callback dies with us: it must not run afterwards.
        if let (Some(id), Some(w)) = (self.list.frame.take(), &self.window) {
            let _ = w.cancel_animation_frame(id);
        }
    }
}
