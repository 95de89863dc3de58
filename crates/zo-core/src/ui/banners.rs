//! The notices above the composer: at most one shows, the most urgent of those now true
//! (a failed history save, why a question cannot be sent, why voice input stopped, the
//! missing key, Visual mode without screenshots). Each can be dismissed; a dismissed notice
//! stays away while it stays true, and comes back if it stops being true and later is again.
//! One that stops being true goes away by itself.

/// A notice above the composer, most urgent first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Banner {
    /// The history could not be saved.
    Storage,
    /// A question cannot be sent now (a task runs in another chat, an unknown command).
    Send,
    /// Voice input stopped or cannot start.
    Voice,
    /// No API key (a chat with messages).
    Key,
    /// Visual mode with screenshots off.
    Visual,
}

impl Banner {
    /// Every notice, most urgent first.
    pub const ALL: [Banner; 5] = [
        Banner::Storage,
        Banner::Send,
        Banner::Voice,
        Banner::Key,
        Banner::Visual,
    ];

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The accessible name of a notice's Dismiss button.
pub const DISMISS: &str = "Dismiss";

/// Which notices are true now and which the user dismissed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Banners {
    on: u8,
    dismissed: u8,
}

impl Banners {
    /// `banner` is true now (or not). A notice no longer true forgets its dismissal.
    pub fn set(&mut self, banner: Banner, on: bool) {
        if on {
            self.on |= banner.bit();
        } else {
            self.on &= !banner.bit();
            self.dismissed &= !banner.bit();
        }
    }

    /// The user dismissed `banner`: it stays away while it stays true.
    pub fn dismiss(&mut self, banner: Banner) {
        if self.on & banner.bit() != 0 {
            self.dismissed |= banner.bit();
        }
    }

    /// The one notice to show: the most urgent true one not dismissed.
    pub fn shown(&self) -> Option<Banner> {
        Banner::ALL
            .into_iter()
            .find(|b| self.on & b.bit() != 0 && self.dismissed & b.bit() == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_one_shows_the_most_urgent() {
        let mut b = Banners::default();
        assert_eq!(b.shown(), None);
        b.set(Banner::Visual, true);
        b.set(Banner::Key, true);
        assert_eq!(b.shown(), Some(Banner::Key));
        b.set(Banner::Storage, true);
        assert_eq!(b.shown(), Some(Banner::Storage));
        b.set(Banner::Storage, false);
        assert_eq!(b.shown(), Some(Banner::Key), "the next one comes back");
    }

    #[test]
    fn a_dismissed_notice_stays_away_while_true_and_returns_when_true_again() {
        let mut b = Banners::default();
        b.set(Banner::Voice, true);
        b.set(Banner::Visual, true);
        b.dismiss(Banner::Voice);
        assert_eq!(b.shown(), Some(Banner::Visual), "the one under it shows");
        b.set(Banner::Voice, true);
        assert_eq!(
            b.shown(),
            Some(Banner::Visual),
            "still dismissed while true"
        );
        b.set(Banner::Voice, false);
        b.set(Banner::Voice, true);
        assert_eq!(b.shown(), Some(Banner::Voice), "true again: shown again");
    }

    #[test]
    fn dismissing_a_notice_that_is_not_true_changes_nothing() {
        let mut b = Banners::default();
        b.dismiss(Banner::Key);
        b.set(Banner::Key, true);
        assert_eq!(b.shown(), Some(Banner::Key));
    }
}
