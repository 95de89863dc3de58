//! The earlier versions of an answer asked again (Regenerate, Retry), browsed with its pager:
//! the version chosen is drawn in the answer's place from `zo_core::ui::Message::version`,
//! and Copy and Read aloud take the version shown. Which version each answer shows lives
//! only while its chat is on screen (opening a chat shows the newest).

use wasm_bindgen::JsCast;
use web_sys::Element;
use zo_core::ui::Pager;

use super::{with_state, State};
use crate::dom::{self, listen, DomResult, Listener};
use crate::message_view::{MessageView, VERSION_ATTR};

impl State {
    /// Draws version `k` of answer `msg_id` in its place (not while it runs); `forward`: Next
    /// was pressed (the focus stays on it while it leads somewhere).
    pub(super) fn show_version(&mut self, msg_id: &str, k: usize, forward: bool) {
        if self
            .runs
            .of_message(msg_id)
            .is_some_and(|r| r.turn.is_active())
        {
            return;
        }
        let Some(message) = self.chat.messages.iter().find(|m| m.id == msg_id).cloned() else {
            return;
        };
        let Some(version) = message.version(k) else {
            return;
        };
        let view = match MessageView::from_stored(&self.doc, &version) {
            Ok(view) => view,
            Err(e) => return dom::log_error("answer version", &e),
        };
        let pager = Pager::of(&message, k);
        view.show_pager(pager.as_ref());
        // Replaced first: that drops the old view's listeners, then the new one's are added.
        if !self.replace_element(msg_id, msg_id, &view.root) {
            return;
        }
        if let Err(e) = self.wire_message(&view, msg_id) {
            return dom::log_error("answer version", &e);
        }
        self.forget_version(Some(msg_id));
        if k + 1 < message.versions() {
            self.shown_versions.push((msg_id.to_string(), k));
        }
        // The focus stays on the pager: on the button pressed, or the other one at an end.
        let parts = &view.buttons.pager;
        let (has_prev, has_next) =
            pager.map_or((false, false), |p| (p.prev.is_some(), p.next.is_some()));
        let focus = if (forward && has_next) || !has_prev {
            &parts.next
        } else {
            &parts.prev
        };
        if let Some(b) = focus.dyn_ref::<web_sys::HtmlElement>() {
            let _ = b.focus();
        }
    }

    /// Wires the pager of `view` (answer `msg_id`): each button shows the version it carries.
    pub(super) fn wire_pager(
        &self,
        view: &MessageView,
        msg_id: &str,
        out: &mut Vec<Listener>,
    ) -> DomResult<()> {
        let parts = &view.buttons.pager;
        for (button, forward) in [(&parts.prev, false), (&parts.next, true)] {
            let id = msg_id.to_string();
            let w = self.me.clone();
            out.push(listen(button, "click", move |e| {
                let k = e
                    .current_target()
                    .and_then(|t| t.dyn_into::<Element>().ok())
                    .and_then(|b| b.get_attribute(VERSION_ATTR))
                    .and_then(|v| v.parse::<usize>().ok());
                let Some(k) = k else {
                    return;
                };
                let (w, id) = (w.clone(), id.clone());
                // Deferred: the answer's view, this button's, is replaced.
                wasm_bindgen_futures::spawn_local(async move {
                    with_state(&w, |s| s.show_version(&id, k, forward));
                });
            })?);
        }
        Ok(())
    }

    /// Answer `msg_id` shows its newest version again (it is being asked again, or gone).
    pub(super) fn forget_version(&mut self, msg_id: Option<&str>) {
        if let Some(id) = msg_id {
            self.shown_versions.retain(|(m, _)| m != id);
        }
    }

    /// The text of answer `msg_id` as shown: a running answer's, or the version on screen.
    pub(super) fn shown_text(&self, msg_id: &str) -> Option<String> {
        if let Some(run) = self.runs.of_message(msg_id) {
            return Some(run.turn.message.text.clone());
        }
        let message = self.chat.messages.iter().find(|m| m.id == msg_id)?;
        let shown = self
            .shown_versions
            .iter()
            .find(|(m, _)| m == msg_id)
            .map(|(_, k)| *k);
        match shown {
            Some(k) => message.version(k).map(|v| v.text),
            None => Some(message.text.clone()),
        }
    }
}
