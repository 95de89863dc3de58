//! Runs a query that needs the page: the Co-browse loop (snapshot -> prompt -> stream ->
//! actions in the content module -> results -> follow-up -> ... -> done) driven by the sans-IO
//! `zo_core::cobrowse::Cobrowse`, and the single-ask modes (Ask, Summarize, Extract, Research,
//! Visual) whose prompt carries a page snapshot (and for Visual, when the user turned
//! screenshots on, a screenshot). Every ask goes through [`crate::stream::stream_ask`], so
//! retries, STREAM_* messages and the chat's conversation id work the same as for a plain ask;
//! action statuses go to the panel as ACTION_STATUS. The caller ([`crate::ask::report`]) posts
//! the final STREAM_DONE (text = done.response) or STREAM_ERROR.

use zo_core::cobrowse::{Cobrowse, Command, FinishReason};
use zo_core::prompt::{self, PromptRequest, Screenshot};
use zo_core::protocol::{
    FailureKind, FinalResult, FinalStatus, Mode, StreamFailure, WorkerToPanel,
};
use zo_core::settings::DEFAULT_MAX_STEPS;

use crate::context::WorkerCtx;
use crate::session::Session;
use crate::stream::{stream_ask, AskOutcome, AskRequest};
use crate::tab::browser::ChromeTabs;
use crate::tab::{self, TabApi, TabError};

/// Why a tab-less Co-browse query cannot run.
pub const NO_TAB: &str =
    "Co-browse needs a web page: open the page to work on in this window and ask again.";

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
    match req.mode {
        Mode::Cobrowse => run_cobrowse(ctx, session, req, tabs).await,
        _ => ask_with_page(ctx, session, req, tabs).await,
    }
}

fn permanent(message: impl Into<String>) -> AskOutcome {
    AskOutcome::Failed(StreamFailure {
        kind: FailureKind::Permanent,
        http_status: None,
        message: message.into(),
        partial_text: String::new(),
    })
}

fn stopped() -> AskOutcome {
    AskOutcome::Stopped(FinalResult {
        status: FinalStatus::Incomplete,
        ..FinalResult::default()
    })
}

/// A single ask whose prompt is built by `zo_core::prompt` for the mode, with a snapshot of
/// the bound tab (or the reason there is none).
async fn ask_with_page(
    ctx: &WorkerCtx,
    session: &Session,
    req: &AskRequest,
    tabs: &dyn TabApi,
) -> AskOutcome {
    let cancel = session.cancel_token();
    let settings = ctx.settings().await.ok();
    let page = match req.tab_id {
        Some(tab_id) => {
            let budget = prompt::snapshot_text_budget(req.mode);
            match tab::snapshot(tabs, tab_id, budget, cancel).await {
                Ok(snapshot) => Ok(snapshot),
                Err(e) => Err(tab::describe_failure(tabs, tab_id, &e).await),
            }
        }
        None => Err("no tab is bound to the side panel".to_string()),
    };
    if cancel.is_cancelled() {
        return stopped();
    }
    let shot = if req.mode == Mode::Visual {
        let allowed = settings.as_ref().is_some_and(|s| s.screenshots);
        match (allowed, req.tab_id) {
            (false, _) => Err(None),
            (true, None) => Err(Some("no tab is bound to the side panel".to_string())),
            (true, Some(tab_id)) => {
                let max = prompt::budget(Mode::Visual).screenshot;
                tab::capture_visible(tabs, tab_id, max)
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
    let input = prompt::build(&PromptRequest {
        mode: req.mode,
        input: &req.input,
        page: page.as_ref().map_err(String::as_str),
        max_steps: 1,
        screenshot,
    });
    let ask = AskRequest {
        input,
        ..req.clone()
    };
    stream_ask(ctx, session, &ask).await
}

/// Posts an action status to the panel.
fn emit_status(session: &Session, command: Command) {
    if let Command::Status {
        step,
        index,
        action,
        result,
    } = command
    {
        session.emit(WorkerToPanel::ActionStatus {
            session_id: session.id().to_string(),
            step,
            index,
            action,
            result,
        });
    }
}

/// The Co-browse loop of one query.
async fn run_cobrowse(
    ctx: &WorkerCtx,
    session: &Session,
    req: &AskRequest,
    tabs: &dyn TabApi,
) -> AskOutcome {
    let Some(tab_id) = req.tab_id else {
        return permanent(NO_TAB);
    };
    // The loop holds the worker alive between asks too (batches, navigations).
    let _alive = ctx.keepalive.hold();
    let cancel = session.cancel_token();
    let max_steps = match ctx.settings().await {
        Ok(s) => s.max_steps,
        Err(_) => DEFAULT_MAX_STEPS,
    };
    let mut machine = Cobrowse::new(&req.input, max_steps, None);
    let mut queue: std::collections::VecDeque<Command> = machine.start().into();
    let mut last: Option<FinalResult> = None;
    while let Some(command) = queue.pop_front() {
        if cancel.is_cancelled() {
            return stopped();
        }
        let next = match command {
            Command::RequestSnapshot { text_budget } => {
                let snap = match tab::snapshot(tabs, tab_id, text_budget, cancel).await {
                    Ok(snapshot) => Ok(snapshot),
                    Err(TabError::Cancelled) => return stopped(),
                    Err(e) => Err(tab::describe_failure(tabs, tab_id, &e).await),
                };
                machine.on_snapshot(snap)
            }
            Command::Ask { prompt, .. } => {
                let ask = AskRequest {
                    input: prompt,
                    ..req.clone()
                };
                match stream_ask(ctx, session, &ask).await {
                    AskOutcome::Done(result) => {
                        last = Some(result.clone());
                        machine.on_answer(result)
                    }
                    other => return other,
                }
            }
            Command::RunBatch { actions, .. } => {
                let mut progress = |result| {
                    for status in machine.on_action_progress(result) {
                        emit_status(session, status);
                    }
                };
                let outcome = tab::run_batch(tabs, tab_id, actions, &mut progress, cancel).await;
                if cancel.is_cancelled() {
                    return stopped();
                }
                machine.on_batch_done(outcome)
            }
            Command::Navigate { url, .. } => {
                let loaded = tab::navigate(tabs, tab_id, &url, cancel).await;
                if matches!(loaded, Err(TabError::Cancelled)) {
                    return stopped();
                }
                machine.on_navigated(loaded.map_err(|e| e.to_string()))
            }
            // run_batch posts CANCEL_BATCH itself when the session is cancelled.
            Command::CancelBatch => Vec::new(),
            status @ Command::Status { .. } => {
                emit_status(session, status);
                Vec::new()
            }
            Command::Finish { text, reason } => {
                if reason == FinishReason::Stopped {
                    return stopped();
                }
                let last = last.unwrap_or_default();
                return AskOutcome::Done(FinalResult {
                    status: FinalStatus::Succeeded,
                    text,
                    reasoning: last.reasoning,
                    actions: last.actions,
                    conversation_id: last.conversation_id,
                    error: None,
                });
            }
            Command::Fail { message } => return permanent(message),
        };
        queue.extend(next);
    }
    // The machine always ends with Finish or Fail; an empty queue means it stalled.
    permanent("the Co-browse loop ended without an answer")
}
