//! Secret fields (passwords, payment card details, one-time codes) on real DOM: `extract` never
//! returns what they hold (markup comes with their values blanked and the page untouched;
//! reading a value is refused), snapshots leave their values out, and fills do not echo them.

use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::page::secret_field::SecretKind;
use zo_core::wire::{ActionErrorCode, ActionResult, ActionStatus, ContentToWorker, PageSnapshot};

use crate::support::*;

#[wasm_bindgen(inline_js = r#"
export function define_counted(name) {
  if (customElements.get(name)) return;
  window.__zoConstructed = 0;
  customElements.define(name, class extends HTMLElement {
    constructor() { super(); window.__zoConstructed += 1; }
  });
}
export function constructed() { return window.__zoConstructed || 0; }
"#)]
extern "C" {
    fn define_counted(name: &str);
    fn constructed() -> u32;
}

/// A login and payment form with every kind of secret field and fields that are not secret;
/// ids start with `p` (tests run interleaved, each with its own copy).
fn form(p: &str) -> String {
    format!(
        r#"<form id="{p}login" action="/session">
  <label>Login email <input id="{p}email" name="email"></label>
  <label>Login password <input id="{p}pw" type="password" name="pw" placeholder="Your password"></label>
  <label>Shown password <input id="{p}shown" type="text" autocomplete="current-password"></label>
  <label>Card <input id="{p}cc" autocomplete="billing cc-number" inputmode="numeric"></label>
  <label>Code <input id="{p}otc" autocomplete="one-time-code"></label>
  <label>Expiry month <select id="{p}exp" autocomplete="cc-exp-month">
    <option>01</option><option selected>07</option></select></label>
  <label>Login notes <textarea id="{p}notes">free notes</textarea></label>
  <template><p><input type="password" value="template-secret"></p></template>
  <button type="button">Log in</button>
</form>"#
    )
}

/// What the user typed, per field (ids without their prefix).
const TYPED: [(&str, &str); 5] = [
    ("email", "ann@example.com"),
    ("pw", "hunter2-typed"),
    ("shown", "shown-typed-pw"),
    ("cc", "4242424242424242"),
    ("otc", "913377"),
];

const SECRETS: [&str; 5] = [
    "hunter2-typed",
    "shown-typed-pw",
    "4242424242424242",
    "913377",
    "template-secret",
];

/// The form with typed values, each also in its `value` attribute as React writes it for a
/// controlled input.
fn typed_form(p: &str) -> Fixture {
    let f = Fixture::new(&form(p));
    for (id, text) in TYPED {
        let el = f.get(&format!("#{p}{id}"));
        js_sys::Reflect::set(&el, &"value".into(), &text.into()).unwrap();
        el.set_attribute("value", text).unwrap();
    }
    f
}

