//! The sites a user's message names, and which origins they cover.

use crate::trust::policy::named::{named_sites, MAX_NAMED_SITES};
use crate::trust::policy::origin::Origin;
use crate::trust::suffixes::tests::sample as psl;

fn covered(text: &str, url: &str) -> bool {
    let origin = Origin::of(url).unwrap();
    named_sites(text, &psl()).iter().any(|s| s.covers(&origin))
}

#[test]
fn addresses_and_bare_hosts_are_named() {
    let text = "Compare https://shop.example/cart with example.com, and docs.example.org:8080. \
                Also localhost:3000 and 192.168.1.1.";
    assert_eq!(named_sites(text, &psl()).len(), 5);
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
fn only_registrable_domains_are_sites() {
    // A public suffix is shared by strangers: naming it names nobody's site.
    for text in [
        "on github.io",
        "see co.uk",
        "at https://github.io/",
        "go to blogspot.com",
    ] {
        assert_eq!(named_sites(text, &psl()), vec![], "{text}");
    }
    assert!(!covered(
        "my page on github.io",
        "https://attacker.github.io/"
    ));
    // A domain under a suffix is one owner's, subdomains included.
    assert!(covered("open ada.github.io", "https://docs.ada.github.io/"));
    assert!(!covered("open ada.github.io", "https://eve.github.io/"));
    assert!(covered("example.co.uk", "https://shop.example.co.uk/"));
    assert!(!covered("example.co.uk", "https://other.co.uk/"));
    // `www.` is dropped only where what is left is still a site.
    assert!(!covered("open www.github.io", "https://eve.github.io/"));
    assert!(covered("open www.github.io", "https://www.github.io/"));
    // Wildcard rules and their exceptions.
    assert_eq!(named_sites("see shop.ck", &psl()), vec![]);
    assert!(covered("see www.ck", "https://www.ck/"));
}

#[test]
fn without_the_list_a_named_domain_is_that_host_alone() {
    let none = crate::trust::suffixes::PublicSuffixes::unavailable();
    let sites = named_sites("open example.com and github.io", &none);
    let covers = |url: &str| sites.iter().any(|s| s.covers(&Origin::of(url).unwrap()));
    assert!(covers("https://example.com/"));
    assert!(!covers("https://www.example.com/"));
    assert!(covers("https://github.io/"));
    assert!(!covers("https://attacker.github.io/"));
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
        assert_eq!(named_sites(text, &psl()), vec![], "{text}");
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
    assert_eq!(named_sites(&text, &psl()).len(), MAX_NAMED_SITES);
}
