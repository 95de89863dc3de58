//! The rules a [`TaskScope`] judges one proposal by (see `scope.rs` for their order): where a
//! navigation or a link leads, what a click or a fill does to the page, and what a form sends.
//! Each rule reads facts (from the browser and the page) and returns the concerns that need
//! the user, or a refusal no approval lifts.
//!
//! Judged by effect, not by the words of the request: a fill that toggles a checkbox or picks
//! an option is the click it performs; an address is judged by what it says it does (its path
//! and query), a link's as much as a navigate's, on the page's own origin too; a fill is
//! judged by where its text came from as well as by the field it goes into.

use super::consequential::consequential_word;
use super::flow::Foreign;
use super::origin::{Destination, Origin};
use super::scope::TaskScope;
use super::sensitive::{field_secret, SensitiveField};
use super::verdict::{Concern, Refusal};
use crate::page::secret_field::SecretKind;
use crate::page::text::{collapse_whitespace, ellipsize};
use crate::wire::action::Action;
use crate::wire::facts::TargetFacts;

/// A judged proposal: its description, where it happens, and every concern (granted or not).
pub(super) type Judged = (String, String, Vec<Concern>);

/// Roles of controls that a fill sets by clicking (a switch, a checkbox, a radio, an option).
const TOGGLE_ROLES: [&str; 6] = [
    "switch",
    "checkbox",
    "radio",
    "option",
    "menuitemcheckbox",
    "menuitemradio",
];

impl TaskScope {
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

    pub(super) fn navigation(&self, url: &str) -> Result<Judged, Refusal> {
        let (to, carries_data) = self.reachable(url)?;
        if self.navigations >= self.max_navigations {
            return Err(Refusal::NavigationLimit {
                max: self.max_navigations,
            });
        }
        let mut concerns = Vec::new();
        if !self.read_write(&to) {
            concerns.push(Concern::Leave {
                to: to.clone(),
                carries_data,
            });
        }
        concerns.extend(address_says(url, &to));
        concerns.extend(self.carried(url, &to));
        Ok((
            format!("Go to {}", shown_url(url)),
            to.to_string(),
            concerns,
        ))
    }

