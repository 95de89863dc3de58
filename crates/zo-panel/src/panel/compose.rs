//! The composer's extras: slash commands (what a typed line means is
//! `zo_core::ui::slash::intent`), the completion list over the input while a command is typed
//! (which commands, `slash::completions`; which option is active and what a key does,
//! `zo_core::ui::listbox`), and the quick-action chips under the input (from the settings; a
//! click asks the chip's prompt in its mode). The same list offers open tabs after `@`
//! ([`super::tab_pick`]); /help and /context fill the sheet above the composer
//! ([`super::sheet`]).

use wasm_bindgen::JsCast;
use web_sys::{Element, Event};
use zo_core::ui::listbox::{KeyOutcome, ListKey};
use zo_core::ui::modes;
use zo_core::ui::slash::{self, CommandInfo, Intent};
use zo_core::ui::tab_mention::OpenTab;
use zo_core::wire::{quick_actions, QuickAction};

use super::{with_state, State};
use crate::dom::{self, append, el, listen, set_attr, set_hidden, text_el, DomResult, Listener};
use crate::layout::COMPLETE_ID;

/// What the list over the input offers.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ListItems {
    Commands(Vec<&'static CommandInfo>),
    Tabs(Vec<OpenTab>),
}

impl ListItems {
    fn len(&self) -> usize {
        match self {
            ListItems::Commands(c) => c.len(),
            ListItems::Tabs(t) => t.len(),
        }
    }
}

/// The attribute of a list option or a chip holding its index.
const INDEX_ATTR: &str = "data-index";

/// The index in `INDEX_ATTR` of the element an event landed in, under `selector`.
fn index_of(e: &Event, selector: &str) -> Option<usize> {
    e.target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|t| t.closest(selector).ok().flatten())
        .and_then(|o| o.get_attribute(INDEX_ATTR))
        .and_then(|i| i.parse().ok())
}

impl State {
    /// The input's text changed: the list shows the commands that match what is typed, or
    /// closes.
    pub(super) fn on_input_changed(&mut self) {
        let text = self.ui.input.value();
        let items = match slash::completions(&text) {
            Some(commands) => ListItems::Commands(commands),
            None => self.tab_items(&text),
        };
        if items == self.list_items && self.list.is_open() {
            return;
        }
        self.list_items = items;
        self.list.show(self.list_items.len());
        if let Err(e) = self.render_list() {
            dom::log_error("command list", &e);
        }
    }

    /// A key pressed in the input: true when the list took it (the caller prevents its
    /// default).
    pub(super) fn on_list_key(&mut self, key: &str, shift: bool) -> bool {
        match self.list.on_key(ListKey::from_key(key, shift)) {
            KeyOutcome::Pass => false,
            KeyOutcome::Moved(_) => {
                self.mark_active();
                true
            }
            KeyOutcome::Pick(n) => {
                self.pick(n);
                true
            }
            KeyOutcome::Close => {
                self.show_list(false);
                true
            }
        }
    }

    /// Option `n` is chosen (a key or a click): a command that takes text is filled in and
    /// waits for it, another runs at once (`slash::picked`).
    fn pick(&mut self, n: usize) {
        self.list.close();
        self.show_list(false);
        let _ = self.ui.input.focus();
        let info = match &self.list_items {
            ListItems::Commands(commands) => commands.get(n).copied(),
            ListItems::Tabs(tabs) => {
                if let Some(tab) = tabs.get(n).cloned() {
                    self.pick_tab(tab);
                }
                return;
            }
        };
        let Some(info) = info else {
            return;
        };
        match slash::picked(&self.ui.input.value(), info) {
            slash::Picked::Fill(text) => {
                self.ui.input.set_value(&text);
                self.autosize();
            }
            slash::Picked::Run(command) => {
                self.ui.input.set_value(&command);
                self.send_from_input();
            }
        }
    }

    fn show_list(&self, open: bool) {
        set_hidden(&self.ui.complete, !open);
        let _ = set_attr(
            &self.ui.input,
            "aria-expanded",
            if open { "true" } else { "false" },
        );
        if !open {
            let _ = self.ui.input.remove_attribute("aria-activedescendant");
        }
    }

    fn render_list(&self) -> DomResult<()> {
        dom::clear(&self.ui.complete);
        let option = |i: usize| -> DomResult<Element> {
            let li = el(&self.doc, "li", "option")?;
            set_attr(&li, "id", &format!("{COMPLETE_ID}-{i}"))?;
            set_attr(&li, "role", "option")?;
            set_attr(&li, INDEX_ATTR, &i.to_string())?;
            append(&self.ui.complete, &li)?;
            Ok(li)
        };
        let label = match &self.list_items {
            ListItems::Commands(commands) => {
                for (i, info) in commands.iter().enumerate() {
                    let li = option(i)?;
                    let name = text_el(&self.doc, "span", "option-name", &info.label())?;
                    if info.takes_text() {
                        append(
                            &name,
                            &text_el(&self.doc, "span", "option-arg", info.argument)?,
                        )?;
                    }
                    append(&li, &name)?;
                    append(
                        &li,
                        &text_el(&self.doc, "span", "option-desc", info.description)?,
                    )?;
                }
                "Commands"
            }
            ListItems::Tabs(tabs) => {
                for (i, tab) in tabs.iter().enumerate() {
                    let li = option(i)?;
                    let name = text_el(&self.doc, "span", "option-name", "")?;
                    append(&name, &super::tab_pick::favicon(&self.doc, &tab.url)?)?;
                    append(&name, &text_el(&self.doc, "span", "", &tab.label())?)?;
                    append(&li, &name)?;
                    append(
                        &li,
                        &text_el(&self.doc, "span", "option-desc", &tab.site())?,
                    )?;
                }
                "Open tabs"
            }
        };
        set_attr(&self.ui.complete, "aria-label", label)?;
        self.show_list(self.list.is_open());
        self.mark_active();
        Ok(())
    }

