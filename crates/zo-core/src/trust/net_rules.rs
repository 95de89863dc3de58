//! The network guard of a Co-browse task, sans-IO: which tabs it contains and the
//! `chrome.declarativeNetRequest` session rules that contain them, written as the JSON text of
//! one `updateSessionRules` call.
//!
//! While a task runs, every tab is guarded but the tabs that were open when it started (the
//! task's own tab excepted) and the tabs opened later by something else than a guarded tab:
//! the rules list those in `excludedTabIds` (with `-1`, requests of no tab: the extension's
//! own), so a window a guarded page opens is guarded from its first request, before the
//! worker hears of it. In a guarded tab:
//! - a top-level navigation (`main_frame`, every method) is blocked unless it goes to an
//!   origin of the task's set or to a site the user's message named (priority 2 allow rules,
//!   one `urlFilter` per origin: ports tell `127.0.0.1:A` from `127.0.0.1:B`);
//! - a request of any other type with a method other than GET and HEAD (a form posted in a
//!   frame, `fetch`, XHR, `sendBeacon`) is blocked unless it goes to an origin of the set, a
//!   named site, or the same site as a page of the set whose host is a domain: that site is
//!   the browser's own registrable domain (`domainType: firstParty` with the page as
//!   initiator), so a page's `api.` host keeps working and a public suffix such as
//!   `github.io` joins no two sites. For an IP address or a dotless host the site is the
//!   exact origin.
//!
//! Hosts go into filters only when they are plain (`a-z`, digits, `.`, `-`, `_`, or an IP
//! address): a host with a character a filter reads as a pattern (`*`, `|`, `^`) gets no allow
//! rule, so it stays blocked. Every list is bounded; past a bound, allow rules are left out
//! (blocked), never the block rules.

use super::policy::named::{named_sites, site_of, NamedSite};
use super::policy::{AddressSpace, Host, Origin};
use super::suffixes::PublicSuffixes;
use crate::wire::approval::ScopeOrigin;
use crate::wire::json::{Json, Obj};

/// The first id of the guard's session rules.
pub const RULE_ID_FIRST: u32 = 7_100_001;
/// The id of the rule that blocks requests sending data ([`NetGuard::rules`] puts it second).
pub const SENDING_RULE_ID: u32 = RULE_ID_FIRST + 1;
/// How many ids the guard uses, from [`RULE_ID_FIRST`] (every update removes them all first).
pub const RULE_ID_COUNT: u32 = 160;
/// Most origins of the set that get rules.
pub const MAX_ORIGINS: usize = 64;
/// Most tabs remembered on either side (guarded, left alone).
pub const MAX_TABS: usize = 512;

/// What a rule does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleAction {
    Block,
    Allow,
}

/// Which requests a rule looks at, by type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Types {
    /// Top-level navigations only.
    MainFrame,
    /// Everything but top-level navigations.
    Subresources,
    /// Every type.
    All,
}

/// Where a rule's requests go (or come from).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Every request of the guarded tabs.
    Any,
    /// Requests with a method that sends data.
    Sending,
    /// A `urlFilter` (`|http://127.0.0.1:4000/`, `||example.com/`).
    Url(String),
    /// Requests to the same site as their initiator, when the initiator is one of these hosts
    /// (or under one).
    SameSiteAs(Vec<String>),
}

/// What the guard reports to the Co-browse machine about a guarded tab's top-level frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TabEvent {
    /// A page committed at this address (`webNavigation.onCommitted`).
    Landed(String),
    /// A navigation to this address was blocked by the rules (`webNavigation.onErrorOccurred`
    /// with `net::ERR_BLOCKED_BY_CLIENT`): the tab shows Chrome's error page.
    Blocked(String),
    /// A request sending data to this address was blocked by the rules (the browser's
    /// `declarativeNetRequest.onRuleMatchedDebug`, which Chrome gives unpacked extensions).
    SendBlocked(String),
    /// The user let the guarded tabs send data to this origin for the rest of the task
    /// ([`NetGuard::allow_send`]).
    SendAllowed(Origin),
}

