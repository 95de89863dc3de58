//! Elements inside a same-origin iframe: found, clicked and filled in the frame's own realm.

use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::ActionStatus;

use crate::support::*;

#[wasm_bindgen_test]
async fn click_and_fill_inside_same_origin_iframe() {
    let f = Fixture::new(
        r#"<iframe id="fr" style="width:400px;height:300px" srcdoc="<input id='in-frame'><button id='frame-btn' onclick='this.textContent=&quot;clicked&quot;'>Go</button>"></iframe>"#,
    );
    JsFuture::from(frame_loaded(&f.get("#fr"))).await.unwrap();
    let r = one(
        r##"{"type":"fill","selector":"#in-frame","value":"framed"}"##,
        2000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    let r = one(r##"{"type":"click","selector":"#frame-btn"}"##, 2000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    let frame_doc = js_sys::Reflect::get(&f.get("#fr"), &"contentDocument".into()).unwrap();
    let frame_doc: web_sys::Document = wasm_bindgen::JsCast::unchecked_into(frame_doc);
    let input = frame_doc.get_element_by_id("in-frame").unwrap();
    assert_eq!(value_of(&input), "framed");
    assert_eq!(
        frame_doc
            .get_element_by_id("frame-btn")
            .unwrap()
            .text_content()
            .unwrap(),
        "clicked"
    );
    let r = one(r##"{"type":"extract","selector":"#frame-btn"}"##, 2000).await;
    assert_eq!(r.value.unwrap().to_value()["value"], "clicked");
}
