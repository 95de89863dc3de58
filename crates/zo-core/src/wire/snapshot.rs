//! The compact page snapshot the content module takes for Co-browse prompts: where the page
//! is, a budgeted text excerpt, and its interactive elements with selectors that resolve back
//! to exactly them. Values of secret fields (passwords, payment card details, one-time codes:
//! see [`crate::page::secret_field`]) never appear here.

use serde::{Deserialize, Serialize};

use crate::page::reader::element_order::Region;
use crate::page::reader::TextKind;
use crate::page::secret_field::{self, SecretKind};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageSnapshot {
    pub url: String,
    pub title: String,
    /// Main text excerpt, within the requested budget.
    pub text: String,
    /// True when `text` was cut to fit the budget.
    #[serde(default)]
    pub text_truncated: bool,
    /// Whether `text` is the page's article or the visible text of its main region.
    #[serde(default)]
    pub text_kind: TextKind,
    pub elements: Vec<SnapshotElement>,
    /// Lines standing for links left out of `elements` (a big navigation, footer or link
    /// list collapsed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedLinks>,
}

/// Links of one region left out of a snapshot's elements.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OmittedLinks {
    /// How many elements are listed before this line.
    pub after: u32,
    /// How many links were left out.
    pub count: u32,
    pub region: Region,
    /// A selector of the region's element, to scroll to or extract (empty when none is
    /// unique).
    #[serde(default)]
    pub selector: String,
}

/// One interactive element.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotElement {
    /// A CSS selector that matches exactly this element.
    pub selector: String,
    /// Lower-case tag name.
    pub tag: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// `type` attribute of inputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_type: Option<String>,
    /// Label or visible text, shortened.
    #[serde(default)]
    pub label: String,
    /// Current value (never for secret fields).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The kind of secret the field holds, when it is a secret field (its value is then left
    /// out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<SecretKind>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disabled: bool,
}

impl SnapshotElement {
    /// The kind of secret this element holds: as the content module reported it, or, when it
    /// did not, what its tag and input type alone say (a password input always counts).
    pub fn secret_kind(&self) -> Option<SecretKind> {
        self.secret
            .or_else(|| secret_field::classify(&self.tag, self.input_type.as_deref(), None))
    }
}
