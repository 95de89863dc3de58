//! The worker's per-chunk stream path, in a crate of its own so that it is compiled for speed
//! while the worker and the rest of zo-core are compiled for size (the `worker` profile in
//! the workspace Cargo.toml: this crate at opt-level 3, the others at z). zo-core's functions
//! on that path are `#[inline]`, so they are compiled here, in the crate that calls them; these
//! entry points are the worker's only way onto that path. They decide nothing.

use zo_core::stream::{AskDriver, Effect, StreamPipeline, StreamUpdate};

/// The next bytes of the response body into the ask driver ([`AskDriver::on_body`]).
pub fn on_body(driver: &mut AskDriver, bytes: &[u8]) -> Vec<Effect> {
    driver.on_body(bytes)
}

/// The next bytes of one attempt's body into a pipeline, its updates appended to `out`
/// ([`StreamPipeline::push_bytes_into`]).
pub fn push_bytes_into(pipeline: &mut StreamPipeline, bytes: &[u8], out: &mut Vec<StreamUpdate>) {
    pipeline.push_bytes_into(bytes, out);
}
