//! The parts of an assistant message that are rebuilt as a whole when they change: the
//! reasoning kept (each step's), one tool under "Explored", one timeline row, the error card.

use web_sys::Element;
use zo_core::ui::reasoning::ThoughtView;
use zo_core::ui::view::{self, ErrorCard, ReasoningDisplay, TimelineRow};
use zo_core::wire::ToolActivity;

use super::MessageView;
use crate::dom::{append, clear, el, set_attr, set_hidden, text_el, toggle_class, DomResult};

impl MessageView {
    /// The reasoning kept so far, each step's: short inline and muted, long folded under
    /// "Thought" with its one-line summary; rendered as the answer's Markdown.
    pub(super) fn show_thoughts(&self, views: &[ThoughtView]) -> DomResult<()> {
        clear(&self.reasoning);
        set_hidden(&self.reasoning, views.is_empty());
        for v in views {
            let item = match v.display {
                ReasoningDisplay::Inline => {
                    let item = el(&self.doc, "div", "thought-step reasoning-inline")?;
                    if let Some(label) = &v.label {
                        append(&item, &text_el(&self.doc, "span", "thought-label", label)?)?;
                    }
                    let body = el(&self.doc, "div", "thought-body md")?;
                    body.set_inner_html(&v.html);
                    append(&item, &body)?;
                    item
                }
                ReasoningDisplay::Collapsed => {
                    let details = el(&self.doc, "details", "thought-step thought")?;
                    let summary = el(&self.doc, "summary", "")?;
                    if let Some(label) = &v.label {
                        append(
                            &summary,
                            &text_el(&self.doc, "span", "thought-label", label)?,
                        )?;
                    }
                    append(
                        &summary,
                        &text_el(&self.doc, "span", "thought-title", "Thought")?,
                    )?;
                    append(
                        &summary,
                        &text_el(&self.doc, "span", "thought-summary", &v.summary)?,
                    )?;
                    append(&details, &summary)?;
                    let body = el(&self.doc, "div", "thought-body md")?;
                    body.set_inner_html(&v.html);
                    append(&details, &body)?;
                    details
                }
            };
            append(&self.reasoning, &item)?;
        }
        Ok(())
    }

    pub(super) fn show_tool(&self, position: usize, tool: &ToolActivity) -> DomResult<()> {
        set_hidden(&self.tools, false);
        let item = el(&self.doc, "li", "tool")?;
        let name = if tool.name.trim().is_empty() {
            "tool"
        } else {
            tool.name.as_str()
        };
        match tool.result.as_deref().filter(|r| !r.trim().is_empty()) {
            Some(result) => {
                let (line, expanded) = view::tool_result(result);
                let details = el(&self.doc, "details", "")?;
                let summary = el(&self.doc, "summary", "")?;
                append(&summary, &text_el(&self.doc, "span", "tool-name", name)?)?;
                append(
                    &summary,
                    &text_el(&self.doc, "span", "tool-summary", &line)?,
                )?;
                append(&details, &summary)?;
                append(
                    &details,
                    &text_el(&self.doc, "pre", "tool-result", &expanded)?,
                )?;
                append(&item, &details)?;
            }
            None => {
                toggle_class(&item, "running", true);
                append(&item, &text_el(&self.doc, "span", "tool-name", name)?)?;
                append(
                    &item,
                    &text_el(&self.doc, "span", "tool-summary", "running…")?,
                )?;
            }
        }
        replace_or_append(&self.tool_list, position, &item)
    }

    pub(super) fn show_row(&self, position: usize, row: &TimelineRow) -> DomResult<()> {
        let status = row.state_name();
        let item = el(&self.doc, "li", &format!("step status-{status}"))?;
        set_attr(&item, "data-status", status)?;
        toggle_class(&item, "refused", row.refused);
        let has_details = !row.details.is_empty();
        let head = el(
            &self.doc,
            if has_details { "summary" } else { "div" },
            "step-head",
        )?;
        append(&head, &el(&self.doc, "span", "step-dot")?)?;
        append(
            &head,
            &text_el(&self.doc, "span", "step-title", &row.title)?,
        )?;
        // A name reads as words; a selector or URL as code, with the selector in the tooltip.
        let target = if row.named {
            text_el(&self.doc, "span", "step-target step-name", &row.target)?
        } else {
            text_el(&self.doc, "code", "step-target", &row.target)?
        };
        set_attr(&target, "title", &row.tooltip)?;
        append(&head, &target)?;
        if let Some(typed) = &row.typed {
            append(&head, &text_el(&self.doc, "span", "step-typed", typed)?)?;
        }
        append(
            &head,
            &text_el(&self.doc, "span", "step-status", row.status_text())?,
        )?;
        if has_details {
            // Expandable details; open by themselves when there is a result or an error.
            let details = el(&self.doc, "details", "step-more")?;
            let notable = row
                .details
                .iter()
                .any(|(k, _)| matches!(k.as_str(), "Extracted" | "Error" | "Why"));
            if notable {
                set_attr(&details, "open", "")?;
            }
            append(&details, &head)?;
            let dl = el(&self.doc, "dl", "step-details")?;
            for (k, v) in &row.details {
                append(&dl, &text_el(&self.doc, "dt", "", k)?)?;
                append(&dl, &text_el(&self.doc, "dd", "", v)?)?;
            }
            append(&details, &dl)?;
            append(&item, &details)?;
        } else {
            append(&item, &head)?;
        }
        self.put_item(zo_core::ui::run_order::RunItem::Row(position), &item)
    }

    pub(super) fn show_error(&self, card: &ErrorCard) {
        set_hidden(&self.error, false);
        let kind = match card.kind {
            view::ErrorKind::Interrupted => "interrupted",
            view::ErrorKind::Auth => "auth",
            view::ErrorKind::MissingKey => "missing-key",
            view::ErrorKind::Empty => "empty",
            view::ErrorKind::Permanent => "permanent",
        };
        set_attr(&self.error, "data-kind", kind).ok();
        self.error_title.set_text_content(Some(&card.title));
        self.error_detail.set_text_content(Some(&card.detail));
        set_hidden(&self.buttons.retry, !card.retry);
        set_hidden(&self.buttons.settings, !card.settings_link);
    }
}

/// Put `item` at child `position` of `list`, replacing what was there.
pub(super) fn replace_or_append(list: &Element, position: usize, item: &Element) -> DomResult<()> {
    let children = list.children();
    match children.item(position as u32) {
        Some(old) => list
            .replace_child(item, &old)
            .map(|_| ())
            .map_err(|e| crate::dom::DomError::js("replace child", e)),
        None => append(list, item),
    }
}
