//! The boxes `zo_core::page::reader` asks for, read in one batch after the walk: each named
//! node's `getBoundingClientRect` against the window's size, stored as its place in the
//! summary. The walk only read layout, so these reads compute none again; nothing is written.

use web_sys::Element;
use zo_core::page::reader::geometry::{self, Rect, Viewport};
use zo_core::page::reader::summary::{NodeId, Summary};

use crate::dom;

/// Places the nodes `ids` of `summary` (their elements in `elements`, by node id).
pub fn place(summary: &mut Summary, elements: &[Element], ids: &[NodeId]) {
    let Some(vp) = size() else {
        return;
    };
    for &id in ids {
        let (Some(el), Some(node)) = (elements.get(id), summary.nodes.get_mut(id)) else {
            continue;
        };
        if node.flags.place.is_some() {
            continue;
        }
        let r = el.get_bounding_client_rect();
        let rect = Rect {
            top: r.top(),
            bottom: r.bottom(),
            left: r.left(),
            right: r.right(),
        };
        node.flags.place = Some(geometry::place(rect, vp));
    }
}

/// The window's size in CSS pixels.
fn size() -> Option<Viewport> {
    let win = dom::window().ok()?;
    let get = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64());
    Some(Viewport {
        width: get(win.inner_width())?,
        height: get(win.inner_height())?,
    })
}