/// The error Chrome reports for a request an extension's rules blocked.
pub const BLOCKED_ERROR: &str = "net::ERR_BLOCKED_BY_CLIENT";

/// One session rule, before its id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub action: RuleAction,
    pub types: Types,
    pub target: Target,
}

/// The guard of one task.
#[derive(Debug, Clone)]
pub struct NetGuard {
    task_tab: i32,
    /// Tabs a guarded tab opened.
    opened: Vec<i32>,
    /// Tabs a guarded tab opened as the browser reported (`onCreatedNavigationTarget`), which
    /// may come before the tab's `onCreated`.
    from_guarded: Vec<i32>,
    /// Tabs left alone: open at the start, or opened by something else.
    others: Vec<i32>,
    origins: Vec<Origin>,
    /// Origins outside the set a form the user allowed is sent to.
    passages: Vec<Origin>,
    /// Origins a guarded tab's request tried to send data to and was blocked: the ones the
    /// user may let through ([`NetGuard::allow_send`]).
    sends_blocked: Vec<Origin>,
    /// Sites the user let the guarded tabs send data to (not navigate to).
    sends_allowed: Vec<NamedSite>,
    named: Vec<NamedSite>,
}

impl NetGuard {
    /// The guard of a task in tab `task_tab`, asked with `goal` (the sites it names, as
    /// `suffixes` tells sites), while `open_tabs` were open.
    pub fn new(
        task_tab: i32,
        open_tabs: &[i32],
        goal: &str,
        suffixes: &PublicSuffixes,
    ) -> NetGuard {
        let mut others: Vec<i32> = Vec::new();
        for &t in open_tabs {
            if t != task_tab && t >= 0 && !others.contains(&t) && others.len() < MAX_TABS {
                others.push(t);
            }
        }
        NetGuard {
            task_tab,
            opened: Vec::new(),
            from_guarded: Vec::new(),
            others,
            origins: Vec::new(),
            passages: Vec::new(),
            sends_blocked: Vec::new(),
            sends_allowed: Vec::new(),
            named: named_sites(goal, suffixes),
        }
    }

    /// The task's origin set changed to `origins`. Returns whether the rules changed.
    pub fn set_origins(&mut self, origins: &[ScopeOrigin]) -> bool {
        let mut next: Vec<Origin> = Vec::new();
        for o in origins {
            if let Some(origin) = Origin::of(&o.origin) {
                if !next.contains(&origin) && next.len() < MAX_ORIGINS {
                    next.push(origin);
                }
            }
        }
        let changed = next != self.origins;
        self.origins = next;
        changed
    }

    /// A form the policy allowed goes to `origin`, outside the set: it is let through for the
    /// rest of the task. Returns whether the rules changed.
    pub fn let_through(&mut self, origin: Origin) -> bool {
        if self.passages.contains(&origin) || self.passages.len() >= MAX_ORIGINS {
            return false;
        }
        self.passages.push(origin);
        true
    }

    /// Whether the task's containment applies to `tab` (its own tab and the tabs it opened):
    /// their navigations are reported to the machine.
    pub fn guards(&self, tab: i32) -> bool {
        tab == self.task_tab || self.opened.contains(&tab)
    }

    /// A tab was created (`chrome.tabs.onCreated`), by `opener` when the browser says.
    /// Returns whether the rules changed (a tab left alone joins `excludedTabIds`).
    pub fn on_tab_created(&mut self, tab: i32, opener: Option<i32>) -> bool {
        if self.guards(tab) || self.others.contains(&tab) {
            return false;
        }
        if opener.is_some_and(|o| self.guards(o)) || self.from_guarded.contains(&tab) {
            push_bounded(&mut self.opened, tab);
            false
        } else {
            push_bounded(&mut self.others, tab)
        }
    }

    /// A guarded page opened `tab` (`webNavigation.onCreatedNavigationTarget` from
    /// `source`). Returns whether the rules changed (the tab was taken as left alone).
    pub fn on_navigation_target(&mut self, source: i32, tab: i32) -> bool {
        if !self.guards(source) {
            return false;
        }
        push_bounded(&mut self.from_guarded, tab);
        let was_other = self.others.iter().position(|&t| t == tab);
        if let Some(i) = was_other {
            self.others.remove(i);
        }
        push_bounded(&mut self.opened, tab);
        was_other.is_some()
    }

