//! A question an entry point made ready (the context menu, a keyboard command, the omnibox
//! keyword; decided by `zo_core::ui::entry`, kept by the worker): the panel asks the worker
//! for it when it opens and when the worker says one is ready (TAKE_QUESTION, with the tab the
//! panel is bound to, so a question about another tab stays for that tab's panel), and puts it
//! in the input, in its mode, with its quote shown above the input. It is never sent by
//! itself: Send sends it, with the quote, asking for the site's permission in that click as
//! every question does. The worker hands a question out once; the panel also ignores an id it
//! already showed.

use wasm_bindgen_futures::JsFuture;
use zo_core::ui::entry::quote_chip;
use zo_core::wire::{Caret, PageToWorker, Quote, ReadyQuestion, WorkerToPage};

use super::{with_state, State};
use crate::dom::{self, set_hidden};

impl State {
    /// Asks the worker for a question ready for this panel; shows it when there is one.
    pub(crate) fn take_question(&self) {
        let message = PageToWorker::TakeQuestion {
            tab_id: self.host.tab_id(),
        }
        .to_json();
        let Some(reply) = self.host.send_message(&message) else {
            return;
        };
        let me = self.me.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let text = JsFuture::from(reply).await.ok().and_then(|v| v.as_string());
            let Some(text) = text else {
                return dom::log_error("ready question", &"no answer from the worker");
            };
            match WorkerToPage::from_json(&text) {
                Ok(WorkerToPage::Question {
                    question: Some(question),
                }) => {
                    with_state(&me, |s| s.show_question(question));
                }
                Ok(_) => {}
                Err(e) => dom::log_error("ready question", &e),
            }
        });
    }

    /// Puts `q` in the input (a new chat first when it says so), in its mode, with its quote.
    fn show_question(&mut self, q: ReadyQuestion) {
        if self.shown_question == Some(q.id) {
            return;
        }
        self.shown_question = Some(q.id);
        if q.new_chat {
            self.new_chat();
        }
        if let Some(mode) = q.mode {
            self.set_mode(mode);
        }
        self.set_quote(q.quote);
        self.ui.input.set_value(&q.text);
        self.autosize();
        let _ = self.ui.input.focus();
        let end = u32::try_from(q.text.encode_utf16().count()).unwrap_or(u32::MAX);
        let start = match q.caret {
            Caret::Select => 0,
            Caret::End => end,
        };
        let _ = self.ui.input.set_selection_range(start, end);
    }

    /// The quote that goes with the next question (None: none), shown above the input.
    pub(crate) fn set_quote(&mut self, quote: Option<Quote>) {
        match &quote {
            Some(q) => {
                let (label, preview) = quote_chip(q);
                self.ui.quote_label.set_text_content(Some(label));
                self.ui.quote_text.set_text_content(Some(&preview));
            }
            None => self.ui.quote_text.set_text_content(None),
        }
        set_hidden(&self.ui.quote, quote.is_none());
        self.quote = quote;
    }
}
