//! The public suffix list (publicsuffix.org): which domain names are registrable, so that a
//! site the user names is an owner's domain and never a suffix shared by strangers (`co.uk`,
//! `github.io`, `blogspot.com`). The list's text comes from the copy the extension ships
//! and is parsed once, by the `publicsuffix` crate; without it ([`PublicSuffixes::unavailable`])
//! no name is known to be registrable, and callers fall back to exact hosts.

use publicsuffix::{List, Psl};

/// Largest list text read (the list is about 250 KB; a damaged or hostile file stops here).
pub const MAX_LIST_BYTES: usize = 1 << 20;

/// Why the list could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SuffixListError {
    #[error("the public suffix list is larger than {MAX_LIST_BYTES} bytes")]
    TooLarge,
    #[error("the public suffix list could not be read: {0}")]
    Invalid(String),
    #[error("the public suffix list has no rules")]
    Empty,
}

/// What the list says of a domain name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Registrable {
    /// The name is at or under a registrable domain, which is this.
    Under(String),
    /// The name is a public suffix (or under a wildcard one): nobody owns it as a site.
    Suffix,
    /// No list was loaded: nothing is known.
    Unknown,
}

/// The list, or its absence.
#[derive(Debug, Clone, Default)]
pub struct PublicSuffixes {
    list: Option<List>,
}

impl PublicSuffixes {
    /// The list from its text (the `public_suffix_list.dat` format).
    pub fn parse(text: &str) -> Result<PublicSuffixes, SuffixListError> {
        if text.len() > MAX_LIST_BYTES {
            return Err(SuffixListError::TooLarge);
        }
        let list: List = text
            .parse()
            .map_err(|e: publicsuffix::Error| SuffixListError::Invalid(e.to_string()))?;
        if list.is_empty() {
            return Err(SuffixListError::Empty);
        }
        Ok(PublicSuffixes { list: Some(list) })
    }

    /// No list: every answer is [`Registrable::Unknown`].
    pub fn unavailable() -> PublicSuffixes {
        PublicSuffixes::default()
    }

    /// Whether a list was loaded.
    pub fn is_loaded(&self) -> bool {
        self.list.is_some()
    }

    /// What the list says of `domain` (lower case, without a trailing dot).
    pub fn registrable(&self, domain: &str) -> Registrable {
        let Some(list) = &self.list else {
            return Registrable::Unknown;
        };
        match list.domain(domain.as_bytes()) {
            Some(d) => match std::str::from_utf8(d.as_bytes()) {
                Ok(s) => Registrable::Under(s.to_string()),
                Err(_) => Registrable::Suffix,
            },
            None => Registrable::Suffix,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A few rules of each kind, in the list's format (the real list is loaded in the browser).
    pub(crate) const SAMPLE: &str = "// ===BEGIN ICANN DOMAINS===\n\
        com\norg\nuk\nco.uk\nck\n*.ck\n!www.ck\n\
        // ===END ICANN DOMAINS===\n\
        // ===BEGIN PRIVATE DOMAINS===\n\
        github.io\nblogspot.com\n\
        // ===END PRIVATE DOMAINS===\n";

    pub(crate) fn sample() -> PublicSuffixes {
        PublicSuffixes::parse(SAMPLE).unwrap()
    }

    #[test]
    fn registrable_domains_and_suffixes() {
        let psl = sample();
        let under = |s: &str| Registrable::Under(s.to_string());
        assert_eq!(psl.registrable("www.example.com"), under("example.com"));
        assert_eq!(psl.registrable("example.co.uk"), under("example.co.uk"));
        assert_eq!(psl.registrable("ada.github.io"), under("ada.github.io"));
        assert_eq!(psl.registrable("x.ada.github.io"), under("ada.github.io"));
        assert_eq!(psl.registrable("github.io"), Registrable::Suffix);
        assert_eq!(psl.registrable("co.uk"), Registrable::Suffix);
        assert_eq!(psl.registrable("com"), Registrable::Suffix);
        assert_eq!(psl.registrable("anything.ck"), Registrable::Suffix);
        assert_eq!(psl.registrable("www.ck"), under("www.ck"));
        assert_eq!(
            PublicSuffixes::unavailable().registrable("example.com"),
            Registrable::Unknown
        );
    }

    #[test]
    fn bad_lists_are_refused() {
        assert!(PublicSuffixes::parse("").is_err());
        assert!(PublicSuffixes::parse("// only a comment\n").is_err());
        let huge = "a\n".repeat(MAX_LIST_BYTES);
        assert_eq!(
            PublicSuffixes::parse(&huge).err(),
            Some(SuffixListError::TooLarge)
        );
    }

    #[test]
    fn the_systems_copy_of_the_list_parses_when_present() {
        // Debian's `publicsuffix` package, which build.sh installs and ships; skipped elsewhere.
        let Ok(text) = std::fs::read_to_string("/usr/share/publicsuffix/public_suffix_list.dat")
        else {
            return;
        };
        let psl = PublicSuffixes::parse(&text).unwrap();
        assert_eq!(psl.registrable("github.io"), Registrable::Suffix);
        assert_eq!(
            psl.registrable("shop.example.co.uk"),
            Registrable::Under("example.co.uk".to_string())
        );
    }
}
