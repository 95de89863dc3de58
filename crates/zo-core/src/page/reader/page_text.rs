//! The page text of a page with no article (search results, product grids, forms, apps,
//! dashboards): the visible text of its main region, furniture by tag and role left out, the
//! blocks in or near the viewport first and then the rest of the region from its start, so a
//! cut budget keeps what the user sees. Never nothing when the region shows text: without
//! boxes, or with nothing near the viewport, the text is in document order.

use super::render::{Block, BlockKind, Renderer};
use super::stats;
use super::summary::{NodeId, Summary};
use super::viewport::{self, main_region};

/// The line between the text near the viewport and the rest of the region.
pub const REST_NOTE: &str = "[The rest of the page, from its start:]";

/// The nodes whose boxes the fallback reads (see [`viewport::text_boxes`]).
pub fn boxes(summary: &Summary) -> Vec<NodeId> {
    let live = stats::live(summary, false);
    let st = stats::stats(summary, &live);
    let region = main_region(summary, &live, &st);
    viewport::text_boxes(summary, &live, &st, region)
}

/// The main region's blocks, those near the viewport first.
pub fn blocks(summary: &Summary) -> Vec<Block> {
    let live = stats::live(summary, false);
    let st = stats::stats(summary, &live);
    let region = main_region(summary, &live, &st);
    let mut r = Renderer::new(summary, &live);
    r.node(region);
    r.flush();
    let near: Vec<bool> = r
        .origins
        .iter()
        .map(|&o| viewport::place_of(summary, o).is_some_and(|p| p.near()))
        .collect();
    // Document order already leads with what is near (or nothing is near): keep it.
    let Some(first_near) = near.iter().position(|&n| n) else {
        return r.blocks;
    };
    if first_near == 0 {
        let last_near = near.iter().rposition(|&n| n).unwrap_or(0);
        if near[..=last_near].iter().all(|&n| n) {
            return r.blocks;
        }
    }
    let mut out = Vec::with_capacity(r.blocks.len() + 1);
    let mut rest = Vec::new();
    for (block, n) in r.blocks.into_iter().zip(near) {
        if n {
            out.push(block);
        } else {
            rest.push(block);
        }
    }
    out.push(Block {
        kind: BlockKind::Paragraph,
        text: REST_NOTE.to_string(),
    });
    out.append(&mut rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::reader::geometry::Place;
    use crate::page::reader::summary::{Node, Tag};
    use crate::page::reader::{read_page, TextKind};

    /// A listing: a nav, then a main region of `n` results, result `i` placed by `place(i)`.
    fn listing(n: usize, place: impl Fn(usize) -> Option<Place>) -> Summary {
        let mut s = Summary::new(Node::new(Tag::Body));
        let nav = s.push(Summary::ROOT, Node::new(Tag::Nav)).unwrap();
        s.push_text(nav, "Home Products About");
        let main = s.push(Summary::ROOT, Node::new(Tag::Main)).unwrap();
        for i in 0..n {
            let li = s.push(main, Node::new(Tag::Div)).unwrap();
            s.nodes[li].flags.place = place(i);
            s.push_text(
                li,
                &format!("Result {i}: a blue kettle, 1.7 litres, 29 euros"),
            );
        }
        s
    }

    fn texts(s: &Summary) -> Vec<String> {
        blocks(s).into_iter().map(|b| b.text).collect()
    }

    #[test]
    fn what_is_near_the_viewport_comes_first_then_the_rest_from_the_start() {
        let s = listing(40, |i| {
            Some(if (20..24).contains(&i) {
                Place::InView
            } else {
                Place::Far
            })
        });
        let t = texts(&s);
        assert!(t[0].starts_with("Result 20:"), "{t:?}");
        assert!(t[3].starts_with("Result 23:"));
        assert_eq!(t[4], REST_NOTE);
        assert!(t[5].starts_with("Result 0:"));
        assert_eq!(t.len(), 41);
        // A cut budget keeps what the user sees.
        let r = read_page(&s, 300);
        assert_eq!(r.kind, TextKind::Page);
        assert!(r.truncated);
        assert!(r.text.starts_with("Result 20:"), "{}", r.text);
    }

    #[test]
    fn a_page_at_its_top_or_without_boxes_reads_in_document_order() {
        for s in [
            listing(30, |i| Some(if i < 6 { Place::InView } else { Place::Far })),
            listing(30, |_| None),
            listing(30, |_| Some(Place::Far)),
        ] {
            let t = texts(&s);
            assert_eq!(t.len(), 30);
            assert!(t[0].starts_with("Result 0:"));
            assert!(!t.contains(&REST_NOTE.to_string()));
        }
    }

    #[test]
    fn nodes_without_a_box_take_their_nearest_placed_ancestors_place() {
        let mut s = listing(3, |_| None);
        let far = s.push(2, Node::new(Tag::Section)).unwrap();
        s.nodes[far].flags.place = Some(Place::Far);
        let near = s.push(2, Node::new(Tag::Section)).unwrap();
        s.nodes[near].flags.place = Some(Place::Near);
        let inner = s.push(near, Node::new(Tag::P)).unwrap();
        s.push_text(inner, "The form's help text");
        let t = texts(&s);
        assert_eq!(t[0], "The form's help text");
        assert_eq!(t[1], REST_NOTE);
    }

    #[test]
    fn the_boxes_asked_for_are_the_region_and_the_parts_of_big_blocks() {
        let s = listing(40, |_| None);
        let b = boxes(&s);
        // The main region (node 2) and its 40 results (its text is well over a unit).
        assert_eq!(b[0], 2);
        assert_eq!(b.len(), 41);
        let small = listing(2, |_| None);
        assert_eq!(boxes(&small), [Summary::ROOT]);
    }
}
