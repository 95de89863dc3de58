//! Benchmark entry point: [`PipelineHandle`] drives zo-core's [`StreamPipeline`] (SSE parse,
//! Zo event decode, assembly) from JavaScript without chrome.* or fetch, so `tests/bench` can
//! measure the shipped worker module in Node side by side with a JavaScript baseline. It moves
//! bytes in and counts out; all the work is the same code the worker runs on a live body.

use wasm_bindgen::prelude::*;
use zo_core::pipeline::StreamPipeline;
use zo_core::protocol::Mode;

/// One streamed answer: feed body bytes with `push`, end with `finish`.
#[wasm_bindgen]
pub struct PipelineHandle {
    pipeline: StreamPipeline,
}

#[wasm_bindgen]
impl PipelineHandle {
    /// A pipeline for the mode id (`"ask"`, `"cobrowse"`, ...); an unknown id is an error.
    #[wasm_bindgen(constructor)]
    pub fn new(mode: &str) -> Result<PipelineHandle, JsError> {
        let mode: Mode = serde_json::from_value(serde_json::Value::String(mode.to_string()))
            .map_err(|e| JsError::new(&format!("unknown mode {mode:?}: {e}")))?;
        Ok(PipelineHandle {
            pipeline: StreamPipeline::new(mode),
        })
    }

    /// Feeds the next bytes of the body; returns how many UI updates they produced.
    pub fn push(&mut self, bytes: &[u8]) -> u32 {
        u32::try_from(self.pipeline.push_bytes(bytes).len()).unwrap_or(u32::MAX)
    }

    /// The body ended: assembles the final result and returns its status (`succeeded`,
    /// `failed`, `incomplete`, ...). The text stays in wasm: see [`PipelineHandle::result_json`].
    pub fn finish(&mut self) -> String {
        let result = self.pipeline.finish();
        match serde_json::to_value(result.status) {
            Ok(serde_json::Value::String(s)) => s,
            _ => format!("{:?}", result.status),
        }
    }

    /// The final result as JSON (`FinalResult`, camelCase), after [`PipelineHandle::finish`].
    #[wasm_bindgen(js_name = resultJson)]
    pub fn result_json(&mut self) -> Result<String, JsError> {
        let result = self.pipeline.finish();
        serde_json::to_string(&result).map_err(|e| JsError::new(&e.to_string()))
    }
}
