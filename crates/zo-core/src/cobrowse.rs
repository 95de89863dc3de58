//! The Co-browse loop as a sans-IO state machine ([`Cobrowse`]), the bookkeeping of one action
//! batch ([`BatchRun`]) and the prompts sent to Zo for every mode ([`prompt`]).

pub(crate) mod batch;
pub(crate) mod machine;
pub mod prompt;

pub use batch::BatchRun;
pub use machine::{
    BatchOutcome, Cobrowse, Command, FinishReason, MASK, MAX_ACTIONS_PER_ANSWER, MAX_REFUSALS,
};
