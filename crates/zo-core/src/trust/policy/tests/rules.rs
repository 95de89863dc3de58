//! The rules of a task's scope, one test (or more) per rule.

use crate::trust::policy::host::AddressSpace;
use crate::trust::policy::scope::{Proposal, TaskScope, MAX_NAVIGATIONS};
use crate::trust::policy::verdict::{Concern, Refusal, Verdict};
use crate::trust::suffixes::tests::sample as psl;
use crate::wire::action::{Action, Selector};
use crate::wire::approval::ApprovalKind;
use crate::wire::approval::{Access, Source};
use crate::wire::facts::{FieldFacts, FormFacts, TargetFacts};

const SHOP: &str = "https://shop.example/cart";

fn scope(goal: &str) -> TaskScope {
    TaskScope::new(SHOP, goal, &psl())
}

fn click(sel: &str) -> Action {
    Action::Click {
        selector: Selector::parse(sel).unwrap(),
    }
}

fn fill(sel: &str, value: &str) -> Action {
    Action::Fill {
        selector: Selector::parse(sel).unwrap(),
        value: value.into(),
    }
}

fn facts(tag: &str) -> TargetFacts {
    TargetFacts {
        tag: tag.into(),
        ..TargetFacts::default()
    }
}

fn go(s: &TaskScope, url: &str) -> Verdict {
    s.judge(&Proposal::Navigate { url }, &[])
}

fn act(s: &TaskScope, action: &Action, page: &str, f: &TargetFacts) -> Verdict {
    s.judge(
        &Proposal::Act {
            action,
            page_url: page,
            facts: Some(f),
        },
        &[],
    )
}

fn asks(v: &Verdict) -> Vec<ApprovalKind> {
    match v {
        Verdict::Ask(r) => r.concerns.iter().map(Concern::kind).collect(),
        other => panic!("expected Ask, got {other:?}"),
    }
}

fn refusal(v: Verdict) -> Refusal {
    match v {
        Verdict::Refuse(r) => r,
        other => panic!("expected Refuse, got {other:?}"),
    }
}

// ------------------------------------------------------------------ navigation

#[test]
fn navigating_inside_the_start_origin_is_allowed() {
    assert_eq!(
        go(&scope("buy socks"), "https://shop.example/socks"),
        Verdict::Allow
    );
}

#[test]
fn navigating_to_another_origin_needs_approval() {
    let s = scope("buy socks");
    let v = go(&s, "https://other.example/collect?data=secret");
    assert_eq!(asks(&v), [ApprovalKind::Navigate]);
    let Verdict::Ask(r) = v else { unreachable!() };
    assert_eq!(r.description, "Go to https://other.example/collect?…");
    assert_eq!(r.origin, "https://other.example");
    assert_eq!(
        r.reasons(),
        ["https://other.example is a site outside this task, and the address carries data"]
    );
    // Another scheme or port of the same host is another origin.
    assert_eq!(
        asks(&go(&s, "http://shop.example/")),
        [ApprovalKind::Navigate]
    );
    assert_eq!(
        asks(&go(&s, "https://shop.example:8443/")),
        [ApprovalKind::Navigate]
    );
}

#[test]
fn a_site_the_user_named_needs_no_approval() {
    let s = scope("compare with prices on example.com and https://deals.example/x");
    assert_eq!(go(&s, "https://www.example.com/socks"), Verdict::Allow);
    assert_eq!(go(&s, "https://deals.example/other"), Verdict::Allow);
    assert_eq!(
        asks(&go(&s, "https://other.example/")),
        [ApprovalKind::Navigate]
    );
}

#[test]
fn non_web_addresses_are_refused() {
    let s = scope("example.com");
    for url in [
        "file:///etc/passwd",
        "data:text/html,hi",
        "chrome://settings",
        "javascript:alert(1)",
    ] {
        assert!(
            matches!(refusal(go(&s, url)), Refusal::NotWeb { .. }),
            "{url}"
        );
    }
}

#[test]
fn credentials_in_the_address_are_refused_even_on_named_sites() {
    let s = scope("log in on example.com");
    assert_eq!(
        refusal(go(&s, "https://user:pw@example.com/")),
        Refusal::Credentials
    );
    assert_eq!(
        refusal(go(&s, "https://user@shop.example/")),
        Refusal::Credentials
    );
}

