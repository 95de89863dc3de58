//! The pre-check of every action: find its element (with the usual waiting), post
//! ACTION_CHECK with the facts about it, and act only on an ACTION_VERDICT that allows it. A
//! refusal fails the action as `refused` with the worker's reason (the batch then stops, as
//! on any failure). After a verdict, the selector must still lead to the element that was
//! checked (or one with the same facts): a page that changed while the user decided is not
//! acted on.

use std::cell::RefCell;

use futures::channel::oneshot;
use futures::future::{select, Either};
use zo_core::action::Action;
use zo_core::protocol::ActionErrorCode;

use crate::failure::Failure;
use crate::reply::Reply;
use crate::{dom, encode, facts, locate};

/// How long an action waits for its verdict: past the worker's own bound on the user's
/// answer, so only a worker that went away leaves it waiting this long.
pub const VERDICT_TIMEOUT_MS: u32 = 11 * 60 * 1000;

type Waiter = (String, u32, oneshot::Sender<Result<(), String>>);

thread_local! {
    /// Actions waiting for their verdict: (batch id, index, where to deliver it).
    static WAITING: RefCell<Vec<Waiter>> = const { RefCell::new(Vec::new()) };
}

/// The worker's ACTION_VERDICT for action `index` of `batch_id`; false when nothing waits.
pub fn verdict(batch_id: &str, index: u32, allow: bool, reason: Option<String>) -> bool {
    let waiter = WAITING.with(|w| {
        let mut w = w.borrow_mut();
        let i = w
            .iter()
            .position(|(b, n, _)| b == batch_id && *n == index)?;
        Some(w.swap_remove(i).2)
    });
    let answer = if allow {
        Ok(())
    } else {
        Err(reason.unwrap_or_else(|| "the extension refused this action".to_string()))
    };
    waiter.is_some_and(|tx| tx.send(answer).is_ok())
}

/// Removes the waiter of an action that stopped waiting (cancelled, timed out).
struct Registration<'a>(&'a str, u32);

impl Drop for Registration<'_> {
    fn drop(&mut self) {
        WAITING.with(|w| {
            w.borrow_mut()
                .retain(|(b, n, _)| !(b == self.0 && *n == self.1))
        });
    }
}

/// Checks action `index` of batch `batch_id` with the worker before it runs.
pub async fn check(
    reply: &Reply,
    batch_id: &str,
    index: u32,
    action: &Action,
    timeout_ms: u32,
) -> Result<(), Failure> {
    // navigate belongs to the worker (refused here anyway); done does nothing in the page.
    if matches!(action, Action::Navigate { .. } | Action::Done { .. }) {
        return Ok(());
    }
    let deadline = dom::now() + f64::from(timeout_ms);
    let checked = match action.selector() {
        Some(sel) => {
            let el = locate::wait_for(sel.as_str(), deadline, timeout_ms).await?;
            let el = facts::target(action, el);
            let f = facts::of(&el);
            Some((sel, el, f))
        }
        None => None,
    };
    let (tx, rx) = oneshot::channel();
    WAITING.with(|w| w.borrow_mut().push((batch_id.to_string(), index, tx)));
    let _registered = Registration(batch_id, index);
    let f = checked.as_ref().map(|(_, _, f)| f);
    reply.send(&encode::action_check(batch_id, index, f));
    let timeout = gloo_timers::future::TimeoutFuture::new(VERDICT_TIMEOUT_MS);
    let answer = match select(rx, timeout).await {
        Either::Left((Ok(answer), _)) => answer,
        Either::Left((Err(_), _)) | Either::Right(_) => {
            Err("the extension gave no verdict for this action".to_string())
        }
    };
    answer.map_err(|reason| Failure::new(ActionErrorCode::Refused, reason))?;
    if let Some((sel, el, f)) = checked {
        let now = locate::query(sel.as_str())?.map(|e| facts::target(action, e));
        let same = now.is_some_and(|now| now == el || facts::of(&now) == f);
        if !same {
            return Err(Failure::new(
                ActionErrorCode::Refused,
                format!(
                    "{sel} no longer is the element that was checked (the page changed); \
                     it was not acted on"
                ),
            ));
        }
    }
    Ok(())
}
