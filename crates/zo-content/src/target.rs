//! What an action acts on: the selector it names and the one deadline all of its waiting
//! shares (finding the element, waiting for it to become actionable, finding it again after a
//! re-render), so an action never waits longer than its batch's timeout in total. Messages
//! about it name the selector the same way everywhere.

use web_sys::Element;
use zo_core::wire::Quoted;

use crate::actionable::{self, Needs, Ready};
use crate::dom;
use crate::failure::Failure;
use crate::locate;

/// An action's selector and deadline.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    sel: &'a str,
    /// Milliseconds since the epoch.
    deadline: f64,
    timeout_ms: u32,
}

impl<'a> Target<'a> {
    /// `sel`, awaited for at most `timeout_ms` from now.
    pub fn new(sel: &'a str, timeout_ms: u32) -> Target<'a> {
        Target {
            sel,
            deadline: dom::now() + f64::from(timeout_ms),
            timeout_ms,
        }
    }

    pub fn sel(&self) -> &'a str {
        self.sel
    }

    pub fn timeout_ms(&self) -> u32 {
        self.timeout_ms
    }

    /// Milliseconds left until the deadline (0 once passed).
    pub fn remaining_ms(&self) -> u32 {
        (self.deadline - dom::now()).max(0.0) as u32
    }

    pub fn expired(&self) -> bool {
        dom::now() >= self.deadline
    }

    /// The selector quoted for messages.
    pub fn quoted(&self) -> Quoted<'a> {
        Quoted(self.sel)
    }

    /// `button#save ("#save")`: an element found by this target, for messages.
    pub fn what(&self, el: &Element) -> String {
        format!("{} ({})", dom::describe(el), self.quoted())
    }

    /// The element the selector matches, awaited until the deadline.
    pub async fn find(&self) -> Result<Element, Failure> {
        locate::wait_for(self).await
    }

    /// `el` (found by this target) once it is actionable, awaited until the deadline.
    pub async fn ready(&self, el: &Element, needs: Needs) -> Result<Ready, Failure> {
        actionable::ready_element(self, el, needs).await
    }
}
