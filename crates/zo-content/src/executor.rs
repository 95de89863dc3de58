//! Runs action batches: one batch at a time, actions in order, each reported as `running`,
//! checked with the worker ([`crate::guard`]: it runs only when allowed) and then reported with
//! its final status; the first failure, refusal or a cancel skips the rest (bookkeeping in
//! `zo_core::cobrowse`). navigate belongs to the worker and is refused here.

use std::cell::RefCell;

use futures::channel::oneshot;
use futures::future::{select, Either};
use zo_core::cobrowse::BatchRun;
use zo_core::wire::{
    Action, ActionError, ActionErrorCode, ActionResult, ContentToWorker, Json, WaitOutcome,
};

use crate::dom;
use crate::failure::Failure;
use crate::reply::Reply;
use crate::turn;
use crate::{click, extract, fill, guard, scroll};

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
    // The values of finished actions, by index (BatchRun tracks statuses only).
    let mut values: Vec<Option<Json>> = vec![None; actions.len()];
    loop {
        if matches!(cancelled.try_recv(), Ok(Some(())) | Err(_)) {
            send_all(&reply, &batch_id, &run.cancel(), &values);
            break;
        }
        let Some((i, running)) = run.start_next() else {
            break;
        };
        send_all(&reply, &batch_id, &[running], &values);
        let index = u32::try_from(i).unwrap_or(u32::MAX);
        let action = Box::pin(async {
            guard::check(&reply, &batch_id, index, &actions[i], timeout_ms).await?;
            execute(&actions[i], timeout_ms).await
        });
        let updates = match select(action, &mut cancelled).await {
            Either::Left((Ok(value), _)) => {
                values[i] = value;
                run.finish_current(Ok(None))
            }
            Either::Left((Err(failure), _)) => run.finish_current(Err(ActionError::from(failure))),
            Either::Right(_) => run.cancel(),
        };
        send_all(&reply, &batch_id, &updates, &values);
    }
    take_cancel(&batch_id);
    let done = ContentToWorker::BatchDone {
        batch_id,
        results: run.results().to_vec(),
    };
    reply.send(&done, &values);
}

/// One `ACTION_RESULT` per update, each with its action's value.
fn send_all(reply: &Reply, batch_id: &str, updates: &[ActionResult], values: &[Option<Json>]) {
    for r in updates {
        let msg = ContentToWorker::ActionResult {
            batch_id: batch_id.to_string(),
            result: r.clone(),
        };
        reply.send(&msg, values);
    }
}

/// Executes one action. Its element is awaited for at most `timeout_ms`.
pub async fn execute(action: &Action, timeout_ms: u32) -> Result<Option<Json>, Failure> {
    let deadline = dom::now() + f64::from(timeout_ms);
    match action {
        Action::Navigate { url } => Err(Failure::new(
            ActionErrorCode::Navigation,
            format!(
                "navigate ({url}) is carried out by the extension's worker, not inside the page"
            ),
        )),
        Action::Click { selector } => click::run(selector.as_str(), deadline, timeout_ms)
            .await
            .map(|()| None),
        Action::Fill { selector, value } => {
            fill::run(selector.as_str(), value, deadline, timeout_ms).await
        }
        Action::Extract {
            selector,
            attribute,
        } => extract::run(
            selector.as_str(),
            attribute.as_deref(),
            deadline,
            timeout_ms,
        )
        .await
        .map(Some),
        Action::Scroll {
            direction,
            selector,
            amount,
        } => scroll::run(
            *direction,
            selector.as_ref().map(|s| s.as_str()),
            *amount,
            deadline,
            timeout_ms,
        )
        .await
        .map(Some),
        Action::Wait { ms } => {
            let ms = ms.get();
            gloo_timers::future::TimeoutFuture::new(u32::try_from(ms).unwrap_or(u32::MAX)).await;
            Ok(Some(WaitOutcome { ms }.to_json()))
        }
        Action::Done { .. } => Ok(None),
    }
}
