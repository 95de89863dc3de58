//! Extraction on small hand-built summaries: the article wins over furniture, boilerplate
//! inside it is left out, structure is kept, pages with no article fall back to their text,
//! and budgets cut at blocks with an outline.

use super::summary::{Node, NodeId, Role, Summary, Tag};
use super::*;

mod inside;

const PARA: &str = "The river rose quickly overnight, flooding the lower town, and residents \
    were moved to the school, where volunteers served soup, tea and bread until morning.";

fn el(s: &mut Summary, parent: NodeId, tag: Tag, hints: &str) -> NodeId {
    s.push(parent, Node::new(tag).hinted(hints)).unwrap()
}

fn text(s: &mut Summary, parent: NodeId, tag: Tag, t: &str) -> NodeId {
    let id = el(s, parent, tag, "");
    assert!(s.push_text(id, t));
    id
}

fn nav(s: &mut Summary, parent: NodeId, tag: Tag, hints: &str, n: usize) -> NodeId {
    let list = el(s, parent, tag, hints);
    let ul = el(s, list, Tag::Ul, "");
    for i in 0..n {
        let li = el(s, ul, Tag::Li, "");
        text(s, li, Tag::A, &format!("Section number {i} of the site"));
    }
    list
}

/// A page: a menu, an article of `paras` paragraphs (with a share bar inside), a related
/// list and a cookie banner.
fn news(paras: usize) -> Summary {
    let mut s = Summary::new(Node::new(Tag::Body));
    nav(&mut s, Summary::ROOT, Tag::Div, "top-menu", 12);
    let wrap = el(&mut s, Summary::ROOT, Tag::Div, "wrapper");
    let art = el(&mut s, wrap, Tag::Div, "story-body");
    text(&mut s, art, Tag::Heading(1), "Flood in the lower town");
    nav(&mut s, art, Tag::Div, "share-tools", 4);
    for i in 0..paras {
        text(&mut s, art, Tag::P, &format!("{PARA} Paragraph {i}."));
    }
    let list = el(&mut s, art, Tag::Ul, "");
    text(&mut s, list, Tag::Li, "Sandbags at the depot");
    text(&mut s, list, Tag::Li, "Shelter at the school");
    nav(&mut s, wrap, Tag::Div, "related-links", 8);
    let banner = el(&mut s, Summary::ROOT, Tag::Div, "cookie-consent");
    text(
        &mut s,
        banner,
        Tag::P,
        "We use cookies, and partners, to improve your experience, measure, and personalise ads.",
    );
    s
}

/// The article's node in [`news`].
fn story(s: &Summary) -> NodeId {
    s.nodes
        .iter()
        .position(|n| n.hints == "story-body")
        .unwrap()
}

fn lead() -> Lead {
    Lead {
        title: "Flood in the lower town | Daily".into(),
        ..Lead::default()
    }
}

#[test]
fn the_article_wins_over_menus_related_links_and_cookie_banners() {
    let r = read(&news(5), &lead(), 17_000);
    assert_eq!(r.kind, TextKind::Article);
    assert!(!r.truncated);
    assert!(
        r.text.contains("Paragraph 0.") && r.text.contains("Paragraph 4."),
        "{}",
        r.text
    );
    assert!(!r.text.contains("Section number"), "{}", r.text);
    assert!(!r.text.contains("cookies"), "{}", r.text);
}

#[test]
fn structure_is_kept_lightly() {
    let r = read(&news(3), &lead(), 17_000);
    assert!(
        r.text.starts_with("# Flood in the lower town\n\n"),
        "{}",
        r.text
    );
    assert!(
        r.text
            .contains("- Sandbags at the depot\n- Shelter at the school"),
        "{}",
        r.text
    );
    assert!(r.text.contains(".\n\nThe river"), "{}", r.text);
}

#[test]
fn the_title_leads_when_no_heading_says_it() {
    let mut s = news(3);
    s.nodes.iter_mut().for_each(|n| {
        if n.tag == Tag::Heading(1) {
            n.tag = Tag::Inline;
        }
    });
    let l = Lead {
        title: "A title".into(),
        byline: Some("Ann Lee".into()),
        date: Some("2024-05-01".into()),
    };
    let r = read(&s, &l, 17_000);
    assert!(
        r.text
            .starts_with("# A title\n\nBy Ann Lee · 2024-05-01\n\n"),
        "{}",
        r.text
    );
}

