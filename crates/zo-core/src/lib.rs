//! zo-core: the sans-IO heart of Zo Co-browse.
//!
//! What can be decided without a browser lives here: bytes or messages go in, updates,
//! decisions or commands come out, and the wasm crates (worker, content module, side panel)
//! move data between these types and chrome.*, fetch and the DOM (the few decisions still made
//! in them are listed in ARCHITECTURE.md). It is organized in wings, one concept each, each
//! building only on the wings listed below it; [`wire`], [`answer`] and [`stream`] keep their
//! files private and re-export what other crates use, the others also publish some files as
//! modules (such as [`cobrowse::prompt`] and [`ui::markdown`]):
//!
//! | wing | owns |
//! |---|---|
//! | [`ui`] | the panel without a DOM: turns, history, view decisions, approval cards, options form, Markdown |
//! | [`cobrowse`] | the Co-browse loop ([`cobrowse::Cobrowse`]), action batch bookkeeping, prompts |
//! | [`trust`] | the containment policy, which senders the worker serves, which tab a request may touch, sites |
//! | [`stream`] | one answer: UTF-8, SSE, Zo events, assembly, tools, diagnostics, retry and resume, behind [`stream::StreamPipeline`] |
//! | [`answer`] | what an answer means in Co-browse: canonical and lenient action readings, envelopes, the action-JSON gate |
//! | [`wire`] | messages between the panel, worker, content module and extension pages; actions, outcomes, snapshots, settings, the API key |
//! | [`page`] | facts about pages: text budgets, CSS escaping, toggle words, secret fields, accessible-name rules, generated ids, settling |
//!
//! A streamed answer, as the worker drives it (bytes in, updates out):
//!
//! ```
//! use zo_core::stream::{StreamPipeline, StreamUpdate};
//! use zo_core::wire::{FinalStatus, Mode};
//!
//! let mut pipeline = StreamPipeline::new(Mode::Ask);
//! let body = concat!(
//!     "event: PartStartEvent\n",
//!     "data: {\"index\":0,\"part\":{\"part_kind\":\"text\",\"content\":\"Hel\"},",
//!     "\"event_kind\":\"part_start\",\"metadata\":{\"zmid\":\"m1\"}}\n\n",
//!     "event: PartDeltaEvent\n",
//!     "data: {\"index\":0,\"delta\":{\"part_delta_kind\":\"text\",",
//!     "\"content_delta\":\"lo\"},\"event_kind\":\"part_delta\"}\n\n",
//!     "event: completed\ndata: {\"status\":\"succeeded\"}\n\n",
//! );
//! let mut shown = String::new();
//! // Any chunking gives the same updates: here, 7 bytes at a time.
//! for chunk in body.as_bytes().chunks(7) {
//!     for update in pipeline.push_bytes(chunk) {
//!         if let StreamUpdate::Answer(delta) = update {
//!             shown.push_str(&delta);
//!         }
//!     }
//! }
//! let result = pipeline.finish();
//! assert_eq!(shown, "Hello");
//! assert_eq!((result.status, result.text.as_str()), (FinalStatus::Succeeded, "Hello"));
//! ```
//!
//! The Co-browse loop works the same way: the worker feeds [`cobrowse::Cobrowse`] what happened
//! (a snapshot, Zo's answer, a batch's results, the user's approval) and carries out the
//! [`cobrowse::Command`]s it returns (take a snapshot, ask Zo, run a batch, navigate, ask the
//! user, finish).

pub mod answer;
pub mod cobrowse;
pub mod page;
pub mod stream;
pub mod trust;
pub mod ui;
pub mod wire;
