//! What a finished (or streaming) answer means in Co-browse mode: the canonical and lenient
//! readings of action entries, the envelope around them, the schema shown to the model, and the
//! gate that keeps action JSON off the screen while the answer streams.

pub(crate) mod action_json;
pub(crate) mod answer_gate;
pub(crate) mod canonical;
pub(crate) mod envelope;
pub(crate) mod normalize;
pub(crate) mod prose_filter;
pub(crate) mod schema;

pub use action_json::{looks_like_action_json, ActionJsonDetector, Verdict};
pub use canonical::{from_canonical, from_canonical_fields, EntryError, EntryFields, FieldValue};
pub use envelope::{parse_answer, Envelope};
pub use normalize::{normalize, normalize_entry, Dropped};
pub use prose_filter::ProseFilter;
pub use schema::COMPACT_ACTION_SCHEMA;
