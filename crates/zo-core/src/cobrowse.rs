//! The Co-browse loop as a sans-IO state machine ([`Cobrowse`]), the bookkeeping of one action
//! batch ([`BatchRun`]), the prompts sent to Zo for every mode ([`prompt`]) and what a query
//! says when the worker cannot go on with it ([`words`]).

pub(crate) mod batch;
pub(crate) mod machine;
pub mod prompt;
pub mod words;

pub use batch::BatchRun;
pub use machine::{
    BatchOutcome, Cobrowse, Command, FinishReason, MASK, MAX_ACTIONS_PER_ANSWER, MAX_REFUSALS,
};