#[test]
fn tables_are_rows_of_cells() {
    let mut s = news(3);
    let art = story(&s);
    let table = el(&mut s, art, Tag::Table, "");
    for (a, b) in [("Town", "Level"), ("Lower", "3 m")] {
        let tr = el(&mut s, table, Tag::Tr, "");
        text(&mut s, tr, Tag::Cell, a);
        text(&mut s, tr, Tag::Cell, b);
    }
    let r = read(&s, &lead(), 17_000);
    assert!(
        r.text.contains("| Town | Level |\n| Lower | 3 m |"),
        "{}",
        r.text
    );
}

#[test]
fn hidden_and_aria_hidden_text_is_left_out() {
    let mut s = news(4);
    let art = story(&s);
    let h = text(
        &mut s,
        art,
        Tag::P,
        "Secret hidden paragraph, with commas, many, many.",
    );
    s.nodes[h].flags.hidden = true;
    let a = text(
        &mut s,
        art,
        Tag::P,
        "Aria hidden paragraph text that nobody sees at all.",
    );
    s.nodes[a].flags.aria_hidden = true;
    let r = read(&s, &lead(), 17_000);
    assert!(
        !r.text.contains("Secret") && !r.text.contains("Aria hidden"),
        "{}",
        r.text
    );
}

#[test]
fn article_body_landmark_beats_a_longer_comment_thread() {
    let mut s = Summary::new(Node::new(Tag::Body));
    let body = el(&mut s, Summary::ROOT, Tag::Div, "x1");
    s.nodes[body].flags.article_body = true;
    for i in 0..3 {
        text(&mut s, body, Tag::P, &format!("{PARA} Body {i}."));
    }
    let thread = el(&mut s, Summary::ROOT, Tag::Div, "x2");
    for i in 0..5 {
        text(&mut s, thread, Tag::P, &format!("{PARA} Reply {i}."));
    }
    let live = stats::live(&s, true);
    let st = stats::stats(&s, &live);
    let pass = PASSES[0];
    let sc = score::scores(&s, &live, &st, pass);
    assert!(sc[body].unwrap() > sc[thread].unwrap());
}

#[test]
fn link_heavy_containers_score_lower() {
    let mut s = Summary::new(Node::new(Tag::Body));
    let prose = el(&mut s, Summary::ROOT, Tag::Div, "");
    text(&mut s, prose, Tag::P, PARA);
    let links = el(&mut s, Summary::ROOT, Tag::Div, "");
    let p = el(&mut s, links, Tag::P, "");
    text(&mut s, p, Tag::A, PARA);
    let live = stats::live(&s, true);
    let st = stats::stats(&s, &live);
    let sc = score::scores(&s, &live, &st, PASSES[0]);
    assert!(sc[prose].unwrap() > 5.0);
    assert!(sc[links].unwrap() < 0.1);
}

#[test]
fn negative_hints_and_furniture_tags_are_not_content() {
    assert!(hints::unlikely("newsletter-signup"));
    let mut n = Node::new(Tag::Nav);
    assert!(stats::never_content(&n));
    n.tag = Tag::Div;
    n.role = Some(Role::Navigation);
    assert!(stats::never_content(&n));
    n.role = None;
    assert!(!stats::never_content(&n));
}

#[test]
fn a_listing_falls_back_to_the_main_regions_text() {
    let mut s = Summary::new(Node::new(Tag::Body));
    nav(&mut s, Summary::ROOT, Tag::Nav, "", 5);
    let main = el(&mut s, Summary::ROOT, Tag::Main, "");
    for i in 0..20 {
        let card = el(&mut s, main, Tag::Div, "card");
        text(&mut s, card, Tag::A, &format!("Product {i}"));
        text(&mut s, card, Tag::Inline, "$25");
    }
    let r = read(&s, &Lead::default(), 17_000);
    assert_eq!(r.kind, TextKind::Page);
    assert!(
        r.text.contains("Product 0") && r.text.contains("Product 19"),
        "{}",
        r.text
    );
    assert!(!r.text.contains("Section number"), "{}", r.text);
}

#[test]
fn an_empty_page_reads_as_empty_page_text() {
    let s = Summary::new(Node::new(Tag::Body));
    let r = read(&s, &Lead::default(), 100);
    assert_eq!(
        (r.text.as_str(), r.truncated, r.kind),
        ("", false, TextKind::Page)
    );
}

#[test]
fn budgets_cut_at_blocks_and_keep_the_outline_of_the_rest() {
    let mut s = news(2);
    let art = story(&s);
    for h in ["Causes", "What comes next"] {
        text(&mut s, art, Tag::Heading(2), h);
        for _ in 0..6 {
            text(&mut s, art, Tag::P, PARA);
        }
    }
    let r = read(&s, &lead(), 1_200);
    assert!(r.truncated);
    assert!(r.text.chars().count() <= 1_200, "{}", r.text.len());
    assert!(r.text.contains("## Causes") || r.text.contains("\n## What comes next"));
    assert!(r.text.ends_with("## What comes next"), "{}", r.text);
    // Every kept paragraph is whole.
    let body = r.text.split("\n\n[Cut to fit").next().unwrap();
    assert!(
        body.split("\n\n")
            .all(|p| !p.starts_with("The river") || p.ends_with('.')),
        "{body}"
    );
}

