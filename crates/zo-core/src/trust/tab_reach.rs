//! Which tab a trusted page may have Zo read and act on. A request names a tab id; the worker
//! looks the tab up and acts on it only when it is a web page (`http(s)://`) the person can see
//! next to the page that asked:
//! - the side panel (not in a tab) binds to the active tab of its window, so the tab must be
//!   the active tab of its window;
//! - a page shown in a tab (the side panel opened as `sidepanel.html?tabId=N`, as the end-to-end
//!   tests do, or the options page) may name any tab of its own window, never one of another
//!   window.
//!
//! Tabs the user picks with `@` to go with a question as context ([`may_read_as_context`]) are
//! read, never acted on: web pages of the window of the tab Zo looks at, and never a page no
//! extension may script (the Chrome Web Store).

use std::fmt;

use crate::trust::sender::TrustedPage;
use crate::trust::site::is_web_url;

/// What the worker knows about the requested tab (`chrome.tabs.get`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabFacts {
    /// Where the tab is, or is going while it loads.
    pub url: String,
    pub window_id: i32,
    pub active: bool,
}

/// Why a tab is out of reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TabRefusal {
    /// Not an http(s) page (browser pages, the Web Store, files, other extensions).
    NotAWebPage,
    /// In another window than the page that asked.
    OtherWindow,
    /// Not the tab shown next to the side panel.
    NotShown,
}

impl fmt::Display for TabRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TabRefusal::NotAWebPage => {
                "it is not a web page (Zo reads and acts only on http:// and https:// pages)"
            }
            TabRefusal::OtherWindow => "it is in another window than the Zo panel",
            TabRefusal::NotShown => "it is not the tab shown next to the Zo panel",
        })
    }
}

/// Why a tab chosen with `@` did not go with a question, as the prompt (inside its untrusted
/// block) and the panel's note say it. `origin` names the tab by its site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TabUnread {
    /// The tab was closed before it was read.
    Closed,
    /// No tab is bound to the panel, so there is no window to read it beside.
    NoBoundTab { origin: String },
    /// Out of reach ([`may_read_as_context`]).
    Refused { origin: String, why: TabRefusal },
    /// The user has not let the extension reach the tab's site.
    NoSiteAccess { origin: String },
    /// Reading it failed (the page could not be scripted, it did not answer...).
    Failed { origin: String, error: String },
}

impl fmt::Display for TabUnread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TabUnread::Closed => f.write_str("a chosen tab was closed"),
            TabUnread::NoBoundTab { origin } => write!(
                f,
                "the tab at {origin} was not read: no tab is bound to the panel"
            ),
            TabUnread::Refused { origin, why } => {
                write!(f, "the tab at {origin} was not read: {why}")
            }
            TabUnread::NoSiteAccess { origin } => write!(
                f,
                "the tab at {origin} was not read: Zo may not read that site (allow it when \
                 Chrome asks on Send)"
            ),
            TabUnread::Failed { origin, error } => {
                write!(f, "the tab at {origin} could not be read: {error}")
            }
        }
    }
}

/// Whether `url` is a page whose text may go with a question as context (the panel lists
/// only these): an http(s) page that extensions may script.
pub fn readable_as_context(url: &str) -> bool {
    is_web_url(url) && !is_web_store(url)
}

/// The Chrome Web Store, where Chrome lets no extension run a script.
fn is_web_store(url: &str) -> bool {
    let rest = url.trim().split_once("://").map_or("", |(_, rest)| rest);
    let rest = rest.to_ascii_lowercase();
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    host == "chromewebstore.google.com"
        || (host == "chrome.google.com" && rest[host.len()..].starts_with("/webstore"))
}

/// Whether `tab` may go as context with a question about `bound`, the tab Zo looks at (which
/// `page` may act on: [`may_act_on`]): a readable web page ([`readable_as_context`]) of
/// `bound`'s window, and of `page`'s own window when `page` is shown in a tab.
pub fn may_read_as_context(
    page: &TrustedPage,
    bound: &TabFacts,
    tab: &TabFacts,
) -> Result<(), TabRefusal> {
    if !readable_as_context(&tab.url) {
        return Err(TabRefusal::NotAWebPage);
    }
    let own_window = page.tab.map_or(bound.window_id, |own| own.window_id);
    if tab.window_id != bound.window_id || tab.window_id != own_window {
        return Err(TabRefusal::OtherWindow);
    }
    Ok(())
}

