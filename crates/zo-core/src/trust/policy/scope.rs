//! The scope of one Co-browse task: its origin set (where it may act), the sites the user's
//! message named, the grants the user gave "for this task", and the navigations made. It
//! judges each proposed action ([`Proposal`]) and learns from what was allowed.
//!
//! The rules, in the order they are applied:
//! 1. Refused outright: an address that is not http(s), one with `user:pass@`, one that cannot
//!    be read, a private-network or loopback address when the task started somewhere more
//!    public, a navigation past [`MAX_NAVIGATIONS`].
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

use super::host::AddressSpace;
use super::named::{named_sites, NamedSite};
use super::origin::{Destination, Origin};
use super::sensitive::{credential_label, declared_secret, sensitive_word, SensitiveField};
use super::verdict::{ApprovalRequest, Concern, Grant, Refusal, Verdict};
use crate::page::secret_field::SecretKind;
use crate::page::text::{collapse_whitespace, ellipsize};
use crate::wire::action::Action;
use crate::wire::approval::{Access, ScopeOrigin, Source};
use crate::wire::facts::TargetFacts;

/// Most navigations one task may make (navigate actions and clicks on links to another origin).
pub const MAX_NAVIGATIONS: u32 = 5;

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
    start_space: AddressSpace,
    set: Vec<Member>,
    named: Vec<NamedSite>,
    grants: Vec<Grant>,
    navigations: u32,
}

