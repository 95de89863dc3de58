//! The message flow: PING/PONG, ACTION_RESULT running then final for each action, BATCH_DONE;
//! stop at the first failure with the rest skipped; cancellation; unreadable messages.

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::{ActionErrorCode, ActionStatus, ContentToWorker};

use crate::support::*;

#[wasm_bindgen_test]
async fn ping_answers_pong_with_build() {
    let r = send(r#"{"type":"PING"}"#).await;
    assert_eq!(
        r.messages,
        vec![ContentToWorker::Pong {
            build: "wasm".into()
        }]
    );
}

#[wasm_bindgen_test]
async fn unreadable_message_gets_content_error() {
    let r = send(r#"{"type":"EXPLODE"}"#).await;
    assert!(
        matches!(r.messages[0], ContentToWorker::ContentError { .. }),
        "{:?}",
        r.messages
    );
}

#[wasm_bindgen_test]
async fn batch_reports_running_then_final_and_skips_after_first_failure() {
    let _f = Fixture::new(r#"<input id="m-name"><button id="m-go">Go</button>"#);
    let msg = r##"{"type":"EXECUTE_ACTION","batchId":"b7","timeoutMs":200,"actions":[
        {"type":"fill","selector":"#m-name","value":"Ada"},
        {"type":"click","selector":"#m-missing"},
        {"type":"click","selector":"#m-go"},
        {"type":"wait","ms":10}]}"##;
    let r = send(msg).await;
    let seq: Vec<(u32, ActionStatus)> = r
        .messages
        .iter()
        .filter_map(|m| match m {
            ContentToWorker::ActionResult { batch_id, result } => {
                assert_eq!(batch_id, "b7");
                Some((result.index, result.status))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        seq,
        vec![
            (0, ActionStatus::Running),
            (0, ActionStatus::Done),
            (1, ActionStatus::Running),
            (1, ActionStatus::Failed),
            (2, ActionStatus::Skipped),
            (3, ActionStatus::Skipped),
        ]
    );
    let results = r.results();
    assert_eq!(results.len(), 4);
    assert_eq!(
        results[1].error.as_ref().unwrap().code,
        ActionErrorCode::NotFound
    );
    assert_eq!(results[3].status, ActionStatus::Skipped);
}

#[wasm_bindgen_test]
async fn cancel_stops_a_running_batch() {
    let pending = send(
        r#"{"type":"EXECUTE_ACTION","batchId":"long","actions":[{"type":"wait","ms":30000},{"type":"wait","ms":1}]}"#,
    );
    let cancel = async {
        later(50).await;
        let noop = wasm_bindgen::closure::Closure::<dyn FnMut(String)>::new(|_s: String| {});
        let f: &js_sys::Function = wasm_bindgen::JsCast::unchecked_ref(noop.as_ref());
        zo_content::handle_message(r#"{"type":"CANCEL_BATCH","batchId":"long"}"#, f.clone());
    };
    let (r, ()) = futures::join!(pending, cancel);
    let results = r.results();
    assert_eq!(results[0].status, ActionStatus::Failed);
    assert_eq!(
        results[0].error.as_ref().unwrap().code,
        ActionErrorCode::Cancelled
    );
    assert_eq!(results[1].status, ActionStatus::Skipped);
}