    /// A page committed in frame `frame` of `tab`: reported when it is a guarded tab's
    /// top-level frame.
    pub fn on_committed(&self, tab: i32, frame: i32, url: &str) -> Option<TabEvent> {
        (frame == 0 && self.guards(tab)).then(|| TabEvent::Landed(url.to_string()))
    }

    /// A navigation of frame `frame` of `tab` to `url` failed with `error`: reported when
    /// the rules blocked a guarded tab's top-level navigation (other failures are the page's).
    pub fn on_error(&self, tab: i32, frame: i32, url: &str, error: &str) -> Option<TabEvent> {
        (frame == 0 && self.guards(tab) && error == BLOCKED_ERROR)
            .then(|| TabEvent::Blocked(url.to_string()))
    }

    /// Rule `rule_id` was applied to a request of `tab` to `url`: reported when it is the rule
    /// that blocks a guarded tab's requests sending data.
    pub fn on_rule_matched(&mut self, tab: i32, rule_id: i64, url: &str) -> Option<TabEvent> {
        if rule_id != i64::from(SENDING_RULE_ID) || !self.guards(tab) {
            return None;
        }
        if let Some(origin) = Origin::of(url) {
            if !self.sends_blocked.contains(&origin) && self.sends_blocked.len() < MAX_ORIGINS {
                self.sends_blocked.push(origin);
            }
        }
        Some(TabEvent::SendBlocked(url.to_string()))
    }

    /// The user let the guarded tabs send data to `origin` (an origin as the panel shows it)
    /// for the rest of the task. Only an origin a blocked request went to can be let through;
    /// what is let through is its site as `suffixes` tells it (the registrable domain with its
    /// subdomains, so a payment service's `api.` and `js.` hosts both work; an IP address or
    /// a dotless host exactly), and only requests that are not top-level navigations: the tab
    /// still may not go there. Returns the origin when the rules changed.
    pub fn allow_send(&mut self, origin: &str, suffixes: &PublicSuffixes) -> Option<Origin> {
        let origin = Origin::of(origin)?;
        if !self.sends_blocked.contains(&origin)
            || self.sends_allowed.iter().any(|s| s.covers(&origin))
            || self.sends_allowed.len() >= MAX_ORIGINS
        {
            return None;
        }
        self.sends_allowed.push(site_of(&origin, suffixes));
        Some(origin)
    }

    /// The rules, block rules first.
    pub fn rules(&self) -> Vec<Rule> {
        let mut rules = vec![
            Rule {
                action: RuleAction::Block,
                types: Types::MainFrame,
                target: Target::Any,
            },
            Rule {
                action: RuleAction::Block,
                types: Types::Subresources,
                target: Target::Sending,
            },
        ];
        let mut allow = |filter: String| {
            let rule = Rule {
                action: RuleAction::Allow,
                types: Types::All,
                target: Target::Url(filter),
            };
            if !rules.contains(&rule) {
                rules.push(rule);
            }
        };
        for origin in self.origins.iter().chain(&self.passages) {
            if let Some(filter) = origin_filter(origin) {
                allow(filter);
            }
        }
        for site in &self.named {
            for filter in named_filters(site) {
                allow(filter);
            }
        }
        for filter in self.sends_allowed.iter().flat_map(named_filters) {
            let rule = Rule {
                action: RuleAction::Allow,
                types: Types::Subresources,
                target: Target::Url(filter),
            };
            if !rules.contains(&rule) {
                rules.push(rule);
            }
        }
        let hosts: Vec<String> =
            self.origins
                .iter()
                .filter_map(site_by_domain)
                .fold(Vec::new(), |mut acc, h| {
                    if !acc.contains(&h) {
                        acc.push(h);
                    }
                    acc
                });
        if !hosts.is_empty() {
            rules.push(Rule {
                action: RuleAction::Allow,
                types: Types::Subresources,
                target: Target::SameSiteAs(hosts),
            });
        }
        rules.truncate(RULE_ID_COUNT as usize);
        rules
    }

