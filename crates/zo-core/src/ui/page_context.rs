//! Where Zo looks, without a DOM: the page bar (the bound tab's favicon, title and origin, or
//! why Zo cannot read it) and, on each question, a chip saying what page context went with it.
//! The chip is decided when the question is sent and stored with it ([`PageRef`]).

use serde::{Deserialize, Serialize};

use crate::page::text::short_label;
use crate::trust::site;

/// Longest title kept, in characters.
pub const TITLE_CHARS: usize = 80;

/// The page a question was asked about (stored with the question).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageRef {
    pub title: String,
    /// Its origin (`https://shop.example`), never the whole address.
    pub origin: String,
    /// Zo could read it: a web page the user let Zo reach.
    pub shared: bool,
}

/// The tab the panel is bound to, as the browser describes it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TabInfo {
    pub url: String,
    pub title: String,
}

/// The page bar's content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageBar {
    pub title: String,
    /// The origin, or the kind of page ("Browser page").
    pub origin: String,
    /// The extension's favicon address for the page (`/_favicon/?pageUrl=…&size=32`), for web
    /// pages only.
    pub favicon: Option<String>,
    /// Why Zo cannot read the page, when it cannot.
    pub note: Option<&'static str>,
}

/// Why Zo cannot read a page that is not a web page.
pub const UNREADABLE: &str = "Zo can't read this page";
/// The bar when no tab is bound.
pub const NO_TAB: &str = "No page";

/// The page bar for the bound tab.
pub fn page_bar(tab: Option<&TabInfo>) -> PageBar {
    let Some(tab) = tab else {
        return PageBar {
            title: NO_TAB.into(),
            origin: String::new(),
            favicon: None,
            note: None,
        };
    };
    let web = site::is_web_url(&tab.url);
    let origin = if web {
        site::origin_of(&tab.url)
    } else {
        "Browser page".to_string()
    };
    let title = short_label(&tab.title, TITLE_CHARS);
    PageBar {
        title: if title.is_empty() {
            origin.clone()
        } else {
            title
        },
        favicon: web.then(|| favicon_path(&tab.url)),
        note: (!web).then_some(UNREADABLE),
        origin,
    }
}

/// The page a question goes with: `granted` says whether Zo may reach the page's site (the
/// answer to the permission asked in the click that sent it). None without a tab.
pub fn page_ref(tab: Option<&TabInfo>, granted: bool) -> Option<PageRef> {
    let tab = tab?;
    let web = site::is_web_url(&tab.url);
    let bar = page_bar(Some(tab));
    Some(PageRef {
        title: bar.title,
        origin: bar.origin,
        shared: web && granted,
    })
}

/// A question's chip: its text and its longer description (the tooltip).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageChip {
    pub text: String,
    pub description: String,
    pub shared: bool,
}

pub fn page_chip(page: &PageRef) -> PageChip {
    let description = if page.shared {
        format!(
            "Zo read this page with the question: {} ({})",
            page.title, page.origin
        )
    } else if page.origin == "Browser page" {
        format!("{UNREADABLE}: {} went without the page", page.title)
    } else {
        format!("Not shared: Zo may not read {} yet", page.origin)
    };
    PageChip {
        text: if page.shared {
            page.title.clone()
        } else {
            format!("{} (not shared)", page.title)
        },
        description,
        shared: page.shared,
    }
}

/// The path of the extension's favicon service for `page_url` (Chrome's `favicon` permission;
/// served from the extension's own origin, so the pages' CSP allows it).
pub fn favicon_path(page_url: &str) -> String {
    format!("/_favicon/?pageUrl={}&size=32", encode_component(page_url))
}

/// Percent-encoding of a URL query value (as `encodeURIComponent`).
fn encode_component(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 3 / 2);
    for b in s.bytes() {
        match b {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'!'
            | b'~'
            | b'*'
            | b'\''
            | b'('
            | b')' => out.push(char::from(b)),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tab(url: &str, title: &str) -> TabInfo {
        TabInfo {
            url: url.into(),
            title: title.into(),
        }
    }

    #[test]
    fn the_bar_names_a_web_page_by_title_and_origin() {
        let bar = page_bar(Some(&tab(
            "https://shop.example/cart?id=7#x",
            "  Your   cart\n– Shop ",
        )));
        assert_eq!(bar.title, "Your cart – Shop");
        assert_eq!(bar.origin, "https://shop.example");
        assert_eq!(
            bar.favicon.as_deref(),
            Some("/_favicon/?pageUrl=https%3A%2F%2Fshop.example%2Fcart%3Fid%3D7%23x&size=32")
        );
        assert_eq!(bar.note, None);
        let untitled = page_bar(Some(&tab("http://127.0.0.1:8080/", "")));
        assert_eq!(untitled.title, "http://127.0.0.1:8080");
    }

    #[test]
    fn browser_pages_and_no_tab_say_why_zo_cannot_read() {
        let bar = page_bar(Some(&tab("chrome://extensions/", "Extensions")));
        assert_eq!(
            (bar.origin.as_str(), bar.favicon, bar.note),
            ("Browser page", None, Some(UNREADABLE))
        );
        assert_eq!(page_bar(None).title, NO_TAB);
    }

    #[test]
    fn a_chip_says_what_went_with_the_question() {
        let t = tab("https://shop.example/p", "Pro plan");
        let shared = page_ref(Some(&t), true).unwrap();
        assert!(shared.shared);
        let chip = page_chip(&shared);
        assert_eq!(chip.text, "Pro plan");
        assert!(chip.description.contains("https://shop.example"));
        let refused = page_chip(&page_ref(Some(&t), false).unwrap());
        assert_eq!(refused.text, "Pro plan (not shared)");
        assert!(!refused.shared);
        // A browser page never goes, permission or not.
        let browser = page_ref(Some(&tab("chrome://settings", "Settings")), true).unwrap();
        assert!(!browser.shared);
        assert!(page_chip(&browser).description.starts_with(UNREADABLE));
        assert_eq!(page_ref(None, true), None);
        // Stored, it never holds the address itself.
        let stored = serde_json::to_string(&shared).unwrap();
        assert!(!stored.contains("/p\""), "{stored}");
    }
}