    pub(super) fn act(
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
            Action::Fill { value, .. } => {
                let ty = facts.input_type.as_deref().unwrap_or("");
                if let Some(kind) = field_secret(ty, &facts.autocomplete, &facts.name) {
                    let kind = SensitiveField::Secret(kind);
                    description = format!("Fill the {kind} {}", shown_name(facts, action));
                    concerns.push(Concern::SecretFill {
                        kind,
                        page: page.clone(),
                        form: facts.form.clone(),
                    });
                }
                if toggles(facts) {
                    // The fill clicks the control: judged as that click.
                    concerns.extend(self.click(facts, &page, &mut description)?);
                }
                concerns.extend(self.flows(value, &page));
            }
            _ => concerns.extend(self.click(facts, &page, &mut description)?),
        }
        description.push_str(&format!(" on {page}"));
        Ok((description, page.to_string(), concerns))
    }

    /// Text of another origin in `text`, going to `to`.
    fn flows(&self, text: &str, to: &Origin) -> Option<Concern> {
        self.provenance
            .foreign(text, to)
            .map(|from| Concern::CrossOriginText {
                from: match from {
                    Foreign::From(o) => Some(o),
                    Foreign::Unknown => None,
                },
                page: to.clone(),
            })
    }

    /// Text of another origin carried in an address's path, query or fragment (decoded), sent
    /// to `to` by going there.
    fn carried(&self, url: &str, to: &Origin) -> Option<Concern> {
        let rest = url
            .find("://")
            .map(|i| &url[i + 3..])
            .and_then(|r| r.find(['/', '?', '#']).map(|j| &r[j..]))
            .unwrap_or("");
        self.flows(&percent_decoded(rest), to)
    }

    /// What a click on the element of `facts` on `page` does: the link it follows, the form it
    /// submits, what its name says.
    fn click(
        &self,
        facts: &TargetFacts,
        page: &Origin,
        description: &mut String,
    ) -> Result<Vec<Concern>, Refusal> {
        let mut concerns = Vec::new();
        if let Some(href) = &facts.href {
            if let Some(link) = self.link(href, page)? {
                description.push_str(&format!(", a link to {}", shown_url(href)));
                concerns.extend(link);
            }
        }
        if let Some(form) = &facts.submits {
            concerns.extend(self.form_elsewhere(form.action.as_deref(), page)?);
            if let Some(action) = form.action.as_deref() {
                if let Some(to) = destination(action) {
                    concerns.extend(address_says(action, &to));
                }
            }
            let secret = form.fields.iter().find_map(|f| {
                field_secret(&f.input_type, &f.autocomplete, &f.name)
                    .filter(|k| matches!(k, SecretKind::Password | SecretKind::Payment))
            });
            if let Some(kind) = secret {
                concerns.push(Concern::SubmitSecret {
                    kind: SensitiveField::Secret(kind),
                    page: page.clone(),
                });
            }
        }
        if let Some(word) = consequential_word(&facts.name) {
            concerns.push(Concern::SensitiveControl {
                word,
                page: page.clone(),
            });
        }
        Ok(concerns)
    }

    /// A click on a link to `href` from `page`: what its address says, and when it leaves the
    /// page's origin, a navigation. `None` when it stays on the page's origin saying nothing,
    /// or only runs script.
    fn link(&self, href: &str, page: &Origin) -> Result<Option<Vec<Concern>>, Refusal> {
        if matches!(Destination::parse(href), Ok(Destination::Script)) {
            return Ok(None);
        }
        let (to, carries_data) = self.reachable(href)?;
        let says: Vec<Concern> = address_says(href, &to).into_iter().collect();
        if to == *page {
            return Ok((!says.is_empty()).then_some(says));
        }
        if self.navigations >= self.max_navigations {
            return Err(Refusal::NavigationLimit {
                max: self.max_navigations,
            });
        }
        let mut concerns = says;
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

/// Whether a fill of the element of `facts` sets it by a click: a checkbox, a radio, a
/// `<select>` (picking an option), an ARIA switch or option.
fn toggles(facts: &TargetFacts) -> bool {
    let ty = facts.input_type.as_deref().unwrap_or("");
    ty.eq_ignore_ascii_case("checkbox")
        || ty.eq_ignore_ascii_case("radio")
        || facts.tag.eq_ignore_ascii_case("select")
        || facts.role.as_deref().is_some_and(|role| {
            role.split_ascii_whitespace()
                .any(|r| TOGGLE_ROLES.iter().any(|t| r.eq_ignore_ascii_case(t)))
        })
}

/// What an address says it does, as a concern about going to `to`: its path ("/delete?id=7"
/// says delete), its query's parameter names, and the values of parameters that name an
/// operation (`action`, `op`, `do`, `cmd`...), never other values (a search for "delete" is a
/// search). Percent-escapes are read first, so `/%64elete` says it too.
fn address_says(url: &str, to: &Origin) -> Option<Concern> {
    const OPERATION: [&str; 9] = [
        "action",
        "act",
        "op",
        "operation",
        "do",
        "cmd",
        "command",
        "method",
        "task",
    ];
    let rest = url
        .find("://")
        .map(|i| &url[i + 3..])
        .and_then(|r| r.find(['/', '?', '#']).map(|j| &r[j..]))
        .unwrap_or("");
    let rest = rest.split('#').next().unwrap_or("");
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let mut said = percent_decoded(path);
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let key = percent_decoded(key);
        said.push(' ');
        said.push_str(&key);
        if OPERATION
            .iter()
            .any(|op| key.trim().eq_ignore_ascii_case(op))
        {
            said.push(' ');
            said.push_str(&percent_decoded(value));
        }
    }
    consequential_word(&said).map(|word| Concern::SensitiveAddress {
        word,
        to: to.clone(),
    })
}

/// `text` with its percent-escapes decoded (invalid UTF-8 replaced), `+` read as a space.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let hex = |j: usize| bytes.get(j).and_then(|c| (*c as char).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b'+', ..) => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The web origin an address leads to.
pub(super) fn destination(url: &str) -> Option<Origin> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_say_what_they_do_through_escapes() {
        let to = Origin::of("https://mail.example").unwrap();
        let says = |u: &str| address_says(u, &to).map(|c| c.to_string());
        assert_eq!(
            says("https://mail.example/delete?id=7&all=1").as_deref(),
            Some("the address says \u{201c}delete\u{201d}")
        );
        assert!(says("https://mail.example/%64elete?id=7").is_some());
        assert!(says("https://mail.example/a?action=send+now").is_some());
        assert!(says("https://mail.example/inbox?page=2").is_none());
        assert!(says("https://mail.example/search?q=delete+spam").is_none());
        assert!(says("https://mail.example/m?delete=1").is_some());
        assert!(says("https://mail.example/m#delete").is_none());
        // The host is not the address's words: deletion.example is a name.
        assert!(says("https://delete.example/").is_none());
        assert_eq!(percent_decoded("%zz%4"), "%zz%4");
    }
}
