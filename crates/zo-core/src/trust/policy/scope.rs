//! The scope of one Co-browse task: its origin set (where it may act), the sites the user's
//! message named, the grants the user gave "for this task", and the navigations made. It
//! judges each proposed action ([`Proposal`]) and learns from what was allowed.
//!
//! The rules, in the order they are applied:
//! 1. Refused outright: an address that is not http(s), one with `user:pass@`, one that cannot
//!    be read, a private-network or loopback address when the task started somewhere more
//!    public, a navigation past the task's cap ([`MAX_NAVIGATIONS`] unless the settings lower
//!    it).

//! 2. Reading (extract, scroll, wait) is allowed on any page.
//! 3. Approval needed (one request listing every reason): going to an origin outside the set
//!    (a navigate, or a click on a link to another origin); clicking or filling on a page
//!    outside the set; filling a secret field; submitting a form to an origin outside the set
//!    (or to an address that cannot be read); submitting a form that holds a password or
//!    payment field; clicking a control whose name says a word of the sensitive list.
//!
//! The set starts with the origin of the tab when the user asked (read-write). An origin the
//! user's message names is read-write once reached; "allow for this task" on a navigation or
//! on a page makes that origin read-write; "allow once" on a navigation lets the tab go there
//! once (read-only: reading there needs nothing, acting there asks again).

use super::flow::Provenance;
use super::host::AddressSpace;
use super::named::{named_sites, NamedSite};
use super::origin::Origin;
use super::rules::destination;
use super::verdict::{ApprovalRequest, Concern, Grant, Verdict};
use crate::trust::suffixes::PublicSuffixes;
use crate::wire::action::Action;
use crate::wire::approval::{Access, ScopeOrigin, Source};
use crate::wire::facts::TargetFacts;

/// Most navigations one task may make by default (navigate actions, clicks on links to
/// another origin, and navigations the page made that the browser reported): the settings'
/// [`crate::wire::DEFAULT_MAX_NAVIGATIONS`].
pub const MAX_NAVIGATIONS: u32 = crate::wire::settings::DEFAULT_MAX_NAVIGATIONS;

/// An action proposed for the tab.
#[derive(Debug, Clone, Copy)]
pub enum Proposal<'a> {
    /// A navigate action (checked by the worker before the tab moves).
    Navigate { url: &'a str },
    /// An action in the page at `page_url` (the tab's address, from the browser), with the
    /// facts about its element when it has one.
    Act {
        action: &'a Action,
        page_url: &'a str,
        facts: Option<&'a TargetFacts>,
    },
}

#[derive(Debug, Clone)]
struct Member {
    origin: Origin,
    access: Access,
    source: Source,
}

/// The scope of one task.
#[derive(Debug, Clone)]
pub struct TaskScope {
    pub(super) start_space: AddressSpace,
    set: Vec<Member>,
    named: Vec<NamedSite>,
    grants: Vec<Grant>,
    pub(super) navigations: u32,
    /// Most navigations the task may make.
    pub(super) max_navigations: u32,
    /// Where the text the task read came from.
    pub(super) provenance: Provenance,
}

impl TaskScope {
    /// The scope of a task asked on the page at `start_url` (from the browser, never from the
    /// model or the page) with the user's message `user_text`, whose named sites are what
    /// `suffixes` calls sites.
    pub fn new(start_url: &str, user_text: &str, suffixes: &PublicSuffixes) -> TaskScope {
        let start = Origin::of(start_url);
        TaskScope {
            start_space: start
                .as_ref()
                .map_or(AddressSpace::Public, Origin::address_space),
            set: start
                .into_iter()
                .map(|origin| Member {
                    origin,
                    access: Access::ReadWrite,
                    source: Source::Start,
                })
                .collect(),
            named: named_sites(user_text, suffixes),
            grants: Vec::new(),
            navigations: 0,
            max_navigations: MAX_NAVIGATIONS,
            provenance: {
                let mut p = Provenance::default();
                p.learn_user(user_text);
                p
            },
        }
    }

