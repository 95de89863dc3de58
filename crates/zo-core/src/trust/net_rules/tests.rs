//! Tests of the network guard's rules: which origins and named sites become which filters,
//! hostile hosts, which tabs are guarded, and the JSON text Chrome receives.

use super::*;
use crate::trust::suffixes::tests::sample as psl;
use crate::wire::approval::{Access, Source};
use crate::wire::json::{parse, Node};

fn arr<'a>(node: Option<&'a Node<'a>>) -> &'a [Node<'a>] {
    match node {
        Some(Node::Arr(items)) => items,
        other => panic!("not an array: {other:?}"),
    }
}

fn num<'a>(node: Option<&'a Node<'a>>) -> &'a str {
    match node {
        Some(Node::Num(n)) => n,
        other => panic!("not a number: {other:?}"),
    }
}

fn scope(origins: &[&str]) -> Vec<ScopeOrigin> {
    origins
        .iter()
        .map(|o| ScopeOrigin {
            origin: o.to_string(),
            access: Access::ReadWrite,
            source: Source::Start,
        })
        .collect()
}

fn url_filters(guard: &NetGuard) -> Vec<String> {
    guard
        .rules()
        .into_iter()
        .filter_map(|r| match r.target {
            Target::Url(f) => Some(f),
            _ => None,
        })
        .collect()
}

fn same_site_hosts(guard: &NetGuard) -> Vec<String> {
    guard
        .rules()
        .into_iter()
        .find_map(|r| match r.target {
            Target::SameSiteAs(h) => Some(h),
            _ => None,
        })
        .unwrap_or_default()
}

#[test]
fn each_origin_of_the_set_is_allowed_exactly_with_its_port() {
    let mut g = NetGuard::new(7, &[], "fill the form", &psl());
    assert!(g.set_origins(&scope(&[
        "http://127.0.0.1:4000",
        "https://shop.example",
        "https://shop.example:8443",
        "http://[::1]:9000",
    ])));
    assert_eq!(
        url_filters(&g),
        [
            "|http://127.0.0.1:4000/",
            "|https://shop.example/",
            "|https://shop.example:8443/",
            "|http://[::1]:9000/",
        ]
    );
    // The same set again changes nothing.
    assert!(!g.set_origins(&scope(&[
        "http://127.0.0.1:4000",
        "https://shop.example",
        "https://shop.example:8443",
        "http://[::1]:9000"
    ])));
}

#[test]
fn block_rules_come_first_and_stay_whatever_the_set() {
    let g = NetGuard::new(7, &[], "", &psl());
    let rules = g.rules();
    assert_eq!(rules.len(), 2, "{rules:?}");
    assert_eq!(rules[0].action, RuleAction::Block);
    assert_eq!(rules[0].types, Types::MainFrame);
    assert_eq!(rules[1].target, Target::Sending);
    assert_eq!(rules[1].types, Types::Subresources);
}

#[test]
fn named_sites_become_filters_as_named_rs_covers_them() {
    let g = NetGuard::new(
        1,
        &[],
        "compare example.com, www.docs.example.org:8080, localhost:3000, 192.168.1.1, \
         https://shop.example:443/cart, http://intra:80/ and example.net:443",
        &psl(),
    );
    assert_eq!(
        url_filters(&g),
        [
            "||example.com/",
            "||docs.example.org:8080/",
            "|http://localhost:3000/",
            "|https://localhost:3000/",
            "|http://192.168.1.1/",
            "|https://192.168.1.1/",
            "||shop.example/",
            "|http://intra/",
            "|https://intra/",
            // Port 443 written: http keeps the number, https writes none (its subdomains
            // cannot be told apart in a filter, so only the domain itself).
            "||example.net:443/",
            "|https://example.net/",
        ]
    );
}

