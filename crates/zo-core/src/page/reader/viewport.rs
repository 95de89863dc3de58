//! The page-text fallback's view of the viewport, DOM-free: which nodes' boxes it needs
//! ([`text_boxes`]); a node's place, its own or its nearest placed ancestor's
//! ([`place_of`]); and the main region it reads ([`main_region`]). The content module reads
//! the boxes in one batch after its walk (reads only, so layout is computed once) and stores
//! each one's [`Place`] in the node's flags.

use super::geometry::Place;
use super::stats::Stats;
use super::summary::{NodeId, Role, Summary, Tag};

/// Most boxes the page text asks for.
pub const MAX_BOXES: usize = 1_500;
/// A block holding more text than this (characters) is placed by its parts.
const UNIT_TEXT: usize = 600;
/// Least text a `<main>` needs to be the region read.
const REGION_FLOOR: usize = 200;

/// The region the fallback reads: the first live `<main>` or `role=main` holding text, else
/// the whole page.
pub fn main_region(summary: &Summary, live: &[bool], st: &[Stats]) -> NodeId {
    (0..summary.nodes.len())
        .find(|&id| {
            live[id]
                && (summary.nodes[id].tag == Tag::Main
                    || summary.nodes[id].role == Some(Role::Main))
                && st[id].text >= REGION_FLOOR
        })
        .unwrap_or(Summary::ROOT)
}

/// The nodes whose boxes place the text of `region`: the region, then (in document order,
/// at most [`MAX_BOXES`] in all) each live block with text whose parent holds more than a
/// unit of text.
pub fn text_boxes(summary: &Summary, live: &[bool], st: &[Stats], region: NodeId) -> Vec<NodeId> {
    let mut out = vec![region];
    let depth = summary.nodes[region].depth;
    // A subtree is the run of nodes after its root that are deeper than it.
    for id in region + 1..summary.nodes.len() {
        let node = &summary.nodes[id];
        if node.depth <= depth || out.len() >= MAX_BOXES {
            break;
        }
        let big_parent = node.parent.is_some_and(|p| st[p].text > UNIT_TEXT);
        if live[id] && node.tag.is_block() && big_parent && st[id].text > 0 {
            out.push(id);
        }
    }
    out
}

/// The place of `id`: its own, else its nearest placed ancestor's.
pub fn place_of(summary: &Summary, id: NodeId) -> Option<Place> {
    let mut cur = Some(id);
    while let Some(n) = cur {
        let node = summary.nodes.get(n)?;
        if let Some(p) = node.flags.place {
            return Some(p);
        }
        cur = node.parent;
    }
    None
}
