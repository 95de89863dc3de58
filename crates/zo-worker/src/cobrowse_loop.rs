//! The Co-browse loop of one query (snapshot -> prompt -> stream -> actions in the content
//! module -> results -> follow-up -> ... -> done), driven by the sans-IO
//! `zo_core::cobrowse::Cobrowse`. Action statuses go to the panel as ACTION_STATUS.
//!
//! The machine owns the task's Zo conversation (the chat's stored id to start with, then what
//! each answer says: every `Command::Ask` names it) and Stop: when the session is cancelled,
//! wherever the loop is (snapshot, ask, batch, navigation, approval), the loop asks the machine
//! ([`Cobrowse::stop`]) and carries out what it says, cancelling the batch in the page when one
//! runs (`Command::CancelBatch`, answered inside [`tab::run_batch`] through the batch hooks).
//!
//! Containment: the machine judges every navigate and every content action (the content
//! module's ACTION_CHECK) against the task's scope, whose first origin is the tab's when the
//! user asked (from chrome.tabs). Approval requests go to the panel ([`crate::approval`]); the
//! task's origin set and notes go to the panel as TASK_SCOPE and TASK_NOTE. The network guard
//! ([`crate::net_guard`]) holds the task's tabs to its origin set at the network layer: its
//! rules follow every TASK_SCOPE before the loop goes on, and the pages its tabs land on and
//! the navigations it blocked go to the machine between commands.

use std::collections::VecDeque;

use futures::future::LocalBoxFuture;
use zo_core::cobrowse::prompt::ModeText;
use zo_core::cobrowse::{Cobrowse, Command, FinishReason};
use zo_core::wire::{ActionResult, FinalResult, FinalStatus, WorkerToPanel};
use zo_core::wire::{
    EffectKind, TargetFacts, DEFAULT_MAX_ACTIONS, DEFAULT_MAX_NAVIGATIONS, DEFAULT_MAX_STEPS,
};

use crate::approval::{self, Stopped, APPROVAL_TIMEOUT_MS};
use crate::context::WorkerCtx;
use crate::net_guard;
use crate::query::{permanent, read_chosen, stopped};
use crate::session::Session;
use crate::stream::{stream_ask, AskOutcome, AskRequest, Shown};
use crate::suffix_list;
use crate::tab::{self, BatchHooks, ContentVerdict, TabApi, TabError};
use zo_core::cobrowse::words::{LOOP_STALLED, NO_TAB, NO_VERDICT, STOPPED_BY_USER};

/// Posts what a command tells the panel (an action status, the origin set, a note).
fn emit_status(session: &Session, command: Command) {
    let session_id = session.id().to_string();
    let msg = match command {
        Command::Status {
            step,
            index,
            action,
            result,
        } => WorkerToPanel::ActionStatus {
            session_id,
            step,
            index,
            action,
            result,
        },
        Command::Scope { origins } => WorkerToPanel::TaskScope {
            session_id,
            origins,
        },
        Command::Note { text } => WorkerToPanel::TaskNote { session_id, text },
        Command::OfferSend { origin } => WorkerToPanel::SendOffer { session_id, origin },
        Command::Thought { step, text } => WorkerToPanel::StepThought {
            session_id,
            step,
            text,
        },
        _ => return,
    };
    session.post(msg);
}

/// A running batch's link to the machine: progress goes in, checks come back as verdicts
/// (after asking the user when the policy says so), and Stop goes to the machine.
struct Hooks<'a> {
    machine: &'a mut Cobrowse,
    session: &'a Session,
    tabs: &'a dyn TabApi,
    tab_id: i32,
    net: &'a net_guard::Task,
    /// What the machine said on Stop, besides cancelling the batch: for the loop to carry out.
    after_stop: Vec<Command>,
}

