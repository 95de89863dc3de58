//! The keyboard rules of the list that pops up over the question input (slash commands, open
//! tabs): which option is active (the one `aria-activedescendant` names), what Up, Down,
//! Home, End, Enter, Tab and Esc do, without a DOM. Focus stays in the input all along.

/// A key pressed in the input while the list may be open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListKey {
    Down,
    Up,
    Home,
    End,
    /// Enter without Shift.
    Enter,
    /// Tab without Shift.
    Tab,
    Escape,
    /// Any other key: the input has it.
    Other,
}

impl ListKey {
    /// The key of a `KeyboardEvent.key`, with Shift held or not.
    pub fn from_key(key: &str, shift: bool) -> ListKey {
        match key {
            "ArrowDown" => ListKey::Down,
            "ArrowUp" => ListKey::Up,
            "Home" => ListKey::Home,
            "End" => ListKey::End,
            "Enter" if !shift => ListKey::Enter,
            "Tab" if !shift => ListKey::Tab,
            "Escape" => ListKey::Escape,
            _ => ListKey::Other,
        }
    }
}

/// What a key does to the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyOutcome {
    /// Option `n` is active now.
    Moved(usize),
    /// Option `n` is chosen.
    Pick(usize),
    /// The list closes; the input keeps its text.
    Close,
    /// Not the list's key (or the list is closed): the input handles it as usual.
    Pass,
}

/// The list's state: how many options it shows and which one is active.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Listbox {
    len: usize,
    active: usize,
    open: bool,
}

impl Listbox {
    /// The list shows `len` options; the first is active (Enter picks it). An empty list is
    /// closed.
    pub fn show(&mut self, len: usize) {
        self.open = len > 0;
        self.len = len;
        self.active = 0;
    }

    pub fn close(&mut self) {
        self.open = false;
    }

    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The active option while the list is open.
    pub fn active(&self) -> Option<usize> {
        self.open.then_some(self.active)
    }

    /// What `key` does: Down and Up move (wrapping around), Home and End go to the ends,
    /// Enter and Tab pick the active option, Esc closes. Nothing is the list's while it is
    /// closed.
    pub fn on_key(&mut self, key: ListKey) -> KeyOutcome {
        if !self.open {
            return KeyOutcome::Pass;
        }
        let last = self.len - 1;
        self.active = match key {
            ListKey::Down if self.active >= last => 0,
            ListKey::Down => self.active + 1,
            ListKey::Up if self.active == 0 => last,
            ListKey::Up => self.active - 1,
            ListKey::Home => 0,
            ListKey::End => last,
            ListKey::Enter | ListKey::Tab => {
                self.open = false;
                return KeyOutcome::Pick(self.active);
            }
            ListKey::Escape => {
                self.open = false;
                return KeyOutcome::Close;
            }
            ListKey::Other => return KeyOutcome::Pass,
        };
        KeyOutcome::Moved(self.active)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_move_and_wrap_enter_picks_the_active_option() {
        let mut l = Listbox::default();
        l.show(3);
        assert_eq!(l.active(), Some(0));
        assert_eq!(l.on_key(ListKey::Down), KeyOutcome::Moved(1));
        assert_eq!(l.on_key(ListKey::Down), KeyOutcome::Moved(2));
        assert_eq!(l.on_key(ListKey::Down), KeyOutcome::Moved(0));
        assert_eq!(l.on_key(ListKey::Up), KeyOutcome::Moved(2));
        assert_eq!(l.on_key(ListKey::Home), KeyOutcome::Moved(0));
        assert_eq!(l.on_key(ListKey::End), KeyOutcome::Moved(2));
        assert_eq!(l.on_key(ListKey::Other), KeyOutcome::Pass);
        assert_eq!(l.on_key(ListKey::Enter), KeyOutcome::Pick(2));
        assert!(!l.is_open());
        assert_eq!(
            l.on_key(ListKey::Enter),
            KeyOutcome::Pass,
            "closed: Enter sends"
        );
    }

    #[test]
    fn tab_picks_escape_closes_an_empty_list_is_closed() {
        let mut l = Listbox::default();
        l.show(2);
        l.on_key(ListKey::Down);
        assert_eq!(l.on_key(ListKey::Tab), KeyOutcome::Pick(1));
        l.show(2);
        assert_eq!(l.active(), Some(0), "shown again: the first is active");
        assert_eq!(l.on_key(ListKey::Escape), KeyOutcome::Close);
        assert_eq!(l.active(), None);
        l.show(0);
        assert!(!l.is_open());
        assert_eq!(l.on_key(ListKey::Down), KeyOutcome::Pass);
    }

    #[test]
    fn keys_of_the_event() {
        assert_eq!(ListKey::from_key("Enter", false), ListKey::Enter);
        assert_eq!(ListKey::from_key("Enter", true), ListKey::Other);
        assert_eq!(ListKey::from_key("Tab", true), ListKey::Other);
        assert_eq!(ListKey::from_key("ArrowUp", false), ListKey::Up);
        assert_eq!(ListKey::from_key("a", false), ListKey::Other);
    }
}
