//! Hosts and addresses read as the browser reads them, and their address space.

use crate::trust::policy::host::{AddressSpace, Host, HostError};
use crate::trust::policy::origin::{Destination, Origin, Scheme, UrlError};

fn space(url: &str) -> AddressSpace {
    Origin::of(url)
        .unwrap_or_else(|| panic!("{url} has no origin"))
        .address_space()
}

#[test]
fn ipv4_in_every_form_browsers_accept() {
    for host in [
        "127.0.0.1",
        "127.1",
        "0x7f.0.0.1",
        "0x7F.1",
        "0177.0.0.1",
        "2130706433",
        "0x7f000001",
        "127.0.0.1.",
        "127.000.000.001",
    ] {
        assert_eq!(Host::parse(host), Ok(Host::V4([127, 0, 0, 1])), "{host}");
    }
    assert_eq!(Host::parse("10.1"), Ok(Host::V4([10, 0, 0, 1])));
    assert_eq!(Host::parse("192.168.257"), Ok(Host::V4([192, 168, 1, 1])));
    // A host that ends in a number must be a valid address.
    for bad in [
        "256.0.0.1",
        "1.2.3.4.5",
        "09.1.1.1",
        "foo.1",
        "4294967296",
        "1.2.3.256",
    ] {
        assert_eq!(Host::parse(bad), Err(HostError::BadIpv4), "{bad}");
    }
    // A bare "0x" is zero, as in browsers.
    assert_eq!(Host::parse("1.2.3.0x"), Ok(Host::V4([1, 2, 3, 0])));
}

#[test]
fn ipv6_literals() {
    assert_eq!(Host::parse("[::1]"), Ok(Host::V6([0, 0, 0, 0, 0, 0, 0, 1])));
    assert_eq!(
        Host::parse("[::ffff:127.0.0.1]"),
        Ok(Host::V6([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]))
    );
    assert_eq!(
        Host::parse("[2001:DB8::8:800:200c:417a]"),
        Ok(Host::V6([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]))
    );
    for bad in [
        "[::1",
        "[1::2::3]",
        "[12345::]",
        "[1:2:3:4:5:6:7:8:9]",
        "[::1%25eth0]",
        "[]",
    ] {
        assert_eq!(Host::parse(bad), Err(HostError::BadIpv6), "{bad}");
    }
    let shown = |h: &str| Host::parse(h).unwrap().to_string();
    assert_eq!(shown("[0:0:0:0:0:0:0:1]"), "[::1]");
    assert_eq!(shown("[2001:db8:0:0:1:0:0:1]"), "[2001:db8::1:0:0:1]");
    assert_eq!(shown("[fe80::]"), "[fe80::]");
}

#[test]
fn hosts_the_browser_would_decode_are_unreadable() {
    for host in [
        "127%2e0%2e0%2e1",
        "１２７.0.0.1",
        "münchen.de",
        "exa%6dple.com",
    ] {
        assert_eq!(Host::parse(host), Err(HostError::NotAscii), "{host}");
    }
    assert_eq!(
        Host::parse("xn--mnchen-3ya.de"),
        Ok(Host::Domain("xn--mnchen-3ya.de".into()))
    );
    assert_eq!(
        Host::parse("Shop.EXAMPLE"),
        Ok(Host::Domain("shop.example".into()))
    );
    assert_eq!(Host::parse(""), Err(HostError::Empty));
    assert_eq!(Host::parse("a<b"), Err(HostError::Forbidden));
}

#[test]
fn loopback_addresses() {
    for url in [
        "http://127.0.0.1:8080/",
        "http://127.9.9.9/",
        "http://0x7f.1/",
        "http://2130706433/",
        "http://0.0.0.0/",
        "http://[::1]/",
        "http://[::]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:7f00:1]/",
        "http://localhost:3000/",
        "http://LOCALHOST./",
        "http://app.localhost/",
    ] {
        assert_eq!(space(url), AddressSpace::Loopback, "{url}");
    }
}

#[test]
fn private_network_addresses() {
    for url in [
        "http://10.0.0.1/",
        "http://172.16.0.1/",
        "http://172.31.255.255/",
        "http://192.168.1.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://100.64.0.1/",
        "http://224.0.0.1/",
        "http://[fd00::1]/",
        "http://[fe80::1]/",
        "http://[::ffff:192.168.0.1]/",
        "http://[64:ff9b::10.0.0.1]/",
        "http://printer.local/",
        "http://nas.home.arpa/",
        "http://wiki.internal/",
        "http://intranet/",
    ] {
        assert_eq!(space(url), AddressSpace::Private, "{url}");
    }
}

#[test]
fn public_addresses() {
    for url in [
        "https://example.com/",
        "http://8.8.8.8/",
        "http://172.32.0.1/",
        "http://11.0.0.1/",
        "http://[2001:4860:4860::8888]/",
        "https://localhost.example.com/",
        "https://local.example/",
    ] {
        assert_eq!(space(url), AddressSpace::Public, "{url}");
    }
}

#[test]
fn destinations() {
    let web = |url: &str| match Destination::parse(url) {
        Ok(Destination::Web {
            origin,
            credentials,
        }) => (origin.to_string(), credentials),
        other => panic!("{url}: {other:?}"),
    };
    assert_eq!(
        web("HTTPS://Bank.Example/a?b"),
        ("https://bank.example".into(), false)
    );
    assert_eq!(
        web("http://shop.example:80/"),
        ("http://shop.example".into(), false)
    );
    assert_eq!(
        web("https://shop.example:8443"),
        ("https://shop.example:8443".into(), false)
    );
    assert_eq!(
        web("https://user:pass@evil.example/"),
        ("https://evil.example".into(), true)
    );
    assert_eq!(
        web("https://user@evil.example/"),
        ("https://evil.example".into(), true)
    );
    assert_eq!(
        web("https://good.example/path@evil.example"),
        ("https://good.example".into(), false)
    );
    assert_eq!(
        web("https://good.example?@evil.example"),
        ("https://good.example".into(), false)
    );
    assert_eq!(
        web("http:\\\\evil.example\\x"),
        ("http://evil.example".into(), false)
    );
    assert_eq!(
        web("blob:https://shop.example/1234"),
        ("https://shop.example".into(), false)
    );
    assert_eq!(
        Destination::parse("javascript:void(0)"),
        Ok(Destination::Script)
    );
    assert_eq!(
        Destination::parse("MAILTO:a@b.example"),
        Ok(Destination::Other {
            scheme: "mailto".into()
        })
    );
    assert_eq!(Destination::parse("/relative"), Err(UrlError::NotAbsolute));
    assert_eq!(
        Destination::parse("http:evil.example"),
        Err(UrlError::NotAbsolute)
    );
    assert_eq!(
        Destination::parse("http://a.example:99999/"),
        Err(UrlError::BadPort)
    );
    assert_eq!(
        Destination::parse("http://a.example:1x/"),
        Err(UrlError::BadPort)
    );
    let o = Origin::of("https://[::1]:8443/").unwrap();
    assert_eq!(
        (o.scheme, o.port, o.to_string()),
        (Scheme::Https, 8443, "https://[::1]:8443".into())
    );
}
