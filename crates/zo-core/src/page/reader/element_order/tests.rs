//! The order of a snapshot's elements on hand-built summaries: the viewport and the main
//! content first, big navigation, footers and link lists collapsed to a line each.

use super::*;
use crate::page::reader::summary::Node;

struct Page {
    s: Summary,
    candidates: Vec<NodeId>,
}

impl Page {
    fn new() -> Page {
        Page {
            s: Summary::new(Node::new(Tag::Body)),
            candidates: Vec::new(),
        }
    }

    fn el(&mut self, parent: NodeId, tag: Tag) -> NodeId {
        self.s.push(parent, Node::new(tag)).unwrap()
    }

    fn role(&mut self, parent: NodeId, role: Role) -> NodeId {
        let mut n = Node::new(Tag::Div);
        n.role = Some(role);
        self.s.push(parent, n).unwrap()
    }

    /// An interactive element with text, placed against the viewport.
    fn control(&mut self, parent: NodeId, tag: Tag, text: &str, place: Place) -> NodeId {
        let id = self.el(parent, tag);
        self.s.nodes[id].flags.place = Some(place);
        self.s.push_text(id, text);
        self.candidates.push(id);
        id
    }

    /// A list of `n` links in `parent`.
    fn links(&mut self, parent: NodeId, n: usize, place: Place) -> NodeId {
        let ul = self.el(parent, Tag::Ul);
        for i in 0..n {
            let li = self.el(ul, Tag::Li);
            self.control(li, Tag::A, &format!("Link {i}"), place);
        }
        ul
    }

    /// What [`order`] lists: element texts, and collapsed lines as `… N region`.
    fn listed(&self) -> Vec<String> {
        order(&self.s, &self.candidates)
            .into_iter()
            .map(|e| match e {
                Entry::Element(i) => match &self.s.nodes[self.candidates[i]].children[0] {
                    crate::page::reader::summary::Child::Text(t) => t.clone(),
                    _ => String::new(),
                },
                Entry::Collapsed(c) => format!("… {} {}", c.count, c.region.as_str()),
            })
            .collect()
    }
}

#[test]
fn main_content_comes_before_a_big_navigation_and_footer_which_collapse() {
    let mut p = Page::new();
    let nav = p.el(Summary::ROOT, Tag::Nav);
    p.links(nav, 30, Place::Far);
    let main = p.el(Summary::ROOT, Tag::Main);
    for i in 0..4 {
        p.control(main, Tag::A, &format!("Result {i}"), Place::Far);
    }
    let footer = p.el(Summary::ROOT, Tag::Footer);
    p.links(footer, 40, Place::Far);
    let got = p.listed();
    assert_eq!(
        got,
        [
            "Result 0",
            "Result 1",
            "Result 2",
            "Result 3",
            "Link 0",
            "Link 1",
            "Link 2",
            "… 27 navigation",
            "Link 0",
            "Link 1",
            "Link 2",
            "… 37 footer",
        ]
    );
}

#[test]
fn what_is_in_view_comes_first() {
    let mut p = Page::new();
    let main = p.el(Summary::ROOT, Tag::Main);
    p.control(main, Tag::A, "Above", Place::Far);
    let form = p.el(main, Tag::Form);
    p.control(form, Tag::Control, "Search", Place::InView);
    p.control(form, Tag::Control, "Go", Place::InView);
    p.control(main, Tag::A, "Below", Place::Near);
    let aside = p.el(Summary::ROOT, Tag::Aside);
    p.control(aside, Tag::Control, "Subscribe", Place::InView);
    // Furniture in view comes after the main content.
    assert_eq!(p.listed(), ["Search", "Go", "Above", "Below", "Subscribe"]);
}

#[test]
fn a_small_navigation_is_listed_whole() {
    let mut p = Page::new();
    let nav = p.role(Summary::ROOT, Role::Navigation);
    p.links(nav, 8, Place::Far);
    assert_eq!(p.listed().len(), 8);
    assert!(p.listed().iter().all(|l| !l.starts_with('…')));
}

#[test]
fn links_in_view_are_kept_longer_so_scrolling_to_a_region_lists_it() {
    let mut p = Page::new();
    let footer = p.el(Summary::ROOT, Tag::Footer);
    p.links(footer, 10, Place::Far);
    p.links(footer, 25, Place::InView);
    let got = p.listed();
    // In view: 20 of the 25 first; out of view: 3 of 10; one line for the other 12.
    assert_eq!(got.iter().filter(|l| l.starts_with("Link")).count(), 23);
    assert_eq!(got.last().map(String::as_str), Some("… 12 footer"));
}

#[test]
fn results_in_the_main_content_never_collapse_but_a_link_list_beside_it_does() {
    let mut p = Page::new();
    let main = p.el(Summary::ROOT, Tag::Main);
    p.links(main, 50, Place::Far);
    let side = p.el(Summary::ROOT, Tag::Div);
    p.links(side, 12, Place::Far);
    let got = p.listed();
    assert_eq!(got.len(), 50 + 3 + 1);
    assert_eq!(got.last().map(String::as_str), Some("… 9 link-list"));
}

#[test]
fn without_a_main_landmark_only_furniture_collapses() {
    let mut p = Page::new();
    let header = p.el(Summary::ROOT, Tag::Header);
    p.links(header, 12, Place::InView);
    let grid = p.el(Summary::ROOT, Tag::Div);
    p.links(grid, 40, Place::Far);
    let got = p.listed();
    // The grid's 40 first; the header is in view: listed whole (12 <= 20 kept in view).
    assert_eq!(got.len(), 52);
    assert_eq!(got[40], "Link 0");
    assert!(got.iter().all(|l| !l.starts_with('…')));
}

#[test]
fn a_header_inside_an_article_is_content() {
    let mut p = Page::new();
    let article = p.el(Summary::ROOT, Tag::Article);
    let header = p.el(article, Tag::Header);
    p.links(header, 12, Place::Far);
    let got = p.listed();
    assert_eq!(got.len(), 12);
}

#[test]
fn a_related_list_inside_the_main_content_collapses() {
    let mut p = Page::new();
    let main = p.el(Summary::ROOT, Tag::Main);
    p.control(main, Tag::Control, "Buy", Place::Far);
    let related =
        p.s.push(main, Node::new(Tag::Div).hinted("related-posts"))
            .unwrap();
    p.links(related, 15, Place::Far);
    let got = p.listed();
    assert_eq!(got[0], "Buy");
    assert_eq!(got.len(), 1 + 3 + 1);
    assert_eq!(got[4], "… 12 link-list");
}
