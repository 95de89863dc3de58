//! click: wait until the element is actionable (scrolled into view, hit test passed), then
//! click it at its target point ([`crate::pointer`]). A click on an `<option>` (which has no
//! box of its own) chooses it in its `<select>` ([`crate::option`]).

use crate::actionable::Needs;
use crate::dom;
use crate::failure::Failure;
use crate::target::Target;
use crate::{option, pointer};

/// Clicks the element `t` finds (an `<option>` is chosen in its `<select>`).
pub async fn run(t: &Target<'_>) -> Result<(), Failure> {
    let el = t.find().await?;
    if dom::tag(&el) == "option" {
        return option::choose(t, &el).await;
    }
    let ready = t
        .ready(
            &el,
            Needs {
                editable: false,
                hit: true,
            },
        )
        .await?;
    pointer::click(&ready)
}
