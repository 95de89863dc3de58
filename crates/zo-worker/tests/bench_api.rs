//! The benchmark entry point (`zo_worker::bench_api::PipelineHandle`) runs the real stream
//! pipeline: whatever the chunking (pushed from JS or cut inside wasm), a live-shaped stream
//! gives the same final result, an unfinished stream is incomplete, and an unknown mode is
//! refused.

#![cfg(test)]

use wasm_bindgen_test::*;
use zo_worker::bench_api::PipelineHandle;

wasm_bindgen_test_configure!(run_in_browser);

const META: &str = r#""metadata":{"zmid":"zmid_1","runner_id":"runner_1"}"#;

fn live_stream(words: &[&str], complete: bool) -> String {
    let mut s = String::from(
        "id: 1\nevent: AgentRuntimeStreamChunk\ndata: {\"type\":\"status\",\"status\":\"running\",\"data\":{\"message\":\"Zo is thinking\"}}\n\n",
    );
    s.push_str(&format!(
        "id: 2\nevent: PartStartEvent\ndata: {{\"index\":0,\"part\":{{\"part_kind\":\"text\",\"content\":{:?}}},\"event_kind\":\"part_start\",{META}}}\n\n",
        words[0]
    ));
    for (i, w) in words[1..].iter().enumerate() {
        s.push_str(&format!(
            "id: {}\nevent: PartDeltaEvent\ndata: {{\"index\":0,\"delta\":{{\"part_delta_kind\":\"text\",\"content_delta\":{:?}}},\"event_kind\":\"part_delta\",{META}}}\n\n",
            i + 3,
            w
        ));
    }
    if complete {
        s.push_str(
            "event: completed\ndata: {\"status\":\"completed\",\"conversation_id\":\"c1\"}\n\n",
        );
    }
    s
}

fn run(bytes: &[u8], chunk: usize) -> (u32, String, String) {
    let mut h = PipelineHandle::new("ask").unwrap_or_else(|_| panic!("ask is a mode"));
    let mut updates = 0;
    for c in bytes.chunks(chunk.max(1)) {
        updates += h.push(c);
    }
    let status = h.finish();
    let json = h
        .result_json()
        .unwrap_or_else(|_| panic!("the result serializes"));
    (updates, status, json)
}

#[wasm_bindgen_test]
fn any_chunking_gives_the_same_final_result() {
    let words = ["Héllo", " wörld", ", 你好", " 🚀", " done."];
    let stream = live_stream(&words, true);
    let bytes = stream.as_bytes();
    let (updates, status, json) = run(bytes, bytes.len());
    assert_eq!(status, "succeeded");
    // One push: the status, the whole answer as one text update (the tokens of a push are
    // joined), the final result.
    assert_eq!(updates, 3);
    let result: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    assert_eq!(result["text"], words.concat());
    for chunk in [1, 2, 3, 7, 64] {
        let (u, s, j) = run(bytes, chunk);
        assert_eq!(
            (s.as_str(), j.as_str()),
            ("succeeded", json.as_str()),
            "chunk {chunk}"
        );
        assert!(u >= updates, "chunk {chunk}: {u} updates");
    }
}

#[wasm_bindgen_test]
fn pieces_cut_inside_wasm_give_what_pushes_from_js_give() {
    let stream = live_stream(&["One", " two", " three"], true);
    let bytes = stream.as_bytes();
    for chunk in [0, 1, 5, 64] {
        let mut h = PipelineHandle::new("ask").unwrap_or_else(|_| panic!("ask is a mode"));
        let updates = h.push_chunked(bytes, chunk);
        let status = h.finish();
        let json = h.result_json().unwrap_or_default();
        let (u, s, j) = run(bytes, if chunk == 0 { bytes.len() } else { chunk });
        assert_eq!((updates, status, json), (u, s, j), "chunk {chunk}");
    }
}

#[wasm_bindgen_test]
fn a_stream_without_its_terminal_event_is_incomplete() {
    let stream = live_stream(&["Half", " an", " answer"], false);
    let (_, status, json) = run(stream.as_bytes(), 5);
    assert_eq!(status, "incomplete");
    let result: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    assert_eq!(result["text"], "Half an answer");
}

#[wasm_bindgen_test]
fn an_unknown_mode_is_refused() {
    assert!(PipelineHandle::new("no-such-mode").is_err());
}
