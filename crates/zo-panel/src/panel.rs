//! The side panel application: the chat on screen, the answers running (each in its own
//! chat, `zo_core::ui::Runs`: one keeps running when the user opens another chat or a new
//! one), and what the user's actions do (send, stop, copy, answer an approval; a question
//! asked and its answer started in [`ask`]; a new, stored,
//! renamed or deleted chat is in [`chats`], the history list in [`drawer`] ("Delete all
//! chats" in [`clear_all`]), a chat exported
//! in [`export`], read aloud and voice input in [`speech`], answering again
//! and editing a question in [`redo`] (an answer's earlier versions in [`versions`]), the empty chat's onboarding and starters in [`empty`]).
//! Worker messages go to the run of the session they name, whose `zo_core::ui::Turn` decides
//! which it takes (the session flow rule) and the changes; this module applies them to the
//! DOM when that chat is on screen ([`rendering`]) and persists the history through the host
//! ([`persist`]), each answer into its own chat.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use web_sys::{Document, Element};
use zo_core::ui::{Change, Chat, History, MessageStatus, Runs, Trash};
use zo_core::wire::{ApprovalDecision, Mode, PanelToWorker, Settings, SettingsView, WorkerToPanel};

use crate::auto_scroll::AutoScroll;
use crate::dom::{self, DomResult, Listener};
use crate::host::{new_id, now_ms, Host};
use crate::layout::{self, Ui};
use crate::message_view::MessageView;

mod ask;
mod chats;
mod choices;
mod clear_all;
mod compose;
mod drawer;
mod empty;
mod export;
mod page;
mod persist;
mod ready;
mod redo;
mod rendering;
mod sheet;
mod speech;
mod tab_pick;
mod versions;
mod visual;
mod wiring;

/// The view of the running answer of the chat on screen.
struct Live {
    session_id: String,
    view: MessageView,
}

pub struct State {
    doc: Document,
    host: Host,
    ui: Ui,
    /// Keeps the message list at its end while the user is there.
    scroll: AutoScroll,
    history: History,
    chat: Chat,
    mode: Mode,
    /// The custom mode picked (its id), whose path `mode` is.
    custom: Option<String>,
    settings: Settings,
    /// Whether an API key is set (the panel is never told the key itself).
    has_api_key: bool,
    /// Every running answer, each in its own chat, on screen or not.
    runs: Runs,
    /// The running answer of the chat on screen, drawn.
    live: Option<Live>,
    /// The last deleted chat, for Undo.
    trash: Trash,
    /// The history list's search text.
    search: String,
    /// The chat whose title is being edited in the history list.
    renaming: Option<String>,
    /// (message id, root element) of every rendered message of the chat.
    rendered: Vec<(String, Element)>,
    /// Listeners of rendered messages, by message id (dropped with their message).
    message_listeners: Vec<(String, Listener)>,
    /// The earlier version shown of an answer asked again (absent: the newest), [`versions`].
    shown_versions: Vec<(String, usize)>,
    /// The mode whose starter prompts are shown.
    starters_for: Option<Mode>,
    /// Which notices above the composer are true and which were dismissed (one shows).
    banners: std::cell::Cell<zo_core::ui::banners::Banners>,
    /// The model and persona lists of the pickers.
    choices: zo_core::wire::ChoiceLists,
    /// The list over the input: its keyboard state and what it offers.
    list: zo_core::ui::listbox::Listbox,
    list_items: compose::ListItems,
    /// The `@word` the caret ends, while there is one.
    mention: Option<zo_core::ui::tab_mention::Mention>,
    /// The window's open tabs, as last fetched for `@`.
    open_tabs: Vec<zo_core::ui::tab_mention::OpenTab>,
    /// The tabs chosen for the next question (its chips above the input).
    chosen_tabs: Vec<zo_core::ui::tab_mention::OpenTab>,
    /// The tabs each recent question went with, for Retry and an edit.
    sent_tabs: zo_core::ui::tab_mention::SentTabs,
    /// The quick-action chips drawn.
    quick_shown: Option<Vec<zo_core::wire::QuickAction>>,
    /// The answer being read aloud, and the last read's token.
    reading: Option<speech::Reading>,
    speech_token: u32,
    /// Dictation into the input, while the microphone listens.
    dictation: Option<speech::Dictation>,
    /// Page content that goes with the next question (from the context menu).
    quote: Option<zo_core::wire::Quote>,
    /// The id of the last ready question shown (each is shown once).
    shown_question: Option<u64>,
    last_saved: u64,
    /// Saves started; only the latest one's outcome is shown.
    saves: u64,
    me: Weak<RefCell<State>>,
}

