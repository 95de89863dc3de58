//! zo-core: the sans-IO heart of Zo Co-browse.
//!
//! Everything that can be decided without a browser lives here: the action protocol, the
//! messages the three wasm modules exchange, Server-Sent Events parsing, Zo event decoding,
//! stream assembly, the retry policy, prompts, history and rendering decisions. Bytes or
//! messages go in, events or commands come out; the wasm crates only move data.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod accessible_name;
pub mod action;
pub mod action_json;
pub mod answer_gate;
pub mod api_key;
pub mod assembler;
pub mod base_url;
pub mod batch;
pub mod canonical;
pub mod chat;
pub mod cobrowse;
pub mod css;
pub mod diagnostics;
pub mod envelope;
pub mod events;
pub mod generated_id;
pub mod history;
pub mod markdown;
pub mod normalize;
pub mod options_form;
pub mod outcome;
pub mod page_messages;
pub mod pipeline;
pub mod policy;
pub mod prompt;
pub mod prose_filter;
pub mod protocol;
pub mod resume;
pub mod retry;
pub mod schema;
pub mod secret_field;
pub mod sender;
pub mod settings;
pub mod settle;
pub mod site;
pub mod snapshot;
pub mod sse;
pub mod tab_reach;
pub mod text;
pub mod toggle;
pub mod tools;
pub mod trust_view;
pub mod utf8;
pub mod view;
