//! What a node's id and class words say about it: words of content (article, body, post,
//! story) weigh for it, words of page furniture (navigation, footers, sidebars, comments,
//! share bars, related links, promotions, cookie and consent banners, newsletters, ads)
//! against it, and some furniture words mark a node as unlikely to hold the article at all
//! unless a content word says otherwise. Words match anywhere in the hints (`comments`,
//! `sidebar-left`, `articlebody`).

use crate::page::fold;

/// Words of content.
const POSITIVE: &[&str] = &[
    "article",
    "body",
    "content",
    "entry",
    "hentry",
    "h-entry",
    "main",
    "page",
    "pagination",
    "post",
    "text",
    "blog",
    "story",
    "prose",
    "markdown",
];

/// Words of page furniture.
const NEGATIVE: &[&str] = &[
    "-ad-",
    "hidden",
    "banner",
    "combx",
    "comment",
    "com-",
    "contact",
    "footer",
    "footnote",
    "gdpr",
    "masthead",
    "media",
    "meta",
    "outbrain",
    "promo",
    "related",
    "scroll",
    "share",
    "shoutbox",
    "sidebar",
    "skyscraper",
    "sponsor",
    "shopping",
    "tags",
    "widget",
    "cookie",
    "consent",
    "newsletter",
    "subscribe",
    "social",
    "advert",
    "nav",
    "breadcrumb",
    "popup",
    "modal",
    "byline",
    "author-bio",
    "recommend",
];

/// Furniture words that mark a node as unlikely to hold the article.
const UNLIKELY: &[&str] = &[
    "-ad-",
    "ad-break",
    "agegate",
    "banner",
    "breadcrumb",
    "combx",
    "comment",
    "community",
    "cover-wrap",
    "disqus",
    "extra",
    "footer",
    "gdpr",
    "header",
    "legends",
    "menu",
    "related",
    "remark",
    "replies",
    "rss",
    "shoutbox",
    "sidebar",
    "skyscraper",
    "social",
    "sponsor",
    "supplemental",
    "pagination",
    "pager",
    "popup",
    "yom-remote",
    "cookie",
    "consent",
    "newsletter",
    "promo",
    "share",
    "subscribe",
    "paywall",
    "modal",
    "overlay",
];

/// Words that keep an unlikely-looking node in the running.
const MAYBE: &[&str] = &[
    "and", "article", "body", "column", "content", "main", "mathjax", "shadow", "story", "post",
];

/// Words that always mark furniture, even next to a content word.
const ALWAYS_FURNITURE: &[&str] = &["cookie", "consent", "gdpr", "newsletter"];

fn any(hints: &str, words: &[&str]) -> bool {
    words.iter().any(|w| fold::contains(hints, w))
}

/// The weight of a node's hints: +25 for content words, -25 for furniture words (both may
/// apply).
pub fn weight(hints: &str) -> i32 {
    if hints.is_empty() {
        return 0;
    }
    let mut w = 0;
    if any(hints, NEGATIVE) {
        w -= 25;
    }
    if any(hints, POSITIVE) {
        w += 25;
    }
    w
}

/// Whether a node's hints mark it as a banner that is never content (cookie consent,
/// newsletter sign-up), whatever else they say.
pub fn banner(hints: &str) -> bool {
    !hints.is_empty() && any(hints, ALWAYS_FURNITURE)
}

/// Whether a node's hints mark it as furniture unlikely to hold the article.
pub fn unlikely(hints: &str) -> bool {
    if hints.is_empty() {
        return false;
    }
    any(hints, ALWAYS_FURNITURE) || (any(hints, UNLIKELY) && !any(hints, MAYBE))
}

/// Words of text kept off screen for screen readers.
const OFF_SCREEN: &[&str] = &[
    "sr-only",
    "visually-hidden",
    "visuallyhidden",
    "screen-reader",
];

/// Whether a node's hints say its text is kept off screen.
pub fn off_screen(hints: &str) -> bool {
    !hints.is_empty() && any(hints, OFF_SCREEN)
}

/// Words of furniture found inside articles: related links, share and like bars, comments,
/// promotions, sign-ups.
const INNER_FURNITURE: &[&str] = &[
    "related",
    "share",
    "sharing",
    "social",
    "comment",
    "promo",
    "sponsor",
    "recommend",
    "newsletter",
    "subscribe",
    "outbrain",
    "taboola",
    "advert",
    "-ad-",
    "likes",
];

/// Whether a node inside an article is furniture by its hints, whatever content words they
/// also hold (`jp-relatedposts`, `post-share`).
pub fn inner_furniture(hints: &str) -> bool {
    !hints.is_empty() && any(hints, INNER_FURNITURE)
}

/// Whether a node's hints name a byline (author, by-line) block.
pub fn byline(hints: &str) -> bool {
    !hints.is_empty() && (fold::contains(hints, "byline") || fold::contains(hints, "author"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_words_weigh_for_furniture_against() {
        assert_eq!(weight("article-body"), 25);
        assert_eq!(weight("site-footer"), -25);
        assert_eq!(weight("post-comments"), 0);
        assert_eq!(weight(""), 0);
        assert_eq!(weight("wrapper"), 0);
    }

    #[test]
    fn furniture_is_unlikely_unless_a_content_word_keeps_it() {
        assert!(unlikely("sidebar"));
        assert!(unlikely("related-links"));
        assert!(!unlikely("main-sidebar"));
        assert!(unlikely("cookie-banner main"));
        assert!(!unlikely("entry"));
    }
}
