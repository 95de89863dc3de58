//! The run of a Co-browse message as one list (`ol.timeline`): the action rows (`li.step`)
//! and, between them, the cards (`li.run-card`: approvals, the offers of the rest of a step,
//! the offers to send data to a blocked site). Each item is drawn by its own section; this
//! module keeps the elements and puts them in the order zo-core decided (`Change::RunOrder`).
//! The panel listens for the cards' buttons on the list.

use std::cell::RefCell;

use web_sys::Element;
use zo_core::ui::run_order::RunItem;

use super::MessageView;
use crate::dom::{append, el, set_hidden, DomError, DomResult};

/// The elements of a run's items, by kind and position.
#[derive(Default)]
pub(super) struct RunItems {
    rows: Vec<Element>,
    approvals: Vec<Element>,
    resumes: Vec<Element>,
    sends: Vec<Element>,
}

impl RunItems {
    fn slot(&mut self, item: RunItem) -> (&mut Vec<Element>, usize) {
        match item {
            RunItem::Row(i) => (&mut self.rows, i),
            RunItem::Approval(i) => (&mut self.approvals, i),
            RunItem::Resume(i) => (&mut self.resumes, i),
            RunItem::SendOffer(i) => (&mut self.sends, i),
        }
    }

    fn get(&self, item: RunItem) -> Option<&Element> {
        match item {
            RunItem::Row(i) => self.rows.get(i),
            RunItem::Approval(i) => self.approvals.get(i),
            RunItem::Resume(i) => self.resumes.get(i),
            RunItem::SendOffer(i) => self.sends.get(i),
        }
    }
}

pub(super) type RunCell = RefCell<RunItems>;

impl MessageView {
    /// Shows `element` as run item `item`: in the place of the one it replaces, or at the end
    /// until the next order puts it in its place.
    pub(super) fn put_item(&self, item: RunItem, element: &Element) -> DomResult<()> {
        set_hidden(&self.run, false);
        let mut items = self.items.borrow_mut();
        let (list, position) = items.slot(item);
        match list.get_mut(position) {
            Some(old) => {
                if old.parent_element().is_some() {
                    self.timeline
                        .replace_child(element, old)
                        .map_err(|e| DomError::js("replace run item", e))?;
                } else {
                    append(&self.timeline, element)?;
                }
                *old = element.clone();
                Ok(())
            }
            None => {
                list.push(element.clone());
                append(&self.timeline, element)
            }
        }
    }

    /// A card's element: an `li.run-card` holding it.
    pub(super) fn card_item(&self, card: &Element) -> DomResult<Element> {
        let item = el(&self.doc, "li", "run-card")?;
        append(&item, card)?;
        Ok(item)
    }

    /// Puts the run's items in `order`, moving only those out of place (a focused button in a
    /// card that stays keeps its focus).
    pub(super) fn order_run(&self, order: &[RunItem]) -> DomResult<()> {
        let items = self.items.borrow();
        let children = self.timeline.children();
        for (i, item) in order.iter().enumerate() {
            let Some(element) = items.get(*item) else {
                continue;
            };
            let here = children.item(i as u32);
            if here.as_ref() == Some(element) {
                continue;
            }
            self.timeline
                .insert_before(element, here.as_ref().map(|e| -> &web_sys::Node { e }))
                .map_err(|e| DomError::js("order run", e))?;
        }
        Ok(())
    }
}
