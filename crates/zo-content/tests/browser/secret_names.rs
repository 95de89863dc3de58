//! Secret fields the page does not declare but names ("Card number", "CVV", "Kartennummer"):
//! their values stay out of snapshots and `extract`, the chosen option of a secret select is
//! as secret as the select, and a selector that could probe a secret value one guess at a time
//! is refused on a page that has secret fields.

use wasm_bindgen_test::wasm_bindgen_test;
use zo_core::page::secret_field::SecretKind;
use zo_core::wire::{ActionErrorCode, ActionStatus, ContentToWorker, PageSnapshot};

use crate::support::*;

/// A checkout form whose secret fields are named only by their labels, names or placeholders;
/// ids start with `p`.
fn form(p: &str) -> String {
    format!(
        r#"<form id="{p}pay">
  <label for="{p}num">Card number</label><input id="{p}num">
  <input id="{p}cvv" name="cvv" placeholder="123">
  <label>Kartennummer <input id="{p}de"></label>
  <label>Expiry <select id="{p}exp"><option>01</option><option>07</option></select></label>
  <label>Name on the order <input id="{p}who"></label>
  <p id="{p}tail">tail</p>
</form>"#
    )
}

fn typed(p: &str) -> Fixture {
    let f = Fixture::new(&form(p));
    for (id, text) in [
        ("num", "4111111111111111"),
        ("cvv", "737"),
        ("de", "5500000000000004"),
    ] {
        let el = f.get(&format!("#{p}{id}"));
        js_sys::Reflect::set(&el, &"value".into(), &text.into()).unwrap();
        el.set_attribute("value", text).unwrap();
    }
    js_sys::Reflect::set(&f.get(&format!("#{p}exp")), &"value".into(), &"07".into()).unwrap();
    js_sys::Reflect::set(&f.get(&format!("#{p}who")), &"value".into(), &"Ada".into()).unwrap();
    f
}

async fn snapshot() -> PageSnapshot {
    let r = send(r#"{"type":"SNAPSHOT","requestId":"n","textBudget":4000}"#).await;
    match r.messages.into_iter().next() {
        Some(ContentToWorker::SnapshotResult { snapshot, .. }) => snapshot,
        other => panic!("expected SNAPSHOT_RESULT, got {other:?}"),
    }
}

#[wasm_bindgen_test]
async fn fields_named_as_secrets_keep_their_values_in_the_page() {
    let _f = typed("nm-");
    let snap = snapshot().await;
    let json = serde_json::to_string(&snap).unwrap();
    for secret in ["4111111111111111", "737", "5500000000000004"] {
        assert!(!json.contains(secret), "{secret} in the snapshot: {json}");
    }
    let by = |sel: &str| snap.elements.iter().find(|e| e.selector == sel).unwrap();
    for sel in ["#nm-num", "#nm-cvv", "#nm-de", "#nm-exp"] {
        assert_eq!(by(sel).secret, Some(SecretKind::Payment), "{sel}");
    }
    assert_eq!(by("#nm-who").value.as_deref(), Some("Ada"));
    let value = one(
        r##"{"type":"extract","selector":"#nm-num","attribute":"value"}"##,
        500,
    )
    .await;
    assert_eq!(value.status, ActionStatus::Failed, "{value:?}");
    assert_eq!(value.error.unwrap().code, ActionErrorCode::Unsupported);
}

#[wasm_bindgen_test]
async fn the_chosen_option_of_a_secret_select_is_secret() {
    let _f = typed("op-");
    let r = one(
        r##"{"type":"extract","selector":"#op-exp option:checked","attribute":"value"}"##,
        500,
    )
    .await;
    assert_eq!(r.status, ActionStatus::Failed, "{r:?}");
    let r = one(
        r##"{"type":"extract","selector":"#op-exp option","attribute":"value"}"##,
        500,
    )
    .await;
    assert_eq!(
        r.status,
        ActionStatus::Failed,
        "an option of a secret select: {r:?}"
    );
}

#[wasm_bindgen_test]
async fn selectors_that_probe_a_secret_value_are_refused() {
    let _f = typed("pr-");
    for sel in [
        r#"#pr-num[value^=\"4111\"], #pr-tail"#,
        r#"#pr-pay:has(#pr-cvv[value=\"737\"]) #pr-tail"#,
        "#pr-exp option:checked",
        r#"#pr-num[value^=\"9\"] ~ #pr-tail"#,
    ] {
        let r = one(&format!(r#"{{"type":"extract","selector":"{sel}"}}"#), 300).await;
        assert_eq!(r.status, ActionStatus::Failed, "{sel}: {r:?}");
        let err = r.error.unwrap();
        assert_eq!(err.code, ActionErrorCode::Refused, "{sel}");
        assert!(!err.message.contains("4111111111111111"));
    }
    // The same kind of selector is fine where it tests nothing secret.
    let r = one(r##"{"type":"extract","selector":"#pr-tail"}"##, 300).await;
    assert_eq!(r.status, ActionStatus::Done, "{r:?}");
}
