//! A question asked: sent from the composer (in the mode or custom mode picked, with the tabs
//! chosen with `@` and the page content from the context menu), or asked again ([`super::redo`]);
//! its answer started in the chat (at its end, or in an old answer's place), and the ask posted
//! to the worker once Chrome answered for the sites Zo is to read.

use zo_core::trust::site;
use zo_core::ui::tab_mention::OpenTab;
use zo_core::ui::{Message, ModeRef, Turn};
use zo_core::wire::{Mode, PanelToWorker, Quote, WorkerToPanel};

use super::{with_state, Live, State};
use crate::host::{new_id, now_ms};
use crate::message_view::{MessageView, UserView};

/// What goes with a question besides its text: the tabs chosen with `@`, the page content
/// from the context menu, and a note for its answer (the tabs Retry could not send again).
#[derive(Default)]
pub(super) struct Extras {
    pub(super) tabs: Vec<OpenTab>,
    pub(super) quote: Option<Quote>,
    pub(super) note: Option<&'static str>,
}

impl State {
    /// Whether an answer in `mode` may start in the chat on screen; if not, the panel says
    /// why (this chat's answer runs, or a Co-browse task runs in another chat).
    pub(super) fn may_start(&self, mode: Mode) -> Result<(), String> {
        match self.runs.may_start(&self.chat.id, mode) {
            Ok(()) => {
                self.show_send_notice(None);
                Ok(())
            }
            Err(blocked) => {
                self.show_send_notice(Some(blocked.message()));
                Err(blocked.message().to_string())
            }
        }
    }

    /// Send `input` as a new query in the mode picked; returns its sessionId.
    pub fn send(&mut self, input: &str) -> Result<String, String> {
        self.send_as(input, self.mode, self.picked_custom())
    }

    /// Send `input` as a new query in `mode` (and custom mode `custom`), whichever mode the
    /// panel shows (a quick-action chip asks in its own); returns its sessionId.
    pub(super) fn send_as(
        &mut self,
        input: &str,
        mode: Mode,
        custom: Option<ModeRef>,
    ) -> Result<String, String> {
        let input = input.trim();
        if input.is_empty() {
            return Err("nothing to send".into());
        }
        self.may_start(mode)?;
        // Sent from a starter or a chip too: what was open over the chat closes.
        self.close_sheet();
        self.close_drawer();
        let now = now_ms();
        let mut user = Message::user(new_id(), mode, input.to_string());
        user.custom_mode = custom.clone();
        user.quote = self.quote.clone();
        let view = UserView::new(&self.doc, input, None).map_err(|e| e.to_string())?;
        self.wire_user(&view, &user.id).map_err(|e| e.to_string())?;
        self.add_element(&user.id, &view.root)
            .map_err(|e| e.to_string())?;
        self.chat.mode = self.mode;
        let id = user.id.clone();
        self.chat.put_message(user, now);
        let extras = Extras {
            tabs: self.take_chosen(),
            quote: self.quote.clone(),
            note: None,
        };
        self.sent_tabs.remember(&id, &extras.tabs);
        let started = self.start_turn(input, mode, custom, None, Some(&id), extras);
        if started.is_ok() {
            self.set_quote(None);
        }
        started
    }

    /// The custom mode picked, as the settings name it now.
    pub(super) fn picked_custom(&self) -> Option<ModeRef> {
        let id = self.custom.as_deref()?;
        let m = self.settings.custom_modes.iter().find(|m| m.id == id)?;
        Some(ModeRef {
            id: m.id.clone(),
            name: m.name.clone(),
        })
    }

    /// The user picked custom mode `id`: its questions take its path (Co-browse when it acts,
    /// else Ask's) and name it; the worker reads what it is from the settings.
    pub fn pick_custom(&mut self, id: &str) {
        let Some(base) = self
            .settings
            .custom_modes
            .iter()
            .find(|m| m.id == id)
            .map(|m| m.base_mode())
        else {
            return self.set_mode(self.mode);
        };
        self.set_mode(base);
        self.custom = Some(id.to_string());
        self.ui.mode.set_value(id);
    }

