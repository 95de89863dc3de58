//! When the page has settled after an action (click, fill, scroll), so the next action sees
//! what the page made of it (a framework's re-render, a sorted table, rows loaded on scroll):
//! after a yield to the event loop, an animation frame must come without a DOM change since
//! the previous one, or, for the first frame, since the action. A render the action scheduled
//! (a task, a microtask, an animation-frame callback registered before the check's) has run by
//! then and shows as a change; a quiet page settles at the first frame. The wait is bounded by
//! [`SETTLE_MAX_MS`]: a page that never stops changing (a ticking clock, an animation driven
//! by script) costs that much, never more.
//!
//! Sans-IO: the content module yields, then reports each animation frame with whether the DOM
//! changed since the previous one; [`Settle::frame`] says whether to wait for another.

/// The longest wait for a page to settle, in milliseconds.
pub const SETTLE_MAX_MS: f64 = 500.0;

/// Waiting for the page to settle after an action that ended at `start` (ms).
#[derive(Debug, Clone, PartialEq)]
pub struct Settle {
    start: f64,
}

/// What to do after an animation frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettleStep {
    /// Wait for the next animation frame.
    Wait,
    /// The page settled (or the bound was reached) this many whole ms after the action.
    Settled(u32),
}

impl Settle {
    pub fn new(start: f64) -> Settle {
        Settle { start }
    }

    /// An animation frame at `now`; `changed`: the DOM changed since the previous frame (or,
    /// for the first frame, since the action).
    pub fn frame(&mut self, now: f64, changed: bool) -> SettleStep {
        let elapsed = (now - self.start).max(0.0);
        if !changed || elapsed >= SETTLE_MAX_MS {
            SettleStep::Settled(elapsed.round().min(f64::from(u32::MAX)) as u32)
        } else {
            SettleStep::Wait
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_quiet_since_the_action_settles_at_the_first_frame() {
        let mut s = Settle::new(1000.0);
        assert_eq!(s.frame(1016.6, false), SettleStep::Settled(17));
        // A change before the first frame (a render the action scheduled) waits for a quiet one.
        let mut s = Settle::new(1000.0);
        assert_eq!(s.frame(1004.0, true), SettleStep::Wait);
        assert_eq!(s.frame(1020.6, false), SettleStep::Settled(21));
    }

    #[test]
    fn changes_keep_it_waiting_until_a_frame_passes_without_one() {
        let mut s = Settle::new(0.0);
        assert_eq!(s.frame(16.0, true), SettleStep::Wait);
        assert_eq!(s.frame(32.0, true), SettleStep::Wait);
        assert_eq!(s.frame(48.0, true), SettleStep::Wait);
        assert_eq!(s.frame(64.0, false), SettleStep::Settled(64));
    }

    #[test]
    fn a_page_that_never_stops_changing_is_given_up_on_at_the_bound() {
        let mut s = Settle::new(0.0);
        let mut t = 0.0;
        let settled = loop {
            t += 16.0;
            if let SettleStep::Settled(ms) = s.frame(t, true) {
                break ms;
            }
            assert!(t < SETTLE_MAX_MS + 16.0, "never settled");
        };
        assert_eq!(settled, 512);
        // Slow frames (a background tab) end at the bound too, even before a quiet frame.
        let mut s = Settle::new(0.0);
        assert_eq!(s.frame(600.0, false), SettleStep::Settled(600));
    }

    #[test]
    fn a_clock_that_went_backwards_counts_as_no_time() {
        let mut s = Settle::new(100.0);
        assert_eq!(s.frame(90.0, true), SettleStep::Wait);
        assert_eq!(s.frame(95.0, false), SettleStep::Settled(0));
    }
}
