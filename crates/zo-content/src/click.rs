//! click: wait until the element is actionable (scrolled into view, hit test passed), then
//! click it at its target point ([`crate::pointer`]). A click on an `<option>` (which has no
//! box of its own) chooses it in its `<select>` ([`crate::option`]).

use wasm_bindgen::JsCast;

use crate::actionable::Needs;
use crate::dom;
use crate::failure::Failure;
use crate::target::Target;
use crate::{option, pointer};

/// Clicks the element `t` finds (an `<option>` is chosen in its `<select>`): one wait for
/// the element to be ready, then the click.
pub async fn run(t: &Target<'_>) -> Result<(), Failure> {
    let el = t.find().await?;
    let select = match dom::tag(&el).as_str() {
        "option" => Some(option::select_of(t, &el)?),
        _ => None,
    };
    // A `<select>` is set as a whole: no hit test.
    let needs = Needs {
        editable: false,
        hit: select.is_none(),
    };
    let ready = t.ready(select.as_ref().unwrap_or(&el), needs).await?;
    match select {
        Some(_) => option::apply(t, &ready.el, el.unchecked_ref()).map(|_| ()),
        None => pointer::click(&ready),
    }
}
