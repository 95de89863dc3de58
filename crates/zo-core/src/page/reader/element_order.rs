//! The order of the interactive elements a Co-browse snapshot lists, DOM-free: the main
//! content (what is in the viewport first), then the rest (what is in view first); the links of navigation,
//! headers, footers, sidebars and repeated link lists (outside the main content, or marked
//! as related/share lists) collapsed when there are many: the first few are listed, and one
//! line stands for the rest ([`Collapsed`]). Links in view are kept up to a larger share, so
//! scrolling to a region lists it. Fed by the same summary the page text reads, with each
//! candidate's place against the viewport.

use serde::{Deserialize, Serialize};

use super::geometry::Place;
use super::hints;
use super::stats::{self, Stats};
use super::summary::{NodeId, Role, Summary, Tag};
use crate::page::fold;

/// Where a collapsed group of links sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Region {
    Navigation,
    Header,
    Footer,
    Sidebar,
    LinkList,
}

impl Region {
    /// The wire name, as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            Region::Navigation => "navigation",
            Region::Header => "header",
            Region::Footer => "footer",
            Region::Sidebar => "sidebar",
            Region::LinkList => "link-list",
        }
    }

    /// The region in words: "the site navigation".
    pub fn phrase(self) -> &'static str {
        match self {
            Region::Navigation => "the site navigation",
            Region::Header => "the page header",
            Region::Footer => "the footer",
            Region::Sidebar => "a sidebar",
            Region::LinkList => "a list of links",
        }
    }
}

/// One entry of the ordered list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// The candidate at this index.
    Element(usize),
    /// A line standing for the links of a group left out.
    Collapsed(Collapsed),
}

/// A group's links left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Collapsed {
    /// The element holding the group (for Zo to scroll to or extract).
    pub container: NodeId,
    pub region: Region,
    /// How many of its links were left out.
    pub count: usize,
}

/// A group collapses when it has more links than this.
const COLLAPSE_OVER: usize = 8;
/// Links of a collapsed group listed when out of view.
const KEEP: usize = 3;
/// Links of a collapsed group listed when in view.
const KEEP_IN_VIEW: usize = 20;
/// Least share of a list's text that is link text for it to be a repeated link list.
const LINK_LIST_DENSITY: f32 = 0.7;
/// How far up a link's list is looked for.
const LIST_LEVELS: usize = 4;
/// Class/id words of furniture regions.
const REGION_HINTS: &[(&str, Region)] = &[
    ("footer", Region::Footer),
    ("sidebar", Region::Sidebar),
    ("navbar", Region::Navigation),
    ("navigation", Region::Navigation),
    ("site-nav", Region::Navigation),
];

/// A group of links that may collapse.
struct Group {
    container: NodeId,
    region: Region,
    links: usize,
    listed: usize,
}

/// What one upward walk finds about a candidate.
#[derive(Debug, Clone, Copy, Default)]
struct Seat {
    /// The nearest furniture landmark and its region.
    furniture: Option<(NodeId, Region)>,
    in_main: bool,
    /// The nearest list within [`LIST_LEVELS`], and whether it or an ancestor is marked as
    /// inner furniture (related, share).
    list: Option<NodeId>,
    marked: bool,
}

/// The furniture region a node opens, by tag, role or class/id words.
fn region_of(summary: &Summary, id: NodeId) -> Option<Region> {
    let node = &summary.nodes[id];
    match (node.tag, node.role) {
        (Tag::Nav, _) | (_, Some(Role::Navigation)) => Some(Region::Navigation),
        (Tag::Footer, _) | (_, Some(Role::ContentInfo)) => Some(Region::Footer),
        (Tag::Aside, _) | (_, Some(Role::Complementary)) => Some(Region::Sidebar),
        (Tag::Header, _) | (_, Some(Role::Banner)) => Some(Region::Header),
        _ if node.hints.is_empty() => None,
        _ => REGION_HINTS
            .iter()
            .find(|(w, _)| fold::contains(&node.hints, w))
            .map(|&(_, r)| r),
    }
}

fn is_main(summary: &Summary, id: NodeId) -> bool {
    let n = &summary.nodes[id];
    n.tag == Tag::Main || n.role == Some(Role::Main)
}

fn seat(summary: &Summary, id: NodeId) -> Seat {
    let mut s = Seat::default();
    let mut cur = summary.nodes[id].parent;
    let mut level = 0;
    while let Some(p) = cur {
        let node = &summary.nodes[p];
        level += 1;
        if s.list.is_none() && level <= LIST_LEVELS && matches!(node.tag, Tag::Ul | Tag::Ol) {
            s.list = Some(p);
        }
        s.marked |= level <= LIST_LEVELS && hints::inner_furniture(&node.hints);
        if is_main(summary, p) {
            s.in_main = true;
        }
        // A header inside content (an article's, a section's) is no page header.
        let content = matches!(node.tag, Tag::Article | Tag::Section | Tag::Main);
        if content && s.furniture.is_some_and(|(_, r)| r == Region::Header) {
            s.furniture = None;
        }
        if s.furniture.is_none() && !s.in_main {
            s.furniture = region_of(summary, p).map(|r| (p, r));
        }
        cur = node.parent;
    }
    // Landmarks inside the main content (its table of contents, its pagination) are content.
    if s.in_main {
        s.furniture = None;
    }
    s
}

