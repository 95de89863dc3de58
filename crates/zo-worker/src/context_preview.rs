//! The side panel's /context: the page context a question in a mode would carry now, built by
//! the code that builds the real prompt: the tab the asking page may use
//! ([`crate::tab_scope`]), a fresh snapshot within the mode's budget
//! ([`crate::cobrowse_loop::page_for`]), the other tabs chosen ([`crate::tab_context`]) and `zo_core::cobrowse::prompt::page_context`. Secret
//! fields show what they are, never their value: the content module does not read them and the
//! prompt does not render them.

use zo_core::cobrowse::prompt::{self, PromptRequest, Screenshot};
use zo_core::trust::sender::TrustedPage;
use zo_core::wire::Mode;

use crate::cancel::CancelToken;
use crate::cobrowse_loop::page_for;
use crate::context::WorkerCtx;
use crate::tab::browser::ChromeTabs;

/// The page context of a question in `mode` about tab `tab_id`, asked by `page`.
pub async fn preview(
    ctx: &WorkerCtx,
    page: &TrustedPage,
    mode: Mode,
    tab_id: Option<i32>,
    context_tabs: &[i32],
) -> String {
    let tab_id = crate::tab_scope::scoped_tab(&ChromeTabs, page, tab_id).await;
    let cancel = CancelToken::new();
    let read =
        crate::tab_context::read_tabs(ctx, &ChromeTabs, page, tab_id, context_tabs, mode, &cancel)
            .await;
    let budget = prompt::shared_text_budget(mode, read.len());
    let snapshot = page_for(&ChromeTabs, tab_id, budget, &cancel).await;
    let screenshot = match mode {
        Mode::Visual if ctx.settings().await.is_ok_and(|s| s.screenshots) => Screenshot::Pending,
        Mode::Visual => Screenshot::Disabled,
        _ => Screenshot::None,
    };
    let others: Vec<_> = read
        .iter()
        .map(|t| t.as_ref().map_err(String::as_str))
        .collect();
    prompt::page_context(&PromptRequest {
        mode,
        input: "",
        page: snapshot.as_ref().map_err(String::as_str),
        max_steps: 1,
        screenshot,
        instructions: prompt::Instructions::BuiltIn,
        tabs: &others,
    })
}
