//! Where things sit against the viewport, DOM-free: a box in view, near it or far from it
//! ([`place`]); which nodes' boxes the page-text fallback needs ([`text_boxes`]); a node's
//! place, its own or its nearest placed ancestor's ([`place_of`]); and the main region the
//! fallback reads ([`main_region`]). The content module reads the boxes in one batch after
//! its walk (reads only, so layout is computed once) and stores each in the node's flags.

use super::stats::Stats;
use super::summary::{NodeId, Role, Summary, Tag};

/// Where a box sits against the viewport.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// It intersects the viewport.
    InView,
    /// Within half a viewport's height above or below it.
    Near,
    /// Further away (or beside it, scrolled sideways).
    Far,
}

impl Place {
    /// In view or near it.
    pub fn near(self) -> bool {
        matches!(self, Place::InView | Place::Near)
    }
}

/// A box in CSS pixels, relative to the viewport (as `getBoundingClientRect` gives it).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Rect {
    pub top: f64,
    pub bottom: f64,
    pub left: f64,
    pub right: f64,
}

/// The viewport's size in CSS pixels.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Viewport {
    pub width: f64,
    pub height: f64,
}

/// How far from the viewport a box still counts as near, as a share of its height.
const NEAR_SHARE: f64 = 0.5;
/// Most boxes the page text asks for.
pub const MAX_BOXES: usize = 1_500;
/// A block holding more text than this (characters) is placed by its parts.
const UNIT_TEXT: usize = 600;
/// Least text a `<main>` needs to be the region read.
const REGION_FLOOR: usize = 200;

/// Where `r` sits against `vp`.
pub fn place(r: Rect, vp: Viewport) -> Place {
    if r.right < 0.0 || r.left > vp.width {
        return Place::Far;
    }
    if r.bottom >= 0.0 && r.top <= vp.height {
        return Place::InView;
    }
    let margin = vp.height * NEAR_SHARE;
    if r.bottom >= -margin && r.top <= vp.height + margin {
        Place::Near
    } else {
        Place::Far
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    const VP: Viewport = Viewport {
        width: 1000.0,
        height: 800.0,
    };

    fn at(top: f64, bottom: f64) -> Rect {
        Rect {
            top,
            bottom,
            left: 0.0,
            right: 500.0,
        }
    }

    #[test]
    fn boxes_are_in_view_near_or_far() {
        assert_eq!(place(at(100.0, 200.0), VP), Place::InView);
        assert_eq!(place(at(-300.0, 10.0), VP), Place::InView);
        assert_eq!(place(at(900.0, 1000.0), VP), Place::Near);
        assert_eq!(place(at(-350.0, -300.0), VP), Place::Near);
        assert_eq!(place(at(1300.0, 1400.0), VP), Place::Far);
        assert_eq!(place(at(-2000.0, -1000.0), VP), Place::Far);
        let beside = Rect {
            left: 1200.0,
            right: 1500.0,
            ..at(100.0, 200.0)
        };
        assert_eq!(place(beside, VP), Place::Far);
    }
}