    /// Asks `input` in `mode` (and custom mode `custom`, which the worker reads from the
    /// settings) as a new answer: at the end of the chat, or in the place of
    /// answer `replace` (Retry, Regenerate). `question`: the question sent now (new or
    /// edited), whose page chip the page of this ask sets; `extras`: what goes with it besides
    /// its text. Returns its sessionId.
    pub(super) fn start_turn(
        &mut self,
        input: &str,
        mode: Mode,
        custom: Option<ModeRef>,
        replace: Option<&str>,
        question: Option<&str>,
        extras: Extras,
    ) -> Result<String, String> {
        let now = now_ms();
        let session_id = new_id();
        let mut message = Message::assistant(new_id(), mode, session_id.clone(), input.into());
        message.model = self.model_label();
        let custom_mode = custom.as_ref().map(|c| c.id.clone());
        message.custom_mode = custom;
        // Asked again: the earlier answers stay browsable (its pager).
        if let Some(old) = replace.and_then(|id| self.chat.messages.iter().find(|m| m.id == id)) {
            message.keep_earlier(old);
        }
        self.forget_version(replace);
        let msg_id = message.id.clone();
        let mut view = MessageView::new(&self.doc).map_err(|e| e.to_string())?;
        self.wire_message(&view, &msg_id)
            .map_err(|e| e.to_string())?;
        let replaced = match replace {
            Some(old) => self.replace_element(old, &msg_id, &view.root),
            None => false,
        };
        if !replaced {
            self.add_element(&msg_id, &view.root)
                .map_err(|e| e.to_string())?;
        }
        let mut turn = Turn::new(message);
        view.start_streaming();
        for c in turn.start() {
            let _ = view.apply(&c);
        }
        if let Some(note) = extras.note {
            let note = WorkerToPanel::TaskNote {
                session_id: session_id.clone(),
                text: note.to_string(),
            };
            for c in turn.apply(&note) {
                let _ = view.apply(&c);
            }
        }
        let placed = replace
            .filter(|_| replaced)
            .is_some_and(|old| self.chat.replace_message(old, turn.message.clone(), now));
        if !placed {
            self.chat.put_message(turn.message.clone(), now);
        }
        self.history.active_chat_id = Some(self.chat.id.clone());
        self.runs.start(&self.chat.id, turn, now);
        self.live = Some(Live {
            session_id: session_id.clone(),
            view,
        });
        self.set_streaming_ui(true);
        self.refresh_drawer();
        let others = extras.tabs;
        let ask = PanelToWorker::AskZo {
            session_id: session_id.clone(),
            chat_id: self.chat.id.clone(),
            mode_id: mode,
            custom_mode,
            input: input.to_string(),
            tab_id: self.host.tab_id(),
            context_tabs: others.iter().map(|t| t.id).collect(),
            quote: extras.quote,
        };
        self.scroll.to_end();
        // Zo reads and acts on the page only with the user's permission for its site: asked
        // for in this click (Chrome answers at once for a site already allowed), and the
        // question leaves once the user answered.
        // The question's chip says which page went with it, once that is known.
        let tab = self.host.tab();
        let access = self.request_access(&others);
        let question = question.map(str::to_string);
        match access {
            None => {
                if let Some(q) = &question {
                    self.set_question_page(q, tab.as_ref(), &others, false);
                }
                self.post_ask(&ask);
            }
            Some(answer) => {
                let me = self.me.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    // Allowed or not, the question goes: without access, Zo answers without
                    // the page (or Co-browse says it cannot act there).
                    let granted = wasm_bindgen_futures::JsFuture::from(answer)
                        .await
                        .ok()
                        .and_then(|v| v.as_bool())
                        .unwrap_or(false);
                    with_state(&me, |s| {
                        if let Some(q) = &question {
                            s.set_question_page(q, tab.as_ref(), &others, granted);
                        }
                        s.post_ask(&ask);
                    });
                });
            }
        }
        Ok(session_id)
    }

    /// Posts `ask` unless its turn is over already (stopped while the user was deciding).
    fn post_ask(&mut self, ask: &PanelToWorker) {
        let PanelToWorker::AskZo { session_id, .. } = ask else {
            return;
        };
        if !self.is_running(session_id) {
            return;
        }
        if !self.host.post(ask) {
            self.connection_lost();
        } else {
            self.save(true);
        }
    }

    /// Asks Chrome (in the user's click or keypress) for the sites of the bound tab and of
    /// `tabs`, unless none is a web page: the pending answer.
    pub(super) fn request_access(&self, tabs: &[OpenTab]) -> Option<js_sys::Promise> {
        let patterns: Vec<String> = self
            .host
            .tab()
            .map(|t| t.url)
            .into_iter()
            .chain(tabs.iter().map(|t| t.url.clone()))
            .filter_map(|url| site::host_pattern(&url))
            .collect();
        match patterns.as_slice() {
            [] => None,
            [one] => self.host.request_site_access(one),
            several => self.host.request_sites_access(several),
        }
    }
}