    /// The active option: marked selected, named by the input's aria-activedescendant, in
    /// view.
    fn mark_active(&self) {
        let active = self.list.active();
        let options = self.ui.complete.children();
        for i in 0..options.length() {
            let Some(option) = options.item(i) else {
                continue;
            };
            let on = active == Some(i as usize);
            let _ = set_attr(&option, "aria-selected", if on { "true" } else { "false" });
            if on {
                let _ = set_attr(&self.ui.input, "aria-activedescendant", &option.id());
                option.scroll_into_view_with_bool(false);
            }
        }
    }

    /// A press elsewhere in the panel than the input and the list: the list closes. (Not on
    /// the input's blur: focus moved by code, a panel created after this one, would call a
    /// listener of a freed panel.)
    fn close_list(&mut self) {
        if self.list.is_open() {
            self.list.close();
            self.show_list(false);
        }
    }

    /// Sends what the input holds, as its slash command says: a question, a mode switch, a
    /// question in another mode, a new chat, /help. An unknown command stays in the input
    /// and the panel says so.
    pub(super) fn send_from_input(&mut self) {
        let text = self.ui.input.value();
        if text.trim().is_empty() {
            return;
        }
        self.list.close();
        self.show_list(false);
        // A command run or a question sent closes what was open over the chat (/help,
        // /context, the history list); /help and /context open their sheet again.
        self.close_sheet();
        self.close_drawer();
        let sent = match slash::intent(&text) {
            Intent::Question(question) => self.send(&question).map(|_| ()),
            Intent::SwitchMode(mode) => {
                self.set_mode(mode);
                Ok(())
            }
            Intent::AskIn { mode, text } => {
                self.set_mode(mode);
                self.send(&text).map(|_| ())
            }
            Intent::NewChat { then_ask } => {
                self.new_chat();
                match then_ask {
                    Some(question) => self.send(&question).map(|_| ()),
                    None => Ok(()),
                }
            }
            Intent::Help => self.show_help().map_err(|e| e.to_string()),
            Intent::Context => {
                self.show_context();
                Ok(())
            }
            Intent::Unknown(name) => {
                self.show_send_notice(Some(&slash::unknown_message(&name)));
                return;
            }
        };
        match sent {
            Ok(()) => {
                self.ui.input.set_value("");
                self.autosize();
            }
            Err(e) => dom::log_error("send", &e),
        }
    }

    /// The quick-action chips as the settings say (drawn again only when they changed).
    pub(super) fn render_quick_actions(&mut self) {
        let actions = quick_actions::bounded(self.settings.quick_actions.clone());
        if self.quick_shown.as_ref() == Some(&actions) {
            return;
        }
        let drawn = (|| -> DomResult<()> {
            dom::clear(&self.ui.quick);
            for (i, action) in actions.iter().enumerate() {
                let b = text_el(&self.doc, "button", "btn chip", &action.label)?;
                set_attr(&b, "type", "button")?;
                set_attr(&b, INDEX_ATTR, &i.to_string())?;
                set_attr(
                    &b,
                    "title",
                    &format!("{} ({})", action.prompt, modes::mode_label(action.mode)),
                )?;
                append(&self.ui.quick, &b)?;
            }
            Ok(())
        })();
        if let Err(e) = drawn {
            dom::log_error("quick actions", &e);
        }
        set_hidden(&self.ui.quick, actions.is_empty());
        self.quick_shown = Some(actions);
    }

    /// Chip `n` was clicked: its prompt is asked in its own mode; the panel keeps the mode
    /// picked (the next typed question goes in it).
    fn run_quick_action(&mut self, n: usize) {
        let chip = self.quick_shown.as_ref().and_then(|shown| shown.get(n));
        let Some(QuickAction { mode, prompt, .. }) = chip.cloned() else {
            return;
        };
        if let Err(e) = self.send_as(&prompt, mode, None) {
            dom::log_error("quick action", &e);
        }
    }

    /// Wires the list, the sheet's Close and the chips; the returned listeners must be kept.
    pub(super) fn wire_compose(&self, out: &mut Vec<Listener>) -> DomResult<()> {
        let w = self.me.clone();
        // Keep the focus in the input when an option is pressed, so the click picks it.
        out.push(listen(&self.ui.complete, "mousedown", |e| {
            e.prevent_default()
        })?);
        out.push(listen(&self.ui.complete, "click", move |e| {
            if let Some(n) = index_of(&e, "[role=option]") {
                with_state(&w, |s| s.pick(n));
            }
        })?);
        let w = self.me.clone();
        out.push(listen(&self.ui.root, "pointerdown", move |e| {
            let inside = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|t| t.closest(".composer").ok().flatten())
                .is_some();
            if !inside {
                with_state(&w, |s| s.close_list());
            }
        })?);
        let w = self.me.clone();
        out.push(listen(&self.ui.sheet_close, "click", move |_| {
            with_state(&w, |s| {
                s.close_sheet();
                let _ = s.ui.input.focus();
            });
        })?);
        let w = self.me.clone();
        out.push(listen(&self.ui.quick, "click", move |e| {
            if let Some(n) = index_of(&e, "button.chip") {
                let w = w.clone();
                // Defer: sending may redraw the chips.
                wasm_bindgen_futures::spawn_local(async move {
                    with_state(&w, |s| s.run_quick_action(n));
                });
            }
        })?);
        Ok(())
    }
}
