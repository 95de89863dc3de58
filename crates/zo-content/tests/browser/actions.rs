//! click, extract, scroll and wait on real DOM, including late elements, shadow DOM and
//! scroll containers.

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::ActionStatus;

use crate::support::*;

#[wasm_bindgen_test]
async fn click_sends_pointer_and_mouse_sequence_with_coordinates_and_focuses() {
    let f = Fixture::new(r#"<button id="b1" style="margin:20px">Go</button>"#);
    let b = f.get("#b1");
    log_events(&b, "pointerdown,mousedown,focus,pointerup,mouseup,click");
    let r = one(r##"{"type":"click","selector":"#b1"}"##, 2000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(
        logged(&b),
        "pointerdown mousedown focus pointerup mouseup click:xy"
    );
    assert_eq!(doc().active_element().as_ref(), Some(&b));
}

#[wasm_bindgen_test]
async fn click_follows_checkbox_activation() {
    let f = Fixture::new(r#"<label><input type="checkbox" id="c1"> Agree</label>"#);
    let r = one(r##"{"type":"click","selector":"#c1"}"##, 2000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert!(checked(&f.get("#c1")));
}

#[wasm_bindgen_test]
async fn click_waits_for_element_inserted_300ms_later() {
    let f = Fixture::new(r#"<div id="late-host"></div>"#);
    let host = f.get("#late-host");
    let insert = {
        let host = host.clone();
        async move {
            later(300).await;
            host.set_inner_html(r#"<button id="late">Late</button>"#);
            log_events(&host.first_element_child().unwrap(), "click");
        }
    };
    wasm_bindgen_futures::spawn_local(insert);
    let r = one(r##"{"type":"click","selector":"#late"}"##, 5000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&f.get("#late")), "click:xy");
}

#[wasm_bindgen_test]
async fn click_inside_open_shadow_root() {
    let f = Fixture::new(r#"<div id="host"></div>"#);
    attach_shadow(
        &f.get("#host"),
        r#"<p>inside</p><button id="shadow-btn">Shadow</button>"#,
    );
    let inner = f
        .get("#host")
        .shadow_root()
        .unwrap()
        .get_element_by_id("shadow-btn")
        .unwrap();
    log_events(&inner, "click");
    let r = one(r##"{"type":"click","selector":"#shadow-btn"}"##, 2000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&inner), "click:xy");
}

#[wasm_bindgen_test]
async fn click_scrolls_far_element_into_view_first() {
    let f = Fixture::new(r#"<div style="height:3000px"></div><button id="far">Far</button>"#);
    let b = f.get("#far");
    log_events(&b, "click");
    let r = one(r##"{"type":"click","selector":"#far"}"##, 2000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(logged(&b), "click:xy");
    assert!(web_sys::window().unwrap().scroll_y().unwrap() > 1000.0);
}

#[wasm_bindgen_test]
async fn extract_text_properties_and_attributes() {
    let _f = Fixture::new(
        r#"<div id="t">  Hello <b>world</b> <span style="display:none">hidden</span></div>
        <a id="l" href="/docs?x=1">Docs</a>
        <input id="v" value="typed"> <input id="pw" type="password" value="secret">
        <div id="d" data-price="42" title="tip">x</div>"#,
    );
    let get = |r: zo_core::wire::ActionResult| {
        assert_eq!(r.status, ActionStatus::Done, "{r:?}");
        r.value.unwrap().to_value()["value"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let text = get(one(r##"{"type":"extract","selector":"#t"}"##, 500).await);
    assert!(text.contains("Hello") && text.contains("hidden"), "{text}");
    let inner = get(one(
        r##"{"type":"extract","selector":"#t","attribute":"innerText"}"##,
        500,
    )
    .await);
    assert!(
        inner.contains("world") && !inner.contains("hidden"),
        "{inner}"
    );
    let href = get(one(
        r##"{"type":"extract","selector":"#l","attribute":"href"}"##,
        500,
    )
    .await);
    assert!(
        href.starts_with("http://") && href.ends_with("/docs?x=1"),
        "{href}"
    );
    assert_eq!(
        get(one(
            r##"{"type":"extract","selector":"#v","attribute":"value"}"##,
            500
        )
        .await),
        "typed"
    );
    assert_eq!(
        get(one(
            r##"{"type":"extract","selector":"#d","attribute":"data-price"}"##,
            500
        )
        .await),
        "42"
    );
    let html = get(one(
        r##"{"type":"extract","selector":"#d","attribute":"outerHTML"}"##,
        500,
    )
    .await);
    assert!(html.starts_with("<div id=\"d\""), "{html}");
    let pw = one(
        r##"{"type":"extract","selector":"#pw","attribute":"value"}"##,
        500,
    )
    .await;
    assert_eq!(pw.status, ActionStatus::Failed);
    assert!(!format!("{pw:?}").contains("secret"));
    let count = get(one(
        r##"{"type":"extract","selector":"#d","attribute":"childElementCount"}"##,
        500,
    )
    .await);
    assert_eq!(count, "0");
    let hidden = get(one(
        r##"{"type":"extract","selector":"#d","attribute":"hidden"}"##,
        500,
    )
    .await);
    assert_eq!(hidden, "false");
    let missing = one(
        r##"{"type":"extract","selector":"#d","attribute":"nope-nothing"}"##,
        500,
    )
    .await;
    assert_eq!(missing.status, ActionStatus::Failed);
}

#[wasm_bindgen_test]
async fn extract_caps_long_text_with_truncated_flag() {
    let long = "x".repeat(25_000);
    let _f = Fixture::new(&format!(r#"<p id="long">{long}</p><p id="short">ok</p>"#));
    let r = one(r##"{"type":"extract","selector":"#long"}"##, 500).await;
    let v = r.value.unwrap().to_value();
    assert_eq!(v["truncated"], true);
    assert_eq!(v["length"], 25_000);
    assert_eq!(
        v["value"].as_str().unwrap().len(),
        zo_core::page::EXTRACT_MAX_CHARS
    );
    let r = one(r##"{"type":"extract","selector":"#short"}"##, 500).await;
    assert_eq!(r.value.unwrap().to_value()["truncated"], false);
}

#[wasm_bindgen_test]
async fn scroll_container_by_selector_and_child_reports_position_and_end() {
    let f = Fixture::new(
        r#"<div id="box" style="height:200px;overflow:auto"><div style="height:1000px"><p id="child" style="margin:0">c</p></div></div>"#,
    );
    let r = one(r##"{"type":"scroll","selector":"#box"}"##, 500).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    let v = r.value.unwrap().to_value();
    assert_eq!(v["target"], "#box");
    assert_eq!(v["y"].as_f64().unwrap(), 140.0);
    assert_eq!(v["atEnd"], false);
    // A child that does not scroll moves its nearest scrollable ancestor.
    let r = one(
        r##"{"type":"scroll","selector":"#child","amount":5000}"##,
        500,
    )
    .await;
    let v = r.value.unwrap().to_value();
    assert_eq!(v["target"], "#box");
    assert_eq!(v["atEnd"], true);
    assert_eq!(f.get("#box").scroll_top(), 800);
    let r = one(
        r##"{"type":"scroll","selector":"#box","direction":"up","amount":100}"##,
        500,
    )
    .await;
    let v = r.value.unwrap().to_value();
    assert_eq!(v["y"].as_f64().unwrap(), 700.0);
    assert_eq!(v["atEnd"], false);
}

#[wasm_bindgen_test]
async fn scroll_window_by_default_share_of_viewport() {
    let _f = Fixture::new(r#"<div style="height:5000px"></div>"#);
    let win = web_sys::window().unwrap();
    let vh = win.inner_height().unwrap().as_f64().unwrap();
    let r = one(r#"{"type":"scroll"}"#, 500).await;
    let v = r.value.unwrap().to_value();
    assert_eq!(v["target"], "window");
    let y = v["y"].as_f64().unwrap();
    assert!((y - (vh * 0.7)).abs() <= 1.0, "y={y} vh={vh}");
    assert_eq!(win.scroll_y().unwrap(), y);
    let r = one(r#"{"type":"scroll","direction":"up","amount":100000}"#, 500).await;
    let v = r.value.unwrap().to_value();
    assert_eq!(v["y"].as_f64().unwrap(), 0.0);
    assert_eq!(v["atEnd"], true);
}

#[wasm_bindgen_test]
async fn wait_waits_and_reports() {
    let r = one(r#"{"type":"wait","ms":20}"#, 500).await;
    assert_eq!(r.status, ActionStatus::Done);
    assert_eq!(r.value.unwrap().to_value()["ms"], 20);
}

#[wasm_bindgen_test]
async fn done_is_a_no_op_and_navigate_is_refused() {
    let r = one(r#"{"type":"done","response":"ok"}"#, 500).await;
    assert_eq!(r.status, ActionStatus::Done);
    let r = one(r#"{"type":"navigate","url":"https://example.com/"}"#, 500).await;
    assert_eq!(r.status, ActionStatus::Failed);
    let e = r.error.unwrap();
    assert_eq!(e.code, zo_core::wire::ActionErrorCode::Navigation);
    assert!(e.message.contains("worker"), "{}", e.message);
}
