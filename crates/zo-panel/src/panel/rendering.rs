//! The chat's messages on screen: showing, replacing and removing one message's DOM (with
//! its listeners), drawing a whole chat (an answer still running drawn live from its turn), the controls while an answer streams, and the input's
//! height.

use web_sys::Element;
use zo_core::ui::Role;

use super::{Live, State};
use crate::dom::{self, append, set_hidden, DomResult};
use crate::host::now_ms;
use crate::message_view::{MessageView, UserView};

impl State {
    pub(super) fn set_streaming_ui(&self, streaming: bool) {
        set_hidden(&self.ui.stop, !streaming);
        set_hidden(&self.ui.send, streaming);
        dom::toggle_class(&self.ui.root, "streaming", streaming);
    }

    pub(super) fn add_element(&mut self, msg_id: &str, e: &Element) -> DomResult<()> {
        append(&self.ui.messages, e)?;
        self.rendered.push((msg_id.to_string(), e.clone()));
        self.update_empty();
        Ok(())
    }

    /// Puts `e` (message `msg_id`) where message `old_id` is shown, and forgets the old one;
    /// false when `old_id` is not shown.
    pub(super) fn replace_element(&mut self, old_id: &str, msg_id: &str, e: &Element) -> bool {
        let Some(slot) = self.rendered.iter_mut().find(|(id, _)| id == old_id) else {
            return false;
        };
        if slot.1.replace_with_with_node_1(e).is_err() {
            return false;
        }
        *slot = (msg_id.to_string(), e.clone());
        self.message_listeners.retain(|(id, _)| id != old_id);
        true
    }

    /// Removes message `msg_id` from the screen, with its listeners.
    pub(super) fn remove_element(&mut self, msg_id: &str) {
        if let Some(pos) = self.rendered.iter().position(|(id, _)| id == msg_id) {
            let (_, e) = self.rendered.remove(pos);
            e.remove();
        }
        self.message_listeners.retain(|(id, _)| id != msg_id);
    }

    pub(super) fn render_chat(&mut self) -> DomResult<()> {
        // Another chat on screen: what was read aloud stops with its answer's view.
        self.stop_reading();
        for (_, e) in self.rendered.drain(..) {
            e.remove();
        }
        self.live = None;
        self.message_listeners.clear();
        self.shown_versions.clear();
        let messages = self.chat.messages.clone();
        for m in &messages {
            match m.role {
                Role::User => {
                    let view = UserView::new(&self.doc, &m.text, m.page.as_ref())?;
                    crate::message_view::show_tabs(&view.root, &m.tabs);
                    self.wire_user(&view, &m.id)?;
                    self.add_element(&m.id, &view.root)?;
                }
                Role::Assistant => match self.reattach(&m.id)? {
                    Some(live) => {
                        self.wire_message(&live.view, &m.id)?;
                        self.add_element(&m.id, &live.view.root)?;
                        self.live = Some(live);
                    }
                    None => {
                        let view = MessageView::from_stored(&self.doc, m)?;
                        self.wire_message(&view, &m.id)?;
                        self.add_element(&m.id, &view.root)?;
                    }
                },
            }
        }
        self.set_streaming_ui(self.live.is_some());
        self.update_empty();
        self.scroll.to_end();
        Ok(())
    }

    /// A live view of answer `msg_id` when it is still running (the user left its chat and
    /// came back): drawn from its turn, which streams into it from now on.
    fn reattach(&mut self, msg_id: &str) -> DomResult<Option<Live>> {
        let Some(run) = self
            .runs
            .of_message_mut(msg_id)
            .filter(|r| r.turn.is_active())
        else {
            return Ok(None);
        };
        let mut view = MessageView::new(&self.doc)?;
        view.start_streaming();
        for c in run.turn.reattach() {
            view.apply(&c)?;
        }
        view.timer
            .set_text_content(Some(&zo_core::ui::view::format_elapsed(
                now_ms().saturating_sub(run.started),
            )));
        Ok(Some(Live {
            session_id: run.turn.session_id().to_string(),
            view,
        }))
    }

    /// The input grows with its text up to 200 px, its borders counted (a border-box height
    /// of only the content's would scroll by the borders' width).
    pub(super) fn autosize(&self) {
        let input = &self.ui.input;
        let style = input.style();
        let _ = style.set_property("height", "auto");
        let border = input.offset_height() - input.client_height();
        let h = zo_core::ui::composer::input_height(input.scroll_height(), border, 200);
        let _ = style.set_property("height", &format!("{h}px"));
    }
}
