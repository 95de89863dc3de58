//! The API base URL rule: where the worker may send the API key. An absolute `https://` URL,
//! or `http://` on this computer's loopback names (`127.0.0.1`, `localhost`) for a development
//! server such as `zo-dev serve`; never credentials, a query or a fragment.
//!
//! `http://[::1]` is refused too: the extension pages' Content-Security-Policy cannot name an
//! IPv6 literal (Chromium drops such a `connect-src` source as invalid), so the browser would
//! block the request anyway; `http://localhost` reaches the same server.

use crate::wire::settings::SettingsError;

/// Hosts on which plain `http://` is accepted (compared case-insensitively).
pub const LOOPBACK_HTTP_HOSTS: [&str; 2] = ["127.0.0.1", "localhost"];

/// Validates an API base URL (see the module doc). Returns it normalized: surrounding blanks and
/// trailing slashes removed, scheme and host lowercased.
pub fn parse_api_base_url(input: &str) -> Result<String, SettingsError> {
    let url = input.trim();
    let err = |reason| SettingsError::BaseUrl {
        url: input.to_string(),
        reason,
    };
    let (scheme, rest) = url
        .split_once("://")
        .ok_or_else(|| err("it must be an absolute URL starting with https://"))?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return Err(err(
            "only https:// is supported (http:// only on this computer)",
        ));
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(err("it contains spaces or control characters"));
    }
    if rest.contains(['?', '#']) {
        return Err(err("a base URL cannot have a query or a fragment"));
    }
    let (authority, path) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    if authority.contains('@') {
        return Err(err(
            "credentials in the URL are not allowed; use the API key field",
        ));
    }
    let authority = authority.to_ascii_lowercase();
    let host = split_port(&authority).map_err(err)?;
    if host.is_empty() {
        return Err(err("it has no host"));
    }
    if scheme == "http" && !LOOPBACK_HTTP_HOSTS.contains(&host) {
        return Err(err(
            "the key is only sent over https://; http:// is allowed only for a development \
             server on this computer (http://127.0.0.1 or http://localhost)",
        ));
    }
    let path = path.trim_end_matches('/');
    Ok(format!("{scheme}://{authority}{path}"))
}

/// Returns the host part of `host[:port]` (IPv6 in brackets), checking the port is numeric.
fn split_port(authority: &str) -> Result<&str, &'static str> {
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let end = rest
            .find(']')
            .ok_or("an IPv6 host is missing its closing bracket")?;
        let after = &rest[end + 1..];
        let port = match after.strip_prefix(':') {
            Some(p) => Some(p),
            None if after.is_empty() => None,
            None => return Err("unexpected text after the IPv6 host"),
        };
        (&authority[..end + 2], port)
    } else {
        match authority.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (authority, None),
        }
    };
    if let Some(port) = port {
        if port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) || port.len() > 5 {
            return Err("the port must be a number");
        }
        if port.parse::<u32>().map_or(true, |p| p > 65_535) {
            return Err("the port must be at most 65535");
        }
    }
    if host.contains(['[', ']']) && !host.starts_with('[') {
        return Err("brackets are only allowed around an IPv6 host");
    }
    Ok(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_url_is_normalized() {
        for (input, want) in [
            ("https://api.zo.computer", "https://api.zo.computer"),
            ("https://api.zo.computer/", "https://api.zo.computer"),
            ("  http://127.0.0.1:8080//  ", "http://127.0.0.1:8080"),
            (
                "HTTP://LocalHost:3000/api/v1/",
                "http://localhost:3000/api/v1",
            ),
            (
                "https://API.Example.COM/Base",
                "https://api.example.com/Base",
            ),
            ("https://[::1]:9000", "https://[::1]:9000"),
            ("https://[::1]", "https://[::1]"),
        ] {
            assert_eq!(parse_api_base_url(input).unwrap(), want, "{input}");
        }
    }

    #[test]
    fn bad_base_urls_are_rejected() {
        for input in [
            "api.zo.computer",
            "/zo",
            "ftp://api.zo.computer",
            "javascript://alert(1)",
            "https://",
            "https:///path",
            "https://user:pw@api.zo.computer",
            "https://api.zo.computer?x=1",
            "https://api.zo.computer/#frag",
            "https://api zo.computer",
            "https://127.0.0.1:port",
            "https://127.0.0.1:",
            "https://127.0.0.1:99999",
            "https://[::1",
            "https://[::1]x",
            "https://a]b",
        ] {
            let e = parse_api_base_url(input).unwrap_err();
            assert!(matches!(e, SettingsError::BaseUrl { .. }), "{input}: {e:?}");
        }
    }

    /// The key travels in clear text only to this computer.
    #[test]
    fn http_is_only_for_loopback_names() {
        for ok in [
            "http://127.0.0.1",
            "http://127.0.0.1:8080/base",
            "http://localhost:3000",
            "http://LOCALHOST",
        ] {
            assert!(parse_api_base_url(ok).is_ok(), "{ok}");
        }
        for refused in [
            "http://api.zo.computer",
            "http://example.com:80",
            "http://10.0.0.1:8080",
            "http://127.0.0.2",
            "http://localhost.example.com",
            "http://[::1]:8080",
            "http://0.0.0.0",
        ] {
            let e = parse_api_base_url(refused).unwrap_err();
            assert!(
                e.to_string().contains("only sent over https://"),
                "{refused}: {e}"
            );
        }
        assert!(parse_api_base_url("https://example.com").is_ok());
    }
}
