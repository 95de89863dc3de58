//! The pager of an answer asked again: Previous, "2/3" and Next at the start of its footer's
//! actions (hidden while the answer has no earlier version). Which versions exist and what
//! the buttons lead to is `zo_core::ui::Pager`'s; each button carries the version it shows in
//! [`VERSION_ATTR`], read by the panel's listener.

use web_sys::{Document, Element};
use zo_core::ui::Pager;

use super::MessageView;
use crate::dom::{append, el, set_attr, set_hidden, text_el, DomResult};
use crate::icons::{icon_button, Icon};

/// The version (0-based) a pager button shows.
pub const VERSION_ATTR: &str = "data-version";

/// The pager's elements.
pub struct PagerParts {
    pub group: Element,
    pub prev: Element,
    pub next: Element,
    label: Element,
}

/// Builds the (hidden) pager.
pub(super) fn build(doc: &Document) -> DomResult<PagerParts> {
    let group = el(doc, "span", "pager")?;
    set_attr(&group, "role", "group")?;
    set_attr(&group, "aria-label", "Answers")?;
    let prev = icon_button(
        doc,
        "ghost small pager-prev",
        Icon::Previous,
        "Previous answer",
        "Show the previous answer",
    )?;
    let label = text_el(doc, "span", "pager-label", "")?;
    let next = icon_button(
        doc,
        "ghost small pager-next",
        Icon::Next,
        "Next answer",
        "Show the next answer",
    )?;
    append(&group, &prev)?;
    append(&group, &label)?;
    append(&group, &next)?;
    set_hidden(&group, true);
    Ok(PagerParts {
        group,
        prev,
        next,
        label,
    })
}

impl MessageView {
    /// Shows `pager` (None hides it).
    pub fn show_pager(&self, pager: Option<&Pager>) {
        let parts = &self.buttons.pager;
        let Some(p) = pager else {
            set_hidden(&parts.group, true);
            return;
        };
        parts.label.set_text_content(Some(&p.label));
        let _ = set_attr(&parts.label, "aria-label", &p.name);
        let _ = set_attr(&self.root, VERSION_ATTR, &p.shown.to_string());
        for (button, to) in [(&parts.prev, p.prev), (&parts.next, p.next)] {
            match to {
                Some(k) => {
                    button.remove_attribute("disabled").ok();
                    let _ = set_attr(button, VERSION_ATTR, &k.to_string());
                }
                None => {
                    let _ = set_attr(button, "disabled", "");
                    button.remove_attribute(VERSION_ATTR).ok();
                }
            }
        }
        set_hidden(&parts.group, false);
    }
}