    /// Text read on the page at `url` (a snapshot's text and element lines, a shared tab, a
    /// quote, a value extracted): written into a page of another origin, it needs approval.
    pub fn learn(&mut self, url: &str, text: &str) {
        if let Some(origin) = Origin::of(url) {
            self.provenance.learn(&origin, text);
        }
    }

    /// The origin set, in the order origins joined it.
    pub fn origins(&self) -> Vec<ScopeOrigin> {
        self.set
            .iter()
            .map(|m| ScopeOrigin {
                origin: m.origin.to_string(),
                access: m.access,
                source: m.source,
            })
            .collect()
    }

    pub fn navigations(&self) -> u32 {
        self.navigations
    }

    /// The scope with at most `max` navigations (the settings'; never above the ceiling).
    pub fn with_max_navigations(mut self, max: u32) -> TaskScope {
        self.max_navigations = max.min(crate::wire::settings::MAX_NAVIGATIONS_CEILING);
        self
    }

    /// Most navigations the task may make.
    pub fn max_navigations(&self) -> u32 {
        self.max_navigations
    }

    /// Whether the task may act on `origin` without asking.
    pub fn read_write(&self, origin: &Origin) -> bool {
        self.set
            .iter()
            .any(|m| m.origin == *origin && m.access == Access::ReadWrite)
            || self.named.iter().any(|n| n.covers(origin))
    }

    /// The verdict on `proposal`, given the grants "for this task" and `once`, the grants
    /// the user gave for this very action.
    pub fn judge(&self, proposal: &Proposal<'_>, once: &[Grant]) -> Verdict {
        let judged = match proposal {
            Proposal::Navigate { url } => self.navigation(url),
            Proposal::Act {
                action,
                page_url,
                facts,
            } => self.act(action, page_url, *facts),
        };
        let (description, origin, concerns) = match judged {
            Err(refusal) => return Verdict::Refuse(refusal),
            Ok(found) => found,
        };
        let open: Vec<Concern> = concerns
            .into_iter()
            .filter(|c| {
                let g = c.grant();
                !self.grants.contains(&g) && !once.contains(&g)
            })
            .collect();
        if open.is_empty() {
            return Verdict::Allow;
        }
        Verdict::Ask(ApprovalRequest {
            description,
            origin,
            concerns: open,
        })
    }

    /// The user allowed `request` for the rest of the task.
    pub fn grant_task(&mut self, request: &ApprovalRequest) {
        for concern in &request.concerns {
            if let Some(origin) = concern.widens_to() {
                self.join(origin.clone(), Access::ReadWrite, Source::Allowed);
            }
            let g = concern.grant();
            if !self.grants.contains(&g) {
                self.grants.push(g);
            }
        }
    }

    /// `proposal` was allowed and is carried out: count a navigation, and let the origin it
    /// leads to join the set (read-write when named, else read-only). Returns whether the set
    /// changed.
    pub fn record(&mut self, proposal: &Proposal<'_>) -> bool {
        let to = match proposal {
            Proposal::Navigate { url } => destination(url),
            Proposal::Act {
                page_url, facts, ..
            } => facts
                .and_then(|f| f.href.as_deref())
                .and_then(destination)
                .filter(|to| Origin::of(page_url).as_ref() != Some(to)),
        };
        let Some(to) = to else {
            return false;
        };
        self.navigations += 1;
        let named = self.named.iter().any(|n| n.covers(&to));
        if named {
            self.join(to, Access::ReadWrite, Source::Named)
        } else {
            self.join(to, Access::ReadOnly, Source::Visited)
        }
    }

    /// Adds `origin` to the set, or raises its access. Returns whether the set changed.
    fn join(&mut self, origin: Origin, access: Access, source: Source) -> bool {
        match self.set.iter_mut().find(|m| m.origin == origin) {
            Some(m) if m.access == Access::ReadWrite || access == Access::ReadOnly => false,
            Some(m) => {
                m.access = access;
                m.source = source;
                true
            }
            None => {
                self.set.push(Member {
                    origin,
                    access,
                    source,
                });
                true
            }
        }
    }
}
