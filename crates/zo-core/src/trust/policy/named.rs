//! Sites the user's own message names: addresses (`https://shop.example/cart`) and bare host
//! names (`example.com`, `docs.example.org:8080`, `localhost:3000`, `192.168.1.1`). A task may go
//! to a named site without asking, because the person asked for it in their own words.
//!
//! A named domain covers itself and its subdomains (`example.com` covers `www.example.com` and
//! `shop.example.com`: one owner controls a domain's subdomains), and `www.example.com` covers
//! the same as `example.com`. Only what the public suffix list ([`PublicSuffixes`]) calls
//! registrable is a site: a bare suffix (`com`, `co.uk`, `github.io`) is never named, and
//! `www.` is dropped only where what is left is still registrable. Without the list, a named
//! domain covers exactly itself. An IP address or a dotless name (`localhost`) covers exactly
//! itself. Without
//! a port in the message only the scheme's default port matches; with one, only that port.
//! E-mail addresses (`ada@example.com`) name a person, not a site, and are skipped.

use super::host::Host;
use super::origin::{Destination, Origin};
use crate::trust::suffixes::{PublicSuffixes, Registrable};

/// A site named in the user's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedSite {
    host: Host,
    port: Option<u16>,
    /// Whether the host's subdomains are covered too (a registrable domain's are).
    subdomains: bool,
}

/// Most sites read from one message (a pasted list of URLs cannot grow the scope without end).
pub const MAX_NAMED_SITES: usize = 32;

impl NamedSite {
    /// The host the message named.
    pub fn host(&self) -> &Host {
        &self.host
    }

    /// The port the message wrote, if any.
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// Whether the site's subdomains are covered (it is a registrable domain).
    pub fn subdomains(&self) -> bool {
        self.subdomains
    }

    /// The site in words: `pay.example and its subdomains`, `127.0.0.1:4001`.
    pub fn describe(&self) -> String {
        let host = match self.port {
            Some(p) => format!("{}:{p}", self.host),
            None => self.host.to_string(),
        };
        if self.subdomains {
            format!("{host} and its subdomains")
        } else {
            host
        }
    }

    /// Whether `origin` belongs to this named site.
    pub fn covers(&self, origin: &Origin) -> bool {
        let port_ok = match self.port {
            Some(p) => origin.port == p,
            None => origin.port == origin.scheme.default_port(),
        };
        if !port_ok {
            return false;
        }
        match (&self.host, &origin.host) {
            (Host::Domain(named), Host::Domain(_)) => {
                let Some(target) = origin.host.domain() else {
                    return false;
                };
                let named = named.strip_suffix('.').unwrap_or(named);
                target == named
                    || (self.subdomains
                        && target
                            .strip_suffix(named)
                            .is_some_and(|rest| rest.ends_with('.')))
            }
            (named, target) => named == target,
        }
    }

    /// The site as the list says: a registrable domain covers its subdomains (`www.` dropped
    /// where what is left is registrable), a public suffix is no site, and without the list
    /// or for an address or a dotless name the host stands for itself alone.
    fn resolved(mut self, suffixes: &PublicSuffixes) -> Option<NamedSite> {
        let Some(domain) = self.host.domain().map(str::to_string) else {
            return Some(self);
        };
        if !domain.contains('.') {
            return Some(self);
        }
        match suffixes.registrable(&domain) {
            Registrable::Suffix => None,
            Registrable::Unknown => Some(self),
            Registrable::Under(_) => {
                let base = match domain.strip_prefix("www.") {
                    Some(rest) if matches!(suffixes.registrable(rest), Registrable::Under(_)) => {
                        rest.to_string()
                    }
                    _ => domain,
                };
                self.host = Host::Domain(base);
                self.subdomains = true;
                Some(self)
            }
        }
    }
}

