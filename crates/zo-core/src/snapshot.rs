//! The compact page snapshot the content module takes for Co-browse prompts: where the page
//! is, a budgeted text excerpt, and its interactive elements with selectors that resolve back
//! to exactly them. Password values never appear here.

use serde::{Deserialize, Serialize};

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
    pub elements: Vec<SnapshotElement>,
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
    /// Current value (never for password fields).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disabled: bool,
}
