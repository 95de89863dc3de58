//! The panel's one icon set: inline SVG drawn here (simple strokes on a 24 x 24 grid, in the
//! text colour), so no icon depends on the fonts installed. An icon button carries its name
//! in `aria-label` and the same words (or a longer hint) in `title`, its tooltip; the drawing
//! itself is hidden from screen readers.

use web_sys::{Document, Element};

use crate::dom::{append, set_attr, DomError, DomResult};

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Every icon the panel draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Icon {
    History,
    Export,
    NewChat,
    Settings,
    Mic,
    Send,
    Stop,
    Copy,
    CopyMarkdown,
    Speak,
    Regenerate,
    Close,
    Edit,
    Down,
    Previous,
    Next,
}

/// One shape of a drawing.
enum Shape {
    /// A stroked path (`d`).
    Path(&'static str),
    /// A stroked circle: centre x, centre y, radius.
    Circle(u8, u8, u8),
    /// A filled path.
    Solid(&'static str),
}

impl Icon {
    pub const ALL: [Icon; 16] = [
        Icon::History,
        Icon::Export,
        Icon::NewChat,
        Icon::Settings,
        Icon::Mic,
        Icon::Send,
        Icon::Stop,
        Icon::Copy,
        Icon::CopyMarkdown,
        Icon::Speak,
        Icon::Regenerate,
        Icon::Close,
        Icon::Edit,
        Icon::Down,
        Icon::Previous,
        Icon::Next,
    ];

    /// The shapes, on a 24 x 24 grid.
    fn shapes(self) -> &'static [Shape] {
        use Shape::{Circle, Path, Solid};
        match self {
            // A clock face with its hands.
            Icon::History => &[Circle(12, 12, 8), Path("M12 7.5V12l3 2")],
            // An arrow down onto a tray.
            Icon::Export => &[Path("M12 4v10M7.5 9.5 12 14l4.5-4.5M5 18.5h14")],
            // A plus.
            Icon::NewChat => &[Path("M12 5v14M5 12h14")],
            // Two sliders.
            Icon::Settings => &[
                Path("M4 8h9M17 8h3M4 16h3M11 16h9"),
                Circle(15, 8, 2),
                Circle(9, 16, 2),
            ],
            // A capsule on a stand.
            Icon::Mic => &[Path(
                "M9 6.5a3 3 0 0 1 6 0v4.5a3 3 0 0 1-6 0zM6 11a6 6 0 0 0 12 0M12 17v3.5M9 20.5h6",
            )],
            // An arrow up.
            Icon::Send => &[Path("M12 19V5.5M6.5 11 12 5.5l5.5 5.5")],
            // A square.
            Icon::Stop => &[Solid("M7 7h10v10H7z")],
            // Two sheets, one over the other.
            Icon::Copy => &[Path("M9 9h10v11H9zM15 9V4H5v11h4")],
            // A sheet marked M with an arrow down.
            Icon::CopyMarkdown => &[Path(
                "M3.5 6.5h17v11h-17zM7 14.5v-5l2.5 3 2.5-3v5M16 9.5v5M14 12.5l2 2 2-2",
            )],
            // A speaker and two waves.
            Icon::Speak => &[Path(
                "M4 9.5h3.5L12 6v12l-4.5-3.5H4zM15.5 9.5a3.5 3.5 0 0 1 0 5M18 7a7 7 0 0 1 0 10",
            )],
            // A circle that comes back on itself, with its arrow head.
            Icon::Regenerate => &[Path("M19 12a7 7 0 1 1-2.1-5M17.5 3.5v3.5H14")],
            // A cross.
            Icon::Close => &[Path("M6.5 6.5l11 11M17.5 6.5l-11 11")],
            // A pencil.
            Icon::Edit => &[Path("M5 19l1-4.5L15.5 5l3.5 3.5L9.5 18zM13.5 7l3.5 3.5")],
            // A chevron down over a bar.
            Icon::Down => &[Path("M6.5 9.5 12 15l5.5-5.5M6 19h12")],
            // A chevron to the left.
            Icon::Previous => &[Path("M14.5 6.5 9 12l5.5 5.5")],
            // A chevron to the right.
            Icon::Next => &[Path("M9.5 6.5 15 12l-5.5 5.5")],
        }
    }
}

fn svg_el(doc: &Document, tag: &str) -> DomResult<Element> {
    doc.create_element_ns(Some(SVG_NS), tag)
        .map_err(|e| DomError::js("create svg element", e))
}

/// The drawing of `icon`: an `<svg class="icon">` hidden from screen readers.
pub fn svg(doc: &Document, icon: Icon) -> DomResult<Element> {
    let svg = svg_el(doc, "svg")?;
    for (name, value) in [
        ("class", "icon"),
        ("viewBox", "0 0 24 24"),
        ("width", "18"),
        ("height", "18"),
        ("fill", "none"),
        ("stroke", "currentColor"),
        ("stroke-width", "1.8"),
        ("stroke-linecap", "round"),
        ("stroke-linejoin", "round"),
        ("aria-hidden", "true"),
        ("focusable", "false"),
    ] {
        set_attr(&svg, name, value)?;
    }
    for shape in icon.shapes() {
        let node = match shape {
            Shape::Path(d) => {
                let p = svg_el(doc, "path")?;
                set_attr(&p, "d", d)?;
                p
            }
            Shape::Solid(d) => {
                let p = svg_el(doc, "path")?;
                set_attr(&p, "d", d)?;
                set_attr(&p, "fill", "currentColor")?;
                set_attr(&p, "stroke", "none")?;
                p
            }
            Shape::Circle(cx, cy, r) => {
                let c = svg_el(doc, "circle")?;
                set_attr(&c, "cx", &cx.to_string())?;
                set_attr(&c, "cy", &cy.to_string())?;
                set_attr(&c, "r", &r.to_string())?;
                c
            }
        };
        append(&svg, &node)?;
    }
    Ok(svg)
}

/// A `<button class="btn icon-btn {class}">` showing `icon`, named `name` (its accessible name)
/// with `tip` as its tooltip (`name` when empty).
pub fn icon_button(
    doc: &Document,
    class: &str,
    icon: Icon,
    name: &str,
    tip: &str,
) -> DomResult<Element> {
    let b = crate::dom::el(doc, "button", &format!("btn icon-btn {class}"))?;
    set_attr(&b, "type", "button")?;
    append(&b, &svg(doc, icon)?)?;
    name_button(&b, name, tip)?;
    Ok(b)
}

/// Names an icon button anew (its accessible name and tooltip): a pressed Read aloud becomes
/// "Stop reading", a Copy button says "Copied" for a moment.
pub fn name_button(button: &Element, name: &str, tip: &str) -> DomResult<()> {
    set_attr(button, "aria-label", name)?;
    set_attr(button, "title", if tip.is_empty() { name } else { tip })
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    fn every_icon_draws_inside_its_grid_and_buttons_are_named() {
        let doc = web_sys::window().unwrap().document().unwrap();
        let body = doc.body().unwrap();
        for icon in Icon::ALL {
            let b = icon_button(&doc, "t", icon, "Name", "Longer hint").unwrap();
            body.append_child(&b).unwrap();
            assert_eq!(b.get_attribute("aria-label").as_deref(), Some("Name"));
            assert_eq!(b.get_attribute("title").as_deref(), Some("Longer hint"));
            let svg: web_sys::SvgGraphicsElement = b
                .query_selector("svg")
                .unwrap()
                .unwrap()
                .dyn_into()
                .unwrap();
            assert_eq!(svg.get_attribute("aria-hidden").as_deref(), Some("true"));
            let bbox = svg.get_b_box().unwrap();
            assert!(
                bbox.width() > 4.0 && bbox.height() > 4.0,
                "{icon:?} draws something"
            );
            assert!(
                bbox.x() >= 0.0 && bbox.y() >= 0.0,
                "{icon:?} starts inside the grid"
            );
            assert!(
                bbox.x() + bbox.width() <= 24.0 && bbox.y() + bbox.height() <= 24.0,
                "{icon:?} ends inside the grid"
            );
            b.remove();
        }
    }
}
