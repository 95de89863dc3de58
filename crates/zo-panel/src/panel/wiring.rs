//! Event wiring of the side panel: the static controls (Send, Stop, Enter, mode picker, New
//! chat, History, Settings), each message's Copy, Retry and Open settings buttons, its approval
//! cards' buttons (one listener on the cards' container), and the Copy button of each code
//! block in an answer.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};

use super::{with_state, Shared, State};
use crate::dom::{listen, DomResult, Listener};
use crate::layout;
use crate::message_view::{MessageView, APPROVAL_ATTR, DECISION_ATTR};
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
        let w = weak.clone();
        out.push(listen(&s.ui.stop, "click", move |_| {
            with_state(&w, |s| s.stop());
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.input, "keydown", move |e| {
            let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            if k.key() == "Enter" && !k.shift_key() && !k.is_composing() {
                e.prevent_default();
                with_state(&w, |s| s.send_from_input());
            } else if k.key() == "Escape" {
                with_state(&w, |s| s.stop());
            }
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.input, "input", move |_| {
            with_state(&w, |s| s.autosize());
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.mode, "change", move |_| {
            with_state(&w, |s| {
                if let Some(m) = layout::mode_from_value(&s.ui.mode.value()) {
                    s.mode = m;
                }
            });
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.new_chat, "click", move |_| {
            with_state(&w, |s| s.new_chat());
        })?);
        let w = weak.clone();
        out.push(listen(&s.ui.history_btn, "click", move |_| {
            with_state(&w, |s| s.toggle_drawer());
        })?);
        for b in [&s.ui.settings_btn, &s.ui.empty_settings] {
            let w = weak.clone();
            out.push(listen(b, "click", move |_| {
                with_state(&w, |s| s.host.open_options());
            })?);
        }
        Ok(out)
    }

    pub(super) fn wire_message(&mut self, view: &MessageView, msg_id: &str) -> DomResult<()> {
        let id = msg_id.to_string();
        let w = self.me.clone();
        self.message_listeners
            .push(listen(&view.buttons.copy, "click", move |e| {
                with_state(&w, |s| s.copy(&id));
                if let Some(button) = e.current_target().and_then(|t| t.dyn_into().ok()) {
                    flash_copied(button);
                }
            })?);
        // Each code block's Copy button (inside the answer's HTML) copies that code's text.
        let w = self.me.clone();
        self.message_listeners
            .push(listen(view.answer(), "click", move |e| {
                let Some((button, text)) = code_copy_target(&e) else {
                    return;
                };
                with_state(&w, |s| s.host.copy(&text));
                flash_copied(button);
            })?);
        let id = msg_id.to_string();
        let w = self.me.clone();
        self.message_listeners
            .push(listen(&view.buttons.retry, "click", move |_| {
                let w2 = w.clone();
                let id = id.clone();
                // Defer: the retry removes this very button's message.
                wasm_bindgen_futures::spawn_local(async move {
                    with_state(&w2, |s| s.retry(&id));
                });
            })?);
        let w = self.me.clone();
        self.message_listeners
            .push(listen(&view.buttons.settings, "click", move |_| {
                with_state(&w, |s| s.host.open_options());
            })?);
        let id = msg_id.to_string();
        let w = self.me.clone();
        self.message_listeners
            .push(listen(&view.approvals, "click", move |e| {
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

/// Brief "Copied" feedback on a Copy button.
fn flash_copied(button: Element) {
    button.set_text_content(Some("Copied"));
    gloo_timers::callback::Timeout::new(1_500, move || {
        button.set_text_content(Some("Copy"));
    })
    .forget();
}
