//! Where a box sits against the viewport, DOM-free: in view, near it or far from it
//! ([`place`]). The content module reads each box once, after its walk, and stores the place
//! in the node's flags; [`super::viewport`] reads those places.

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