impl Hooks<'_> {
    /// Where the tab is, from the browser: the page cannot say where it is.
    async fn page_url(&self) -> String {
        self.tabs
            .get(self.tab_id)
            .await
            .map(|t| t.url)
            .unwrap_or_default()
    }

    async fn verdict(&mut self, index: u32, facts: Option<TargetFacts>) -> ContentVerdict {
        let page_url = self.page_url().await;
        let checked = facts.clone();
        let first = self.machine.on_action_check(index, facts, &page_url);
        self.answer(first, checked).await
    }

    async fn effect_verdict(
        &mut self,
        index: u32,
        effect: EffectKind,
        facts: TargetFacts,
    ) -> ContentVerdict {
        let page_url = self.page_url().await;
        let checked = Some(facts.clone());
        let first = self
            .machine
            .on_effect_check(index, effect, facts, &page_url);
        self.answer(first, checked).await
    }

    /// Carries out the machine's answer to one check of `checked` (asking the user when it
    /// says so) until its verdict.
    async fn answer(
        &mut self,
        first: Vec<Command>,
        checked: Option<TargetFacts>,
    ) -> ContentVerdict {
        let mut pending: VecDeque<Command> = first.into();
        let mut verdict = None;
        while let Some(command) = pending.pop_front() {
            match command {
                Command::Verdict { allow, reason, .. }
                | Command::EffectVerdict { allow, reason, .. } => {
                    if allow {
                        // A form allowed to go outside the set: the rules let it, first.
                        if let Some(to) = self.machine.on_allowed(checked.as_ref()) {
                            self.net.let_through(to).await;
                        }
                    }
                    verdict = Some(ContentVerdict { allow, reason })
                }
                Command::AskApproval {
                    id,
                    step,
                    index,
                    request,
                } => {
                    let at = (step, index);
                    match approval::ask(self.session, id, at, &request, APPROVAL_TIMEOUT_MS).await {
                        Ok(decision) => pending.extend(self.machine.on_approval(id, decision)),
                        Err(Stopped) => {
                            return ContentVerdict {
                                allow: false,
                                reason: Some(STOPPED_BY_USER.to_string()),
                            }
                        }
                    }
                }
                // The rules let the tab go where the verdict lets the click lead, first.
                Command::Scope { origins } => {
                    self.net.set_origins(&origins).await;
                    emit_status(self.session, Command::Scope { origins });
                }
                other => emit_status(self.session, other),
            }
        }
        verdict.unwrap_or(ContentVerdict {
            allow: false,
            reason: Some(NO_VERDICT.to_string()),
        })
    }
}

impl BatchHooks for Hooks<'_> {
    fn progress(&mut self, result: ActionResult) {
        for status in self.machine.on_action_progress(result) {
            emit_status(self.session, status);
        }
    }

    fn check(
        &mut self,
        index: u32,
        facts: Option<TargetFacts>,
    ) -> LocalBoxFuture<'_, ContentVerdict> {
        Box::pin(self.verdict(index, facts))
    }

    fn effect(
        &mut self,
        index: u32,
        effect: EffectKind,
        facts: TargetFacts,
    ) -> LocalBoxFuture<'_, ContentVerdict> {
        Box::pin(self.effect_verdict(index, effect, facts))
    }

    fn stopped(&mut self) -> bool {
        let mut cancel = false;
        for command in self.machine.stop() {
            match command {
                Command::CancelBatch => cancel = true,
                other => self.after_stop.push(other),
            }
        }
        cancel
    }
}

