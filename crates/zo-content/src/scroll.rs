//! scroll: move the page or a scroll container up or down (by default about 70% of its
//! visible height) and report the new position and whether the end was reached. With a
//! selector, that element scrolls when it can, else its nearest scrollable ancestor, else
//! its window.

use web_sys::{Element, ScrollToOptions, Window};
use zo_core::wire::{at_scroll_end, Direction, Json, ScrollOutcome};

use crate::composed;
use crate::dict::Dict;
use crate::dom;
use crate::failure::Failure;
use crate::locate;
use crate::selector;
use crate::target::Target;

/// Share of the visible height scrolled when no amount is given.
const DEFAULT_SHARE: f64 = 0.7;

/// Scrolls as asked and reports where the target ended up.
pub async fn run(
    direction: Direction,
    target: Option<&Target<'_>>,
    amount: Option<f64>,
) -> Result<Json, Failure> {
    let down = direction == Direction::Down;
    let sign = if down { 1.0 } else { -1.0 };
    let sel = target.map(Target::sel);
    let (container, win) = match target {
        Some(t) => {
            let el = t.find().await?;
            let win = dom::owner_window(&el)?;
            (scroll_container(&el), win)
        }
        None => (None, dom::window()?),
    };
    let outcome = match container {
        Some(el) => {
            let by = amount
                .unwrap_or(f64::from(el.client_height()) * DEFAULT_SHARE)
                .abs();
            let opts = options(sign * by);
            el.scroll_by_with_scroll_to_options(&opts);
            let roots = locate::roots(&dom::document()?);
            let target = match sel {
                Some(s) if selector::resolves_exactly(s, &el, &roots) => s.to_string(),
                _ => selector::unique_selector(&el, &roots).unwrap_or_else(|| dom::describe(&el)),
            };
            let y = el.scroll_top();
            ScrollOutcome {
                target,
                x: i64::from(el.scroll_left()),
                y: i64::from(y),
                at_end: at_scroll_end(
                    down,
                    f64::from(y),
                    f64::from(el.client_height()),
                    f64::from(el.scroll_height()),
                ),
            }
        }
        None => scroll_window(&win, down, sign, amount)?,
    };
    Ok(outcome.to_json())
}

fn options(top: f64) -> ScrollToOptions {
    Dict::new()
        .set("top", top)
        .set("left", 0.0)
        .set("behavior", "instant")
        .finish()
}

fn scroll_window(
    win: &Window,
    down: bool,
    sign: f64,
    amount: Option<f64>,
) -> Result<ScrollOutcome, Failure> {
    let vh = win
        .inner_height()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    let by = amount.unwrap_or(vh * DEFAULT_SHARE).abs();
    win.scroll_by_with_scroll_to_options(&options(sign * by));
    let y = win.scroll_y().unwrap_or(0.0);
    let total = win
        .document()
        .and_then(|d| d.scrolling_element())
        .map(|e| f64::from(e.scroll_height()))
        .unwrap_or(vh);
    Ok(ScrollOutcome {
        target: "window".to_string(),
        x: win.scroll_x().unwrap_or(0.0).round() as i64,
        y: y.round() as i64,
        at_end: at_scroll_end(down, y, vh, total),
    })
}

/// `el` when it scrolls vertically, else its nearest scrollable ancestor in the flat tree (a
/// slotted element scrolls with the container it is shown in); `None` means the window.
fn scroll_container(el: &Element) -> Option<Element> {
    composed::ancestors(el)
        .take_while(|e| !is_scrolling_element(e))
        .find(scrolls)
}

fn is_scrolling_element(el: &Element) -> bool {
    dom::owner_document(el)
        .ok()
        .and_then(|d| d.scrolling_element())
        .is_some_and(|s| s == *el)
}

/// Has more content than room and an overflow that lets it scroll.
fn scrolls(el: &Element) -> bool {
    if el.scroll_height() <= el.client_height() {
        return false;
    }
    let Ok(win) = dom::owner_window(el) else {
        return false;
    };
    match win.get_computed_style(el) {
        Ok(Some(style)) => {
            let o = style.get_property_value("overflow-y").unwrap_or_default();
            o == "auto" || o == "scroll" || o == "overlay"
        }
        _ => false,
    }
}