pub type Shared = Rc<RefCell<State>>;

/// Run `f` on the state unless it is already borrowed (re-entrant event): never panic.
pub fn with_state<R>(weak: &Weak<RefCell<State>>, f: impl FnOnce(&mut State) -> R) -> Option<R> {
    let rc = weak.upgrade()?;
    let result = match rc.try_borrow_mut() {
        Ok(mut state) => Some(f(&mut state)),
        Err(_) => {
            dom::log_error("panel", &"state busy; event dropped");
            None
        }
    };
    result
}

impl State {
    pub fn new(
        doc: Document,
        mount: &Element,
        host: Host,
        view: SettingsView,
        history: History,
    ) -> DomResult<Shared> {
        let ui = layout::build(&doc, mount)?;
        let scroll = AutoScroll::new(&ui.messages, &ui.jump);
        let SettingsView {
            settings,
            has_api_key,
        } = view;
        let mode = settings.default_mode;
        let state = Rc::new(RefCell::new(State {
            doc,
            host,
            ui,
            scroll,
            history,
            chat: Chat::new(new_id(), mode, now_ms()),
            mode,
            custom: None,
            settings,
            has_api_key,
            runs: Runs::default(),
            live: None,
            trash: Trash::default(),
            search: String::new(),
            renaming: None,
            rendered: Vec::new(),
            message_listeners: Vec::new(),
            shown_versions: Vec::new(),
            starters_for: None,
            banners: Default::default(),
            choices: Default::default(),
            list: Default::default(),
            list_items: compose::ListItems::Commands(Vec::new()),
            mention: None,
            open_tabs: Vec::new(),
            chosen_tabs: Vec::new(),
            sent_tabs: Default::default(),
            quick_shown: None,
            reading: None,
            speech_token: 0,
            dictation: None,
            quote: None,
            shown_question: None,
            last_saved: 0,
            saves: 0,
            me: Weak::new(),
        }));
        {
            let mut s = state.borrow_mut();
            s.me = Rc::downgrade(&state);
            if let Some(id) = s.history.active_chat_id.clone() {
                if let Some(chat) = s.history.get(&id).cloned() {
                    s.mode = chat.mode;
                    s.chat = chat;
                }
            }
            let (doc, picker) = (s.doc.clone(), s.ui.mode.clone());
            layout::fill_custom_modes(&doc, &picker, &s.settings.custom_modes)?;
            s.ui.mode.set_value(layout::mode_value(s.mode));
            s.render_chat()?;
            s.update_page_bar();
            crate::appearance::apply(&s.doc, &s.settings);
            if let Err(e) = s.render_pickers() {
                dom::log_error("pickers", &e);
            }
            s.load_choices(false);
            s.update_visual_notice();
            s.render_quick_actions();
            // Ready to type as soon as the panel opens.
            let _ = s.ui.input.focus();
            // A question the context menu, a command or the omnibox made ready for it.
            s.take_question();
        }
        Ok(state)
    }

    // ------------------------------------------------------------------ user actions

    /// Stop: the answer of the chat on screen, and reading aloud.
    pub fn stop(&mut self) {
        self.stop_reading();
        let chat_id = self.chat.id.clone();
        self.stop_chat(&chat_id);
    }

    /// Stops the running answer of chat `chat_id`, if any.
    fn stop_chat(&mut self, chat_id: &str) {
        let Some(run) = self.runs.of_chat_mut(chat_id) else {
            return;
        };
        let sid = run.turn.session_id().to_string();
        let changes = run.turn.stop();
        self.host.post(&PanelToWorker::Stop {
            session_id: sid.clone(),
        });
        self.apply_changes(&sid, &changes);
    }

