//! Benchmark entry point: [`PipelineHandle`] drives zo-core's [`StreamPipeline`] (SSE parse,
//! Zo event decode, assembly) from JavaScript without chrome.* or fetch, so `tests/bench` can
//! measure the shipped worker module in Node side by side with a JavaScript baseline. It moves
//! bytes in and counts out; all the work is the same code the worker runs on a live body.

use wasm_bindgen::prelude::*;
use zo_core::stream::{StreamPipeline, StreamUpdate};
use zo_core::wire::{FinalResult, Mode, WireName};

/// One streamed answer: feed body bytes with `push`, end with `finish`. Each push's updates
/// are handed on and dropped, but the final result, which is kept, as the ask driver does.
#[wasm_bindgen]
pub struct PipelineHandle {
    pipeline: StreamPipeline,
    /// The updates of one push (reused: the worker's loop reuses one too).
    updates: Vec<StreamUpdate>,
    /// The final result the stream ended with, when it did.
    last: Option<FinalResult>,
}

#[wasm_bindgen]
impl PipelineHandle {
    /// A pipeline for the mode id (`"ask"`, `"cobrowse"`, ...); an unknown id is an error.
    #[wasm_bindgen(constructor)]
    pub fn new(mode: &str) -> Result<PipelineHandle, JsError> {
        let mode = Mode::from_wire_name(mode)
            .ok_or_else(|| JsError::new(&format!("unknown mode \"{mode}\"")))?;
        Ok(PipelineHandle {
            pipeline: StreamPipeline::new(mode),
            updates: Vec::new(),
            last: None,
        })
    }

    /// Feeds the next bytes of the body; returns how many UI updates they produced.
    pub fn push(&mut self, bytes: &[u8]) -> u32 {
        zo_stream_path::push_bytes_into(&mut self.pipeline, bytes, &mut self.updates);
        let count = self.updates.len();
        self.hand_on();
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// Drops the updates of a push (the worker posts them), keeping the final result.
    fn hand_on(&mut self) {
        for update in self.updates.drain(..) {
            if let StreamUpdate::Final(result) = update {
                self.last = Some(result);
            }
        }
    }

    /// Feeds `body` in `chunk`-byte pieces (0: all at once) from inside wasm; returns how many
    /// UI updates they produced. The same work as one `push` per piece without the JS->wasm
    /// call per piece: the benchmark compares the two to separate the pipeline's own cost per
    /// chunk from the boundary's.
    #[wasm_bindgen(js_name = pushChunked)]
    pub fn push_chunked(&mut self, body: &[u8], chunk: usize) -> u32 {
        let size = if chunk == 0 { body.len().max(1) } else { chunk };
        let mut count: usize = 0;
        for piece in body.chunks(size) {
            zo_stream_path::push_bytes_into(&mut self.pipeline, piece, &mut self.updates);
            count += self.updates.len();
            self.hand_on();
        }
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// The body ended: the final result the stream ended with (or, without one, the
    /// pipeline's); returns its status (`succeeded`, `failed`, `incomplete`, ...). The text
    /// stays in wasm: see [`PipelineHandle::result_json`].
    pub fn finish(&mut self) -> String {
        self.result().status.wire_name().to_string()
    }

    /// The final result as JSON (`FinalResult`, camelCase), after [`PipelineHandle::finish`].
    #[wasm_bindgen(js_name = resultJson)]
    pub fn result_json(&mut self) -> Result<String, JsError> {
        Ok(self.result().to_json().into_string())
    }

    fn result(&mut self) -> &FinalResult {
        let pipeline = &mut self.pipeline;
        self.last.get_or_insert_with(|| pipeline.finish())
    }
}
