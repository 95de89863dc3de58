//! The ASK_ZO handler: runs one query of the panel to its end and posts its single final
//! message. The work itself ([`crate::query::run_query`]) takes the page context and
//! runs the Co-browse loop (ask, run actions, ask again) or one ask with the mode's prompt,
//! both built on [`crate::stream::stream_ask`] (which pumps `zo_core::stream::AskDriver`).
//! Before anything, the tab the request names is kept only if the page that asked may act on
//! it ([`crate::tab_scope`]).

use std::rc::Rc;

use crate::context::WorkerCtx;
use crate::session::Session;
use crate::stream::{AskOutcome, AskRequest};
use crate::tab::browser::ChromeTabs;

/// Runs `req` for `session`, posts the final message and forgets the session.
pub async fn handle_ask(ctx: WorkerCtx, session: Rc<Session>, mut req: AskRequest) {
    // The whole query (page snapshot, asks, action batches) keeps the worker alive.
    let _alive = ctx.keepalive.hold();
    req.tab_id = crate::tab_scope::scoped_tab(&ChromeTabs, &session.page(), req.tab_id).await;
    let outcome = crate::query::run_query(&ctx, &session, &req).await;
    report(&session, outcome);
    ctx.sessions.remove(&session);
}

/// Posts the final STREAM_DONE / STREAM_ERROR of `outcome`, as
/// `zo_core::stream::AskOutcome::final_message` says (a stopped session always ends with
/// STREAM_DONE `{status: "incomplete", error: "stopped"}` carrying the text shown so far).
pub fn report(session: &Session, outcome: AskOutcome) {
    session.post(outcome.final_message(session.id(), session.is_stopped()));
}
