//! Browser tests of the content module (wasm-pack test --headless --chrome): every action and
//! every error on real DOM, scroll containers and web components (Shoelace), settling between
//! actions (React 19), the facts each action is checked on and what it makes the browser do, the message flow, snapshot
//! selector round-trips, the page text (main content as a reader view sees it), secret fields,
//! and the text of thrown JS values.
//! The real libraries come from a bundle: run `node tests/fixtures/content/build.mjs` first.

#![cfg(test)]

mod libs;
mod support;

mod actions;
mod allocator;
mod components;
mod effects;
mod element_order;
mod errors;
mod facts;
mod fill;
mod frames;
mod js_errors;
mod messages;
mod names;
mod outline;
mod reader;
mod scrolling;
mod secret_names;
mod secrets;
mod selectors;
mod settling;
mod snapshot;
mod wire;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