#[test]
fn private_and_loopback_targets_are_refused_from_a_public_task() {
    let s = scope("open 192.168.1.1 and localhost:8080");
    for url in [
        "http://192.168.1.1/admin",
        "http://localhost:8080/",
        "http://127.0.0.1/",
        "http://0x7f.1/",
        "http://[::1]/",
        "http://169.254.169.254/latest/meta-data/",
        "http://router.local/",
    ] {
        assert!(
            matches!(refusal(go(&s, url)), Refusal::Local { .. }),
            "{url}"
        );
    }
    let r = refusal(go(&s, "http://10.0.0.1/"));
    assert_eq!(
        r.to_string(),
        "http://10.0.0.1 is a private network address, and this task started on the public web: \
         open that page yourself and ask there"
    );
}

#[test]
fn a_task_that_started_on_loopback_may_reach_loopback_with_approval() {
    let s = TaskScope::new("http://127.0.0.1:4000/form.html", "send the form", &psl());
    assert_eq!(go(&s, "http://127.0.0.1:4000/b.html"), Verdict::Allow);
    assert_eq!(
        asks(&go(&s, "http://127.0.0.1:4001/")),
        [ApprovalKind::Navigate]
    );
    assert_eq!(
        asks(&go(&s, "http://192.168.1.1/")),
        [ApprovalKind::Navigate]
    );
    assert_eq!(
        asks(&go(&s, "https://public.example/")),
        [ApprovalKind::Navigate]
    );
}

#[test]
fn a_task_on_a_private_network_may_not_reach_loopback() {
    let s = TaskScope::new("http://192.168.1.1/", "", &psl());
    assert_eq!(
        asks(&go(&s, "http://192.168.1.2/")),
        [ApprovalKind::Navigate]
    );
    let Refusal::Local { space, start, .. } = refusal(go(&s, "http://localhost/")) else {
        panic!("not a local refusal");
    };
    assert_eq!(
        (space, start),
        (AddressSpace::Loopback, AddressSpace::Private)
    );
}

#[test]
fn a_task_without_a_web_page_starts_as_public() {
    let s = TaskScope::new("chrome://newtab/", "", &psl());
    assert!(s.origins().is_empty());
    assert!(matches!(
        refusal(go(&s, "http://localhost/")),
        Refusal::Local { .. }
    ));
    assert_eq!(
        asks(&go(&s, "https://example.com/")),
        [ApprovalKind::Navigate]
    );
}

#[test]
fn unreadable_addresses_are_refused() {
    let s = scope("");
    assert!(matches!(
        refusal(go(&s, "http://127%2e0%2e0%2e1/")),
        Refusal::Unreadable(_)
    ));
    assert!(matches!(
        refusal(go(&s, "http://１２７.0.0.1/")),
        Refusal::Unreadable(_)
    ));
}

#[test]
fn at_most_five_navigations_per_task() {
    let mut s = scope("");
    for i in 0..MAX_NAVIGATIONS {
        let url = format!("https://shop.example/{i}");
        assert_eq!(go(&s, &url), Verdict::Allow);
        s.record(&Proposal::Navigate { url: &url });
    }
    assert_eq!(s.navigations(), MAX_NAVIGATIONS);
    assert_eq!(
        refusal(go(&s, "https://shop.example/6")),
        Refusal::NavigationLimit {
            max: MAX_NAVIGATIONS
        }
    );
}

// ------------------------------------------------------------------ grants and the set

#[test]
fn allow_once_covers_only_this_action() {
    let s = scope("");
    let Verdict::Ask(r) = go(&s, "https://other.example/") else {
        panic!("expected Ask")
    };
    let once: Vec<_> = r.concerns.iter().map(Concern::grant).collect();
    assert_eq!(
        s.judge(
            &Proposal::Navigate {
                url: "https://other.example/"
            },
            &once
        ),
        Verdict::Allow
    );
    assert!(matches!(go(&s, "https://other.example/"), Verdict::Ask(_)));
}

