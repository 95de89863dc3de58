//! The lines standing for links a snapshot left out (a collapsed navigation, footer or link
//! list): where they go among the elements, what they say, and the budget.

use super::el;
use crate::cobrowse::prompt::render::{self, char_len};
use crate::page::reader::element_order::Region;
use crate::wire::snapshot::OmittedLinks;

#[test]
fn links_left_out_are_one_line_each_where_the_snapshot_put_them() {
    let els: Vec<_> = (0..4).map(|i| el(&format!("#b{i}"), "a", "Go")).collect();
    let omitted = [
        OmittedLinks {
            after: 2,
            count: 38,
            region: Region::Navigation,
            selector: "nav#top".into(),
        },
        OmittedLinks {
            after: 4,
            count: 9,
            region: Region::Footer,
            selector: String::new(),
        },
    ];
    let block = render::elements_block(&els, &omitted, 10_000);
    let lines: Vec<&str> = block.lines().collect();
    assert_eq!(lines.len(), 6, "{block}");
    assert!(lines[1].starts_with("#b1 "));
    assert_eq!(
        lines[2],
        "… 38 more links in the site navigation (nav#top), not listed: scroll to it or \
         extract it to see them"
    );
    assert!(lines[3].starts_with("#b2 "));
    assert_eq!(lines[5], "… 9 more links in the footer, not listed");
    // Within a budget, the note says how many elements were left out.
    let small = render::elements_block(&els, &omitted, 60);
    assert!(char_len(&small) <= 60, "{small}");
    assert!(small.contains("more elements not shown"), "{small}");
}
