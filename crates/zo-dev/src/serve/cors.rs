//! CORS: which origins may call the dev server (http://127.0.0.1:*, http://localhost:*,
//! chrome-extension://*), the headers added to their responses, and preflight answers.

use super::http::Request;

const ALLOW_METHODS: &str = "GET, POST, DELETE, OPTIONS";
const ALLOW_HEADERS: &str = "Authorization, Content-Type, Accept, Last-Event-ID";
const EXPOSE_HEADERS: &str = "x-conversation-id, Retry-After";

/// Whether `origin` may read the server's responses.
pub fn allowed_origin(origin: &str) -> bool {
    if let Some(id) = origin.strip_prefix("chrome-extension://") {
        return !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric());
    }
    ["http://127.0.0.1", "http://localhost"].iter().any(|host| {
        origin.strip_prefix(host).is_some_and(|rest| {
            rest.is_empty()
                || rest.strip_prefix(':').is_some_and(|port| {
                    !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit())
                })
        })
    })
}

/// Headers for an ordinary response to `request` (none when there is no allowed Origin).
pub fn response_headers(request: &Request) -> Vec<(String, String)> {
    match request.header("origin") {
        Some(origin) if allowed_origin(origin) => vec![
            ("Access-Control-Allow-Origin".to_owned(), origin.to_owned()),
            (
                "Access-Control-Expose-Headers".to_owned(),
                EXPOSE_HEADERS.to_owned(),
            ),
            ("Vary".to_owned(), "Origin".to_owned()),
        ],
        _ => Vec::new(),
    }
}

/// The answer to an `OPTIONS` preflight: `Some(headers)` for an allowed origin (204), `None`
/// for a missing or foreign one (403).
pub fn preflight_headers(request: &Request) -> Option<Vec<(String, String)>> {
    let origin = request.header("origin")?;
    if !allowed_origin(origin) {
        return None;
    }
    let mut headers = vec![
        ("Access-Control-Allow-Origin".to_owned(), origin.to_owned()),
        (
            "Access-Control-Allow-Methods".to_owned(),
            ALLOW_METHODS.to_owned(),
        ),
        (
            "Access-Control-Allow-Headers".to_owned(),
            allow_headers(request),
        ),
        ("Access-Control-Max-Age".to_owned(), "600".to_owned()),
        ("Vary".to_owned(), "Origin".to_owned()),
    ];
    // Chrome's Private Network Access preflight.
    if request.header("access-control-request-private-network") == Some("true") {
        headers.push((
            "Access-Control-Allow-Private-Network".to_owned(),
            "true".to_owned(),
        ));
    }
    Some(headers)
}

/// The fixed list plus whatever else the preflight asks for (a test server, not a gate).
fn allow_headers(request: &Request) -> String {
    let mut allowed = ALLOW_HEADERS.to_owned();
    let requested = request
        .header("access-control-request-headers")
        .unwrap_or_default();
    for name in requested
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        let known = allowed.split(", ").any(|a| a.eq_ignore_ascii_case(name));
        let token = name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !known && token {
            allowed.push_str(", ");
            allowed.push_str(name);
        }
    }
    allowed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins() {
        for ok in [
            "http://127.0.0.1",
            "http://127.0.0.1:8080",
            "http://localhost:3000",
            "chrome-extension://abcdefghijklmnop",
        ] {
            assert!(allowed_origin(ok), "{ok}");
        }
        for bad in [
            "https://example.com",
            "http://127.0.0.1.evil.com",
            "http://localhost:",
            "http://localhostx",
            "https://127.0.0.1:8080",
            "chrome-extension://",
            "null",
        ] {
            assert!(!allowed_origin(bad), "{bad}");
        }
    }
}
