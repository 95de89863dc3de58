//! Origins (scheme, host, port) and where an absolute address leads: a web origin (with or
//! without `user:pass@` credentials), script run in the page (`javascript:`), or something
//! outside the web (`mailto:`, `file:`, an app's own scheme...).

use std::fmt;

use super::host::{AddressSpace, Host, HostError};

/// The two web schemes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scheme {
    Http,
    Https,
}

impl Scheme {
    pub fn default_port(self) -> u16 {
        match self {
            Scheme::Http => 80,
            Scheme::Https => 443,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Scheme::Http => "http",
            Scheme::Https => "https",
        }
    }
}

/// A web origin. Shown as browsers show it: `https://bank.example`, the port only when it is
/// not the scheme's default.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    pub scheme: Scheme,
    pub host: Host,
    pub port: u16,
}

impl Origin {
    pub fn address_space(&self) -> AddressSpace {
        self.host.address_space()
    }

    /// The origin of an absolute `http(s)` address, ignoring credentials (`None` for any
    /// other address or one that cannot be read).
    pub fn of(url: &str) -> Option<Origin> {
        match Destination::parse(url) {
            Ok(Destination::Web { origin, .. }) => Some(origin),
            _ => None,
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme.as_str(), self.host)?;
        if self.port != self.scheme.default_port() {
            write!(f, ":{}", self.port)?;
        }
        Ok(())
    }
}

/// Where an absolute address leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// An `http:` or `https:` address. `credentials`: it carries `user:pass@` (or `user@`).
    Web { origin: Origin, credentials: bool },
    /// `javascript:`: runs script in the page itself, goes nowhere.
    Script,
    /// Any other scheme (lower-case): leaves the web (`mailto:`, `tel:`, `file:`, `data:`,
    /// an application's own scheme...).
    Other { scheme: String },
}

/// Why an address cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    #[error("the address is not absolute")]
    NotAbsolute,
    #[error("the address has a bad port")]
    BadPort,
    #[error(transparent)]
    Host(#[from] HostError),
}

impl Destination {
    /// Reads an absolute address. `blob:` addresses are judged by the origin inside them.
    pub fn parse(raw: &str) -> Result<Destination, UrlError> {
        let s = raw.trim_matches(|c: char| c.is_ascii_whitespace() || c.is_ascii_control());
        let (scheme, rest) = s.split_once(':').ok_or(UrlError::NotAbsolute)?;
        let valid_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !valid_scheme {
            return Err(UrlError::NotAbsolute);
        }
        let scheme = scheme.to_ascii_lowercase();
        let web = match scheme.as_str() {
            "http" => Scheme::Http,
            "https" => Scheme::Https,
            "javascript" => return Ok(Destination::Script),
            "blob" => return Destination::parse(rest),
            _ => return Ok(Destination::Other { scheme }),
        };
        // Browsers treat `\` as `/` in web addresses and skip any run of slashes.
        let after = rest.trim_start_matches(['/', '\\']);
        if after.len() == rest.len() {
            return Err(UrlError::NotAbsolute);
        }
        let end = after.find(['/', '\\', '?', '#']).unwrap_or(after.len());
        let authority = &after[..end];
        let (credentials, host_port) = match authority.rfind('@') {
            Some(at) => (true, &authority[at + 1..]),
            None => (false, authority),
        };
        let (host, port) = split_port(host_port)?;
        let host = Host::parse(host)?;
        let port = match port {
            None | Some("") => web.default_port(),
            Some(p) if p.bytes().all(|b| b.is_ascii_digit()) => {
                p.parse::<u16>().map_err(|_| UrlError::BadPort)?
            }
            Some(_) => return Err(UrlError::BadPort),
        };
        Ok(Destination::Web {
            origin: Origin {
                scheme: web,
                host,
                port,
            },
            credentials,
        })
    }
}

/// `host[:port]`, the host of an IPv6 literal keeping its brackets.
fn split_port(s: &str) -> Result<(&str, Option<&str>), UrlError> {
    if s.starts_with('[') {
        let close = s.find(']').ok_or(HostError::BadIpv6)?;
        let (host, tail) = s.split_at(close + 1);
        return match tail {
            "" => Ok((host, None)),
            t => t
                .strip_prefix(':')
                .map(|p| (host, Some(p)))
                .ok_or(UrlError::BadPort),
        };
    }
    Ok(match s.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (s, None),
    })
}