#[test]
fn caps_bound_the_summary() {
    let mut s = Summary::new(Node::new(Tag::Body));
    let mut parent = Summary::ROOT;
    for _ in 0..summary::MAX_DEPTH + 10 {
        match s.push(parent, Node::new(Tag::Div)) {
            Some(id) => parent = id,
            None => break,
        }
    }
    assert_eq!(s.nodes[parent].depth, summary::MAX_DEPTH);
    assert!(s.push_text(parent, PARA));
    let r = read(&s, &Lead::default(), 1000);
    assert!(r.text.contains("The river"));
    let mut wide = Summary::new(Node::new(Tag::Body));
    let mut added = 0;
    while wide.push(Summary::ROOT, Node::new(Tag::P)).is_some() {
        added += 1;
    }
    assert_eq!(added, summary::MAX_NODES - 1);
    assert!(wide.full());
}

#[test]
fn related_and_share_blocks_inside_the_article_are_left_out() {
    let mut s = news(4);
    let art = story(&s);
    let related = el(&mut s, art, Tag::Div, "jp-relatedposts");
    text(
        &mut s,
        related,
        Tag::P,
        "Related: an older post about the bridge, from last year.",
    );
    let math = el(&mut s, art, Tag::Block, "mathjax ctxtmenu");
    assert!(s.push_text(math, "x = 2"));
    let r = read(&s, &lead(), 17_000);
    assert!(!r.text.contains("older post"), "{}", r.text);
    assert!(r.text.contains("x = 2"), "{}", r.text);
}

/// A wrapper holding `paras` paragraphs six levels down, too deep to score itself.
fn deep_part(s: &mut Summary, parent: NodeId, hints: &str, paras: usize, tag: &str) -> NodeId {
    let part = el(s, parent, Tag::Div, hints);
    let mut cur = part;
    for _ in 0..5 {
        cur = el(s, cur, Tag::Div, "");
    }
    for i in 0..paras {
        text(s, cur, Tag::P, &format!("{PARA} {tag} {i}."));
    }
    part
}

#[test]
fn an_article_split_into_wrappers_of_its_kind_is_read_whole() {
    let mut s = Summary::new(Node::new(Tag::Body));
    nav(&mut s, Summary::ROOT, Tag::Div, "top-menu", 12);
    let wrap = el(&mut s, Summary::ROOT, Tag::Div, "wrapper");
    let first = el(&mut s, wrap, Tag::Div, "article-part");
    for i in 0..6 {
        text(&mut s, first, Tag::P, &format!("{PARA} Opening {i}."));
    }
    deep_part(&mut s, wrap, "article-part", 4, "Continued");
    // Deep text of another kind next to the article is not the article.
    deep_part(&mut s, wrap, "reader-notes", 4, "Unrelated");
    let r = read(&s, &lead(), 17_000);
    assert_eq!(r.kind, TextKind::Article);
    assert!(r.text.contains("Opening 5."), "{}", r.text);
    assert!(r.text.contains("Continued 3."), "{}", r.text);
    assert!(!r.text.contains("Unrelated"), "{}", r.text);
    assert!(!r.text.contains("Section number"), "{}", r.text);
}

#[test]
fn a_link_list_of_the_articles_kind_does_not_join_it() {
    let mut s = Summary::new(Node::new(Tag::Body));
    let wrap = el(&mut s, Summary::ROOT, Tag::Div, "wrapper");
    let first = el(&mut s, wrap, Tag::Div, "article-part");
    for i in 0..6 {
        text(&mut s, first, Tag::P, &format!("{PARA} Opening {i}."));
    }
    let links = el(&mut s, wrap, Tag::Div, "article-part");
    let mut cur = links;
    for _ in 0..5 {
        cur = el(&mut s, cur, Tag::Div, "");
    }
    for i in 0..4 {
        let p = el(&mut s, cur, Tag::P, "");
        text(&mut s, p, Tag::A, &format!("{PARA} Teaser {i}."));
    }
    let r = read(&s, &lead(), 17_000);
    assert!(r.text.contains("Opening 5."), "{}", r.text);
    assert!(!r.text.contains("Teaser"), "{}", r.text);
}
