//! Persisting the history through the host: the chat on screen and every running answer
//! (each into its own chat) put into it, saves throttled while an answer streams, and a failed save (a full
//! storage quota) shown until a later one succeeds.

use zo_chrome::error_text;
use zo_core::ui::banners::Banner;
use zo_core::ui::save_failure_text;

use super::{with_state, State};
use crate::dom;
use crate::host::now_ms;

/// Save a streaming answer at most this often.
pub(super) const SAVE_EVERY_MS: u64 = 1_500;

impl State {
    /// Persist the history (the chat on screen and the running answers included). `force` ignores the throttle.
    pub(super) fn save(&mut self, force: bool) {
        let now = now_ms();
        if !force && now.saturating_sub(self.last_saved) < SAVE_EVERY_MS {
            return;
        }
        let mut chat = self.chat.clone();
        for run in self.runs.iter() {
            if run.chat_id == chat.id {
                chat.put_message(run.turn.message.clone(), now);
            } else {
                self.history
                    .put_message(&run.chat_id, run.turn.message.clone(), now);
            }
        }
        self.history.put_chat(chat);
        self.last_saved = now;
        self.saves += 1;
        let save = self.saves;
        match self.host.save_history(&self.history.to_json()) {
            Err(e) => self.saved(save, Some(e)),
            Ok(None) => self.saved(save, None),
            Ok(Some(write)) => {
                let me = self.me.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let error = wasm_bindgen_futures::JsFuture::from(write)
                        .await
                        .err()
                        .map(|e| error_text(&e));
                    with_state(&me, |s| s.saved(save, error));
                });
            }
        }
    }

    /// Save number `save` ended: a failure (a full storage quota) is shown until a later
    /// save succeeds.
    pub(super) fn saved(&mut self, save: u64, error: Option<String>) {
        if save != self.saves {
            return;
        }
        match error {
            Some(e) => {
                dom::log_error("save history", &e);
                self.ui
                    .storage_text
                    .set_text_content(Some(&save_failure_text(&e)));
                self.set_banner(Banner::Storage, true);
            }
            None => self.set_banner(Banner::Storage, false),
        }
    }

    /// The history as it would be stored (for tests).
    pub fn history_json(&self) -> String {
        self.history.to_json()
    }
}