/// The Co-browse loop of one query.
pub(crate) async fn run_cobrowse(
    ctx: &WorkerCtx,
    session: &Session,
    req: &AskRequest,
    tabs: &dyn TabApi,
    text: ModeText,
) -> AskOutcome {
    let Some(tab_id) = req.tab_id else {
        return permanent(NO_TAB);
    };
    // The loop holds the worker alive between asks too (batches, navigations).
    let _alive = ctx.keepalive.hold();
    let cancel = session.cancel_token();
    let (max_steps, max_actions, max_navigations) = match ctx.settings().await {
        Ok(s) => (s.max_steps, s.max_actions, s.max_navigations),
        Err(_) => (
            DEFAULT_MAX_STEPS,
            DEFAULT_MAX_ACTIONS,
            DEFAULT_MAX_NAVIGATIONS,
        ),
    };
    // The task's first origin: where the tab is now, as the browser says.
    let start_url = tabs.get(tab_id).await.map(|t| t.url).unwrap_or_default();
    let conversation = ctx.conversations.get(&req.chat_id).await;
    let others = read_chosen(ctx, session, req, tabs, text.as_instructions()).await;
    let suffixes = suffix_list::get().await;
    let mut machine = Cobrowse::new(&req.input, max_steps, conversation)
        .with_suffixes(suffixes.clone())
        .with_caps(max_actions, max_navigations)
        .with_mode_text(text)
        .with_context(others, req.quote.clone());
    // Its rules go when the loop ends, however it ends.
    let net = net_guard::Task::begin(session.id(), tab_id, &req.input, suffixes.clone()).await;
    let mut queue: VecDeque<Command> = machine.start(&start_url).into();
    let mut last: Option<FinalResult> = None;
    // The text the task's asks showed, across asks.
    let mut shown = Shown::default();
    while let Some(command) = queue.pop_front() {
        if cancel.is_cancelled() && !machine.is_finished() {
            // Stop goes through the machine: what it says replaces what was queued.
            queue = machine.stop().into();
            continue;
        }
        let landed = net.hand_to(&mut machine);
        if machine.is_finished() && !landed.is_empty() {
            // A tab left the task: what the machine says replaces what was queued.
            queue = landed.into();
            continue;
        }
        if !landed.is_empty() {
            queue.push_front(command);
            for c in landed.into_iter().rev() {
                queue.push_front(c);
            }
            continue;
        }
        let next = match command {
            Command::RequestSnapshot { text_budget } => {
                match tab::snapshot(tabs, tab_id, text_budget, cancel).await {
                    Err(TabError::Cancelled) => machine.stop(),
                    Ok(snapshot) => machine.on_snapshot(Ok(snapshot)),
                    Err(e) => {
                        let why = tab::describe_failure(tabs, tab_id, &e).await;
                        machine.on_snapshot(Err(why))
                    }
                }
            }
            Command::Ask {
                prompt,
                conversation_id,
                ..
            } => {
                let ask = AskRequest {
                    input: prompt,
                    ..req.clone()
                };
                match stream_ask(ctx, session, &ask, conversation_id, &mut shown).await {
                    AskOutcome::Done(result) => {
                        last = Some(result.clone());
                        machine.on_answer(result)
                    }
                    AskOutcome::Stopped(_) => machine.stop(),
                    failed @ AskOutcome::Failed(_) => return failed,
                }
            }
            Command::RunBatch { actions, .. } => {
                let mut hooks = Hooks {
                    machine: &mut machine,
                    session,
                    tabs,
                    tab_id,
                    net: &net,
                    after_stop: Vec::new(),
                };
                let outcome = tab::run_batch(tabs, tab_id, actions, &mut hooks, cancel).await;
                let after_stop = hooks.after_stop;
                if machine.is_finished() {
                    after_stop
                } else if cancel.is_cancelled() {
                    machine.stop()
                } else {
                    machine.on_batch_done(outcome)
                }
            }
            Command::OfferResume {
                step,
                index,
                remaining,
            } => match approval::offer_resume(session, step, index, remaining).await {
                Ok(run_rest) => machine.on_resume(run_rest),
                Err(Stopped) => machine.stop(),
            },
            Command::AskApproval {
                id,
                step,
                index,
                request,
            } => {
                match approval::ask(session, id, (step, index), &request, APPROVAL_TIMEOUT_MS).await
                {
                    Ok(decision) => machine.on_approval(id, decision),
                    Err(Stopped) => machine.stop(),
                }
            }
            // Verdicts answer content checks, inside a batch.
            Command::Verdict { .. } | Command::EffectVerdict { .. } => Vec::new(),
            Command::Navigate { url, .. } => {
                match tab::navigate(tabs, tab_id, &url, cancel).await {
                    Err(TabError::Cancelled) => machine.stop(),
                    loaded => machine.on_navigated(loaded.map_err(|e| e.to_string())),
                }
            }
            // Cancelling a batch is answered inside the batch (`Hooks::stopped`); out here no
            // batch runs any more.
            Command::CancelBatch => Vec::new(),
            Command::Scope { origins } => {
                net.set_origins(&origins).await;
                emit_status(session, Command::Scope { origins });
                Vec::new()
            }
            info @ (Command::Status { .. }
            | Command::Note { .. }
            | Command::OfferSend { .. }
            | Command::Thought { .. }) => {
                emit_status(session, info);
                Vec::new()
            }
            Command::Finish { text, reason } => {
                if reason == FinishReason::Stopped {
                    return stopped(&shown);
                }
                if matches!(
                    reason,
                    FinishReason::Refused | FinishReason::NoAnswer | FinishReason::Contained
                ) {
                    emit_status(session, Command::Note { text: text.clone() });
                }
                let last = last.unwrap_or_default();
                return AskOutcome::Done(FinalResult {
                    status: FinalStatus::Succeeded,
                    text,
                    reasoning: last.reasoning,
                    actions: last.actions,
                    conversation_id: machine.conversation_id().map(str::to_string),
                    error: None,
                });
            }
            Command::Fail { message } => return permanent(message),
        };
        queue.extend(next);
    }
    // The machine always ends with Finish or Fail; an empty queue means it stalled.
    permanent(LOOP_STALLED)
}
