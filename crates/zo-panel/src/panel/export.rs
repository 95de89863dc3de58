//! The chat on screen exported as a file (the header's Export menu): `zo_core::ui::export`
//! writes it, from the chat as stored with its running answer as it stands; the host downloads
//! it (a Blob in the panel's own page: no permission needed).

use zo_core::ui::export::{export, ExportFormat};

use super::State;
use crate::host::tz_offset_min;

impl State {
    /// Downloads the chat on screen in `format`.
    pub(super) fn export_chat(&self, format: ExportFormat) {
        let mut chat = self.chat.clone();
        for m in &mut chat.messages {
            if let Some(run) = self.runs.of_message(&m.id) {
                *m = run.turn.message.clone();
            }
        }
        let file = export(&chat, format, tz_offset_min());
        self.host.download(&file.name, file.mime, &file.text);
    }

    /// The Export button is offered once the chat has a message on screen.
    pub(super) fn update_export(&self) {
        if self.rendered.is_empty() {
            let _ = self.ui.export_btn.set_attribute("disabled", "");
        } else {
            let _ = self.ui.export_btn.remove_attribute("disabled");
        }
    }
}