    /// Whether the answer of session `session_id` still runs.
    fn is_running(&self, session_id: &str) -> bool {
        self.runs
            .of_session(session_id)
            .is_some_and(|r| r.turn.is_active())
    }

    /// Copies answer `msg_id` (the version shown): as plain text (what a person reads), or
    /// as its Markdown.
    fn copy(&self, msg_id: &str, markdown: bool) {
        let Some(text) = self.shown_text(msg_id) else {
            return;
        };
        if markdown {
            self.host.copy(&text);
        } else {
            self.host.copy(&zo_core::ui::markdown::to_plain(&text));
        }
    }

    // ------------------------------------------------------------------ worker events

    /// A worker message, to the run of the session it names (its chat on screen or not).
    pub fn on_message(&mut self, msg: &WorkerToPanel) {
        let Some(run) = self.runs.route(msg) else {
            return;
        };
        run.last_event = now_ms();
        let changes = run.turn.apply(msg);
        let sid = run.turn.session_id().to_string();
        self.apply_changes(&sid, &changes);
    }

    /// The user answered approval request `approval_id` of message `msg_id` (a card's button).
    pub fn answer_approval(&mut self, msg_id: &str, approval_id: u32, decision: ApprovalDecision) {
        let Some(run) = self.runs.of_message_mut(msg_id) else {
            return;
        };
        let sid = run.turn.session_id().to_string();
        // Allowing Zo onto another site grants it that site too: asked for in this click (as
        // Chrome requires), and the decision goes once the user answered Chrome's prompt.
        let access = run
            .turn
            .site_access_for(approval_id, decision)
            .and_then(|pattern| self.host.request_site_access(&pattern));
        let Some((msg, changes)) = run.turn.answer_approval(approval_id, decision) else {
            return;
        };
        self.apply_changes(&sid, &changes);
        match access {
            None => self.post_answer(&msg),
            Some(answer) => {
                let me = self.me.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    // Granted or not, the decision goes: without access, the next snapshot
                    // says Zo cannot read that page, and Zo re-plans.
                    let _ = wasm_bindgen_futures::JsFuture::from(answer).await;
                    with_state(&me, |s| s.post_answer(&msg));
                });
            }
        }
    }

    /// The user answered the offer of the rest of a step in message `msg_id`.
    pub fn answer_resume(&mut self, msg_id: &str, run_rest: bool) {
        let Some(run) = self.runs.of_message_mut(msg_id) else {
            return;
        };
        let sid = run.turn.session_id().to_string();
        let Some((msg, changes)) = run.turn.answer_resume(run_rest) else {
            return;
        };
        self.apply_changes(&sid, &changes);
        self.post_answer(&msg);
    }

    /// The user allowed send offer `position` in message `msg_id`.
    pub fn answer_send_offer(&mut self, msg_id: &str, position: usize) {
        let Some(run) = self.runs.of_message_mut(msg_id) else {
            return;
        };
        let sid = run.turn.session_id().to_string();
        let Some((msg, changes)) = run.turn.answer_send_offer(position) else {
            return;
        };
        self.apply_changes(&sid, &changes);
        self.post_answer(&msg);
    }

    /// Posts an approval, resume or send-offer answer unless its turn is over already.
    fn post_answer(&mut self, msg: &PanelToWorker) {
        let (PanelToWorker::Approval { session_id, .. }
        | PanelToWorker::Resume { session_id, .. }
        | PanelToWorker::AllowSend { session_id, .. }) = msg
        else {
            return;
        };
        if !self.is_running(session_id) {
            return;
        }
        if self.host.post(msg) {
            self.save(true);
        } else {
            self.connection_lost();
        }
    }

    /// The port to the worker died: every running answer is cut off.
    pub fn connection_lost(&mut self) {
        let sessions: Vec<String> = self
            .runs
            .iter()
            .map(|r| r.turn.session_id().to_string())
            .collect();
        for sid in sessions {
            if let Some(run) = self.runs.of_session_mut(&sid) {
                let changes = run.turn.connection_lost();
                self.apply_changes(&sid, &changes);
            }
        }
    }

    pub fn set_settings(&mut self, view: SettingsView) {
        let SettingsView {
            settings,
            has_api_key,
        } = view;
        // Another API or key: other lists.
        let reload =
            has_api_key != self.has_api_key || settings.api_base_url != self.settings.api_base_url;
        self.has_api_key = has_api_key;
        let empty_chat = self.chat.messages.is_empty();
        let mode = (empty_chat && settings.default_mode != self.settings.default_mode)
            .then_some(settings.default_mode);
        self.settings = settings;
        if let Err(e) =
            layout::fill_custom_modes(&self.doc, &self.ui.mode, &self.settings.custom_modes)
        {
            dom::log_error("mode picker", &e);
        }
        let custom = self.custom.take();
        match (mode, custom) {
            (Some(mode), _) => self.set_mode(mode),
            // The picked custom mode again, as the settings now say it is (or gone).
            (None, Some(id)) => self.pick_custom(&id),
            (None, None) => {
                self.ui.mode.set_value(layout::mode_value(self.mode));
                self.update_empty();
            }
        }
        if let Err(e) = self.render_pickers() {
            dom::log_error("pickers", &e);
        }
        if reload {
            self.load_choices(false);
        }
        self.update_visual_notice();
        self.render_quick_actions();
        crate::appearance::apply(&self.doc, &self.settings);
    }

    /// Timer tick: processing timer and liveness label of the answer on screen, periodic
    /// save while answers run, the end of the Undo offer.
    pub fn tick(&mut self) {
        let now = now_ms();
        if let (Some(live), Some(run)) = (&self.live, self.runs.of_chat(&self.chat.id)) {
            live.view
                .timer
                .set_text_content(Some(&zo_core::ui::view::format_elapsed(
                    now.saturating_sub(run.started),
                )));
            if let Some(label) = run.turn.liveness(now.saturating_sub(run.last_event)) {
                live.view.set_indicator_label(&label);
            }
        }
        if !self.runs.is_empty() && now.saturating_sub(self.last_saved) >= persist::SAVE_EVERY_MS {
            self.save(false);
        }
        if self.trash.expire(now) {
            self.show_undo(None);
        }
    }

    /// `changes` of the answer of session `sid`: drawn when its chat is on screen; its end
    /// saved into its own chat; the history list follows its state.
    fn apply_changes(&mut self, sid: &str, changes: &[Change]) {
        let mut finished = None;
        let mut state_changed = false;
        for c in changes {
            match c {
                Change::Finished(status) => finished = Some(*status),
                Change::Indicator(_) => state_changed = true,
                _ => {}
            }
        }
        if let Some(live) = self.live.as_mut().filter(|l| l.session_id == sid) {
            for c in changes {
                if let Err(e) = live.view.apply(c) {
                    dom::log_error("render", &e);
                }
            }
            self.scroll.content_changed();
        }
        if let Some(status) = finished {
            self.end_turn(sid, status);
        } else if state_changed {
            self.refresh_drawer();
        }
    }

    /// The answer of session `sid` ended with `status`: into its chat (the one on screen or
    /// a stored one), saved.
    fn end_turn(&mut self, sid: &str, status: MessageStatus) {
        let Some(mut run) = self.runs.remove(sid) else {
            return;
        };
        let now = now_ms();
        let elapsed = now.saturating_sub(run.started);
        run.turn.message.elapsed_ms = Some(elapsed);
        if let Some(live) = self.live.take_if(|l| l.session_id == sid) {
            live.view.set_elapsed(status, elapsed);
            live.view.show_actions(&run.turn.message);
            live.view.fold_run(&run.turn.message);
        }
        if run.chat_id == self.chat.id {
            self.chat.put_message(run.turn.message, now);
            self.set_streaming_ui(false);
        } else {
            self.history
                .put_message(&run.chat_id, run.turn.message, now);
        }
        self.save(true);
        self.refresh_drawer();
    }

    // ------------------------------------------------------------------ for tests

    /// The session of the answer running in the chat on screen.
    pub fn active_session(&self) -> Option<String> {
        self.runs
            .of_chat(&self.chat.id)
            .map(|r| r.turn.session_id().to_string())
    }

    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
        self.custom = None;
        self.ui.mode.set_value(layout::mode_value(mode));
        self.update_empty();
        self.update_visual_notice();
        crate::appearance::apply(&self.doc, &self.settings);
    }
}
