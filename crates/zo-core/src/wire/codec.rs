//! The messages of every port read and written without serde, through `crate::wire::json`:
//! `from_json` and `to_json` of `WorkerToContent`, `WorkerToPanel` and `PanelToWorker`,
//! `ContentToWorker::from_json` and `to_json_with_values`, `PageToWorker::from_json`, and the
//! `to_json` of each action's value and of the parts they share (`parts.rs`). The types in
//! [`crate::wire::protocol`] (with their serde
//! attributes) are the one definition of the wire format; the tests hold these codecs to it:
//! every variant is read back from what serde writes (and written as serde writes it), and
//! altered copies of each (a field missing, `null`, of another type, named twice, unknown)
//! are accepted or refused exactly as serde accepts or refuses them.

pub(crate) mod content;
pub(crate) mod names;
pub(crate) mod page;
pub(crate) mod panel;
pub(crate) mod parts;
pub(crate) mod snapshot;

#[cfg(test)]
pub(crate) mod tests;
