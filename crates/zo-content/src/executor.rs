//! Runs action batches: one batch at a time, actions in order, each reported as `running`,
//! checked with the worker ([`crate::guard`]: it runs only when allowed), watched while it acts
//! ([`crate::effect_guard`]: what it makes the browser do is held to what was checked) and then reported with
//! its final status; the first failure, refusal or a cancel skips the rest (bookkeeping in
//! `zo_core::cobrowse`). navigate belongs to the worker and is refused here.

use std::cell::RefCell;

use futures::channel::oneshot;
use futures::future::{select, Either};
use zo_core::cobrowse::BatchRun;
use zo_core::wire::{
    Action, ActionError, ActionErrorCode, ActionResult, ContentToWorker, Json, WaitOutcome,
};

use crate::failure::Failure;
use crate::reply::Reply;
use crate::target::Target;
use crate::turn;
use crate::{click, effect_guard, extract, fill, guard, scroll, settle};

/// How long a missing element is awaited when the batch does not say.
pub const DEFAULT_TIMEOUT_MS: u32 = 5_000;

thread_local! {
    /// Cancel switches of the batches that are queued or running, by batch id.
    static CANCELS: RefCell<Vec<(String, oneshot::Sender<()>)>> = const { RefCell::new(Vec::new()) };
}

/// Cancels batch `batch_id` if it is queued or running; false when unknown.
pub fn cancel(batch_id: &str) -> bool {
    let tx = take_cancel(batch_id);
    match tx {
        Some(tx) => tx.send(()).is_ok(),
        None => false,
    }
}

fn take_cancel(batch_id: &str) -> Option<oneshot::Sender<()>> {
    CANCELS.with(|c| {
        let mut c = c.borrow_mut();
        let i = c.iter().position(|(id, _)| id == batch_id)?;
        Some(c.swap_remove(i).1)
    })
}

/// Runs `actions`, reporting through `reply`.
pub async fn run_batch(
    batch_id: String,
    actions: Vec<Action>,
    timeout_ms: Option<u32>,
    reply: Reply,
) {
    let (tx, mut cancelled) = oneshot::channel::<()>();
    CANCELS.with(|c| c.borrow_mut().push((batch_id.clone(), tx)));
    let _turn = turn::wait().await;
    let timeout_ms = timeout_ms.unwrap_or(DEFAULT_TIMEOUT_MS);
    let mut run = BatchRun::new(actions.len());
    // What finished actions report besides their status, by index (BatchRun tracks statuses
    // only).
    let mut finished: Vec<Finished> = Vec::new();
    finished.resize_with(actions.len(), Finished::default);
    loop {
        if matches!(cancelled.try_recv(), Ok(Some(())) | Err(_)) {
            send_all(&reply, &batch_id, &run.cancel(), &finished);
            break;
        }
        let Some((i, running)) = run.start_next() else {
            break;
        };
        send_all(&reply, &batch_id, &[running], &finished);
        let index = u32::try_from(i).unwrap_or(u32::MAX);
        let action = Box::pin(async {
            let checked = guard::check(&reply, &batch_id, index, &actions[i], timeout_ms).await?;
            let _watch = effect_guard::watch(&reply, &batch_id, index, checked);
            let next = actions.get(i + 1).and_then(Action::selector);
            let done = execute(&actions[i], next.as_ref().map(|s| s.as_str()), timeout_ms).await;
            // What the action made the browser do is decided before the action is.
            effect_guard::settled().await?;
            done
        });
        let updates = match select(action, &mut cancelled).await {
            Either::Left((Ok(done), _)) => {
                finished[i] = done;
                run.finish_current(Ok(()))
            }
            Either::Left((Err(failure), _)) => run.finish_current(Err(ActionError::from(failure))),
            Either::Right(_) => run.cancel(),
        };
        send_all(&reply, &batch_id, &updates, &finished);
    }
    settle::forget_steady();
    take_cancel(&batch_id);
    let mut results = Vec::new();
    for r in &run.results() {
        results.push(reported(r, &finished));
    }
    let done = ContentToWorker::BatchDone { batch_id, results };
    reply.send(&done, &|i| value_of(&finished, i));
}

/// One `ACTION_RESULT` per update, each with what its action reported.
fn send_all(reply: &Reply, batch_id: &str, updates: &[ActionResult], finished: &[Finished]) {
    for r in updates {
        let msg = ContentToWorker::ActionResult {
            batch_id: batch_id.to_string(),
            result: reported(r, finished),
        };
        reply.send(&msg, &|i| value_of(finished, i));
    }
}

/// What a finished action reports besides its status.
#[derive(Debug, Clone, Default)]
pub struct Finished {
    /// Its value, already written as JSON.
    pub value: Option<Json>,
    /// How long the page took to settle after it (actions that change the page).
    pub settle_ms: Option<u32>,
}

/// `r` with the settle time its action reported (BatchRun tracks statuses only).
fn reported(r: &ActionResult, finished: &[Finished]) -> ActionResult {
    ActionResult {
        settle_ms: finished.get(r.index as usize).and_then(|f| f.settle_ms),
        ..r.clone()
    }
}

/// The value the action with index `i` reported.
fn value_of(finished: &[Finished], i: u32) -> Option<&Json> {
    finished.get(i as usize).and_then(|f| f.value.as_ref())
}

/// Executes one action. Its element is awaited for at most `timeout_ms`; after a click, fill
/// or scroll the page is let settle ([`settle`]), watching the element of the next action's
/// selector `next` meanwhile.
pub async fn execute(
    action: &Action,
    next: Option<&str>,
    timeout_ms: u32,
) -> Result<Finished, Failure> {
    let target = action
        .selector()
        .map(|s| Target::new(s.as_str(), timeout_ms));
    let (value, settles) = match (action, &target) {
        (Action::Navigate { url }, _) => {
            return Err(Failure::new(
                ActionErrorCode::Navigation,
                format!(
                    "navigate ({url}) is carried out by the extension's worker, not inside the \
                     page"
                ),
            ))
        }
        (Action::Click { .. }, Some(t)) => (click::run(t).await.map(|()| None)?, true),
        (Action::Fill { value, .. }, Some(t)) => (fill::run(t, value).await?, true),
        (Action::Extract { attribute, .. }, Some(t)) => {
            (Some(extract::run(t, attribute.as_deref()).await?), false)
        }
        (
            Action::Scroll {
                direction, amount, ..
            },
            t,
        ) => (
            Some(scroll::run(*direction, t.as_ref(), *amount).await?),
            true,
        ),
        (Action::Wait { ms }, _) => {
            let ms = ms.get();
            gloo_timers::future::TimeoutFuture::new(u32::try_from(ms).unwrap_or(u32::MAX)).await;
            (Some(WaitOutcome { ms }.to_json()), false)
        }
        _ => (None, false),
    };
    let settle_ms = if settles {
        settle::settle(next).await
    } else {
        None
    };
    Ok(Finished { value, settle_ms })
}