/// Whether `page` may have Zo read and act on `tab`.
pub fn may_act_on(page: &TrustedPage, tab: &TabFacts) -> Result<(), TabRefusal> {
    if !is_web_url(&tab.url) {
        return Err(TabRefusal::NotAWebPage);
    }
    match page.tab {
        Some(own) if own.window_id != tab.window_id => Err(TabRefusal::OtherWindow),
        Some(_) => Ok(()),
        None if !tab.active => Err(TabRefusal::NotShown),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trust::sender::{PageKind, SenderTab};

    fn tab(url: &str, window_id: i32, active: bool) -> TabFacts {
        TabFacts {
            url: url.into(),
            window_id,
            active,
        }
    }

    fn in_tab(kind: PageKind, window_id: i32) -> TrustedPage {
        TrustedPage {
            kind,
            tab: Some(SenderTab { id: 50, window_id }),
        }
    }

    #[test]
    fn only_web_pages_are_in_reach() {
        let panel = TrustedPage::SIDE_PANEL;
        assert_eq!(
            may_act_on(&panel, &tab("https://shop.example/", 1, true)),
            Ok(())
        );
        assert_eq!(
            may_act_on(&panel, &tab("http://127.0.0.1:8000/a", 1, true)),
            Ok(())
        );
        for url in [
            "chrome://settings/",
            "chrome-extension://abc/extension/options.html",
            "file:///home/me/notes.txt",
            "about:blank",
            "",
        ] {
            assert_eq!(
                may_act_on(&panel, &tab(url, 1, true)),
                Err(TabRefusal::NotAWebPage),
                "{url}"
            );
        }
    }

    #[test]
    fn the_side_panel_reaches_only_a_tab_someone_is_looking_at() {
        let panel = TrustedPage::SIDE_PANEL;
        assert_eq!(
            may_act_on(&panel, &tab("https://bank.example/", 2, false)),
            Err(TabRefusal::NotShown)
        );
    }

    #[test]
    fn a_page_in_a_tab_reaches_its_own_window_only() {
        for kind in [PageKind::SidePanel, PageKind::Options] {
            let page = in_tab(kind, 7);
            // Background tabs of the same window are fine (the page itself is the active one).
            assert_eq!(
                may_act_on(&page, &tab("https://a.example/", 7, false)),
                Ok(())
            );
            assert_eq!(
                may_act_on(&page, &tab("https://a.example/", 8, true)),
                Err(TabRefusal::OtherWindow)
            );
            assert_eq!(
                may_act_on(&page, &tab("chrome://newtab/", 7, false)),
                Err(TabRefusal::NotAWebPage)
            );
        }
    }

    #[test]
    fn context_tabs_are_web_pages_of_the_bound_tabs_window() {
        let panel = TrustedPage::SIDE_PANEL;
        let bound = tab("https://shop.example/", 3, true);
        let ok = |url: &str, window| may_read_as_context(&panel, &bound, &tab(url, window, false));
        assert_eq!(ok("https://docs.example/guide", 3), Ok(()));
        assert_eq!(ok("http://127.0.0.1:8000/a", 3), Ok(()));
        assert_eq!(ok("https://docs.example/", 4), Err(TabRefusal::OtherWindow));
        for url in [
            "chrome://settings/",
            "chrome-extension://abc/extension/sidepanel.html",
            "file:///etc/passwd",
            "about:blank",
            "https://chromewebstore.google.com/detail/x",
            "https://chrome.google.com/webstore/category/extensions",
            "",
        ] {
            assert_eq!(ok(url, 3), Err(TabRefusal::NotAWebPage), "{url}");
            assert!(!readable_as_context(url), "{url}");
        }
        assert!(readable_as_context("https://chrome.google.com/search"));
        // A panel shown in a tab: its own window too.
        let page = in_tab(PageKind::SidePanel, 9);
        let in_9 = |url: &str| tab(url, 9, false);
        assert_eq!(
            may_read_as_context(
                &page,
                &in_9("https://a.example/"),
                &in_9("https://b.example/")
            ),
            Ok(())
        );
        assert_eq!(
            may_read_as_context(&page, &bound, &tab("https://b.example/", 3, false)),
            Err(TabRefusal::OtherWindow)
        );
    }

    #[test]
    fn an_unread_tab_is_named_by_its_site_with_the_reason() {
        let origin = "https://news.example".to_string();
        assert_eq!(TabUnread::Closed.to_string(), "a chosen tab was closed");
        assert_eq!(
            TabUnread::Refused {
                origin: origin.clone(),
                why: TabRefusal::OtherWindow
            }
            .to_string(),
            "the tab at https://news.example was not read: it is in another window than the Zo panel"
        );
        assert!(TabUnread::NoSiteAccess {
            origin: origin.clone()
        }
        .to_string()
        .contains("allow it when Chrome asks on Send"));
        assert_eq!(
            TabUnread::Failed {
                origin,
                error: "the page did not answer".into()
            }
            .to_string(),
            "the tab at https://news.example could not be read: the page did not answer"
        );
    }
}
