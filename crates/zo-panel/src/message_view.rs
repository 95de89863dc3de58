//! The DOM of one chat message. An assistant message has, in order: live thinking / final
//! reasoning, "Explored" tools, a Co-browse task's origins, the run (folded to one line once
//! it ended): its action rows with the cards between them in the order things happened
//! ([`run`], cards drawn by [`trust`]), work-log notes, the Markdown answer (one element per block, see
//! [`blocks`]), the progress indicator with its timer, an error card (Retry on every failure)
//! and a footer with its mode, model and duration, Copy, Copy Markdown and Read aloud (only
//! when there is text) and Regenerate, after the pager of an answer asked again ([`pager`]).
//! A question is a
//! [`UserView`]: its bubble and an editor to change and resend it.

use web_sys::{Document, Element};
use zo_core::ui::view::{self, Indicator};
use zo_core::ui::{self, markdown, Change, Message, MessageStatus, Role};

use crate::dom::{append, el, set_attr, set_hidden, text_el, DomResult};
use crate::icons::{icon_button, Icon};
use blocks::AnswerBlocks;
pub use trust::{APPROVAL_ATTR, DECISION_ATTR, RESUME_ATTR, SEND_OFFER_ATTR};

mod append;
mod blocks;
mod pager;
mod run;
mod sections;
mod trust;
mod user;

pub use pager::VERSION_ATTR;
pub use user::{show_page, show_tabs, UserView};

/// Buttons a message view offers; the panel wires them.
pub struct MessageButtons {
    pub copy: Element,
    pub copy_md: Element,
    /// Read aloud (pressed while it reads; a second press stops).
    pub speak: Element,
    pub regenerate: Element,
    pub retry: Element,
    pub settings: Element,
    /// Previous and Next of an answer asked again.
    pub pager: pager::PagerParts,
}

pub struct MessageView {
    doc: Document,
    pub root: Element,
    thinking: Element,
    thinking_text: Element,
    reasoning: Element,
    tools: Element,
    tool_list: Element,
    scope: Element,
    /// The run: a disclosure around the timeline, folded to one line once the run ended.
    run: Element,
    run_line: Element,
    /// The run's rows and cards; the panel listens for the cards' buttons here.
    pub timeline: Element,
    items: run::RunCell,
    notes: Element,
    answer: Element,
    blocks: AnswerBlocks,
    indicator: Element,
    indicator_label: Element,
    pub timer: Element,
    error: Element,
    error_title: Element,
    error_detail: Element,
    footer: Element,
    elapsed: Element,
    pub buttons: MessageButtons,
}

