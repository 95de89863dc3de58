//! Visual mode without screenshots says so above the input (`zo_core::ui::composer::
//! visual_notice`), with a switch: Chrome's permission for all sites is asked for in the
//! click (screenshots capture whatever page the tab shows), then the worker turns them on in
//! the settings (SET_SCREENSHOTS) and answers with the new settings, which hide the notice.

use wasm_bindgen_futures::JsFuture;
use zo_core::trust::site::ALL_URLS;
use zo_core::ui::banners::Banner;
use zo_core::ui::composer::visual_notice;
use zo_core::wire::PageToWorker;

use super::{with_state, State};
use crate::dom::{self, set_hidden};

/// What the notice says when Chrome did not allow access to all sites.
const NOT_ALLOWED: &str =
    "Chrome did not allow access to all sites, which screenshots need: Zo sees the page's text only.";

impl State {
    /// Notice `banner` is true now or not; the one to show is shown, the others hidden.
    pub(super) fn set_banner(&self, banner: Banner, on: bool) {
        let mut banners = self.banners.get();
        banners.set(banner, on);
        self.banners.set(banners);
        self.render_banners();
    }

    /// The user dismissed `banner`.
    pub(super) fn dismiss_banner(&self, banner: Banner) {
        let mut banners = self.banners.get();
        banners.dismiss(banner);
        self.banners.set(banners);
        self.render_banners();
    }

    fn render_banners(&self) {
        let shown = self.banners.get().shown();
        for (banner, element) in [
            (Banner::Storage, &self.ui.storage_notice),
            (Banner::Send, &self.ui.send_notice),
            (Banner::Voice, &self.ui.voice_notice),
            (Banner::Key, &self.ui.key_banner),
            (Banner::Visual, &self.ui.visual_notice),
        ] {
            set_hidden(element, shown != Some(banner));
        }
    }

    /// Shows or hides the notice for the current mode and settings.
    pub(super) fn update_visual_notice(&self) {
        let notice = visual_notice(self.mode, self.settings.screenshots);
        if let Some(text) = notice {
            self.ui.visual_text.set_text_content(Some(text));
            set_hidden(&self.ui.visual_switch, false);
        }
        self.set_banner(Banner::Visual, notice.is_some());
    }

    /// The switch: ask Chrome (in this click), then the worker.
    pub(super) fn turn_screenshots_on(&self) {
        let Some(answer) = self.host.request_site_access(ALL_URLS) else {
            return;
        };
        let me = self.me.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let granted = JsFuture::from(answer).await.ok().and_then(|v| v.as_bool());
            if granted != Some(true) {
                with_state(&me, |s| {
                    s.ui.visual_text.set_text_content(Some(NOT_ALLOWED));
                });
                return;
            }
            let message = PageToWorker::SetScreenshots { on: true }.to_json();
            let Some(reply) = with_state(&me, |s| s.host.send_message(&message)).flatten() else {
                return;
            };
            let reply = JsFuture::from(reply).await.unwrap_or_default();
            match crate::read_settings(&reply) {
                Ok(view) => {
                    with_state(&me, |s| s.set_settings(view));
                }
                Err(e) => dom::log_error("turning screenshots on", &e),
            }
        });
    }
}
