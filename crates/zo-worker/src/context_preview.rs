//! The side panel's /context: the page context a question would carry now, built by the code
//! that builds the real prompt: what the mode tells Zo, from the settings
//! ([`crate::query::mode_text`]: a custom mode's context level and budget), the tab
//! the asking page may use ([`crate::tab_scope`]), a fresh snapshot within the mode's budget
//! ([`crate::query::page_for`]), the other tabs chosen ([`crate::tab_context`]), the
//! quote from the context menu, and `zo_core::cobrowse::prompt::context_shown`. Secret fields
//! show what they are, never their value: the content module does not read them and the
//! prompt does not render them.

use zo_core::cobrowse::prompt::{self, PromptRequest, Screenshot};
use zo_core::trust::sender::TrustedPage;
use zo_core::wire::{Mode, Quote};

use crate::cancel::CancelToken;
use crate::context::WorkerCtx;
use crate::query::{mode_text, page_for};
use crate::tab::browser::ChromeTabs;

/// The question whose page context is asked for (GET_CONTEXT's fields).
pub struct Question {
    pub mode: Mode,
    pub custom_mode: Option<String>,
    pub tab_id: Option<i32>,
    pub context_tabs: Vec<i32>,
    pub quote: Option<Quote>,
}

/// The page context of question `q`, asked by `page`.
pub async fn preview(ctx: &WorkerCtx, page: &TrustedPage, q: &Question) -> String {
    let text = match mode_text(ctx, q.mode, q.custom_mode.as_deref()).await {
        Ok(text) => text,
        Err(gone) => return gone.to_string(),
    };
    let instructions = text.as_instructions();
    let tab_id = crate::tab_scope::scoped_tab(&ChromeTabs, page, q.tab_id).await;
    let cancel = CancelToken::new();
    let chosen = zo_core::ui::tab_mention::chosen_ids(tab_id, &q.context_tabs);
    let budget = prompt::tab_text_budget(q.mode, instructions, chosen.len());
    let read =
        crate::tab_context::read_tabs(ctx, &ChromeTabs, page, tab_id, &chosen, budget, &cancel)
            .await;
    let snapshot = match prompt::snapshot_budget(q.mode, instructions, read.len()) {
        None => Err(prompt::NO_PAGE.to_string()),
        Some(budget) => page_for(&ChromeTabs, tab_id, budget, &cancel).await,
    };
    let screenshot = match q.mode {
        Mode::Visual if ctx.settings().await.is_ok_and(|s| s.screenshots) => Screenshot::Pending,
        Mode::Visual => Screenshot::Disabled,
        _ => Screenshot::None,
    };
    let others = prompt::tab_refs(&read);
    prompt::context_shown(&PromptRequest {
        mode: q.mode,
        input: "",
        page: snapshot.as_ref().map_err(String::as_str),
        max_steps: 1,
        screenshot,
        instructions,
        quote: q.quote.as_ref(),
        tabs: &others,
    })
}
