//! Who sent a port or a message: the facts chrome.runtime gives (`MessageSender`: extension id,
//! the frame's URL, the tab it is in) and what they make the sender.
//!
//! The worker serves only this extension's own pages: the side panel and the options page,
//! shown in the side panel or opened in a tab ([`classify`]). A port name or a message shape is
//! no authentication: content scripts run with this extension's id in pages a compromised
//! renderer controls, so they are refused like any other sender; the worker reaches them only
//! through ports it opens itself. The side panel in turn takes settings only from the worker
//! ([`is_worker`]). URLs are compared with the extension's own origin (`chrome-extension://id`).

use std::fmt;

use serde::Deserialize;

use crate::trust::site::origin_of;

/// The side panel page, relative to the extension root.
pub const SIDE_PANEL_PATH: &str = "/extension/sidepanel.html";
/// The options page.
pub const OPTIONS_PATH: &str = "/extension/options.html";
/// The service worker script.
pub const WORKER_PATH: &str = "/extension/background.js";

fn no_id() -> i32 {
    -1
}

/// The tab a sender frame is in (`MessageSender.tab`; only the fields that matter here).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SenderTab {
    #[serde(default = "no_id")]
    pub id: i32,
    #[serde(default = "no_id")]
    pub window_id: i32,
}

/// `MessageSender` as chrome.runtime reports it (other fields are ignored).
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SenderFacts {
    /// The sending extension's id.
    #[serde(default)]
    pub id: Option<String>,
    /// The URL of the sending frame (a web page's URL for a content script).
    #[serde(default)]
    pub url: Option<String>,
    /// Present when the sender is in a tab (a content script, or an extension page in a tab).
    #[serde(default)]
    pub tab: Option<SenderTab>,
}

/// Which of the extension's pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    SidePanel,
    Options,
}

/// A sender the worker serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrustedPage {
    pub kind: PageKind,
    /// The tab the page is shown in; None in the browser's side panel.
    pub tab: Option<SenderTab>,
}

impl TrustedPage {
    /// The side panel as the browser shows it (not in a tab).
    pub const SIDE_PANEL: TrustedPage = TrustedPage {
        kind: PageKind::SidePanel,
        tab: None,
    };
}

/// Why a sender is refused. Its text is safe to log: an origin or a path, never a query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Another extension or app, or no id at all.
    ForeignExtension,
    /// This extension, but no URL to tell which context.
    NoUrl,
    /// A content script of this extension, in a web page.
    ContentScript { origin: String },
    /// A page of this extension other than the side panel and the options page.
    OtherPage { path: String },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::ForeignExtension => f.write_str("another extension or app"),
            Refusal::NoUrl => f.write_str("a sender without a URL"),
            Refusal::ContentScript { origin } => write!(f, "a content script on {origin}"),
            Refusal::OtherPage { path } => write!(f, "the extension page {path}"),
        }
    }
}

/// The extension id in `chrome-extension://id`.
fn own_id(own_origin: &str) -> Option<&str> {
    own_origin
        .strip_prefix("chrome-extension://")
        .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// The path of `url` (no query or fragment) when it is one of this extension's URLs.
fn own_path<'a>(url: &'a str, own_origin: &str) -> Option<&'a str> {
    let rest = url.strip_prefix(own_origin)?;
    if !rest.starts_with('/') {
        return None;
    }
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    Some(&rest[..end])
}

/// Whether `facts` come from this extension (its id).
fn ours(facts: &SenderFacts, own_origin: &str) -> bool {
    matches!((facts.id.as_deref(), own_id(own_origin)), (Some(a), Some(b)) if a == b)
}

/// The page the worker may serve, or why not.
pub fn classify(facts: &SenderFacts, own_origin: &str) -> Result<TrustedPage, Refusal> {
    if !ours(facts, own_origin) {
        return Err(Refusal::ForeignExtension);
    }
    let url = facts.url.as_deref().ok_or(Refusal::NoUrl)?;
    let Some(path) = own_path(url, own_origin) else {
        return Err(Refusal::ContentScript {
            origin: origin_of(url),
        });
    };
    let kind = match path {
        SIDE_PANEL_PATH => PageKind::SidePanel,
        OPTIONS_PATH => PageKind::Options,
        other => {
            return Err(Refusal::OtherPage {
                path: other.to_string(),
            })
        }
    };
    Ok(TrustedPage {
        kind,
        tab: facts.tab,
    })
}