#[test]
fn a_visit_allowed_once_is_read_only() {
    let mut s = scope("");
    s.record(&Proposal::Navigate {
        url: "https://other.example/",
    });
    let set = s.origins();
    assert_eq!(set[1].origin, "https://other.example");
    assert_eq!(
        (set[1].access, set[1].source),
        (Access::ReadOnly, Source::Visited)
    );
    // Reading there needs nothing; acting there asks.
    let extract = Action::Extract {
        selector: Selector::parse("h1").unwrap(),
        attribute: None,
    };
    assert_eq!(
        act(&s, &extract, "https://other.example/", &facts("h1")),
        Verdict::Allow
    );
    assert_eq!(
        asks(&act(
            &s,
            &click("#go"),
            "https://other.example/",
            &facts("button")
        )),
        [ApprovalKind::OutsidePage]
    );
}

#[test]
fn allow_for_the_task_makes_the_origin_read_write() {
    let mut s = scope("");
    let Verdict::Ask(r) = go(&s, "https://other.example/a") else {
        panic!("expected Ask")
    };
    s.grant_task(&r);
    assert_eq!(go(&s, "https://other.example/b"), Verdict::Allow);
    assert_eq!(
        act(
            &s,
            &click("#go"),
            "https://other.example/b",
            &facts("button")
        ),
        Verdict::Allow
    );
    let set = s.origins();
    assert_eq!(
        (set[1].access, set[1].source),
        (Access::ReadWrite, Source::Allowed)
    );
}

#[test]
fn a_named_site_joins_the_set_read_write_when_reached() {
    let mut s = scope("check example.com");
    s.record(&Proposal::Navigate {
        url: "https://www.example.com/",
    });
    let set = s.origins();
    assert_eq!(set[0].source, Source::Start);
    assert_eq!(set[1].origin, "https://www.example.com");
    assert_eq!(
        (set[1].access, set[1].source),
        (Access::ReadWrite, Source::Named)
    );
}

// ------------------------------------------------------------------ acting in the page

#[test]
fn reading_is_allowed_anywhere() {
    let s = scope("");
    let scroll = Action::Scroll {
        direction: crate::wire::action::Direction::Down,
        selector: None,
        amount: None,
    };
    let verdict = s.judge(
        &Proposal::Act {
            action: &scroll,
            page_url: "https://elsewhere.example/",
            facts: None,
        },
        &[],
    );
    assert_eq!(verdict, Verdict::Allow);
}

#[test]
fn acting_on_a_page_outside_the_set_needs_approval() {
    let s = scope("");
    let v = act(
        &s,
        &fill("#q", "socks"),
        "https://elsewhere.example/",
        &facts("input"),
    );
    assert_eq!(asks(&v), [ApprovalKind::OutsidePage]);
    assert_eq!(
        act(&s, &fill("#q", "socks"), SHOP, &facts("input")),
        Verdict::Allow
    );
}

#[test]
fn a_click_or_fill_without_facts_is_refused() {
    let s = scope("");
    let v = s.judge(
        &Proposal::Act {
            action: &click("#x"),
            page_url: SHOP,
            facts: None,
        },
        &[],
    );
    assert_eq!(refusal(v), Refusal::NoFacts);
    assert_eq!(
        refusal(act(&s, &click("#x"), "about:blank", &facts("a"))),
        Refusal::NotWebPage
    );
}

