//! Cancellation of one session's work: STOP, a dead panel port or a timeout abort the
//! in-flight fetch through its AbortController and wake everything waiting on the token.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

use web_sys::AbortController;

/// Shared, cloneable cancellation flag of one session (single-threaded wasm).
#[derive(Clone, Default)]
pub struct CancelToken(Rc<RefCell<CancelState>>);

#[derive(Default)]
struct CancelState {
    cancelled: bool,
    /// The AbortController of the attempt in flight, if any.
    controller: Option<AbortController>,
    wakers: Vec<Waker>,
}

impl CancelToken {
    pub fn new() -> Self {
        Self::default()
    }

    /// Cancels: aborts the current fetch (the server sees the connection close) and wakes
    /// every [`CancelToken::cancelled`] future. Idempotent.
    pub fn cancel(&self) {
        let (controller, wakers) = {
            let mut state = self.0.borrow_mut();
            if state.cancelled {
                return;
            }
            state.cancelled = true;
            (state.controller.take(), std::mem::take(&mut state.wakers))
        };
        if let Some(controller) = controller {
            controller.abort();
        }
        for waker in wakers {
            waker.wake();
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.borrow().cancelled
    }

    /// A fresh AbortController for the next attempt, registered so [`CancelToken::cancel`]
    /// aborts it. Already aborted when the token is cancelled.
    pub fn new_controller(&self) -> Result<AbortController, String> {
        let controller = AbortController::new()
            .map_err(|e| format!("AbortController unavailable: {}", zo_chrome::error_text(&e)))?;
        let mut state = self.0.borrow_mut();
        if state.cancelled {
            controller.abort();
        } else {
            state.controller = Some(controller.clone());
        }
        Ok(controller)
    }

    /// Resolves once the token is cancelled.
    pub fn cancelled(&self) -> Cancelled {
        Cancelled(self.clone())
    }
}

/// Future returned by [`CancelToken::cancelled`].
pub struct Cancelled(CancelToken);

impl Future for Cancelled {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let mut state = (self.0).0.borrow_mut();
        if state.cancelled {
            return Poll::Ready(());
        }
        if !state.wakers.iter().any(|w| w.will_wake(cx.waker())) {
            state.wakers.push(cx.waker().clone());
        }
        Poll::Pending
    }
}
