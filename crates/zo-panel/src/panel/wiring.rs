//! Event wiring of the side panel: the static controls (Send, voice input and its microphone
//! page, Stop, Enter, Esc anywhere, mode
//! picker, New chat, History and its search field, the Export menu, the Undo toast, Settings,
//! the starter prompts), each answer's Copy, Read aloud, Regenerate, Retry and
//! Open settings buttons, its approval cards' buttons (one listener on the cards' container),
//! the Copy button of each code block in an answer, and each question's Edit, Send and Cancel.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};

use super::empty::STARTER_ATTR;
use super::{with_state, Shared, State};
use crate::dom::{listen, DomResult, Listener};
use crate::layout::{self, EXPORT_ATTR};
use crate::message_view::{
    MessageView, UserView, APPROVAL_ATTR, DECISION_ATTR, RESUME_ATTR, SEND_OFFER_ATTR,
};
use zo_core::ui::export::ExportFormat;
use zo_core::wire::{ApprovalDecision, WireName};

impl State {
    /// Wire the static controls; the returned listeners must be kept alive.
    pub fn wire(state: &Shared) -> DomResult<Vec<Listener>> {
        let s = state.borrow();
        let weak = Rc::downgrade(state);
        let mut out = Vec::new();
        let w = weak.clone();
        out.push(listen(&s.ui.send, "click", move |_| {
            with_state(&w, |s| s.send_from_input());
        })?);
        for (banner, button) in &s.ui.dismiss {
            let (w, banner) = (weak.clone(), *banner);
            out.push(listen(button, "click", move |_| {
                with_state(&w, |s| s.dismiss_banner(banner));
            })?);
        }
        let w = weak.clone();
        out.push(listen(&s.ui.mic, "click", move |_| {
            with_state(&w, |s| s.toggle_voice());
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.voice_grant, "click", move |_| {
            with_state(&w, |s| s.grant_microphone());
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.stop, "click", move |_| {
            with_state(&w, |s| s.stop());
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.input, "keydown", move |e| {
            let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            if k.is_composing() {
                return;
            }
            let key = k.key();
            if with_state(&w, |s| s.on_list_key(&key, k.shift_key())) == Some(true) {
                e.prevent_default();
            } else if key == "Enter" && !k.shift_key() {
                e.prevent_default();
                with_state(&w, |s| s.send_from_input());
            } else if key == "Escape" && with_state(&w, |s| s.escape_in_input()) == Some(true) {
                e.prevent_default();
            }
        })?);
        // Esc stops the answer from anywhere in the panel (a question's editor keeps its own).
        if let Some(page) = s.doc.document_element() {
            let w = weak.clone();
            out.push(listen(&page, "keydown", move |e| {
                let escape = e
                    .dyn_ref::<KeyboardEvent>()
                    .is_some_and(|k| k.key() == "Escape" && !k.is_composing());
                if escape && !e.default_prevented() {
                    with_state(&w, |s| {
                        // Esc with the export menu open closes the menu (Chrome does).
                        if !s.ui.export_menu.matches(":popover-open").unwrap_or(false) {
                            s.stop();
                        }
                    });
                }
            })?);
        }
        let w = weak.clone();
        out.push(listen(&s.ui.input, "input", move |_| {
            with_state(&w, |s| {
                s.autosize();
                s.on_input_changed();
            });
        })?);
        s.wire_compose(&mut out)?;
        s.wire_tabs(&mut out)?;
        let w = weak.clone();
        out.push(listen(&s.ui.mode, "change", move |_| {
            with_state(&w, |s| {
                let value = s.ui.mode.value();
                match layout::mode_from_value(&value) {
                    Some(m) => s.set_mode(m),
                    None => s.pick_custom(&value),
                }
            });
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.quote_remove, "click", move |_| {
            with_state(&w, |s| {
                s.set_quote(None);
                let _ = s.ui.input.focus();
            });
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.visual_switch, "click", move |_| {
            with_state(&w, |s| s.turn_screenshots_on());
        })?);
        for picker in [&s.ui.model, &s.ui.persona] {
            let w = weak.clone();
            out.push(listen(picker, "change", move |_| {
                with_state(&w, |s| s.choose());
            })?);
        }
        let w = weak.clone();
        out.push(listen(&s.ui.drawer_search, "input", move |_| {
            with_state(&w, |s| s.search_chats(s.ui.drawer_search.value()));
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.drawer_search, "keydown", move |e| {
            let escape = e
                .dyn_ref::<KeyboardEvent>()
                .is_some_and(|k| k.key() == "Escape" && !k.is_composing());
            if escape {
                e.prevent_default();
                with_state(&w, |s| s.search_escape());
            }
        })?);
        s.wire_drawer(&mut out)?;
        s.wire_clear_all(&mut out)?;
        let w = weak.clone();
        out.push(listen(&s.ui.toast_undo, "click", move |_| {
            with_state(&w, |s| s.undo_delete());
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.new_chat, "click", move |_| {
            with_state(&w, |s| s.new_chat());
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.export_menu, "click", move |e| {
            let format = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|t| t.closest(&format!("button[{EXPORT_ATTR}]")).ok().flatten())
                .and_then(|b| b.get_attribute(EXPORT_ATTR))
                .and_then(|id| ExportFormat::from_id(&id));
            if let Some(format) = format {
                with_state(&w, |s| s.export_chat(format));
            }
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.history_btn, "click", move |_| {
            with_state(&w, |s| s.toggle_drawer());
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.starters, "click", move |e| {
            let prompt = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|t| t.closest(&format!("button[{STARTER_ATTR}]")).ok().flatten())
                .and_then(|b| b.get_attribute(STARTER_ATTR));
            if let Some(prompt) = prompt {
                let w = w.clone();
                // Defer: sending hides this very list.
                wasm_bindgen_futures::spawn_local(async move {
                    with_state(&w, |s| s.send_starter(&prompt));
                });
            }
        })?);
        for b in [
            &s.ui.settings_btn,
            &s.ui.empty_settings,
            &s.ui.banner_settings,
        ] {
            let w = weak.clone();
            out.push(listen(b, "click", move |_| {
                with_state(&w, |s| s.host.open_options());
            })?);
        }
        Ok(out)
    }

    pub(super) fn wire_message(&mut self, view: &MessageView, msg_id: &str) -> DomResult<()> {
        let mut out = Vec::new();
        let id = msg_id.to_string();
        let w = self.me.clone();
        for (button, markdown) in [(&view.buttons.copy, false), (&view.buttons.copy_md, true)] {
            let id = id.clone();
            let w = w.clone();
            out.push(listen(button, "click", move |e| {
                with_state(&w, |s| s.copy(&id, markdown));
                if let Some(button) = e.current_target().and_then(|t| t.dyn_into().ok()) {
                    flash_copied(button);
                }
            })?);
        }
        let id = msg_id.to_string();
        let w = self.me.clone();
        out.push(listen(&view.buttons.speak, "click", move |e| {
            if let Some(button) = e.current_target().and_then(|t| t.dyn_into().ok()) {
                with_state(&w, |s| s.toggle_reading(&id, button));
            }
        })?);
        // Each code block's Copy button (inside the answer's HTML) copies that code's text.
        let w = self.me.clone();
        out.push(listen(view.answer(), "click", move |e| {
            let Some((button, text)) = code_copy_target(&e) else {
                return;
            };
            with_state(&w, |s| s.host.copy(&text));
            flash_copied(button);
        })?);
        // Retry (error card) and Regenerate (footer) both answer again in this one's place.
        for button in [&view.buttons.retry, &view.buttons.regenerate] {
            let id = msg_id.to_string();
            let w = self.me.clone();
            out.push(listen(button, "click", move |_| {
                let w2 = w.clone();
                let id = id.clone();
                // Defer: the retry removes this very button's message.
                wasm_bindgen_futures::spawn_local(async move {
                    with_state(&w2, |s| s.retry(&id));
                });
            })?);
        }
        let w = self.me.clone();
        out.push(listen(&view.buttons.settings, "click", move |_| {
            with_state(&w, |s| s.host.open_options());
        })?);
        let id = msg_id.to_string();
        let w = self.me.clone();
        out.push(listen(&view.timeline, "click", move |e| {
            let button = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| {
                    t.closest(&format!("button[{DECISION_ATTR}]"))
                        .ok()
                        .flatten()
                });
            let Some(button) = button else {
                return;
            };
            let decision = button
                .get_attribute(DECISION_ATTR)
                .and_then(|d| ApprovalDecision::from_wire_name(&d));
            let approval = button
                .get_attribute(APPROVAL_ATTR)
                .and_then(|v| v.parse::<u32>().ok());
            if let (Some(decision), Some(approval)) = (decision, approval) {
                with_state(&w, |s| s.answer_approval(&id, approval, decision));
            }
        })?);
        let id = msg_id.to_string();
        let w = self.me.clone();
        out.push(listen(&view.timeline, "click", move |e| {
            let run = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.closest(&format!("button[{RESUME_ATTR}]")).ok().flatten())
                .and_then(|b| b.get_attribute(RESUME_ATTR));
            if let Some(run) = run {
                with_state(&w, |s| s.answer_resume(&id, run == "run"));
            }
        })?);
        let id = msg_id.to_string();
        let w = self.me.clone();
        out.push(listen(&view.timeline, "click", move |e| {
            let position = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| {
                    t.closest(&format!("button[{SEND_OFFER_ATTR}]"))
                        .ok()
                        .flatten()
                })
                .and_then(|b| b.get_attribute(SEND_OFFER_ATTR))
                .and_then(|p| p.parse::<usize>().ok());
            if let Some(position) = position {
                with_state(&w, |s| s.answer_send_offer(&id, position));
            }
        })?);
        self.wire_pager(view, msg_id, &mut out)?;
        self.message_listeners
            .extend(out.into_iter().map(|l| (msg_id.to_string(), l)));
        Ok(())
    }

    /// A question's Edit (the editor opens), Cancel and Esc (it closes unchanged), Send and
    /// Enter (the edited question is asked again, what followed it dropped).
    pub(super) fn wire_user(&mut self, view: &UserView, msg_id: &str) -> DomResult<()> {
        let mut out = Vec::new();
        let v = view.clone();
        out.push(listen(&view.edit, "click", move |_| v.begin_edit())?);
        let v = view.clone();
        out.push(listen(&view.cancel, "click", move |_| v.end_edit(None))?);
        let submit = {
            let v = view.clone();
            let id = msg_id.to_string();
            let w = self.me.clone();
            move || {
                let text = v.input.value();
                let v = v.clone();
                let id = id.clone();
                let w = w.clone();
                // Defer: asking again removes the answers after this question.
                wasm_bindgen_futures::spawn_local(async move {
                    if with_state(&w, |s| s.edit_question(&id, &text)) == Some(true) {
                        v.end_edit(Some(text.trim()));
                    }
                });
            }
        };
        let send = submit.clone();
        out.push(listen(&view.send, "click", move |_| send())?);
        let v = view.clone();
        out.push(listen(&view.input, "keydown", move |e| {
            let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            if k.key() == "Enter" && !k.shift_key() && !k.is_composing() {
                e.prevent_default();
                submit();
            } else if k.key() == "Escape" {
                // Esc leaves the editor (and stops nothing).
                e.stop_propagation();
                v.end_edit(None);
            }
        })?);
        self.message_listeners
            .extend(out.into_iter().map(|l| (msg_id.to_string(), l)));
        Ok(())
    }
}

/// The code Copy button a click landed on, and the text of its code block.
fn code_copy_target(e: &web_sys::Event) -> Option<(Element, String)> {
    let target: Element = e.target()?.dyn_into().ok()?;
    let button = target.closest(".md-copy").ok()??;
    let code = button
        .closest(".md-code")
        .ok()??
        .query_selector("pre > code")
        .ok()??;
    Some((button, code.text_content().unwrap_or_default()))
}

/// Brief "Copied" feedback on a Copy button (an icon button is renamed and marked, a code
/// block's is relabelled); its name comes back after.
fn flash_copied(button: Element) {
    let icon = button.class_list().contains("icon-btn");
    let name = |b: &Element| {
        if icon {
            b.get_attribute("aria-label")
        } else {
            b.text_content()
        }
        .unwrap_or_default()
    };
    let set = move |b: &Element, label: &str, tip: &str| {
        if icon {
            let _ = crate::icons::name_button(b, label, tip);
            crate::dom::toggle_class(b, "copied", label == "Copied");
        } else {
            b.set_text_content(Some(label));
        }
    };
    let label = name(&button);
    if label == "Copied" {
        return;
    }
    let tip = button.get_attribute("title").unwrap_or_default();
    set(&button, "Copied", "");
    gloo_timers::callback::Timeout::new(1_500, move || {
        set(&button, &label, &tip);
    })
    .forget();
}