#[test]
fn filling_a_secret_field_needs_approval() {
    let s = scope("log in");
    let cases = [
        (Some("password"), "", "password field"),
        (Some("text"), "current-password", "password field"),
        (Some("text"), "cc-number", "payment card field"),
        (Some("text"), "one-time-code", "one-time code field"),
    ];
    for (ty, ac, kind) in cases {
        let f = TargetFacts {
            input_type: ty.map(String::from),
            autocomplete: ac.into(),
            name: "Secret".into(),
            ..facts("input")
        };
        let v = act(&s, &fill("#f", "hunter2"), SHOP, &f);
        assert_eq!(asks(&v), [ApprovalKind::SecretFill], "{ty:?} {ac}");
        let Verdict::Ask(r) = v else { unreachable!() };
        assert_eq!(
            r.description,
            format!("Fill the {kind} \u{201c}Secret\u{201d} on https://shop.example")
        );
        assert!(
            !r.description.contains("hunter2"),
            "the value is never shown"
        );
    }
    let pin = TargetFacts {
        input_type: Some("text".into()),
        name: "PIN".into(),
        ..facts("input")
    };
    assert_eq!(
        asks(&act(&s, &fill("#pin", "1234"), SHOP, &pin)),
        [ApprovalKind::SecretFill]
    );
    let email = TargetFacts {
        input_type: Some("email".into()),
        autocomplete: "email".into(),
        name: "Email".into(),
        ..facts("input")
    };
    assert_eq!(
        act(&s, &fill("#email", "a@b.example"), SHOP, &email),
        Verdict::Allow
    );
}

#[test]
fn a_click_on_a_link_to_another_origin_is_a_navigation() {
    let mut s = scope("");
    let link = |href: &str| TargetFacts {
        href: Some(href.into()),
        name: "Details".into(),
        ..facts("a")
    };
    let v = act(
        &s,
        &click("#l"),
        SHOP,
        &link("https://other.example/?leak=1"),
    );
    assert_eq!(asks(&v), [ApprovalKind::Navigate]);
    let Verdict::Ask(r) = v else { unreachable!() };
    assert_eq!(
        r.description,
        "Click \u{201c}Details\u{201d}, a link to https://other.example/?… on https://shop.example"
    );
    assert_eq!(
        act(&s, &click("#l"), SHOP, &link("https://shop.example/socks")),
        Verdict::Allow
    );
    assert_eq!(
        act(&s, &click("#l"), SHOP, &link("javascript:void(0)")),
        Verdict::Allow
    );
    assert!(matches!(
        refusal(act(&s, &click("#l"), SHOP, &link("mailto:x@y.example"))),
        Refusal::NotWeb { .. }
    ));
    assert!(matches!(
        refusal(act(&s, &click("#l"), SHOP, &link("http://10.0.0.1/"))),
        Refusal::Local { .. }
    ));
    assert_eq!(
        refusal(act(
            &s,
            &click("#l"),
            SHOP,
            &link("https://a:b@shop.example/")
        )),
        Refusal::Credentials
    );
    // A cross-origin link click counts as a navigation; a same-origin one does not.
    let named = TaskScope::new(SHOP, "see docs.example", &psl());
    let to_docs = link("https://docs.example/");
    assert_eq!(act(&named, &click("#l"), SHOP, &to_docs), Verdict::Allow);
    for _ in 0..MAX_NAVIGATIONS {
        s.record(&Proposal::Act {
            action: &click("#l"),
            page_url: SHOP,
            facts: Some(&link("https://shop.example/same")),
        });
    }
    assert_eq!(s.navigations(), 0);
    for _ in 0..MAX_NAVIGATIONS {
        s.record(&Proposal::Act {
            action: &click("#l"),
            page_url: SHOP,
            facts: Some(&to_docs),
        });
    }
    assert!(matches!(
        refusal(act(&s, &click("#l"), SHOP, &to_docs)),
        Refusal::NavigationLimit { .. }
    ));
}

fn submit(action: Option<&str>, fields: Vec<FieldFacts>) -> TargetFacts {
    TargetFacts {
        input_type: Some("submit".into()),
        name: "Continue".into(),
        submits: Some(FormFacts {
            action: action.map(String::from),
            fields,
            ..FormFacts::default()
        }),
        ..facts("button")
    }
}