#[test]
fn hostile_hosts_get_no_allow_rule() {
    for host in ["a.example*", "a*.example", "x.example%2f"] {
        let origin = Origin {
            scheme: crate::trust::policy::origin::Scheme::Https,
            host: Host::Domain(host.to_string()),
            port: 443,
        };
        assert_eq!(origin_filter(&origin), None, "{host}");
        assert_eq!(site_by_domain(&origin), None, "{host}");
    }
    // Hosts the browser would never hand out cannot be read into the set at all.
    let mut g = NetGuard::new(1, &[], "", &psl());
    g.set_origins(&scope(&[
        "https://a|b.example",
        "https://evil.example^",
        "https://a.example*",
    ]));
    assert_eq!(url_filters(&g), Vec::<String>::new());
    assert!(same_site_hosts(&g).is_empty());
}

#[test]
fn a_named_domain_never_widens_past_its_own_name() {
    // The filter's `||` anchors at a label of the host, and the `/` after it ends the host:
    // `example.com.evil.test` and `notexample.com` are not under it.
    let g = NetGuard::new(1, &[], "book on example.com", &psl());
    assert_eq!(url_filters(&g), ["||example.com/"]);
}

#[test]
fn only_domain_hosts_share_their_site_by_the_browsers_registrable_domain() {
    let mut g = NetGuard::new(1, &[], "", &psl());
    g.set_origins(&scope(&[
        "https://shop.example",
        "https://www.shop.example",
        "http://127.0.0.1:4000",
        "http://localhost:3000",
        "http://app.localhost:3000",
        "http://intranet",
        "https://alice.github.io",
    ]));
    assert_eq!(
        same_site_hosts(&g),
        ["shop.example", "www.shop.example", "alice.github.io"]
    );
}

#[test]
fn tabs_opened_by_a_guarded_tab_are_guarded_and_others_left_alone() {
    let mut g = NetGuard::new(5, &[2, 5, 9], "", &psl());
    assert!(g.guards(5));
    assert!(!g.guards(2));
    // A window the task's page opens.
    assert!(!g.on_tab_created(11, Some(5)));
    assert!(g.guards(11));
    // ... and one that window opens.
    assert!(!g.on_tab_created(12, Some(11)));
    assert!(g.guards(12));
    // A tab the user opens joins the excluded tabs.
    assert!(g.on_tab_created(13, None));
    assert!(!g.guards(13));
    assert!(g.on_tab_created(14, Some(2)));
    // A noopener window: onCreated without an opener, then the navigation target event.
    assert!(g.on_tab_created(15, None));
    assert!(g.on_navigation_target(5, 15));
    assert!(g.guards(15));
    // Reported in the other order.
    assert!(!g.on_navigation_target(5, 16));
    assert!(!g.on_tab_created(16, None));
    assert!(g.guards(16));
    // A navigation target of a tab left alone is not the task's.
    assert!(!g.on_navigation_target(2, 17));
    assert!(!g.guards(17));
}

#[test]
fn the_json_is_what_update_session_rules_takes() {
    let mut g = NetGuard::new(5, &[2, 5], "", &psl());
    g.set_origins(&scope(&["http://127.0.0.1:4000", "https://shop.example"]));
    let text = g.update_json().into_string();
    let root = parse(&text).unwrap();
    let remove = arr(root.get("removeRuleIds"));
    assert_eq!(remove.len(), RULE_ID_COUNT as usize);
    let rules = arr(root.get("addRules"));
    assert_eq!(rules.len(), 5);
    let first = &rules[0];
    assert_eq!(num(first.get("id")), "7100001");
    assert_eq!(num(first.get("priority")), "1");
    let condition = first.get("condition").unwrap();
    assert_eq!(
        Json::node(condition).into_string(),
        r#"{"resourceTypes":["main_frame"],"excludedTabIds":[-1,2]}"#
    );
    assert_eq!(
        Json::node(rules[2].get("condition").unwrap()).as_str(),
        r#"{"urlFilter":"|http://127.0.0.1:4000/","resourceTypes":["main_frame","sub_frame","stylesheet","script","image","font","object","xmlhttprequest","ping","csp_report","media","websocket","webtransport","webbundle","other"],"excludedTabIds":[-1,2]}"#
    );
    let same_site = Json::node(rules[4].get("condition").unwrap()).into_string();
    assert!(
        same_site.starts_with(
            r#"{"domainType":"firstParty","initiatorDomains":["shop.example"],"resourceTypes":["sub_frame","#
        ),
        "{same_site}"
    );
    assert_eq!(
        Json::node(
            rules[1]
                .get("condition")
                .unwrap()
                .get("requestMethods")
                .unwrap()
        )
        .as_str(),
        r#"["connect","delete","other","patch","post","put"]"#
    );
    assert_eq!(
        Json::node(rules[3].get("action").unwrap()).as_str(),
        r#"{"type":"allow"}"#
    );
    for (i, rule) in rules.iter().enumerate() {
        let id: i64 = num(rule.get("id")).parse().unwrap();
        assert!(is_guard_rule(id), "{i}");
    }
}