/// The site of `origin`, as far as the user's allowing a send to it reaches: its registrable
/// domain with the subdomains (`api.collector.example` gives `collector.example`), on the
/// origin's port; an IP address, a dotless name, a public suffix or any domain while no list
/// is loaded stands for itself alone.
pub fn site_of(origin: &Origin, suffixes: &PublicSuffixes) -> NamedSite {
    let port = (origin.port != origin.scheme.default_port()).then_some(origin.port);
    let exact = NamedSite {
        host: origin.host.clone(),
        port,
        subdomains: false,
    };
    let Some(domain) = origin.host.domain() else {
        return exact;
    };
    if !domain.contains('.') {
        return exact;
    }
    match suffixes.registrable(domain) {
        Registrable::Under(base) => NamedSite {
            host: Host::Domain(base),
            port,
            subdomains: true,
        },
        Registrable::Suffix | Registrable::Unknown => exact,
    }
}

/// The sites named in `text`, in order, without repeats, at most [`MAX_NAMED_SITES`]; what is
/// a site is the list's word (`suffixes`).
pub fn named_sites(text: &str, suffixes: &PublicSuffixes) -> Vec<NamedSite> {
    let mut out: Vec<NamedSite> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() && out.len() < MAX_NAMED_SITES {
        let starts_token = i == 0 || !is_host_byte(bytes[i - 1]);
        if !starts_token || !is_host_byte(bytes[i]) {
            i += 1;
            continue;
        }
        let after_at = i > 0 && bytes[i - 1] == b'@';
        let rest = &text[i..];
        let (site, used) = if starts_with_web_scheme(rest) {
            let end = rest
                .find(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '"' | '\''))
                .unwrap_or(rest.len());
            (from_url(&rest[..end]), end)
        } else {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':')))
                .unwrap_or(rest.len());
            let site = if after_at {
                None
            } else {
                from_bare(&rest[..end])
            };
            (site, end.max(1))
        };
        if let Some(site) = site.and_then(|s| s.resolved(suffixes)) {
            if !out.contains(&site) {
                out.push(site);
            }
        }
        i += used;
    }
    out
}

fn is_host_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'.'
}

fn starts_with_web_scheme(s: &str) -> bool {
    let lower = |n: usize| s.get(..n).map(str::to_ascii_lowercase);
    lower(7).as_deref() == Some("http://") || lower(8).as_deref() == Some("https://")
}

fn from_url(url: &str) -> Option<NamedSite> {
    let url = url.trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']', '}']);
    match Destination::parse(url).ok()? {
        Destination::Web {
            origin,
            credentials: false,
        } => {
            let default = origin.port == origin.scheme.default_port();
            Some(NamedSite {
                host: origin.host,
                port: (!default).then_some(origin.port),
                subdomains: false,
            })
        }
        _ => None,
    }
}

/// `host` or `host:port` written bare: a domain with a letter-only top label of 2 or more
/// letters, an IPv4 dotted quad, or `localhost`.
fn from_bare(token: &str) -> Option<NamedSite> {
    let token = token.trim_end_matches(['.', ':', '-']);
    let (host, port) = match token.rsplit_once(':') {
        Some((h, p)) => (h, Some(p.parse::<u16>().ok()?)),
        None => (token, None),
    };
    let host = host.strip_suffix('.').unwrap_or(host);
    let labels: Vec<&str> = host.split('.').collect();
    let well_formed = labels
        .iter()
        .all(|l| !l.is_empty() && l.len() <= 63 && !l.starts_with('-') && !l.ends_with('-'));
    if !well_formed {
        return None;
    }
    let top = labels.last()?;
    let domain =
        labels.len() >= 2 && top.len() >= 2 && top.bytes().all(|b| b.is_ascii_alphabetic());
    let quad = labels.len() == 4 && labels.iter().all(|l| l.bytes().all(|b| b.is_ascii_digit()));
    if !(domain || quad || host.eq_ignore_ascii_case("localhost")) {
        return None;
    }
    Some(NamedSite {
        host: Host::parse(host).ok()?,
        port,
        subdomains: false,
    })
}
