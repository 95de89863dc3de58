//! Browser tests of the content module (wasm-pack test --headless --chrome): every action and
//! every error on real DOM, the facts each action is checked on, the message flow, snapshot
//! selector round-trips, and secret fields.

#![cfg(test)]

mod support;

mod actions;
mod allocator;
mod errors;
mod facts;
mod fill;
mod frames;
mod messages;
mod secrets;
mod snapshot;
mod wire;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
