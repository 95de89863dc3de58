//! The sites a user's message names, and which origins they cover.

use crate::trust::policy::named::{named_sites, MAX_NAMED_SITES};
use crate::trust::policy::origin::Origin;

fn covered(text: &str, url: &str) -> bool {
    let origin = Origin::of(url).unwrap();
    named_sites(text).iter().any(|s| s.covers(&origin))
}

#[test]
fn addresses_and_bare_hosts_are_named() {
    let text = "Compare https://shop.example/cart with example.com, and docs.example.org:8080. \
                Also localhost:3000 and 192.168.1.1.";
    assert_eq!(named_sites(text).len(), 5);
    assert!(covered(text, "https://shop.example/other"));
    assert!(covered(text, "https://example.com/"));
    assert!(covered(text, "http://docs.example.org:8080/a"));
    assert!(covered(text, "http://localhost:3000/"));
    assert!(covered(text, "http://192.168.1.1/"));
}

#[test]
fn a_named_domain_covers_its_subdomains_and_www() {
    assert!(covered("open example.com", "https://www.example.com/"));
    assert!(covered("open example.com", "https://shop.example.com/"));
    assert!(covered("open www.example.com", "https://example.com/"));
    assert!(covered("open www.example.com", "https://m.example.com/"));
    // Not a suffix match on the text: another registrable name.
    assert!(!covered("open example.com", "https://badexample.com/"));
    assert!(!covered(
        "open example.com",
        "https://example.com.evil.example/"
    ));
    assert!(!covered("open shop.example.com", "https://example.com/"));
}

#[test]
fn ports_must_match() {
    assert!(!covered("open example.com", "https://example.com:8443/"));
    assert!(covered(
        "open example.com:8443",
        "https://example.com:8443/"
    ));
    assert!(!covered("open example.com:8443", "https://example.com/"));
    assert!(!covered("open 127.0.0.1:4000", "http://127.0.0.1:4001/"));
    assert!(covered(
        "open http://127.0.0.1:4000/x",
        "http://127.0.0.1:4000/"
    ));
}

#[test]
fn ip_addresses_and_dotless_names_cover_only_themselves() {
    assert!(!covered("open 10.0.0.1", "http://10.0.0.2/"));
    assert!(!covered("open localhost", "http://app.localhost/"));
}

#[test]
fn things_that_are_not_sites_name_nothing() {
    for text in [
        "write to ada@example.com please",
        "e.g. version 1.5 of Node, i.e. the file index",
        "the price is 12.50",
        "call it .com",
        "https://user:pass@example.com/",
        "mailto:someone@example.com",
    ] {
        assert_eq!(named_sites(text), vec![], "{text}");
    }
}

#[test]
fn trailing_punctuation_is_not_part_of_the_site() {
    assert!(covered("Go to example.com.", "https://example.com/"));
    assert!(covered(
        "(see https://example.com/a).",
        "https://example.com/"
    ));
}

#[test]
fn named_sites_are_capped() {
    let text: String = (0..100).map(|i| format!("site{i}.example ")).collect();
    assert_eq!(named_sites(&text).len(), MAX_NAMED_SITES);
}
