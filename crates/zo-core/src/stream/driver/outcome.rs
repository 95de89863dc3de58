//! How an ask ends, and the single final message of a query that ended so.

use crate::wire::protocol::{FinalResult, FinalStatus, StreamFailure, WorkerToPanel};

/// How an ask ended.
#[derive(Debug, Clone, PartialEq)]
pub enum AskOutcome {
    /// A terminal event (or a JSON reply) arrived; status Succeeded.
    Done(FinalResult),
    /// Gave up: a permanent failure or retries exhausted. `partial_text` is what was shown.
    Failed(StreamFailure),
    /// Stopped; the result holds what was shown (status Incomplete).
    Stopped(FinalResult),
}

/// `FinalResult.error` of a query the user stopped.
pub const STOPPED: &str = "stopped";

impl AskOutcome {
    /// The single final message of a query that ended with this outcome: STREAM_DONE for an
    /// answer, STREAM_ERROR for a failure. A query the user stopped (`stopped`) always ends with
    /// STREAM_DONE `{status: "incomplete", error: "stopped"}` and the text shown so far, whatever
    /// its last ask came to.
    pub fn final_message(self, session_id: &str, stopped: bool) -> WorkerToPanel {
        let session_id = session_id.to_string();
        let stopped_with = |mut partial: FinalResult| {
            partial.status = FinalStatus::Incomplete;
            partial.error = Some(STOPPED.to_string());
            partial
        };
        match (self, stopped) {
            (AskOutcome::Done(result), false) => WorkerToPanel::StreamDone { session_id, result },
            (AskOutcome::Failed(error), false) => WorkerToPanel::StreamError { session_id, error },
            (AskOutcome::Done(result) | AskOutcome::Stopped(result), _) => {
                WorkerToPanel::StreamDone {
                    session_id,
                    result: stopped_with(result),
                }
            }
            (AskOutcome::Failed(failure), true) => WorkerToPanel::StreamDone {
                session_id,
                result: stopped_with(FinalResult {
                    text: failure.partial_text,
                    ..FinalResult::default()
                }),
            },
        }
    }
}