impl MessageView {
    pub fn new(doc: &Document) -> DomResult<MessageView> {
        let root = el(doc, "article", "msg assistant")?;

        let thinking = el(doc, "div", "thinking")?;
        append(
            &thinking,
            &text_el(doc, "div", "thinking-label", "Thinking")?,
        )?;
        let thinking_text = el(doc, "div", "thinking-text")?;
        append(&thinking, &thinking_text)?;
        set_hidden(&thinking, true);

        let reasoning = el(doc, "div", "reasoning")?;
        set_hidden(&reasoning, true);

        let tools = el(doc, "div", "explored")?;
        append(&tools, &text_el(doc, "div", "section-label", "Explored")?)?;
        let tool_list = el(doc, "ul", "tool-list")?;
        append(&tools, &tool_list)?;
        set_hidden(&tools, true);

        let run = el(doc, "details", "run")?;
        set_attr(&run, "open", "")?;
        let run_line = el(doc, "summary", "run-line")?;
        append(&run, &run_line)?;
        let timeline = el(doc, "ol", "timeline")?;
        set_attr(&timeline, "aria-label", "Actions")?;
        append(&run, &timeline)?;
        set_hidden(&run, true);

        let (scope, notes) = trust::build(doc)?;

        // The message list is the one live region (role=log): no answer is one of its own.
        let answer = el(doc, "div", "answer md")?;

        // Not a live region of its own: the message list is the one (role=log), and the timer
        // ticking every 100 ms must not be read out.
        let indicator = el(doc, "div", "indicator")?;
        append(&indicator, &el(doc, "span", "pulse")?)?;
        let indicator_label = text_el(doc, "span", "indicator-label", "Working…")?;
        append(&indicator, &indicator_label)?;
        let timer = text_el(doc, "span", "timer", "0.0 s")?;
        set_attr(&timer, "aria-hidden", "true")?;
        append(&indicator, &timer)?;
        set_hidden(&indicator, true);

        let error = el(doc, "div", "error-card")?;
        set_attr(&error, "role", "alert")?;
        let error_title = el(doc, "div", "error-title")?;
        let error_detail = el(doc, "div", "error-detail")?;
        let error_actions = el(doc, "div", "error-actions")?;
        let retry = text_el(doc, "button", "btn retry", "Retry")?;
        set_attr(&retry, "type", "button")?;
        let settings = text_el(doc, "button", "btn link settings-link", "Open settings")?;
        set_attr(&settings, "type", "button")?;
        append(&error_actions, &retry)?;
        append(&error_actions, &settings)?;
        append(&error, &error_title)?;
        append(&error, &error_detail)?;
        append(&error, &error_actions)?;
        set_hidden(&error, true);

        let footer = el(doc, "div", "msg-footer")?;
        // The actions stay together as one unit; the label wraps under them when narrow.
        let actions = el(doc, "div", "msg-actions")?;
        set_attr(&actions, "role", "group")?;
        set_attr(&actions, "aria-label", "Answer actions")?;
        let copy = icon_button(
            doc,
            "ghost copy",
            Icon::Copy,
            "Copy",
            "Copy the answer as plain text",
        )?;
        let copy_md = icon_button(
            doc,
            "ghost copy-md",
            Icon::CopyMarkdown,
            "Copy Markdown",
            "Copy the answer as Markdown",
        )?;
        let speak = icon_button(
            doc,
            "ghost speak",
            Icon::Speak,
            "Read aloud",
            "Read the answer aloud",
        )?;
        set_attr(&speak, "aria-pressed", "false")?;
        let regenerate = icon_button(
            doc,
            "ghost regenerate",
            Icon::Regenerate,
            "Regenerate",
            "Answer this question again",
        )?;
        let elapsed = el(doc, "span", "elapsed")?;
        let pager = pager::build(doc)?;
        append(&actions, &pager.group)?;
        append(&actions, &copy)?;
        append(&actions, &copy_md)?;
        append(&actions, &speak)?;
        append(&actions, &regenerate)?;
        append(&footer, &actions)?;
        append(&footer, &elapsed)?;
        set_hidden(&footer, true);

        for part in [
            &thinking, &reasoning, &tools, &scope, &run, &notes, &answer, &indicator, &error,
            &footer,
        ] {
            append(&root, part)?;
        }
        Ok(MessageView {
            doc: doc.clone(),
            root,
            thinking,
            thinking_text,
            reasoning,
            tools,
            tool_list,
            scope,
            run,
            run_line,
            timeline,
            items: Default::default(),
            notes,
            blocks: AnswerBlocks::new(doc, &answer),
            answer,
            indicator,
            indicator_label,
            timer,
            error,
            error_title,
            error_detail,
            footer,
            elapsed,
            buttons: MessageButtons {
                copy,
                copy_md,
                speak,
                regenerate,
                retry,
                settings,
                pager,
            },
        })
    }

    /// Render a stored assistant message (from history) in its final state.
    pub fn from_stored(doc: &Document, message: &Message) -> DomResult<MessageView> {
        let mut view = MessageView::new(doc)?;
        debug_assert_eq!(message.role, Role::Assistant);
        view.show_thoughts(&ui::reasoning::thought_views(message))?;
        for (i, tool) in message.tools.iter().enumerate() {
            view.show_tool(i, tool)?;
        }
        view.show_scope(&zo_core::ui::scope_chips(&message.scope))?;
        for change in ui::stored_run(message) {
            view.apply(&change)?;
        }
        for (i, note) in message.notes.iter().enumerate() {
            view.show_note(i, note)?;
        }
        view.blocks
            .replace(&markdown::render_blocks(&message.text))?;
        if let Some(card) = ui::stored_error_card(message) {
            view.show_error(&card);
        }
        view.finish(message.status, message.elapsed_ms);
        view.show_actions(message);
        view.fold_run(message);
        Ok(view)
    }

