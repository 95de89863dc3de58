//! The task's first prompt: Co-browse's, with the page snapshot, and with what the user chose
//! to send along (the tabs chosen with `@`, a quote from the context menu), fenced.

use super::*;

#[test]
fn first_prompt_is_the_cobrowse_prompt_with_the_snapshot() {
    let mut c = Cobrowse::new("find the Pro price", 10, None);
    c.start(SHOP);
    let out = c.on_snapshot(Ok(page("https://shop.example/")));
    let p = ask_prompt(&out);
    assert!(p.contains(crate::answer::schema::COMPACT_ACTION_SCHEMA));
    assert!(p.contains("#pricing a \"Pricing\""));
    assert!(p.contains("find the Pro price"));
}

/// The tabs chosen with `@` and the quote from the context menu go in the first prompt only,
/// each fenced as page content.
#[test]
fn the_first_prompt_carries_the_chosen_tabs_and_the_quote() {
    let mut other = page("https://docs.example/guide");
    other.text = "Install with cargo.".into();
    let quote = crate::wire::Quote {
        kind: crate::wire::QuoteKind::Selection,
        text: "the Pro plan".into(),
    };
    let mut c = Cobrowse::new("find the Pro price", 10, None).with_context(
        vec![Ok(other), Err("a chosen tab was closed".into())],
        Some(quote),
    );
    c.start(SHOP);
    let out = c.on_snapshot(Ok(page("https://shop.example/")));
    let p = ask_prompt(&out);
    assert!(p.contains("The user selected this text on the page and asks about it:\nthe Pro plan"));
    assert!(p.contains("The user also shares these open tabs"));
    assert!(p.contains("Install with cargo."));
    assert!(p.contains("a chosen tab was closed"));
    assert_eq!(p.matches("</page>").count(), 3);
}
