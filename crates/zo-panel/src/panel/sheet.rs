//! The sheet above the composer: /help (the commands and what each does) and /context (the
//! page context a question in the picked mode would carry now, asked of the worker, which
//! builds it with the real prompt's code), closed by its Close button or Esc.

use wasm_bindgen_futures::JsFuture;
use web_sys::Element;
use zo_core::ui::{modes, slash};
use zo_core::wire::{PageToWorker, WorkerToPage};

use super::{with_state, State};
use crate::dom::{self, append, el, set_hidden, text_el, DomResult};

impl State {
    /// /help: the commands and what each does, in the sheet.
    pub(super) fn show_help(&mut self) -> DomResult<()> {
        let list = el(&self.doc, "dl", "help-list")?;
        for (usage, description) in slash::help_lines() {
            append(&list, &text_el(&self.doc, "dt", "", &usage)?)?;
            append(&list, &text_el(&self.doc, "dd", "", description)?)?;
        }
        self.show_sheet("Commands", &list)
    }

    /// /context: asks the worker for the page context a question in the panel's mode would
    /// carry now (built by the prompt's own code) and shows it. Access to the page's site is
    /// asked for in this keypress, as Send does.
    pub(super) fn show_context(&mut self) {
        let mode = self.mode;
        let access = self.request_access(&self.chosen_tabs);
        let ask = PageToWorker::GetContext {
            mode,
            custom_mode: self.picked_custom().map(|c| c.id),
            tab_id: self.host.tab_id(),
            context_tabs: self.chosen_tabs.iter().map(|t| t.id).collect(),
            quote: self.quote.clone(),
        }
        .to_json();
        let host = self.host.clone();
        let me = self.me.clone();
        let label = match self.picked_custom() {
            Some(custom) => custom.name,
            None => modes::mode_label(mode).to_string(),
        };
        let title = format!("Page context · {label}");
        let reading = text_el(&self.doc, "p", "", "Reading the page…");
        if let Err(e) = reading.and_then(|p| self.show_sheet(&title, &p)) {
            dom::log_error("context", &e);
        }
        wasm_bindgen_futures::spawn_local(async move {
            if let Some(answer) = access {
                let _ = JsFuture::from(answer).await;
            }
            let reply = match host.send_message(&ask) {
                Some(reply) => JsFuture::from(reply).await.ok().and_then(|v| v.as_string()),
                None => None,
            };
            let text = match reply.as_deref().map(WorkerToPage::from_json) {
                Some(Ok(WorkerToPage::Context { text })) => text,
                _ => "The page context could not be read: the extension's worker did not answer."
                    .to_string(),
            };
            with_state(&me, |s| {
                if let Err(e) = s.show_context_text(&title, &text) {
                    dom::log_error("context", &e);
                }
            });
        });
    }

    fn show_context_text(&self, title: &str, text: &str) -> DomResult<()> {
        let body = el(&self.doc, "div", "")?;
        append(
            &body,
            &text_el(
                &self.doc,
                "p",
                "sheet-note",
                "What goes to Zo with a question in this mode, as the page is now. Zo is told to \
                 treat it as data, not instructions. Password, payment and one-time-code fields \
                 show what they are, never their value.",
            )?,
        )?;
        append(&body, &text_el(&self.doc, "pre", "context-text", text)?)?;
        self.show_sheet(title, &body)
    }

    /// The sheet above the composer shows `body` under `title`.
    pub(super) fn show_sheet(&self, title: &str, body: &Element) -> DomResult<()> {
        self.ui.sheet_title.set_text_content(Some(title));
        dom::clear(&self.ui.sheet_body);
        append(&self.ui.sheet_body, body)?;
        set_hidden(&self.ui.sheet, false);
        Ok(())
    }

    /// Closes the sheet; true when it was open.
    pub(super) fn close_sheet(&self) -> bool {
        let open = !self.ui.sheet.has_attribute("hidden");
        set_hidden(&self.ui.sheet, true);
        open
    }

    /// Esc in the input: closes the sheet when it is open (true), else nothing is taken.
    pub(super) fn escape_in_input(&self) -> bool {
        self.close_sheet()
    }
}
