//! JSON text without serde, for the messages the content module reads and writes (it carries
//! no serde code, to stay small in every page) and the ones the worker and the panel read by
//! hand (serde's derived readers of large tagged enums cost tens of kilobytes in each module):
//! a reader into a borrowed tree ([`parse`], [`Node`]), typed reading of a tree by serde's
//! rules ([`Fields`] and the readers beside it), and a writer ([`Json`], [`Obj`]) that writes
//! what `serde_json::to_string` writes. The messages themselves are read and written in
//! `crate::wire::codec`, checked against their serde definitions by tests.

pub(crate) mod fields;
mod raw;
pub(crate) mod read;
pub(crate) mod write;

pub use fields::{serde_float, ParseFloat, WireError, WireName};
pub use raw::RawJson;
pub use read::{parse, parse_within, JsonError, Node, MAX_JSON_NODES};
pub use write::{Json, Obj};
