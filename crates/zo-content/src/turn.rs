//! Batches run one at a time, in the order they arrived: [`wait`] resolves to the [`Turn`] of
//! a batch once every earlier batch has dropped its own. A plain queue of wake-ups, as the
//! module is single-threaded.

use std::cell::RefCell;

use futures::channel::oneshot;

struct Queue {
    /// A batch holds the turn.
    busy: bool,
    /// Batches waiting, oldest first.
    waiting: Vec<oneshot::Sender<()>>,
}

thread_local! {
    // Const-initialized: no lazy initialization code in the module.
    static QUEUE: RefCell<Queue> = const {
        RefCell::new(Queue {
            busy: false,
            waiting: Vec::new(),
        })
    };
}

/// The right to run; passed to the next waiting batch when dropped.
pub struct Turn(());

/// Waits until every batch that asked earlier is done.
pub async fn wait() -> Turn {
    let queued = QUEUE.with(|q| {
        let mut q = q.borrow_mut();
        if !q.busy {
            q.busy = true;
            return None;
        }
        let (tx, rx) = oneshot::channel();
        q.waiting.push(tx);
        Some(rx)
    });
    if let Some(rx) = queued {
        // The sender is only dropped unsent when its waiter is gone, never ours while we wait.
        let _ = rx.await;
    }
    Turn(())
}

impl Drop for Turn {
    fn drop(&mut self) {
        QUEUE.with(|q| {
            let mut q = q.borrow_mut();
            while !q.waiting.is_empty() {
                if q.waiting.remove(0).send(()).is_ok() {
                    return;
                }
            }
            q.busy = false;
        })
    }
}
