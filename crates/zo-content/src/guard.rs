//! The pre-check of every action: find its element (with the usual waiting), post
//! ACTION_CHECK with the facts about it, and act only on an ACTION_VERDICT that allows it. A
//! refusal fails the action as `refused` with the worker's reason (the batch then stops, as
//! on any failure). After a verdict, the selector must still lead to the element that was
//! checked (or one with the same facts): a page that changed while the user decided is not
//! acted on. An allowed action's element is outlined briefly ([`crate::outline`]).

use std::cell::RefCell;

use futures::channel::oneshot;
use futures::future::{select, Either};
use futures::pin_mut;
use zo_core::wire::{Action, ActionErrorCode, ContentToWorker, TargetFacts};

use crate::failure::Failure;
use crate::reply::Reply;
use crate::target::Target;
use crate::{facts, locate};

/// How long an action waits for its verdict: past the worker's own bound on the user's
/// answer, so only a worker that went away leaves it waiting this long.
pub const VERDICT_TIMEOUT_MS: u32 = 11 * 60 * 1000;

/// The action waiting for its verdict (batches run one at a time, actions in order).
struct Waiter {
    batch_id: String,
    index: u32,
    /// Sent on allow; dropped on a refusal, whose reason is then in `REFUSED`.
    allow: oneshot::Sender<()>,
}

thread_local! {
    static WAITING: RefCell<Option<Waiter>> = const { RefCell::new(None) };
    /// The reason of the last refusal, taken by the action it refused.
    static REFUSED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The worker's ACTION_VERDICT for action `index` of `batch_id`; false when nothing waits.
pub fn verdict(batch_id: &str, index: u32, allow: bool, reason: Option<String>) -> bool {
    let waiter = WAITING.with(|w| {
        let mut w = w.borrow_mut();
        let matches = w
            .as_ref()
            .is_some_and(|x| x.batch_id == batch_id && x.index == index);
        if matches {
            w.take()
        } else {
            None
        }
    });
    let Some(waiter) = waiter else {
        return false;
    };
    if allow {
        return waiter.allow.send(()).is_ok();
    }
    let why = reason.unwrap_or_else(|| "the extension refused this action".to_string());
    REFUSED.with(|r| *r.borrow_mut() = Some(why));
    drop(waiter);
    true
}

/// Forgets the waiter of an action that stopped waiting (cancelled, timed out, answered).
struct Registration;

impl Drop for Registration {
    fn drop(&mut self) {
        WAITING.with(|w| w.borrow_mut().take());
    }
}

/// Checks action `index` of batch `batch_id` with the worker before it runs: the facts it
/// was allowed on (none for actions without an element), which its effects are held to
/// ([`crate::effect_guard`]).
pub async fn check(
    reply: &Reply,
    batch_id: &str,
    index: u32,
    action: &Action,
    timeout_ms: u32,
) -> Result<Option<TargetFacts>, Failure> {
    // navigate belongs to the worker (refused here anyway); done does nothing in the page.
    if matches!(action, Action::Navigate { .. } | Action::Done { .. }) {
        return Ok(None);
    }
    if let Some(sel) = action.selector() {
        if crate::secret::probe_refused(sel.as_str()) {
            return Err(Failure::new(
                ActionErrorCode::Refused,
                format!(
                    "{sel} tests what a field holds (an attribute such as value, or a state \
                     such as :checked), and this page has secret fields: use a selector by \
                     id, name, class, role or position instead"
                ),
            ));
        }
    }
    let checked = match action.selector() {
        Some(sel) => {
            let el = Target::new(sel.as_str(), timeout_ms).find().await?;
            let el = facts::target(action, el);
            let f = facts::of(&el);
            Some((sel, el, f))
        }
        None => None,
    };
    let (tx, rx) = oneshot::channel();
    WAITING.with(|w| {
        *w.borrow_mut() = Some(Waiter {
            batch_id: batch_id.to_string(),
            index,
            allow: tx,
        })
    });
    REFUSED.with(|r| r.borrow_mut().take());
    let _registered = Registration;
    // While the verdict is awaited (the person may be asked), the element is outlined.
    let _outlined = checked.as_ref().map(|(_, el, _)| crate::outline::hold(el));
    let check = ContentToWorker::ActionCheck {
        batch_id: batch_id.to_string(),
        index,
        facts: checked.as_ref().map(|(_, _, f)| f.clone()),
    };
    reply.send(&check, &|_| None);
    let timeout = gloo_timers::future::TimeoutFuture::new(VERDICT_TIMEOUT_MS);
    pin_mut!(rx);
    if let Either::Right(_) | Either::Left((Err(_), _)) = select(rx, timeout).await {
        let why = REFUSED.with(|r| r.borrow_mut().take());
        return Err(Failure::new(
            ActionErrorCode::Refused,
            why.unwrap_or_else(|| "the extension gave no verdict for this action".to_string()),
        ));
    }
    let Some((sel, el, f)) = checked else {
        return Ok(None);
    };
    let now = locate::query(sel.as_str())?.map(|e| facts::target(action, e));
    let same = now.is_some_and(|now| now == el || facts::of(&now) == f);
    if !same {
        return Err(Failure::new(
            ActionErrorCode::Refused,
            format!(
                "{sel} no longer is the element that was checked (the page changed); it was \
                 not acted on"
            ),
        ));
    }
    // The person sees where Zo acts; nothing waits for it.
    crate::outline::show(&el);
    Ok(Some(f))
}