/// Whether a message comes from this extension's service worker (what the side panel accepts
/// settings from; a content script could otherwise message every extension page).
pub fn is_worker(facts: &SenderFacts, own_origin: &str) -> bool {
    ours(facts, own_origin)
        && facts.tab.is_none()
        && facts
            .url
            .as_deref()
            .and_then(|url| own_path(url, own_origin))
            == Some(WORKER_PATH)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ME: &str = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
    const ID: &str = "abcdefghijklmnopabcdefghijklmnop";

    fn facts(id: Option<&str>, url: Option<&str>, tab: Option<(i32, i32)>) -> SenderFacts {
        SenderFacts {
            id: id.map(str::to_string),
            url: url.map(str::to_string),
            tab: tab.map(|(id, window_id)| SenderTab { id, window_id }),
        }
    }

    fn url(path: &str) -> String {
        format!("{ME}{path}")
    }

    #[test]
    fn the_side_panel_and_the_options_page_are_served() {
        let panel = classify(&facts(Some(ID), Some(&url(SIDE_PANEL_PATH)), None), ME);
        assert_eq!(panel, Ok(TrustedPage::SIDE_PANEL));
        let in_tab = classify(
            &facts(
                Some(ID),
                Some(&url("/extension/sidepanel.html?tabId=7#x")),
                Some((3, 9)),
            ),
            ME,
        );
        assert_eq!(
            in_tab,
            Ok(TrustedPage {
                kind: PageKind::SidePanel,
                tab: Some(SenderTab {
                    id: 3,
                    window_id: 9
                })
            })
        );
        let options =
            classify(&facts(Some(ID), Some(&url(OPTIONS_PATH)), Some((4, 9))), ME).map(|p| p.kind);
        assert_eq!(options, Ok(PageKind::Options));
    }

    #[test]
    fn content_scripts_are_refused_and_named_by_origin_only() {
        let got = classify(
            &facts(
                Some(ID),
                Some("https://evil.example/path?session=secret"),
                Some((5, 1)),
            ),
            ME,
        );
        assert_eq!(
            got,
            Err(Refusal::ContentScript {
                origin: "https://evil.example".into()
            })
        );
        assert_eq!(
            got.unwrap_err().to_string(),
            "a content script on https://evil.example"
        );
        // A page that merely names the extension in its URL is still a page.
        let tricky = format!("https://evil.example/{ME}{SIDE_PANEL_PATH}");
        assert!(matches!(
            classify(&facts(Some(ID), Some(&tricky), Some((5, 1))), ME),
            Err(Refusal::ContentScript { .. })
        ));
        // An origin that only starts like ours.
        let longer = format!("{ME}x{SIDE_PANEL_PATH}");
        assert!(classify(&facts(Some(ID), Some(&longer), None), ME).is_err());
    }

    #[test]
    fn other_pages_and_senders_are_refused() {
        assert_eq!(
            classify(
                &facts(Some(ID), Some(&url("/manifest.json")), Some((1, 1))),
                ME
            ),
            Err(Refusal::OtherPage {
                path: "/manifest.json".into()
            })
        );
        assert_eq!(
            classify(
                &facts(Some(ID), Some(&url("/extension/sidepanel.htm")), None),
                ME
            ),
            Err(Refusal::OtherPage {
                path: "/extension/sidepanel.htm".into()
            })
        );
        assert_eq!(
            classify(
                &facts(Some("otherextensionid"), Some(&url(SIDE_PANEL_PATH)), None),
                ME
            ),
            Err(Refusal::ForeignExtension)
        );
        assert_eq!(
            classify(&facts(None, Some(&url(SIDE_PANEL_PATH)), None), ME),
            Err(Refusal::ForeignExtension)
        );
        assert_eq!(
            classify(&facts(Some(ID), None, None), ME),
            Err(Refusal::NoUrl)
        );
        // A malformed own origin trusts nobody.
        assert!(classify(
            &facts(Some(""), Some(SIDE_PANEL_PATH), None),
            "chrome-extension://"
        )
        .is_err());
    }

    #[test]
    fn only_the_worker_is_the_worker() {
        assert!(is_worker(
            &facts(Some(ID), Some(&url(WORKER_PATH)), None),
            ME
        ));
        assert!(!is_worker(
            &facts(Some(ID), Some(&url(WORKER_PATH)), Some((1, 1))),
            ME
        ));
        assert!(!is_worker(
            &facts(Some(ID), Some(&url(SIDE_PANEL_PATH)), None),
            ME
        ));
        assert!(!is_worker(
            &facts(
                Some(ID),
                Some("https://a.example/extension/background.js"),
                Some((1, 1))
            ),
            ME
        ));
        assert!(!is_worker(
            &facts(Some("other"), Some(&url(WORKER_PATH)), None),
            ME
        ));
    }

    #[test]
    fn sender_facts_parse_from_chromes_shape() {
        let f: SenderFacts = serde_json::from_value(serde_json::json!({
            "id": ID, "url": url(SIDE_PANEL_PATH), "origin": ME, "frameId": 0,
            "documentId": "D", "tab": {"id": 12, "windowId": 3, "url": "x", "active": true}
        }))
        .unwrap();
        assert_eq!(
            f.tab,
            Some(SenderTab {
                id: 12,
                window_id: 3
            })
        );
        let bare: SenderFacts = serde_json::from_value(serde_json::json!({})).unwrap();
        assert_eq!(bare, SenderFacts::default());
    }
}
