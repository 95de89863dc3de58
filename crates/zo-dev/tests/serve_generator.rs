//! The answer generator of `zo-dev serve` used without the server, the way benchmarks reuse
//! it: the pure modules are included by path, their frames fed through zo-core's
//! `StreamPipeline` in several chunk sizes give back the scenario's answer.

#![cfg(test)]
#![allow(dead_code)]

#[path = "../src/serve/fault_frames.rs"]
mod fault_frames;
#[path = "../src/serve/frames.rs"]
mod frames;
#[path = "../src/serve/scenario.rs"]
mod scenario;
#[path = "../src/serve/tokens.rs"]
mod tokens;

use frames::{Frame, StreamContext};
use scenario::{answer, Scenario};
use zo_core::stream::StreamPipeline;
use zo_core::wire::{FinalStatus, Mode};

fn bytes(frames: &[Frame]) -> Vec<u8> {
    frames
        .iter()
        .map(Frame::to_sse)
        .collect::<String>()
        .into_bytes()
}

fn feed(mode: Mode, body: &[u8], chunk: usize) -> zo_core::wire::FinalResult {
    let mut pipeline = StreamPipeline::new(mode);
    for piece in body.chunks(chunk) {
        pipeline.push_bytes(piece);
    }
    pipeline.finish()
}

const CTX: StreamContext<'static> = StreamContext {
    conversation_id: "conv_bench",
    input: "What is Zo?",
    model_name: "zo-dev/fast",
};

#[test]
fn every_scenario_survives_any_chunking() {
    for s in Scenario::ALL {
        let a = answer(s, "What is Zo?", Some(20_000));
        let body = bytes(&frames::frames(&a, &CTX));
        let cobrowse = s.name().starts_with("cobrowse");
        let mode = if cobrowse { Mode::Cobrowse } else { Mode::Ask };
        for chunk in [1, 7, 4096, body.len()] {
            let result = feed(mode, &body, chunk);
            assert_eq!(
                result.status,
                FinalStatus::Succeeded,
                "{} / {chunk}",
                s.name()
            );
            if cobrowse {
                assert!(!result.actions.is_empty(), "{}", s.name());
            } else {
                assert_eq!(result.text, a.text(), "{} / {chunk}", s.name());
            }
        }
    }
}

#[test]
fn fault_transforms_keep_the_answer() {
    let a = answer(Scenario::Tool, "What is Zo?", None);
    let all = frames::frames(&a, &CTX);
    for transformed in [
        fault_frames::inject_malformed(&all),
        fault_frames::inject_bad_json(&all),
    ] {
        for chunk in [1, 3, 1000] {
            let result = feed(Mode::Ask, &bytes(&transformed), chunk);
            assert_eq!(result.status, FinalStatus::Succeeded);
            assert_eq!(result.text, a.text());
        }
    }
    let mut failed = fault_frames::truncate_after_tokens(&all, 4);
    failed.push(fault_frames::failed_frame(a.style, "conv_bench"));
    assert_eq!(
        feed(Mode::Ask, &bytes(&failed), 5).status,
        FinalStatus::Failed
    );
    let cut = fault_frames::truncate_after_tokens(&all, 4);
    assert_eq!(
        feed(Mode::Ask, &bytes(&cut), 5).status,
        FinalStatus::Incomplete
    );
}
