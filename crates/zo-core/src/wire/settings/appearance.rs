//! How the extension's pages look: the colour theme (as the system is, light, dark or high
//! contrast) and the text size, chosen in the options page and applied by the side panel and
//! the options page (`data-theme` and `--font-size` on the page's root). Both can grow: a value
//! a later version stored reads as [`Theme::Unknown`] / [`FontSize::Unknown`], and validated
//! settings hold the default instead, so settings never break on it.
//!
//! High contrast: text and controls at WCAG AAA contrast (7:1 and more), every control with a
//! border, a thick focus ring, nothing told by colour alone; light or dark as the system is.
//! With System, the pages take the high-contrast colours by themselves when the browser asks
//! for more contrast (`prefers-contrast: more`), and step aside for the system's colours in a
//! forced-colours mode (Windows High Contrast): the stylesheets decide both, from the media
//! queries, as they do light and dark.

use serde::{Deserialize, Serialize};

use crate::wire::json::WireName;

/// The colour theme of the extension's pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Light or dark as the system is.
    #[default]
    System,
    Light,
    Dark,
    /// Strong contrast (AAA), light or dark as the system is.
    Contrast,
    /// A value this version does not know (read as the default once validated).
    #[serde(other)]
    Unknown,
}

impl Theme {
    /// The themes the options page offers, with their labels.
    pub const CHOICES: [(Theme, &'static str); 4] = [
        (Theme::System, "System"),
        (Theme::Light, "Light"),
        (Theme::Dark, "Dark"),
        (Theme::Contrast, "High contrast"),
    ];
}

impl WireName for Theme {
    const ALL: &'static [Theme] = &[
        Theme::System,
        Theme::Light,
        Theme::Dark,
        Theme::Contrast,
        Theme::Unknown,
    ];
    const WHAT: &'static str = "a theme";
    fn wire_name(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::Contrast => "contrast",
            Theme::Unknown => "unknown",
        }
    }
}

/// The text size of the extension's pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FontSize {
    Small,
    #[default]
    Medium,
    Large,
    Larger,
    /// A value this version does not know (read as the default once validated).
    #[serde(other)]
    Unknown,
}

impl FontSize {
    /// The sizes the options page offers, with their labels.
    pub const CHOICES: [(FontSize, &'static str); 4] = [
        (FontSize::Small, "Small"),
        (FontSize::Medium, "Medium"),
        (FontSize::Large, "Large"),
        (FontSize::Larger, "Larger"),
    ];

    /// The base text size in CSS pixels (the pages' `--font-size`).
    pub fn px(self) -> u32 {
        match self {
            FontSize::Small => 13,
            FontSize::Medium | FontSize::Unknown => 14,
            FontSize::Large => 16,
            FontSize::Larger => 18,
        }
    }
}

impl WireName for FontSize {
    const ALL: &'static [FontSize] = &[
        FontSize::Small,
        FontSize::Medium,
        FontSize::Large,
        FontSize::Larger,
        FontSize::Unknown,
    ];
    const WHAT: &'static str = "a text size";
    fn wire_name(self) -> &'static str {
        match self {
            FontSize::Small => "small",
            FontSize::Medium => "medium",
            FontSize::Large => "large",
            FontSize::Larger => "larger",
            FontSize::Unknown => "unknown",
        }
    }
}

/// A name read as serde reads an enum with `#[serde(other)]`: any string, an unknown one as
/// `unknown`; anything but a string is refused.
pub(crate) fn lenient<T: WireName>(
    node: &crate::wire::json::Node,
) -> Result<T, crate::wire::json::WireError> {
    match node {
        crate::wire::json::Node::Str(s) => Ok(T::from_wire_name(s)
            .or_else(|| T::from_wire_name("unknown"))
            .ok_or(crate::wire::json::WireError::Expected(T::WHAT))?),
        _ => Err(crate::wire::json::WireError::Expected(T::WHAT)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sizes_and_unknown_values() {
        for t in Theme::ALL {
            assert_eq!(serde_json::to_value(t).unwrap(), t.wire_name());
        }
        for f in FontSize::ALL {
            assert_eq!(serde_json::to_value(f).unwrap(), f.wire_name());
        }
        let t: Theme = serde_json::from_str("\"sepia\"").unwrap();
        assert_eq!(t, Theme::Unknown);
        let node = crate::wire::json::parse("\"sepia\"").unwrap();
        assert_eq!(lenient::<Theme>(&node), Ok(Theme::Unknown));
        let node = crate::wire::json::parse("\"contrast\"").unwrap();
        assert_eq!(lenient::<Theme>(&node), Ok(Theme::Contrast));
        let t: Theme = serde_json::from_str("\"contrast\"").unwrap();
        assert_eq!(t, Theme::Contrast);
        let node = crate::wire::json::parse("7").unwrap();
        assert!(lenient::<FontSize>(&node).is_err());
        assert_eq!(
            (
                FontSize::Small.px(),
                FontSize::Medium.px(),
                FontSize::Larger.px()
            ),
            (13, 14, 18)
        );
    }
}
