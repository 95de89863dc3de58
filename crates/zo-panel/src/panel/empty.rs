//! What an empty chat shows, and what shows when no API key is set: the onboarding card (what
//! Zo is, where to get a key, a button to the settings) in place of an empty chat, a banner
//! above the composer in a chat with messages, and otherwise the current mode's starter
//! prompts (`zo_core::ui::composer` decides which, `zo_core::ui::modes` says the prompts).

use zo_core::ui::banners::Banner;
use zo_core::ui::composer::{key_prompt, KeyPrompt};
use zo_core::ui::modes;

use super::State;
use crate::dom::{self, append, set_attr, set_hidden, text_el, DomResult};

/// The attribute of a starter prompt's button that holds the prompt.
pub const STARTER_ATTR: &str = "data-starter";

impl State {
    /// Shows the empty chat's parts, the onboarding card or the key banner, as the chat and
    /// the key (set or not) now are.
    pub(super) fn update_empty(&mut self) {
        let empty_chat = self.rendered.is_empty();
        self.update_export();
        let prompt = key_prompt(self.has_api_key, empty_chat);
        set_hidden(&self.ui.empty, !empty_chat);
        set_hidden(&self.ui.empty_key_hint, prompt != KeyPrompt::Card);
        self.set_banner(Banner::Key, prompt == KeyPrompt::Banner);
        set_hidden(&self.ui.starters, prompt != KeyPrompt::None);
        if prompt == KeyPrompt::None && self.starters_for != Some(self.mode) {
            match self.render_starters() {
                Ok(()) => self.starters_for = Some(self.mode),
                Err(e) => dom::log_error("starters", &e),
            }
        }
    }

    fn render_starters(&self) -> DomResult<()> {
        dom::clear(&self.ui.starters);
        for prompt in modes::starters(self.mode) {
            let b = text_el(&self.doc, "button", "btn starter", prompt)?;
            set_attr(&b, "type", "button")?;
            set_attr(&b, STARTER_ATTR, prompt)?;
            append(&self.ui.starters, &b)?;
        }
        Ok(())
    }

    /// A starter prompt was chosen: it is asked at once.
    pub(super) fn send_starter(&mut self, prompt: &str) {
        if let Err(e) = self.send(prompt) {
            dom::log_error("starter", &e);
        }
    }
}
