//! What stays inside the chosen article and what joins it: lists (unless their hints say
//! furniture), parts that are mostly lists, tables of data with their wrappers, text-only
//! wrappers (captions, ledes), and the byline that leads the text.

use super::{el, lead, nav, news, story, text, PARA};
use crate::page::reader::summary::{Node, Summary, Tag};
use crate::page::reader::{read, Lead};

#[test]
fn lists_in_the_article_stay_unless_their_hints_say_furniture() {
    let mut s = news(4);
    let art = story(&s);
    // Items long enough to score, and a nested list: a list's own score starts below zero by
    // its tag, which must not leave it out.
    let names = el(&mut s, art, Tag::Ul, "");
    text(&mut s, names, Tag::Li, "Michelle Goossens [:masterwayz]");
    let outer = text(&mut s, names, Tag::Li, "We are running three experiments:");
    let inner = el(&mut s, outer, Tag::Ul, "");
    text(&mut s, inner, Tag::Li, "Newtab Pocket stories in AU and NZ");
    let related = el(&mut s, art, Tag::Ul, "related-stories");
    text(
        &mut s,
        related,
        Tag::Li,
        "An older story about the flood, last year",
    );
    let r = read(&s, &lead(), 17_000);
    assert!(r.text.contains("- Michelle Goossens"), "{}", r.text);
    assert!(r.text.contains("three experiments"), "{}", r.text);
    assert!(r.text.contains("Newtab Pocket stories"), "{}", r.text);
    assert!(!r.text.contains("older story"), "{}", r.text);
}

#[test]
fn the_first_byline_leads_the_text_and_later_ones_stay_in_place() {
    let mut s = Summary::new(Node::new(Tag::Body));
    let art = el(&mut s, Summary::ROOT, Tag::Article, "");
    text(&mut s, art, Tag::P, "By Ann Lee");
    let by = s.nodes.len() - 1;
    s.nodes[by].hints = "byline".into();
    for i in 0..4 {
        text(&mut s, art, Tag::P, &format!("{PARA} Part {i}."));
    }
    let quote = el(&mut s, art, Tag::P, "");
    assert!(s.push_text(quote, "Written by "));
    text(&mut s, quote, Tag::Inline, "Josh Max");
    let later = s.nodes.len() - 1;
    s.nodes[later].hints = "last-byline".into();
    let r = read(&s, &Lead::default(), 17_000);
    assert!(r.text.starts_with("By Ann Lee\n\n"), "{}", r.text);
    assert_eq!(r.text.matches("Ann Lee").count(), 1, "{}", r.text);
    assert!(r.text.contains("Written by Josh Max"), "{}", r.text);
}

#[test]
fn a_part_that_is_mostly_a_list_is_judged_as_a_list() {
    let mut s = news(4);
    let art = story(&s);
    // A heading over features, each with a "Learn more" link: a fifth of the text is links.
    let part = el(&mut s, art, Tag::Section, "more-features");
    text(&mut s, part, Tag::Heading(2), "Tools");
    let ul = el(&mut s, part, Tag::Ul, "");
    for name in ["Inspector", "Console", "Debugger", "Network monitor"] {
        let li = el(&mut s, ul, Tag::Li, "");
        text(&mut s, li, Tag::Heading(3), name);
        text(
            &mut s,
            li,
            Tag::P,
            "Examine and change the page while it runs.",
        );
        text(&mut s, li, Tag::A, &format!("Learn more about {name}"));
    }
    let r = read(&s, &lead(), 17_000);
    assert!(r.text.contains("### Network monitor"), "{}", r.text);
    assert!(r.text.contains("Learn more about Debugger"), "{}", r.text);
}

#[test]
fn a_table_of_data_is_read_whole_with_what_holds_it() {
    let mut s = news(4);
    let art = story(&s);
    // Rows of short cells, each in its own small wrapper, the first a link.
    let holder = el(&mut s, art, Tag::Div, "");
    let table = el(&mut s, holder, Tag::Table, "");
    for (app, size) in [
        ("Maps", "32.7 MB"),
        ("Mail", "17.8 MB"),
        ("Books", "9.1 MB"),
    ] {
        let tr = el(&mut s, table, Tag::Tr, "");
        let a = el(&mut s, tr, Tag::Cell, "");
        let wrap = el(&mut s, a, Tag::Div, "");
        text(&mut s, wrap, Tag::A, app);
        let b = el(&mut s, tr, Tag::Cell, "");
        text(&mut s, b, Tag::Div, size);
    }
    let r = read(&s, &lead(), 17_000);
    assert!(r.text.contains("| Maps | 32.7 MB |"), "{}", r.text);
    assert!(r.text.contains("| Books | 9.1 MB |"), "{}", r.text);
}

#[test]
fn a_lede_set_in_a_text_only_wrapper_beside_the_body_joins_it() {
    let mut s = Summary::new(Node::new(Tag::Body));
    nav(&mut s, Summary::ROOT, Tag::Div, "top-menu", 12);
    let wrap = el(&mut s, Summary::ROOT, Tag::Div, "article");
    let lede = el(&mut s, wrap, Tag::Div, "article__perex");
    assert!(s.push_text(
        lede,
        "A season of surprises: the club keeps answering its doubters, and the league has \
         started to notice that it belongs among the best.",
    ));
    let body = el(&mut s, wrap, Tag::Div, "article-content");
    for i in 0..6 {
        text(&mut s, body, Tag::P, &format!("{PARA} Part {i}."));
    }
    let r = read(&s, &lead(), 17_000);
    assert!(r.text.contains("A season of surprises"), "{}", r.text);
    assert!(r.text.contains("Part 5."), "{}", r.text);
    assert!(!r.text.contains("Section number"), "{}", r.text);
}

#[test]
fn a_text_only_caption_stays_and_a_text_only_share_line_goes() {
    let mut s = news(4);
    let art = story(&s);
    let caption = el(&mut s, art, Tag::Div, "media-caption");
    assert!(s.push_text(
        caption,
        "The flooded square at dawn - Image: the town's archive"
    ));
    let share = el(&mut s, art, Tag::Div, "share-line");
    assert!(s.push_text(share, "Share this story with your friends and family"));
    let r = read(&s, &lead(), 17_000);
    assert!(r.text.contains("The flooded square at dawn"), "{}", r.text);
    assert!(!r.text.contains("Share this story"), "{}", r.text);
}