/// The group a link belongs to, if it may collapse.
fn group(s: &Seat, has_main: bool, st: &[Stats], live: &[bool]) -> Option<(NodeId, Region)> {
    if let Some(f) = s.furniture {
        return Some(f);
    }
    let list = s.list?;
    let link_list = !live[list] || st[list].link_density() >= LINK_LIST_DENSITY;
    let outside = has_main && !s.in_main;
    (link_list && (outside || s.marked)).then_some((list, Region::LinkList))
}

/// The candidates (interactive elements, in document order) in the order a snapshot lists
/// them, with a [`Entry::Collapsed`] line after the listed links of each collapsed group.
pub fn order(summary: &Summary, candidates: &[NodeId]) -> Vec<Entry> {
    let live = stats::live(summary, false);
    let st = stats::stats(summary, &live);
    let has_main = (0..summary.nodes.len()).any(|id| is_main(summary, id));
    let seats: Vec<Seat> = candidates.iter().map(|&c| seat(summary, c)).collect();
    let in_view = |i: usize| summary.nodes[candidates[i]].flags.place == Some(Place::InView);
    let groups: Vec<Option<(NodeId, Region)>> = (0..candidates.len())
        .map(|i| {
            (summary.nodes[candidates[i]].tag == Tag::A)
                .then(|| group(&seats[i], has_main, &st, &live))
                .flatten()
        })
        .collect();
    // Per group (in the order met): container, region, links, listed; indexed by container
    // (a vector over the nodes: no hashing code in the content module).
    let mut index = vec![usize::MAX; summary.nodes.len()];
    let mut met: Vec<Group> = Vec::new();
    let mut slot = vec![None; candidates.len()];
    for (i, g) in groups.iter().enumerate() {
        let Some((container, region)) = *g else {
            continue;
        };
        let Some(k) = index.get_mut(container) else {
            continue;
        };
        if *k == usize::MAX {
            *k = met.len();
            met.push(Group {
                container,
                region,
                links: 0,
                listed: 0,
            });
        }
        met[*k].links += 1;
        slot[i] = Some(*k);
    }
    let mut listed = vec![true; candidates.len()];
    let mut kept = vec![(0usize, 0usize); met.len()];
    for i in 0..candidates.len() {
        let Some(k) = slot[i].filter(|&k| met[k].links > COLLAPSE_OVER) else {
            continue;
        };
        let (view, out) = &mut kept[k];
        listed[i] = if in_view(i) {
            *view += 1;
            *view <= KEEP_IN_VIEW
        } else {
            *out += 1;
            *out <= KEEP
        };
        met[k].listed += usize::from(listed[i]);
    }
    let tier = |i: usize| {
        let content = if has_main {
            seats[i].in_main
        } else {
            seats[i].furniture.is_none() && slot[i].is_none()
        };
        match (content, in_view(i)) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (false, false) => 3,
        }
    };
    // By tier, document order within each (four passes: no sorting code).
    let tiers: Vec<u8> = (0..candidates.len()).map(tier).collect();
    let (listed, tiers) = (&listed, &tiers);
    let shown: Vec<usize> = (0..4u8)
        .flat_map(|t| (0..candidates.len()).filter(move |&i| listed[i] && tiers[i] == t))
        .collect();
    // Each collapsed group's line goes after its last listed link.
    let mut last = vec![None; met.len()];
    for (pos, &i) in shown.iter().enumerate() {
        if let Some(k) = slot[i] {
            last[k] = Some(pos);
        }
    }
    let mut after: Vec<Vec<usize>> = vec![Vec::new(); shown.len()];
    for (k, m) in met.iter().enumerate() {
        if let Some(pos) = last[k].filter(|_| m.links > COLLAPSE_OVER && m.links > m.listed) {
            after[pos].push(k);
        }
    }
    let mut out = Vec::with_capacity(shown.len() + met.len());
    for (pos, &i) in shown.iter().enumerate() {
        out.push(Entry::Element(i));
        for &k in &after[pos] {
            let m = &met[k];
            out.push(Entry::Collapsed(Collapsed {
                container: m.container,
                region: m.region,
                count: m.links - m.listed,
            }));
        }
    }
    out
}

#[cfg(test)]
mod tests;