fn extracted(r: &ActionResult) -> String {
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    r.value.as_ref().unwrap().to_value()["value"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn extract(selector: &str, attribute: &str) -> ActionResult {
    one(
        &format!(r#"{{"type":"extract","selector":"{selector}","attribute":"{attribute}"}}"#),
        500,
    )
    .await
}

fn assert_no_secret(text: &str, what: &str) {
    for s in SECRETS {
        assert!(!text.contains(s), "{what} holds {s}: {text}");
    }
}

#[wasm_bindgen_test]
async fn markup_comes_with_secret_values_blanked_and_the_page_untouched() {
    let f = typed_form("m-");
    let form = f.get("#m-login");
    let before = form.outer_html();
    assert!(
        before.contains("value=\"hunter2-typed\""),
        "fixture: {before}"
    );

    let outer = extracted(&extract("#m-login", "outerHTML").await);
    let inner = extracted(&extract("#m-login", "innerHTML").await);
    for (what, html) in [("outerHTML", &outer), ("innerHTML", &inner)] {
        assert_no_secret(html, what);
        // Blanked, not removed: the fields are still there for Zo to see.
        assert!(
            html.contains(
                r#"<input id="m-pw" type="password" name="pw" placeholder="Your password" value="">"#
            ),
            "{what}: {html}"
        );
        assert!(html.contains(r#"autocomplete="billing cc-number" inputmode="numeric" value="">"#));
        assert!(html.contains(r#"autocomplete="one-time-code" value="">"#));
        assert!(html.contains(r#"autocomplete="current-password" value="">"#));
        // The card expiry's chosen option is not marked.
        assert!(
            html.contains("<option>01</option><option>07</option>"),
            "{html}"
        );
        // What is not secret stays as it is.
        assert!(html.contains(r#"value="ann@example.com""#), "{html}");
        assert!(html.contains("free notes"));
    }
    assert!(outer.starts_with(r#"<form id="m-login" action="/session">"#));
    assert_eq!(
        extracted(&extract("#m-pw", "outerHTML").await),
        r#"<input id="m-pw" type="password" name="pw" placeholder="Your password" value="">"#
    );
    assert_no_secret(
        &extracted(&extract("#m-login", "OuterHTML").await),
        "OuterHTML",
    );

    // The page is exactly as it was: markup, typed values, chosen option.
    assert_eq!(form.outer_html(), before);
    for (id, text) in TYPED {
        assert_eq!(value_of(&f.get(&format!("#m-{id}"))), text, "{id}");
    }
    assert_eq!(value_of(&f.get("#m-exp")), "07");
}

#[wasm_bindgen_test]
async fn markup_without_secrets_is_returned_as_is() {
    let f = Fixture::new(
        r#"<div id="plain"><input id="plain-q" value="shoes"><p class="x">Hi &amp; bye</p></div>"#,
    );
    let html = extracted(&extract("#plain", "outerHTML").await);
    assert_eq!(html, f.get("#plain").outer_html());
}

#[wasm_bindgen_test]
async fn blanking_runs_no_page_code() {
    define_counted("zo-counted");
    let _f = Fixture::new(
        r#"<div id="counted-wrap"><zo-counted>widget</zo-counted>
        <input type="password" value="hunter2-typed"></div>"#,
    );
    let before = constructed();
    assert!(before >= 1, "the page's custom element was constructed");
    let html = extracted(&extract("#counted-wrap", "outerHTML").await);
    assert_no_secret(&html, "outerHTML");
    assert!(html.contains("<zo-counted>widget</zo-counted>"));
    // The copy lives in an inert document: no custom element was constructed for it.
    assert_eq!(constructed(), before);
}

#[wasm_bindgen_test]
async fn reading_what_a_secret_field_holds_is_refused() {
    let _f = typed_form("r-");
    let cases = [
        ("#r-pw", "value", "a password field"),
        ("#r-pw", "VALUE", "a password field"),
        ("#r-pw", "defaultValue", "a password field"),
        ("#r-pw", "selectionEnd", "a password field"),
        ("#r-shown", "value", "a password field"),
        ("#r-cc", "value", "a payment card field"),
        ("#r-cc", "valueAsNumber", "a payment card field"),
        ("#r-otc", "value", "a one-time code field"),
        ("#r-exp", "value", "a payment card field"),
        ("#r-exp", "selectedIndex", "a payment card field"),
    ];
    for (sel, attribute, what) in cases {
        let r = extract(sel, attribute).await;
        assert_eq!(r.status, ActionStatus::Failed, "{sel} {attribute}: {r:?}");
        assert_eq!(r.value, None);
        let err = r.error.unwrap();
        assert_eq!(err.code, ActionErrorCode::Unsupported);
        assert!(
            err.message.contains(&format!("\"{sel}\" is {what}")),
            "{sel} {attribute}: {}",
            err.message
        );
        assert_no_secret(&err.message, "the error");
    }
    let r = extract("#r-pw", "value").await;
    let message = r.error.unwrap().message;
    assert!(
        message.ends_with("its value never leaves the page"),
        "{message}"
    );

    // What describes a secret field can be read; other fields' values too.
    assert_eq!(extracted(&extract("#r-pw", "name").await), "pw");
    assert_eq!(
        extracted(&extract("#r-pw", "placeholder").await),
        "Your password"
    );
    assert_eq!(extracted(&extract("#r-cc", "inputmode").await), "numeric");
    assert_eq!(extracted(&extract("#r-pw", "textContent").await), "");
    assert_eq!(
        extracted(&extract("#r-email", "value").await),
        "ann@example.com"
    );
    assert_eq!(extracted(&extract("#r-notes", "value").await), "free notes");
}

#[wasm_bindgen_test]
async fn a_custom_element_password_input_is_a_secret_field() {
    let f = Fixture::new(r#"<zo-password id="wc" type="password"></zo-password>"#);
    // Design systems hand out the inner input's value on the host.
    js_sys::Reflect::set(&f.get("#wc"), &"value".into(), &"hunter2-typed".into()).unwrap();
    let r = extract("#wc", "value").await;
    assert_eq!(r.status, ActionStatus::Failed, "{r:?}");
    assert_eq!(r.error.unwrap().code, ActionErrorCode::Unsupported);
}

async fn snapshot() -> PageSnapshot {
    let r = send(r#"{"type":"SNAPSHOT","requestId":"s","textBudget":4000}"#).await;
    match r.messages.into_iter().next() {
        Some(ContentToWorker::SnapshotResult { snapshot, .. }) => snapshot,
        other => panic!("expected SNAPSHOT_RESULT, got {other:?}"),
    }
}

#[wasm_bindgen_test]
async fn snapshots_leave_secret_values_out_and_say_what_the_fields_are() {
    let _f = typed_form("s-");
    let snap = snapshot().await;
    let json = serde_json::to_string(&snap).unwrap();
    assert_no_secret(&json, "the snapshot");
    assert!(!json.contains("\"07\""), "the card expiry leaked: {json}");
    let by = |sel: &str| {
        snap.elements
            .iter()
            .find(|e| e.selector == sel)
            .unwrap_or_else(|| panic!("{sel} not listed: {:#?}", snap.elements))
    };
    for (sel, kind) in [
        ("#s-pw", SecretKind::Password),
        ("#s-shown", SecretKind::Password),
        ("#s-cc", SecretKind::Payment),
        ("#s-otc", SecretKind::OneTimeCode),
        ("#s-exp", SecretKind::Payment),
    ] {
        assert_eq!(by(sel).secret, Some(kind), "{sel}");
        assert_eq!(by(sel).value, None, "{sel}");
    }
    assert_eq!(by("#s-email").value.as_deref(), Some("ann@example.com"));
    assert_eq!(by("#s-email").secret, None);
    assert_eq!(by("#s-notes").value.as_deref(), Some("free notes"));
    assert!(snap.text.contains("Shown password"), "{}", snap.text);
}

#[wasm_bindgen_test]
async fn fills_do_not_echo_secret_values() {
    let f = Fixture::new(&form("f-"));
    let value = |r: &ActionResult| {
        r.value
            .as_ref()
            .and_then(|v| v.to_value().get("value").cloned())
    };
    for sel in ["#f-pw", "#f-shown", "#f-cc", "#f-otc"] {
        let r = one(
            &format!(r#"{{"type":"fill","selector":"{sel}","value":"4242424242424242"}}"#),
            1000,
        )
        .await;
        assert_eq!(r.status, ActionStatus::Done, "{sel}: {r:?}");
        assert_eq!(value(&r), None, "{sel}");
        assert_eq!(
            value_of(&f.get(sel)),
            "4242424242424242",
            "{sel} was filled"
        );
    }
    let r = one(
        r##"{"type":"fill","selector":"#f-exp","value":"01"}"##,
        1000,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
    assert_eq!(value(&r), None);
    let r = one(
        r##"{"type":"fill","selector":"#f-email","value":"ann@example.com"}"##,
        1000,
    )
    .await;
    assert_eq!(value(&r), Some("ann@example.com".into()));
}
