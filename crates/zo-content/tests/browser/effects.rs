//! Containment by effect: the facts of links and forms on the composed tree (SVG links,
//! links around a shadow tree, a label's control, `form=` buttons, `formmethod`), and what an
//! allowed action makes the browser do held to what was checked: an effect with other facts
//! waits for EFFECT_VERDICT, is dropped on a refusal (the action fails as refused) and is
//! carried out once on an allowing one. Every page here cancels its own links and forms at
//! the target too, so nothing navigates; `data-prevented` records what the guard did.

use std::rc::Rc;

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::{ActionErrorCode, ActionStatus, ContentToWorker, EffectKind, TargetFacts};

use crate::support::*;

const ATTACKER: &str = "https://attacker.example/";

/// Records whether the event came cancelled, then cancels it (nothing navigates).
const KEEP: &str = r#"this.dataset.prevented = (this.dataset.prevented || '') + event.defaultPrevented + ' '; event.preventDefault()"#;

fn batch_of(action: &str) -> String {
    format!(r#"{{"type":"EXECUTE_ACTION","batchId":"fx","actions":[{action}],"timeoutMs":300}}"#)
}

/// The facts of each ACTION_CHECK, and each EFFECT_CHECK, of one run.
fn checks(r: &Replies) -> (Vec<TargetFacts>, Vec<(EffectKind, TargetFacts)>) {
    let mut actions = Vec::new();
    let mut effects = Vec::new();
    for m in &r.messages {
        match m {
            ContentToWorker::ActionCheck { facts: Some(f), .. } => actions.push(f.clone()),
            ContentToWorker::EffectCheck { effect, facts, .. } => {
                effects.push((*effect, facts.clone()))
            }
            _ => {}
        }
    }
    (actions, effects)
}

/// Actions allowed; effects answered `effect`.
fn effects_answered(allow: bool) -> Judge {
    Rc::new(move |m| match m {
        ContentToWorker::EffectCheck { .. } if !allow => {
            Some((false, Some("Not allowed: elsewhere.".into())))
        }
        _ => Some((true, None)),
    })
}

#[wasm_bindgen_test]
async fn an_svg_link_reports_its_resolved_address() {
    let _f = Fixture::new(&format!(
        r##"<svg width="80" height="40"><a id="fx-svg" href="{ATTACKER}svg?x=1" onclick="{KEEP}">
             <rect width="80" height="40" fill="red"></rect></a></svg>
           <svg width="80" height="40"><a id="fx-xl" xmlns:xlink="http://www.w3.org/1999/xlink"
             xlink:href="/rel" onclick="{KEEP}"><rect width="80" height="40"></rect></a></svg>"##
    ));
    let r = send(&batch_of(r##"{"type":"click","selector":"#fx-svg rect"}"##)).await;
    let (acts, effects) = checks(&r);
    assert_eq!(
        acts[0].href.as_deref(),
        Some("https://attacker.example/svg?x=1")
    );
    assert!(effects.is_empty(), "the link checked is the link followed");
    let r = send(&batch_of(r##"{"type":"click","selector":"#fx-xl rect"}"##)).await;
    let origin = web_sys::window().unwrap().location().origin().unwrap();
    assert_eq!(checks(&r).0[0].href, Some(format!("{origin}/rel")));
}

#[wasm_bindgen_test]
async fn a_button_in_a_shadow_tree_wrapped_by_a_link_is_held_and_refused() {
    let f = Fixture::new(&format!(
        r##"<a id="fx-wrap" href="{ATTACKER}wrap" onclick="{KEEP}"><span id="fx-host"></span></a>"##
    ));
    attach_shadow(
        &f.get("#fx-host"),
        r#"<div role="button" id="inner" style="padding:8px">Open</div>"#,
    );
    let r = send_judged(
        &batch_of(r##"{"type":"click","selector":"#fx-host >>> #inner"}"##),
        effects_answered(false),
    )
    .await;
    let (acts, effects) = checks(&r);
    assert_eq!(acts[0].role.as_deref(), Some("button"));
    assert_eq!(
        acts[0].href.as_deref(),
        Some("https://attacker.example/wrap"),
        "the link around the shadow tree is reported"
    );
    assert_eq!(effects.len(), 1, "{:?}", r.messages);
    assert_eq!(effects[0].0, EffectKind::Link);
    assert_eq!(effects[0].1.tag, "a");
    let result = &r.results()[0];
    assert_eq!(result.status, ActionStatus::Failed);
    let e = result.error.clone().unwrap();
    assert_eq!(
        (e.code, e.message.as_str()),
        (ActionErrorCode::Refused, "Not allowed: elsewhere.")
    );
    assert_eq!(
        f.get("#fx-wrap").get_attribute("data-prevented").as_deref(),
        Some("true "),
        "the guard held the link"
    );
}

#[wasm_bindgen_test]
async fn a_label_is_judged_as_its_control_and_a_form_button_outside_its_form_as_a_submit() {
    let _f = Fixture::new(&format!(
        r##"<form id="fx-far" action="{ATTACKER}post" method="get" onsubmit="{KEEP}"></form>
           <label id="fx-lab" for="fx-send">Send</label>
           <button id="fx-send" form="fx-far" formmethod="post">Go</button>
           <label id="fx-cb-lab"><input type="checkbox" id="fx-cb"> Remember</label>"##
    ));
    let r = send(&batch_of(r##"{"type":"click","selector":"#fx-lab"}"##)).await;
    let (acts, effects) = checks(&r);
    assert_eq!(acts[0].tag, "button", "the label's control");
    let form = acts[0]
        .submits
        .clone()
        .expect("the control submits its form");
    assert_eq!(
        form.action.as_deref(),
        Some("https://attacker.example/post")
    );
    assert_eq!(form.method.as_deref(), Some("post"), "formmethod first");
    assert!(effects.is_empty(), "the submit checked is the submit made");
    let r = send(&batch_of(r##"{"type":"click","selector":"#fx-cb-lab"}"##)).await;
    assert_eq!(checks(&r).0[0].input_type.as_deref(), Some("checkbox"));
    assert_eq!(r.results()[0].status, ActionStatus::Done);
}

#[wasm_bindgen_test]
async fn a_submission_the_page_makes_is_held_then_made_once_when_allowed() {
    let f = Fixture::new(&format!(
        r##"<form id="fx-req" action="{ATTACKER}req" onsubmit="{KEEP}">
             <input name="q" placeholder="Search"></form>
           <button id="fx-b" type="button"
             onclick="document.getElementById('fx-req').requestSubmit()">Next</button>"##
    ));
    let r = send_judged(
        &batch_of(r##"{"type":"click","selector":"#fx-b"}"##),
        effects_answered(true),
    )
    .await;
    let effects = checks(&r).1;
    assert_eq!(effects.len(), 1, "{:?}", r.messages);
    assert_eq!(effects[0].0, EffectKind::Submit);
    let form = effects[0].1.submits.clone().unwrap();
    assert_eq!(form.action.as_deref(), Some("https://attacker.example/req"));
    assert_eq!(form.method.as_deref(), Some("get"));
    assert_eq!(form.fields[0].name, "Search q");
    assert_eq!(r.results()[0].status, ActionStatus::Done);
    assert_eq!(
        f.get("#fx-req").get_attribute("data-prevented").as_deref(),
        Some("true false "),
        "held once, then made once as judged"
    );
}

#[wasm_bindgen_test]
async fn a_new_window_the_page_opens_is_held() {
    let f = Fixture::new(&format!(
        r##"<a id="fx-blank" href="{ATTACKER}blank" target="_blank" onclick="{KEEP}">x</a>
           <button id="fx-pop" type="button"
             onclick="document.getElementById('fx-blank').click()">Pop</button>"##
    ));
    let r = send_judged(
        &batch_of(r##"{"type":"click","selector":"#fx-pop"}"##),
        effects_answered(false),
    )
    .await;
    let effects = checks(&r).1;
    assert_eq!(effects.len(), 1, "{:?}", r.messages);
    assert_eq!(effects[0].0, EffectKind::Window);
    assert_eq!(effects[0].1.target.as_deref(), Some("_blank"));
    assert_eq!(r.results()[0].status, ActionStatus::Failed);
    assert_eq!(
        f.get("#fx-blank")
            .get_attribute("data-prevented")
            .as_deref(),
        Some("true ")
    );
}

#[wasm_bindgen_test]
async fn a_link_clicked_as_checked_goes_without_a_round_trip() {
    let f = Fixture::new(&format!(
        r##"<a id="fx-same" href="#fx-anchor" onclick="{KEEP}"><b>Down</b></a>"##
    ));
    let r = send_judged(
        &batch_of(r##"{"type":"click","selector":"#fx-same b"}"##),
        effects_answered(false),
    )
    .await;
    assert!(checks(&r).1.is_empty());
    assert_eq!(r.results()[0].status, ActionStatus::Done);
    assert_eq!(
        f.get("#fx-same").get_attribute("data-prevented").as_deref(),
        Some("false ")
    );
}