#[test]
fn clearing_removes_the_whole_range_and_adds_nothing() {
    let text = clear_json().into_string();
    let root = parse(&text).unwrap();
    assert!(root.get("addRules").is_none());
    let ids = arr(root.get("removeRuleIds"));
    assert_eq!(ids.len(), RULE_ID_COUNT as usize);
    assert!(!is_guard_rule(i64::from(RULE_ID_FIRST) - 1));
    assert!(!is_guard_rule(i64::from(RULE_ID_FIRST + RULE_ID_COUNT)));
}

#[test]
fn rules_and_tabs_stay_bounded() {
    let open: Vec<i32> = (0..2000).collect();
    let mut g = NetGuard::new(0, &open, &"a.example ".repeat(100), &psl());
    for t in 3000..4000 {
        g.on_tab_created(t, None);
    }
    let origins: Vec<String> = (0..300).map(|i| format!("https://h{i}.example")).collect();
    let refs: Vec<&str> = origins.iter().map(String::as_str).collect();
    g.set_origins(&scope(&refs));
    assert!(g.rules().len() <= RULE_ID_COUNT as usize);
    assert_eq!(g.rules()[0].action, RuleAction::Block);
    let text = g.update_json().into_string();
    // At most 160 rules, each listing at most 513 excluded tabs.
    assert!(text.len() < 160 * (513 * 12 + 400), "{}", text.len());
}

#[test]
fn only_top_level_events_of_guarded_tabs_are_reported() {
    let mut g = NetGuard::new(5, &[2], "", &psl());
    g.on_tab_created(11, Some(5));
    assert_eq!(
        g.on_committed(5, 0, "https://a.example/"),
        Some(TabEvent::Landed("https://a.example/".into()))
    );
    assert_eq!(
        g.on_committed(11, 0, "https://b.example/"),
        Some(TabEvent::Landed("https://b.example/".into()))
    );
    assert_eq!(g.on_committed(5, 3, "https://frame.example/"), None);
    assert_eq!(g.on_committed(2, 0, "https://user.example/"), None);
    assert_eq!(
        g.on_error(5, 0, "https://evil.example/?d=1", BLOCKED_ERROR),
        Some(TabEvent::Blocked("https://evil.example/?d=1".into()))
    );
    assert_eq!(
        g.on_error(5, 0, "https://down.example/", "net::ERR_NAME_NOT_RESOLVED"),
        None
    );
    assert_eq!(
        g.on_error(5, 2, "https://evil.example/", BLOCKED_ERROR),
        None
    );
    assert_eq!(
        g.on_error(2, 0, "https://evil.example/", BLOCKED_ERROR),
        None
    );
}

#[test]
fn blocked_sends_of_guarded_tabs_are_reported() {
    let mut g = NetGuard::new(5, &[2], "", &psl());
    // The rule with this id is the one that blocks requests sending data.
    let sending = g.rules()[(SENDING_RULE_ID - RULE_ID_FIRST) as usize].clone();
    assert_eq!(
        (sending.action, sending.types, sending.target),
        (RuleAction::Block, Types::Subresources, Target::Sending)
    );
    let id = i64::from(SENDING_RULE_ID);
    assert_eq!(
        g.on_rule_matched(5, id, "https://evil.example/c"),
        Some(TabEvent::SendBlocked("https://evil.example/c".into()))
    );
    assert_eq!(g.on_rule_matched(2, id, "https://evil.example/c"), None);
    assert_eq!(g.on_rule_matched(5, id - 1, "https://evil.example/"), None);
    assert_eq!(g.on_rule_matched(5, id + 1, "https://a.example/"), None);
}

