//! Where Zo looks: the page bar above the chat (the bound tab's favicon, title and origin, or
//! why Zo cannot read it), refreshed when the glue says the bound tab changed or navigated,
//! and the chip on each question saying which page went with it (decided when it is sent, by
//! `zo_core::ui::page_context`, and stored with the question).

use zo_core::ui::page_context::{page_bar, page_ref, TabInfo};

use super::State;
use crate::dom::{set_attr, set_hidden, toggle_class};
use crate::message_view::{show_page, show_tabs};
use zo_core::ui::tab_mention::OpenTab;

impl State {
    /// Shows the bound tab in the page bar.
    pub fn update_page_bar(&self) {
        let tab = self.host.tab();
        let bar = page_bar(tab.as_ref());
        self.ui.page_title.set_text_content(Some(&bar.title));
        let origin = bar.note.map_or(bar.origin.clone(), |note| {
            format!("{} · {note}", bar.origin)
        });
        self.ui.page_origin.set_text_content(Some(&origin));
        let _ = set_attr(
            &self.ui.page_bar,
            "title",
            &format!("{}\n{origin}", bar.title),
        );
        toggle_class(&self.ui.page_bar, "unreadable", bar.note.is_some());
        match &bar.favicon {
            Some(src) => {
                let _ = set_attr(&self.ui.page_icon, "src", src);
                set_hidden(&self.ui.page_icon, false);
            }
            None => set_hidden(&self.ui.page_icon, true),
        }
    }

    /// Question `question_id` went with the page of `tab` and the other tabs `tabs`;
    /// `granted`: Zo may read their sites.
    pub(super) fn set_question_page(
        &mut self,
        question_id: &str,
        tab: Option<&TabInfo>,
        tabs: &[OpenTab],
        granted: bool,
    ) {
        let page = page_ref(tab, granted);
        let tabs = super::tab_pick::tab_refs(tabs, granted);
        if let Some((_, root)) = self.rendered.iter().find(|(id, _)| id == question_id) {
            if let Some(page) = &page {
                show_page(root, page);
            }
            show_tabs(root, &tabs);
        }
        // The user may have left its chat while Chrome asked for the site.
        let m = match self.chat.messages.iter_mut().find(|m| m.id == question_id) {
            Some(m) => Some(m),
            None => self
                .history
                .chats
                .iter_mut()
                .flat_map(|c| c.messages.iter_mut())
                .find(|m| m.id == question_id),
        };
        if let Some(m) = m {
            if page.is_some() {
                m.page = page;
            }
            m.tabs = tabs;
        }
    }
}
