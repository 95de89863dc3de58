//! Sites of URLs: the origin (`https://host:port`, what logs and messages name instead of a whole
//! URL) and the host permission a URL needs, as a Chrome match pattern (`https://host/*`; match
//! patterns ignore ports).
//!
//! Zo reaches a host only with the user's permission for it: the side panel asks for the page's
//! pattern in the click that sends a question, the options page for the API base URL's in the
//! click that saves it, and the worker checks the API's before it sends the key. The manifest
//! grants Zo's public API alone ([`MANIFEST_HOSTS`]).

/// Host permissions the manifest grants at install (`host_permissions`).
pub const MANIFEST_HOSTS: [&str; 1] = ["https://api.zo.computer/*"];

/// The permission `chrome.tabs.captureVisibleTab` needs (Visual mode screenshots): Chrome
/// accepts no narrower host permission for it.
pub const ALL_URLS: &str = "<all_urls>";

/// `(scheme, authority)` of an `http(s)://` URL, the scheme lowercased, the authority without
/// credentials; None for any other URL or an empty host.
fn http_parts(url: &str) -> Option<(String, &str)> {
    let (scheme, rest) = url.trim().split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let authority = authority.rsplit('@').next().unwrap_or(authority);
    let host = host_of(authority);
    (!host.is_empty()).then_some((scheme, authority))
}

/// The host of `host[:port]` (an IPv6 literal keeps its brackets).
fn host_of(authority: &str) -> &str {
    if authority.starts_with('[') {
        authority.find(']').map_or(authority, |i| &authority[..=i])
    } else {
        authority.split(':').next().unwrap_or("")
    }
}

/// Whether `url` is an `http://` or `https://` URL with a host: a web page Zo may read and act
/// on, or an API address.
pub fn is_web_url(url: &str) -> bool {
    http_parts(url).is_some()
}

/// The match pattern of `url`'s host (`https://example.com/*`), lowercased; None unless `url` is
/// an http(s) URL.
pub fn host_pattern(url: &str) -> Option<String> {
    let (scheme, authority) = http_parts(url)?;
    Some(format!(
        "{scheme}://{}/*",
        host_of(authority).to_ascii_lowercase()
    ))
}

/// Whether the manifest already grants `pattern` (nothing to ask the user).
pub fn granted_by_manifest(pattern: &str) -> bool {
    MANIFEST_HOSTS.contains(&pattern)
}

/// The origin of `url` for messages and logs: `scheme://host[:port]` without credentials, path,
/// query or fragment; for a URL without an authority (`about:blank`, `data:...`) its scheme.
pub fn origin_of(url: &str) -> String {
    if let Some((scheme, authority)) = url.trim().split_once("://") {
        let end = authority
            .find(['/', '?', '#', '\\'])
            .unwrap_or(authority.len());
        let authority = &authority[..end];
        let authority = authority.rsplit('@').next().unwrap_or(authority);
        return format!(
            "{}://{}",
            scheme.to_ascii_lowercase(),
            authority.to_ascii_lowercase()
        );
    }
    match url.split_once(':') {
        Some((scheme, _)) => format!("{}:", scheme.to_ascii_lowercase()),
        None => "(no URL)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_name_the_host_without_port_path_or_credentials() {
        for (url, want) in [
            (
                "https://Shop.Example.com/cart?x=1#y",
                "https://shop.example.com/*",
            ),
            ("http://127.0.0.1:8080/form.html", "http://127.0.0.1/*"),
            ("http://user:pw@localhost:3000/", "http://localhost/*"),
            ("https://[::1]:9000/a", "https://[::1]/*"),
            ("HTTPS://api.zo.computer", "https://api.zo.computer/*"),
        ] {
            assert_eq!(host_pattern(url).as_deref(), Some(want), "{url}");
        }
    }

    #[test]
    fn only_web_urls_have_a_pattern() {
        for url in [
            "chrome://extensions/",
            "chrome-extension://abc/extension/sidepanel.html",
            "file:///etc/passwd",
            "about:blank",
            "javascript:alert(1)",
            "data:text/html,hi",
            "https://",
            "https:///path",
            "",
        ] {
            assert_eq!(host_pattern(url), None, "{url}");
            assert!(!is_web_url(url), "{url}");
        }
        assert!(is_web_url("http://127.0.0.1:4000/"));
    }

    #[test]
    fn the_manifest_grants_only_zos_api() {
        assert!(granted_by_manifest("https://api.zo.computer/*"));
        assert!(!granted_by_manifest(
            "https://api.zo.computer.evil.example/*"
        ));
        assert!(!granted_by_manifest("http://api.zo.computer/*"));
    }

    #[test]
    fn origins_leave_out_everything_after_the_host() {
        assert_eq!(
            origin_of("https://user:secret@Bank.example:8443/acct?token=1"),
            "https://bank.example:8443"
        );
        assert_eq!(origin_of("about:blank"), "about:");
        assert_eq!(origin_of("data:text/html,<b>secret</b>"), "data:");
        assert_eq!(origin_of(""), "(no URL)");
    }
}