#[test]
fn submitting_a_form_to_another_origin_needs_approval() {
    let s = scope("");
    let v = act(
        &s,
        &click("#go"),
        SHOP,
        &submit(Some("https://evil.example/steal"), vec![]),
    );
    assert_eq!(asks(&v), [ApprovalKind::FormElsewhere]);
    let Verdict::Ask(r) = v else { unreachable!() };
    assert_eq!(
        r.reasons(),
        ["it sends the form to https://evil.example, a site outside this task"]
    );
    assert_eq!(
        act(
            &s,
            &click("#go"),
            SHOP,
            &submit(Some("https://shop.example/cart/update"), vec![])
        ),
        Verdict::Allow
    );
    // What the address says counts like what the button says.
    assert_eq!(
        asks(&act(
            &s,
            &click("#go"),
            SHOP,
            &submit(Some("https://shop.example/checkout"), vec![])
        )),
        [ApprovalKind::SensitiveControl]
    );
    // An action that could not be read is unknown, never harmless.
    assert_eq!(
        asks(&act(&s, &click("#go"), SHOP, &submit(None, vec![]))),
        [ApprovalKind::FormElsewhere]
    );
    assert!(matches!(
        refusal(act(
            &s,
            &click("#go"),
            SHOP,
            &submit(Some("mailto:a@evil.example"), vec![])
        )),
        Refusal::NotWeb { .. }
    ));
    assert!(matches!(
        refusal(act(
            &s,
            &click("#go"),
            SHOP,
            &submit(Some("http://192.168.0.1/"), vec![])
        )),
        Refusal::Local { .. }
    ));
}

#[test]
fn submitting_a_form_with_a_password_or_payment_field_needs_approval() {
    let s = scope("");
    let field = |t: &str, ac: &str| FieldFacts {
        input_type: t.into(),
        autocomplete: ac.into(),
        ..FieldFacts::default()
    };
    let login = submit(
        Some(SHOP),
        vec![field("text", "username"), field("password", "")],
    );
    assert_eq!(
        asks(&act(&s, &click("#go"), SHOP, &login)),
        [ApprovalKind::SubmitSecret]
    );
    let pay = submit(Some(SHOP), vec![field("text", "cc-number")]);
    assert_eq!(
        asks(&act(&s, &click("#go"), SHOP, &pay)),
        [ApprovalKind::SubmitSecret]
    );
    let plain = submit(Some(SHOP), vec![field("text", "email")]);
    assert_eq!(act(&s, &click("#go"), SHOP, &plain), Verdict::Allow);
}

#[test]
fn clicking_a_control_with_a_sensitive_name_needs_approval() {
    let s = scope("");
    let button = |name: &str| TargetFacts {
        name: name.into(),
        ..facts("button")
    };
    let v = act(&s, &click("#pay"), SHOP, &button("Pay now"));
    assert_eq!(asks(&v), [ApprovalKind::SensitiveControl]);
    let Verdict::Ask(r) = v else { unreachable!() };
    assert_eq!(
        r.description,
        "Click \u{201c}Pay now\u{201d} on https://shop.example"
    );
    assert_eq!(r.reasons(), ["its name says \u{201c}pay\u{201d}"]);
    assert_eq!(
        act(&s, &click("#next"), SHOP, &button("Next")),
        Verdict::Allow
    );
}

#[test]
fn one_request_lists_every_reason() {
    let s = scope("");
    let f = TargetFacts {
        name: "Pay".into(),
        ..submit(
            Some("https://evil.example/"),
            vec![FieldFacts {
                input_type: "text".into(),
                autocomplete: "cc-number".into(),
                ..FieldFacts::default()
            }],
        )
    };
    let v = act(&s, &click("#pay"), "https://elsewhere.example/", &f);
    assert_eq!(
        asks(&v),
        [
            ApprovalKind::OutsidePage,
            ApprovalKind::FormElsewhere,
            ApprovalKind::SubmitSecret,
            ApprovalKind::SensitiveControl
        ]
    );
}

#[test]
fn a_task_grant_covers_the_same_kind_on_the_same_origin_only() {
    let mut s = scope("");
    let pw = TargetFacts {
        input_type: Some("password".into()),
        ..facts("input")
    };
    let Verdict::Ask(r) = act(&s, &fill("#pw", "x"), SHOP, &pw) else {
        panic!("expected Ask")
    };
    s.grant_task(&r);
    assert_eq!(act(&s, &fill("#pw2", "y"), SHOP, &pw), Verdict::Allow);
    let card = TargetFacts {
        autocomplete: "cc-number".into(),
        ..facts("input")
    };
    assert_eq!(
        asks(&act(&s, &fill("#cc", "4111"), SHOP, &card)),
        [ApprovalKind::SecretFill]
    );
}
