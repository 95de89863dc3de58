//! Runs action batches: one batch at a time, actions in order, each reported as `running`
//! and then with its final status; the first failure (or a cancel) skips the rest
//! (bookkeeping in `zo_core::batch`). navigate belongs to the worker and is refused here.

use std::cell::RefCell;

use futures::channel::oneshot;
use futures::future::{select, Either};
use futures::lock::Mutex;
use zo_core::action::Action;
use zo_core::batch::BatchRun;
use zo_core::outcome::WaitOutcome;
use zo_core::protocol::{ActionError, ActionErrorCode, ContentToWorker};

use crate::dom;
use crate::failure::Failure;
use crate::reply::Reply;
use crate::{click, extract, fill, scroll};

/// How long a missing element is awaited when the batch does not say.
pub const DEFAULT_TIMEOUT_MS: u32 = 5_000;

thread_local! {
    /// Cancel switches of the batches that are queued or running, by batch id.
    static CANCELS: RefCell<Vec<(String, oneshot::Sender<()>)>> = const { RefCell::new(Vec::new()) };
    /// Serializes batches: a second batch starts when the first is done.
    static ONE_AT_A_TIME: std::rc::Rc<Mutex<()>> = std::rc::Rc::new(Mutex::new(()));
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
    let lock = ONE_AT_A_TIME.with(|l| l.clone());
    let _turn = lock.lock().await;
    let timeout_ms = timeout_ms.unwrap_or(DEFAULT_TIMEOUT_MS);
    let mut run = BatchRun::new(actions.len());
    let send = |result| {
        reply.send(&ContentToWorker::ActionResult {
            batch_id: batch_id.clone(),
            result,
        })
    };
    loop {
        if matches!(cancelled.try_recv(), Ok(Some(())) | Err(_)) {
            run.cancel().into_iter().for_each(send);
            break;
        }
        let Some((i, running)) = run.start_next() else {
            break;
        };
        send(running);
        let action = Box::pin(execute(&actions[i], timeout_ms));
        let updates = match select(action, &mut cancelled).await {
            Either::Left((outcome, _)) => run.finish_current(outcome.map_err(ActionError::from)),
            Either::Right(_) => run.cancel(),
        };
        updates.into_iter().for_each(send);
    }
    take_cancel(&batch_id);
    reply.send(&ContentToWorker::BatchDone {
        batch_id: batch_id.clone(),
        results: run.into_results(),
    });
}

/// Executes one action. Its element is awaited for at most `timeout_ms`.
pub async fn execute(
    action: &Action,
    timeout_ms: u32,
) -> Result<Option<serde_json::Value>, Failure> {
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
            serde_json::to_value(WaitOutcome { ms })
                .map(Some)
                .map_err(|e| Failure::internal(format!("encoding the wait result: {e}")))
        }
        Action::Done { .. } => Ok(None),
    }
}
