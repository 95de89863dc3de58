//! The element an action is about is outlined from the moment its check goes to the worker:
//! while the verdict waits (the person may be asked to approve), the page shows what it is
//! about; the outline goes a moment after the action.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen_test::wasm_bindgen_test;
use zo_content::outline::{OUTLINE_ATTR, SHOW_MS};
use zo_core::wire::{ActionStatus, ContentToWorker};

use crate::support::*;

/// A box: (left, top, right, bottom).
type Box4 = (f64, f64, f64, f64);

/// The outline box's rectangle, if one is in the page.
fn outline_box() -> Option<Box4> {
    let el = doc()
        .query_selector(&format!("[{OUTLINE_ATTR}]"))
        .ok()
        .flatten()?;
    let r = el.get_bounding_client_rect();
    Some((r.left(), r.top(), r.right(), r.bottom()))
}

#[wasm_bindgen_test]
async fn the_element_is_outlined_while_its_verdict_is_awaited() {
    let f = Fixture::new(r#"<p>text</p><button id="ol-send" style="margin:40px">Send</button>"#);
    let seen: Rc<RefCell<Vec<Option<Box4>>>> = Rc::default();
    let s = seen.clone();
    let judge: Judge = Rc::new(move |msg| {
        if let ContentToWorker::ActionCheck { .. } = msg {
            // Asked now: what the page shows while the worker (or the person) decides.
            s.borrow_mut().push(outline_box());
        }
        Some((true, None))
    });
    let msg = r##"{"type":"EXECUTE_ACTION","batchId":"ol","actions":[{"type":"click","selector":"#ol-send"}],"timeoutMs":2000}"##;
    let results = send_judged(msg, judge).await.results();
    assert_eq!(results[0].status, ActionStatus::Done);
    let b = f.get("#ol-send").get_bounding_client_rect();
    let first = seen.borrow()[0];
    let (left, top, right, bottom) = first.expect("an outline while the check waited");
    assert!(
        left <= b.left() && top <= b.top() && right >= b.right() && bottom >= b.bottom(),
        "the outline surrounds the button: {:?} vs {:?}",
        first,
        (b.left(), b.top(), b.right(), b.bottom())
    );
    later(SHOW_MS + 300).await;
    assert_eq!(outline_box(), None, "gone a moment after the action");
}