    /// The `updateSessionRules` options that put this guard's rules in place of any earlier
    /// ones, as JSON text.
    pub fn update_json(&self) -> Json {
        let mut excluded: Vec<i32> = vec![-1];
        excluded.extend(&self.others);
        let rules = self
            .rules()
            .iter()
            .zip(RULE_ID_FIRST..)
            .map(|(rule, id)| rule_json(rule, id, &excluded))
            .collect::<Vec<_>>();
        Obj::new()
            .json("removeRuleIds", &all_ids())
            .json("addRules", &Json::array(rules))
            .done()
    }
}

/// Whether the session rule `id` is one of the guard's.
pub fn is_guard_rule(id: i64) -> bool {
    let first = i64::from(RULE_ID_FIRST);
    (first..first + i64::from(RULE_ID_COUNT)).contains(&id)
}

/// Adds `tab` unless present or past [`MAX_TABS`]; returns whether it was added.
fn push_bounded(list: &mut Vec<i32>, tab: i32) -> bool {
    if tab < 0 || list.contains(&tab) || list.len() >= MAX_TABS {
        return false;
    }
    list.push(tab);
    true
}

/// A host written into a filter as it is: a plain domain or an IP address. `None` for a host
/// with anything a filter could read as a pattern.
fn plain_host(host: &Host) -> Option<String> {
    match host {
        Host::Domain(d) => {
            let plain = !d.is_empty()
                && !d.starts_with('.')
                && d.bytes().all(|b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'_')
                });
            plain.then(|| d.clone())
        }
        Host::V4(_) | Host::V6(_) => Some(host.to_string()),
    }
}

/// `|scheme://host[:port]/`: exactly `origin` (the browser writes no default port).
pub fn origin_filter(origin: &Origin) -> Option<String> {
    let host = plain_host(&origin.host)?;
    let port = if origin.port == origin.scheme.default_port() {
        String::new()
    } else {
        format!(":{}", origin.port)
    };
    Some(format!("|{}://{host}{port}/", origin.scheme.as_str()))
}

/// The filters of a named site, as `named.rs` defines what it covers: a registrable domain
/// with its subdomains (`||example.com/`, or `||example.com:8080/` with a port), any other
/// host (an IP address, a dotless name, a domain while no suffix list is loaded) exactly, on
/// either scheme.
pub fn named_filters(site: &NamedSite) -> Vec<String> {
    let Some(host) = plain_host(site.host()) else {
        return Vec::new();
    };
    let host = host.strip_suffix('.').unwrap_or(&host).to_string();
    let schemes = [("http", 80), ("https", 443)];
    if site.subdomains() {
        let base = &host;
        return match site.port() {
            None => vec![format!("||{base}/")],
            // A default port is not written in the address: the other scheme keeps the
            // number; this scheme's subdomains cannot be told apart in a filter, so only the
            // domain itself is allowed there.
            Some(p) => schemes
                .iter()
                .map(|&(scheme, default)| {
                    if p == default {
                        format!("|{scheme}://{base}/")
                    } else {
                        format!("||{base}:{p}/")
                    }
                })
                .fold(Vec::new(), |mut acc, f| {
                    if !acc.contains(&f) {
                        acc.push(f);
                    }
                    acc
                }),
        };
    }
    schemes
        .iter()
        .map(|&(scheme, default)| match site.port() {
            Some(p) if p != default => format!("|{scheme}://{host}:{p}/"),
            _ => format!("|{scheme}://{host}/"),
        })
        .collect()
}

/// The host whose site is its registrable domain, as the browser computes it: a domain name
/// with a dot, not on this computer. `None` for an IP address or a dotless or loopback name,
/// whose site is the exact origin.
pub fn site_by_domain(origin: &Origin) -> Option<String> {
    let Host::Domain(d) = &origin.host else {
        return None;
    };
    let name = d.strip_suffix('.').unwrap_or(d);
    if !name.contains('.') || origin.address_space() == AddressSpace::Loopback {
        return None;
    }
    plain_host(&origin.host)
}

mod json;
#[cfg(test)]
mod tests;

pub use json::clear_json;
use json::{all_ids, rule_json};
