//! Runs a query: the single-ask modes (Ask, Summarize, Extract, Research, Visual), whose
//! prompt carries a page snapshot (and for Visual, when the user turned screenshots on, a
//! screenshot), here, and Co-browse in [`crate::cobrowse_loop`]. Every ask goes through
//! [`crate::stream::stream_ask`], so retries, STREAM_* messages and the chat's conversation id
//! work the same as for a plain ask. The caller ([`crate::ask::report`]) posts the final
//! STREAM_DONE (text = done.response) or STREAM_ERROR. What a mode tells Zo comes from the
//! stored settings ([`mode_text`]); the tabs the user chose with `@` are read here too.

use zo_core::cobrowse::prompt::{
    self, Instructions, ModeGone, ModeText, PromptRequest, Screenshot,
};
use zo_core::wire::{FailureKind, FinalResult, FinalStatus, Mode, StreamFailure, WorkerToPanel};

use crate::cobrowse_loop::run_cobrowse;
use crate::context::WorkerCtx;
use crate::session::Session;
use crate::stream::{ask_in_chat, AskOutcome, AskRequest, Shown};
use crate::tab::browser::ChromeTabs;
use crate::tab::{self, TabApi};

pub use zo_core::cobrowse::words::NO_TAB;
use zo_core::cobrowse::words::{not_sent_note, NO_BOUND_TAB};

/// The query of `req`, with page context from the real chrome.tabs.
pub async fn run_query(ctx: &WorkerCtx, session: &Session, req: &AskRequest) -> AskOutcome {
    run_query_with(ctx, session, req, &ChromeTabs).await
}

/// The query of `req`, reaching tabs through `tabs` (tests pass a fake).
pub async fn run_query_with(
    ctx: &WorkerCtx,
    session: &Session,
    req: &AskRequest,
    tabs: &dyn TabApi,
) -> AskOutcome {
    // What the mode tells Zo comes from the settings, never from the panel: it only names
    // the mode (a custom mode by its id).
    let text = match mode_text(ctx, req.mode, req.custom_mode.as_deref()).await {
        Ok(text) => text,
        Err(gone) => return permanent(gone.to_string()),
    };
    match req.mode {
        Mode::Cobrowse => run_cobrowse(ctx, session, req, tabs, text).await,
        _ => ask_with_page(ctx, session, req, tabs, text).await,
    }
}

/// What `mode` (custom mode `custom`, when named) tells Zo, as the stored settings say.
pub async fn mode_text(
    ctx: &WorkerCtx,
    mode: Mode,
    custom: Option<&str>,
) -> Result<ModeText, ModeGone> {
    match (ctx.settings().await, custom) {
        (Ok(settings), custom) => ModeText::resolve(&settings, mode, custom),
        (Err(_), None) => Ok(ModeText::BuiltIn),
        (Err(_), Some(_)) => Err(ModeGone::Deleted),
    }
}

pub(crate) fn permanent(message: impl Into<String>) -> AskOutcome {
    AskOutcome::Failed(StreamFailure {
        kind: FailureKind::Permanent,
        http_status: None,
        message: message.into(),
        partial_text: String::new(),
    })
}

/// A query stopped, with the text it showed.
pub(crate) fn stopped(shown: &Shown) -> AskOutcome {
    AskOutcome::Stopped(FinalResult {
        status: FinalStatus::Incomplete,
        text: shown.answer.clone(),
        ..FinalResult::default()
    })
}

/// The other tabs the user chose, read ([`crate::tab_context`]); each that could not be read
/// is told to the panel as a note.
pub(crate) async fn read_chosen(
    ctx: &WorkerCtx,
    session: &Session,
    req: &AskRequest,
    tabs: &dyn TabApi,
    text: Instructions<'_>,
) -> Vec<Result<zo_core::wire::PageSnapshot, String>> {
    let chosen = zo_core::ui::tab_mention::chosen_ids(req.tab_id, &req.context_tabs);
    if chosen.is_empty() {
        return Vec::new();
    }
    let budget = prompt::tab_text_budget(req.mode, text, chosen.len());
    let read = crate::tab_context::read_tabs(
        ctx,
        tabs,
        &session.page(),
        req.tab_id,
        &chosen,
        budget,
        session.cancel_token(),
    )
    .await;
    for why in crate::tab_context::unread(&read) {
        session.post(WorkerToPanel::TaskNote {
            session_id: session.id().to_string(),
            text: not_sent_note(why),
        });
    }
    read
}

/// A snapshot of tab `tab_id` with `text_budget` characters of text, or why there is none (the page
/// context of a single-ask prompt, and of the panel's /context).
pub async fn page_for(
    tabs: &dyn TabApi,
    tab_id: Option<i32>,
    text_budget: u32,
    cancel: &crate::cancel::CancelToken,
) -> Result<zo_core::wire::PageSnapshot, String> {
    let Some(tab_id) = tab_id else {
        return Err(NO_BOUND_TAB.to_string());
    };
    match tab::snapshot(tabs, tab_id, text_budget, cancel).await {
        Ok(snapshot) => Ok(snapshot),
        Err(e) => Err(tab::describe_failure(tabs, tab_id, &e).await),
    }
}

/// A single ask whose prompt is built by `zo_core::cobrowse::prompt` for the mode (its
/// instructions `text`), with a snapshot of the bound tab (or the reason there is none; none
/// is taken for a mode that sends nothing about the page).
async fn ask_with_page(
    ctx: &WorkerCtx,
    session: &Session,
    req: &AskRequest,
    tabs: &dyn TabApi,
    text: ModeText,
) -> AskOutcome {
    let cancel = session.cancel_token();
    let settings = ctx.settings().await.ok();
    let read = read_chosen(ctx, session, req, tabs, text.as_instructions()).await;
    // The page's share of the page text, which the chosen tabs share too.
    let page = match prompt::snapshot_budget(req.mode, text.as_instructions(), read.len()) {
        None => Err(prompt::NO_PAGE.to_string()),
        Some(budget) => page_for(tabs, req.tab_id, budget, cancel).await,
    };
    if cancel.is_cancelled() {
        return stopped(&Shown::default());
    }
    let shot = if req.mode == Mode::Visual {
        let allowed = settings.as_ref().is_some_and(|s| s.screenshots);
        match (allowed, req.tab_id) {
            (false, _) => Err(None),
            (true, None) => Err(Some(NO_BOUND_TAB.to_string())),
            (true, Some(tab_id)) => {
                let max = prompt::budget(Mode::Visual).screenshot;
                tab::capture_masked(tabs, tab_id, max, cancel)
                    .await
                    .map_err(|e| Some(e.to_string()))
            }
        }
    } else {
        Err(None)
    };
    let screenshot = match (&shot, req.mode) {
        (Ok(url), _) => Screenshot::Captured(url),
        (Err(Some(why)), _) => Screenshot::Failed(why),
        (Err(None), Mode::Visual) => Screenshot::Disabled,
        (Err(None), _) => Screenshot::None,
    };
    let others = prompt::tab_refs(&read);
    let input = prompt::build(&PromptRequest {
        mode: req.mode,
        input: &req.input,
        page: page.as_ref().map_err(String::as_str),
        max_steps: 1,
        screenshot,
        instructions: text.as_instructions(),
        tabs: &others,
        quote: req.quote.as_ref(),
    });
    let ask = AskRequest {
        input,
        ..req.clone()
    };
    ask_in_chat(ctx, session, &ask).await
}