#[test]
fn an_allowed_form_destination_is_let_through_once_named() {
    let mut g = NetGuard::new(1, &[], "", &psl());
    g.set_origins(&scope(&["http://127.0.0.1:4000"]));
    let to = Origin::of("http://127.0.0.1:4001/collect").unwrap();
    assert!(g.let_through(to.clone()));
    assert!(!g.let_through(to));
    assert_eq!(
        url_filters(&g),
        ["|http://127.0.0.1:4000/", "|http://127.0.0.1:4001/"]
    );
    // It stays when the set changes.
    g.set_origins(&scope(&["http://127.0.0.1:4000", "https://shop.example"]));
    assert_eq!(url_filters(&g).len(), 3);
}

#[test]
fn only_an_origin_a_blocked_send_went_to_can_be_allowed_and_only_for_sends() {
    let mut g = NetGuard::new(1, &[], "", &psl());
    g.set_origins(&scope(&["http://127.0.0.1:4000"]));
    // Nothing was blocked yet: nothing can be allowed (a panel cannot open any origin).
    assert_eq!(g.allow_send("http://127.0.0.1:4001", &psl()), None);
    let id = i64::from(SENDING_RULE_ID);
    // A tab the task does not guard tells nothing.
    g.on_rule_matched(9, id, "http://127.0.0.1:4002/c");
    assert_eq!(g.allow_send("http://127.0.0.1:4002", &psl()), None);
    g.on_rule_matched(1, id, "http://127.0.0.1:4001/collect?d=x");
    let allowed = g.allow_send("http://127.0.0.1:4001", &psl());
    assert_eq!(allowed, Origin::of("http://127.0.0.1:4001"));
    assert_eq!(g.allow_send("http://127.0.0.1:4001", &psl()), None, "once");
    let rule = g
        .rules()
        .into_iter()
        .find(|r| r.target == Target::Url("|http://127.0.0.1:4001/".into()));
    // Sends go through; the tab still may not go there.
    assert_eq!(
        rule.map(|r| (r.action, r.types)),
        Some((RuleAction::Allow, Types::Subresources))
    );
}

#[test]
fn an_allowed_send_covers_the_registrable_site_of_where_it_went() {
    let list = psl();
    let mut g = NetGuard::new(1, &[], "", &list);
    g.set_origins(&scope(&["https://shop.example.com"]));
    let id = i64::from(SENDING_RULE_ID);
    g.on_rule_matched(1, id, "https://api.pay.co.uk/v1/charge");
    g.on_rule_matched(1, id, "https://js.pay.co.uk/beacon");
    g.on_rule_matched(1, id, "https://evil.github.io/c");
    assert_eq!(
        g.allow_send("https://api.pay.co.uk", &list),
        Origin::of("https://api.pay.co.uk")
    );
    // The site's other host is already let through: nothing changes.
    assert_eq!(g.allow_send("https://js.pay.co.uk", &list), None);
    // A host under a public suffix is its own site: its neighbours stay blocked.
    assert!(g.allow_send("https://evil.github.io", &list).is_some());
    let subresource_filters: Vec<String> = g
        .rules()
        .into_iter()
        .filter(|r| r.action == RuleAction::Allow && r.types == Types::Subresources)
        .filter_map(|r| match r.target {
            Target::Url(f) => Some(f),
            _ => None,
        })
        .collect();
    assert_eq!(
        subresource_filters,
        ["||pay.co.uk/", "||evil.github.io/"],
        "the site with its subdomains, never the suffix"
    );
    // Without the list, only the exact host.
    let none = PublicSuffixes::unavailable();
    let mut g = NetGuard::new(1, &[], "", &none);
    g.on_rule_matched(1, id, "https://api.pay.co.uk:8443/x");
    assert!(g.allow_send("https://api.pay.co.uk:8443", &none).is_some());
    assert!(url_filters(&g).contains(&"|https://api.pay.co.uk:8443/".to_string()));
}
