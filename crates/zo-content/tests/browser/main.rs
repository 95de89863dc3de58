//! Browser tests of the content module (wasm-pack test --headless --chrome): every action and
//! every error on real DOM, the facts each action is checked on, the message flow, snapshot
//! selector round-trips, secret fields, and the text of thrown JS values.

#![cfg(test)]

mod support;

mod actions;
mod allocator;
mod errors;
mod facts;
mod fill;
mod frames;
mod js_errors;
mod messages;
mod secrets;
mod snapshot;
mod wire;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
