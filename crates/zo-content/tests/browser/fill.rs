//! fill on every kind of control: React-tracked inputs, textareas, selects by value and by
//! text, checkboxes and radios, pickers, contenteditable.

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::{ActionErrorCode, ActionStatus};

use crate::support::*;

#[wasm_bindgen_test]
async fn fill_is_seen_by_a_react_style_value_tracker() {
    let f = Fixture::new(r#"<input id="react" value="">"#);
    let input = f.get("#react");
    track_like_react(&input);
    log_events(&input, "input,change,blur");
    let r = one(
        r##"{"type":"fill","selector":"#react","value":"Ada Lovelace"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(value_of(&input), "Ada Lovelace");
    assert_eq!(
        changes(&input),
        "Ada Lovelace",
        "the tracker must see the change"
    );
    assert_eq!(
        logged(&input),
        "input:insertText:Ada Lovelace change",
        "no blur"
    );
    assert_eq!(r.value.unwrap().to_value()["value"], "Ada Lovelace");
}

#[wasm_bindgen_test]
async fn naive_assignment_would_be_missed_by_the_tracker() {
    // Control: proves the tracker in this test really detects the naive way as "no change".
    let f = Fixture::new(r#"<input id="naive">"#);
    let input = f.get("#naive");
    track_like_react(&input);
    js_sys::Reflect::set(&input, &"value".into(), &"x".into()).unwrap();
    let ev = web_sys::Event::new("input").unwrap();
    input.dispatch_event(&ev).unwrap();
    assert_eq!(changes(&input), "");
}

#[wasm_bindgen_test]
async fn fill_textarea_and_password_value_not_reported() {
    let f = Fixture::new(r#"<textarea id="ta"></textarea><input id="pw" type="password">"#);
    let ta = f.get("#ta");
    track_like_react(&ta);
    let r = one(
        r##"{"type":"fill","selector":"#ta","value":"line1\nline2"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(value_of(&ta), "line1\nline2");
    assert_eq!(changes(&ta), "line1\nline2");
    let r = one(
        r##"{"type":"fill","selector":"#pw","value":"hunter2"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(value_of(&f.get("#pw")), "hunter2");
    assert!(!format!("{r:?}").contains("hunter2"));
}

#[wasm_bindgen_test]
async fn select_by_value_and_by_visible_text() {
    let f = Fixture::new(
        r#"<select id="s"><option value="">--</option><option value="fr">France</option>
        <option value="de">  Germany </option><option value="x" disabled>Nope</option></select>"#,
    );
    let s = f.get("#s");
    log_events(&s, "input,change");
    let r = one(
        r##"{"type":"fill","selector":"#s","value":"Germany"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(value_of(&s), "de");
    assert_eq!(logged(&s), "input:: change");
    let r = one(r##"{"type":"fill","selector":"#s","value":"fr"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(value_of(&s), "fr");
    let r = one(r##"{"type":"fill","selector":"#s","value":"Spain"}"##, 1000).await;
    assert_eq!(
        r.error.as_ref().unwrap().code,
        ActionErrorCode::NoSuchOption
    );
    assert!(r.error.unwrap().message.contains("France"));
    let r = one(r##"{"type":"fill","selector":"#s","value":"Nope"}"##, 1000).await;
    assert_eq!(r.error.unwrap().code, ActionErrorCode::Disabled);
}

#[wasm_bindgen_test]
async fn checkbox_clicks_only_when_state_differs() {
    let f = Fixture::new(r#"<input type="checkbox" id="cb">"#);
    let cb = f.get("#cb");
    log_events(&cb, "click");
    for (word, want, clicks) in [
        ("true", true, "click:xy"),
        ("on", true, "click:xy"),
        ("off", false, "click:xy click:xy"),
        ("false", false, "click:xy click:xy"),
    ] {
        let r = one(
            &format!(r##"{{"type":"fill","selector":"#cb","value":"{word}"}}"##),
            1000,
        )
        .await;
        assert_eq!(r.status, ActionStatus::Done, "{r:?}");
        assert_eq!(checked(&cb), want, "{word}");
        assert_eq!(logged(&cb), clicks, "{word}");
        assert_eq!(r.value.unwrap().to_value()["checked"], want);
    }
    let r = one(
        r##"{"type":"fill","selector":"#cb","value":"maybe"}"##,
        1000,
    )
    .await;
    assert_eq!(r.error.unwrap().code, ActionErrorCode::InvalidValue);
}

#[wasm_bindgen_test]
async fn radio_selection() {
    let f = Fixture::new(
        r#"<input type="radio" name="plan" id="r1" checked><input type="radio" name="plan" id="r2">"#,
    );
    let r = one(r##"{"type":"fill","selector":"#r2","value":"true"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert!(checked(&f.get("#r2")) && !checked(&f.get("#r1")));
    let r = one(
        r##"{"type":"fill","selector":"#r2","value":"false"}"##,
        1000,
    )
    .await;
    assert_eq!(r.error.unwrap().code, ActionErrorCode::Unsupported);
}

#[wasm_bindgen_test]
async fn pickers_take_valid_values_and_refuse_bad_formats() {
    let f = Fixture::new(
        r#"<input type="date" id="date"><input type="time" id="time"><input type="color" id="color">
        <input type="range" id="range" min="0" max="10">"#,
    );
    let date = f.get("#date");
    log_events(&date, "input,change");
    let r = one(
        r##"{"type":"fill","selector":"#date","value":"2026-11-30"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(value_of(&date), "2026-11-30");
    assert_eq!(logged(&date), "input:: change");
    let r = one(
        r##"{"type":"fill","selector":"#date","value":"30/11/2026"}"##,
        1000,
    )
    .await;
    let e = r.error.unwrap();
    assert_eq!(e.code, ActionErrorCode::InvalidValue);
    assert!(e.message.contains("YYYY-MM-DD"), "{}", e.message);
    let r = one(
        r##"{"type":"fill","selector":"#time","value":"13:45"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done);
    assert_eq!(value_of(&f.get("#time")), "13:45");
    let r = one(
        r##"{"type":"fill","selector":"#color","value":"#ff8800"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done);
    assert_eq!(value_of(&f.get("#color")), "#ff8800");
    let r = one(r##"{"type":"fill","selector":"#range","value":"7"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done);
    assert_eq!(value_of(&f.get("#range")), "7");
    // The browser clamps out-of-range numbers; the result says what the field holds.
    let r = one(
        r##"{"type":"fill","selector":"#range","value":"99"}"##,
        1000,
    )
    .await;
    assert_eq!(r.value.unwrap().to_value()["value"], "10");
}

#[wasm_bindgen_test]
async fn contenteditable_gets_text_with_beforeinput_and_input() {
    let f = Fixture::new(r#"<div id="ed" contenteditable="true"><p>old <b>text</b></p></div>"#);
    let ed = f.get("#ed");
    log_events(&ed, "beforeinput,input");
    let r = one(
        r##"{"type":"fill","selector":"#ed","value":"Hello editor"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(ed.text_content().unwrap(), "Hello editor");
    let log = logged(&ed);
    assert!(
        log.starts_with("beforeinput:insertText:Hello editor"),
        "{log}"
    );
    assert!(log.contains("input:insertText:Hello editor"), "{log}");
}

#[wasm_bindgen_test]
async fn contenteditable_editor_that_handles_beforeinput_itself() {
    // Editors (Lexical, ProseMirror) cancel beforeinput and insert the data themselves.
    let f = Fixture::new(r#"<div id="ed2" contenteditable="true">x</div>"#);
    let ed = f.get("#ed2");
    let handler = wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::InputEvent)>::new(
        move |e: web_sys::InputEvent| {
            e.prevent_default();
            let t: web_sys::Element = wasm_bindgen::JsCast::unchecked_into(e.target().unwrap());
            t.set_text_content(Some(&format!("editor:{}", e.data().unwrap_or_default())));
        },
    );
    ed.add_event_listener_with_callback(
        "beforeinput",
        wasm_bindgen::JsCast::unchecked_ref(handler.as_ref()),
    )
    .unwrap();
    let r = one(r##"{"type":"fill","selector":"#ed2","value":"hi"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(ed.text_content().unwrap(), "editor:hi");
}

#[wasm_bindgen_test]
async fn fill_through_label_and_unsupported_file_input() {
    let f = Fixture::new(
        r#"<label id="lab" for="named">Name</label><input id="named"><input type="file" id="file">"#,
    );
    let r = one(
        r##"{"type":"fill","selector":"#lab","value":"Grace"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(value_of(&f.get("#named")), "Grace");
    let r = one(
        r##"{"type":"fill","selector":"#file","value":"a.txt"}"##,
        1000,
    )
    .await;
    assert_eq!(r.error.unwrap().code, ActionErrorCode::Unsupported);
}

#[wasm_bindgen_test]
async fn hidden_checkbox_is_set_through_its_visible_label() {
    let f = Fixture::new(
        r#"<label class="switch"><input type="checkbox" id="sw" style="display:none"><span>Dark mode</span></label>"#,
    );
    let r = one(r##"{"type":"fill","selector":"#sw","value":"on"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert!(checked(&f.get("#sw")));
    let r = one(r##"{"type":"fill","selector":"#sw","value":"off"}"##, 1000).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert!(!checked(&f.get("#sw")));
}

#[wasm_bindgen_test]
async fn click_on_an_option_chooses_it() {
    let f = Fixture::new(
        r#"<select id="size"><option value="s">Small</option><option value="l">Large</option></select>"#,
    );
    let s = f.get("#size");
    log_events(&s, "change");
    let r = one(
        r##"{"type":"click","selector":"#size option[value=\"l\"]"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(value_of(&s), "l");
    assert_eq!(logged(&s), "change");
}