    pub fn apply(&mut self, change: &Change) -> DomResult<()> {
        match change {
            Change::Answer(update) => self.blocks.apply(update)?,
            Change::AnswerCleared => self.blocks.replace(&[])?,
            Change::AnswerReplaced(blocks) => self.blocks.replace(blocks)?,
            Change::ReasoningReplaced(text) => {
                set_hidden(&self.thinking, false);
                self.thinking_text.set_text_content(Some(text));
            }
            Change::ReasoningDelta(delta) => {
                set_hidden(&self.thinking, false);
                let node = self.doc.create_text_node(delta);
                self.thinking_text
                    .append_child(&node)
                    .map_err(|e| crate::dom::DomError::js("append thinking", e))?;
            }
            Change::Thoughts(views) => {
                set_hidden(&self.thinking, true);
                self.thinking_text.set_text_content(None);
                self.show_thoughts(views)?;
            }
            Change::Tool { position, tool } => self.show_tool(*position, tool)?,
            Change::Timeline { position, row } => self.show_row(*position, row)?,
            Change::Indicator(ind) => self.show_indicator(ind),
            Change::Finished(status) => self.finish(*status, None),
            Change::Error(card) => self.show_error(card),
            Change::Scope(chips) => self.show_scope(chips)?,
            Change::Approval { position, card } => self.show_card(*position, card)?,
            Change::Note { position, text } => self.show_note(*position, text)?,
            Change::Resume(card) => self.show_resume(card)?,
            Change::SendOffer(card) => self.show_send_offer(card)?,
            Change::RunOrder(order) => self.order_run(order)?,
        }
        Ok(())
    }

    /// The element holding the answer's Markdown blocks.
    pub fn answer(&self) -> &Element {
        &self.answer
    }

    pub fn set_indicator_label(&self, label: &str) {
        self.indicator_label.set_text_content(Some(label));
    }

    fn show_indicator(&self, ind: &Indicator) {
        set_hidden(&self.indicator, false);
        let kind = match ind {
            Indicator::Thinking => "thinking",
            Indicator::Working { .. } => "working",
            Indicator::Reconnecting { .. } => "reconnecting",
            Indicator::Acting => "acting",
            Indicator::Approval => "approval",
            Indicator::Answering => "answering",
            Indicator::Choice => "choice",
        };
        set_attr(&self.indicator, "data-kind", kind).ok();
        self.set_indicator_label(&ind.label());
    }

    /// The turn ended: hide progress, show the footer, mark the answer not busy.
    pub fn finish(&mut self, status: MessageStatus, elapsed_ms: Option<u64>) {
        set_hidden(&self.indicator, true);
        set_hidden(&self.thinking, true);
        set_hidden(&self.footer, false);
        self.answer.remove_attribute("aria-busy").ok();
        self.elapsed
            .set_text_content(Some(&view::elapsed_label(status, elapsed_ms)));
        set_attr(&self.root, "data-status", status_name(status)).ok();
    }

    /// The footer of the ended `message`: its mode, model and duration; Copy (plain text and
    /// Markdown) only when it has text (an error alone has nothing to copy), Regenerate unless
    /// its error card offers Retry already.
    pub fn show_actions(&self, message: &Message) {
        self.elapsed.set_text_content(Some(&view::footer_label(
            view::mode_label_of(message),
            message.model.as_deref(),
            message.status,
            message.elapsed_ms,
        )));
        let no_text = message.text.trim().is_empty();
        set_hidden(&self.buttons.copy, no_text);
        set_hidden(&self.buttons.copy_md, no_text);
        set_hidden(&self.buttons.speak, no_text);
        set_hidden(
            &self.buttons.regenerate,
            ui::stored_error_card(message).is_some(),
        );
        self.show_pager(ui::Pager::of(message, message.alternatives.len()).as_ref());
    }

    /// The ended run folds to its one line ("Ran 7 actions in 1.4 s"); a click expands it.
    pub fn fold_run(&self, message: &Message) {
        let Some(line) = view::run_line(message) else {
            return;
        };
        self.run_line.set_text_content(Some(&line));
        crate::dom::toggle_class(&self.run, "folded", true);
        self.run.remove_attribute("open").ok();
    }

    pub fn set_elapsed(&self, status: MessageStatus, ms: u64) {
        self.elapsed
            .set_text_content(Some(&view::elapsed_label(status, Some(ms))));
    }

    pub fn start_streaming(&self) {
        set_attr(&self.answer, "aria-busy", "true").ok();
        set_attr(&self.root, "data-status", "streaming").ok();
    }
}

fn status_name(status: MessageStatus) -> &'static str {
    match status {
        MessageStatus::Streaming => "streaming",
        MessageStatus::Done => "done",
        MessageStatus::Stopped => "stopped",
        MessageStatus::Failed => "failed",
        MessageStatus::Interrupted => "interrupted",
    }
}
