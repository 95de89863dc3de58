//! What the panel around the composer shows, without a DOM: the onboarding card when no API
//! key is set (in place of the empty chat, or as a banner above the composer), the notice that
//! Visual mode has screenshots off, and the height of the auto-growing input.

use crate::wire::protocol::Mode;

/// Where the onboarding card shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyPrompt {
    /// A key is set.
    None,
    /// The empty chat shows the onboarding card instead of the starter prompts.
    Card,
    /// A chat with messages shows it as a banner above the composer.
    Banner,
}

pub fn key_prompt(has_api_key: bool, chat_empty: bool) -> KeyPrompt {
    match (has_api_key, chat_empty) {
        (true, _) => KeyPrompt::None,
        (false, true) => KeyPrompt::Card,
        (false, false) => KeyPrompt::Banner,
    }
}

/// The onboarding card's text: what Zo is, where to get a key.
pub const ONBOARDING_TITLE: &str = "Welcome to Zo";
pub const ONBOARDING_TEXT: [&str; 2] = [
    "Zo is an AI assistant that reads the page you are on, answers about it, and in Co-browse \
     mode clicks, fills and reads pages for you while you watch.",
    "To start, create an API key in Zo (Settings › Advanced at zo.computer) and paste it in \
     the settings.",
];
pub const ONBOARDING_BUTTON: &str = "Open settings";

/// The notice Visual mode shows when screenshots are off (None otherwise).
pub fn visual_notice(mode: Mode, screenshots: bool) -> Option<&'static str> {
    (mode == Mode::Visual && !screenshots).then_some(
        "Screenshots are off: in Visual mode Zo sees the page's text only, not how it looks.",
    )
}

/// The height (CSS px) of the auto-growing input: its content (`scroll_height`, which leaves
/// out the borders) plus its borders, so no scrollbar shows until `max` (border box).
pub fn input_height(scroll_height: i32, border: i32, max: i32) -> i32 {
    (scroll_height.max(0) + border.max(0)).min(max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_onboarding_card_shows_whenever_no_key_is_set() {
        assert_eq!(key_prompt(false, true), KeyPrompt::Card);
        assert_eq!(key_prompt(false, false), KeyPrompt::Banner);
        assert_eq!(key_prompt(true, true), KeyPrompt::None);
        assert_eq!(key_prompt(true, false), KeyPrompt::None);
    }

    #[test]
    fn visual_mode_says_when_screenshots_are_off() {
        assert!(visual_notice(Mode::Visual, false).is_some());
        assert_eq!(visual_notice(Mode::Visual, true), None);
        assert_eq!(visual_notice(Mode::Ask, false), None);
    }

    #[test]
    fn the_input_grows_with_its_borders_counted() {
        // 2 px of borders: without them the content would overflow by 2 px and scroll.
        assert_eq!(input_height(38, 2, 200), 40);
        assert_eq!(input_height(500, 2, 200), 200);
        assert_eq!(input_height(-5, -1, 200), 0);
    }
}