impl TaskScope {
    /// The scope of a task asked on the page at `start_url` (from the browser, never from the
    /// model or the page) with the user's message `user_text`.
    pub fn new(start_url: &str, user_text: &str) -> TaskScope {
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
            named: named_sites(user_text),
            grants: Vec::new(),
            navigations: 0,
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

    /// A web destination the task may go to at all: refusals first.
    fn reachable(&self, url: &str) -> Result<(Origin, bool), Refusal> {
        match Destination::parse(url) {
            Err(e) => Err(Refusal::Unreadable(e)),
            Ok(Destination::Script) => Err(Refusal::NotWeb {
                scheme: "javascript".into(),
            }),
            Ok(Destination::Other { scheme }) => Err(Refusal::NotWeb { scheme }),
            Ok(Destination::Web {
                credentials: true, ..
            }) => Err(Refusal::Credentials),
            Ok(Destination::Web { origin, .. }) => {
                let space = origin.address_space();
                if space > self.start_space {
                    return Err(Refusal::Local {
                        origin,
                        space,
                        start: self.start_space,
                    });
                }
                Ok((origin, carries_data(url)))
            }
        }
    }

    fn navigation(&self, url: &str) -> Result<Judged, Refusal> {
        let (to, carries_data) = self.reachable(url)?;
        if self.navigations >= MAX_NAVIGATIONS {
            return Err(Refusal::NavigationLimit {
                max: MAX_NAVIGATIONS,
            });
        }
        let mut concerns = Vec::new();
        if !self.read_write(&to) {
            concerns.push(Concern::Leave {
                to: to.clone(),
                carries_data,
            });
        }
        Ok((
            format!("Go to {}", shown_url(url)),
            to.to_string(),
            concerns,
        ))
    }

    fn act(
        &self,
        action: &Action,
        page_url: &str,
        facts: Option<&TargetFacts>,
    ) -> Result<Judged, Refusal> {
        let writes = matches!(action, Action::Click { .. } | Action::Fill { .. });
        if !writes {
            return Ok((String::new(), String::new(), Vec::new()));
        }
        let page = Origin::of(page_url).ok_or(Refusal::NotWebPage)?;
        let facts = facts.ok_or(Refusal::NoFacts)?;
        let mut concerns = Vec::new();
        if !self.read_write(&page) {
            concerns.push(Concern::OutsidePage { page: page.clone() });
        }
        let mut description = describe(action, facts);
        match action {
            Action::Fill { .. } => {
                let ty = facts.input_type.as_deref().unwrap_or("");
                let secret = declared_secret(ty, &facts.autocomplete)
                    .map(SensitiveField::Secret)
                    .or_else(|| {
                        credential_label(&facts.name).then_some(SensitiveField::Credential)
                    });
                if let Some(kind) = secret {
                    description = format!("Fill the {kind} {}", shown_name(facts, action));
                    concerns.push(Concern::SecretFill {
                        kind,
                        page: page.clone(),
                    });
                }
            }
            _ => {
                if let Some(href) = &facts.href {
                    if let Some(link) = self.link(href, &page)? {
                        description.push_str(&format!(", a link to {}", shown_url(href)));
                        concerns.extend(link);
                    }
                }
                if let Some(form) = &facts.submits {
                    concerns.extend(self.form_elsewhere(form.action.as_deref(), &page)?);
                    let secret = form.fields.iter().find_map(|f| {
                        declared_secret(&f.input_type, &f.autocomplete)
                            .filter(|k| matches!(k, SecretKind::Password | SecretKind::Payment))
                    });
                    if let Some(kind) = secret {
                        concerns.push(Concern::SubmitSecret {
                            kind: SensitiveField::Secret(kind),
                            page: page.clone(),
                        });
                    }
                }
                if let Some(word) = sensitive_word(&facts.name) {
                    concerns.push(Concern::SensitiveControl {
                        word,
                        page: page.clone(),
                    });
                }
            }
        }
        description.push_str(&format!(" on {page}"));
        Ok((description, page.to_string(), concerns))
    }

    /// A click on a link to `href` from `page`: nothing when it stays on the page's origin or
    /// only runs script; else a navigation (`Some(concerns)`).
    fn link(&self, href: &str, page: &Origin) -> Result<Option<Vec<Concern>>, Refusal> {
        if matches!(Destination::parse(href), Ok(Destination::Script)) {
            return Ok(None);
        }
        let (to, carries_data) = self.reachable(href)?;
        if to == *page {
            return Ok(None);
        }
        if self.navigations >= MAX_NAVIGATIONS {
            return Err(Refusal::NavigationLimit {
                max: MAX_NAVIGATIONS,
            });
        }
        let mut concerns = Vec::new();
        if !self.read_write(&to) {
            concerns.push(Concern::Leave { to, carries_data });
        }
        Ok(Some(concerns))
    }

    /// A submit of a form sent to `action` from `page`.
    fn form_elsewhere(
        &self,
        action: Option<&str>,
        page: &Origin,
    ) -> Result<Option<Concern>, Refusal> {
        let Some(action) = action else {
            return Ok(Some(Concern::FormElsewhere { to: None }));
        };
        match Destination::parse(action) {
            Err(_) => Ok(Some(Concern::FormElsewhere { to: None })),
            Ok(Destination::Script) => Ok(None),
            Ok(_) => {
                let (to, _) = self.reachable(action)?;
                let inside = to == *page || self.read_write(&to);
                Ok((!inside).then_some(Concern::FormElsewhere { to: Some(to) }))
            }
        }
    }
}

/// A judged proposal: its description, where it happens, and every concern (granted or not).
type Judged = (String, String, Vec<Concern>);

fn destination(url: &str) -> Option<Origin> {
    match Destination::parse(url) {
        Ok(Destination::Web { origin, .. }) => Some(origin),
        _ => None,
    }
}

/// Whether an address carries a query or a fragment (where page data would travel).
fn carries_data(url: &str) -> bool {
    url.contains(['?', '#'])
}

/// An address as a card shows it: its query and fragment masked (`?…`), at most 120 characters.
pub fn shown_url(url: &str) -> String {
    let url = url.trim();
    let cut = url.find(['?', '#']).unwrap_or(url.len());
    let mut shown = ellipsize(&url[..cut], 120);
    if let Some(mark) = url[cut..].chars().next() {
        shown.push(mark);
        shown.push('…');
    }
    shown
}

/// The element as a card names it: its name in quotes, else the selector.
fn shown_name(facts: &TargetFacts, action: &Action) -> String {
    let name = collapse_whitespace(&facts.name);
    if name.is_empty() {
        action
            .selector()
            .map_or_else(String::new, |s| ellipsize(s.as_str(), 80))
    } else {
        format!("\u{201c}{}\u{201d}", ellipsize(&name, 60))
    }
}

/// "Click “Pay now”", "Fill “Email”" (a fill's value is never shown).
fn describe(action: &Action, facts: &TargetFacts) -> String {
    let verb = match action {
        Action::Fill { .. } => "Fill",
        _ => "Click",
    };
    format!("{verb} {}", shown_name(facts, action))
}
