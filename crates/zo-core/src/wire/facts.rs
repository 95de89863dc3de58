//! The facts the content module reports about an action's target element in its pre-check
//! (ACTION_CHECK), so the policy decides on what the page is, never on what the model says
//! it is. Facts are read from the DOM as the browser resolved it: the link's `href` and the
//! form's action are absolute addresses, types and tags lower-case.
//!
//! Anything the content module could not read is absent, and the policy treats an absent
//! destination of a submit as unknown (approval needed), never as harmless.

use serde::{Deserialize, Serialize};

/// What the element an action targets is.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetFacts {
    /// Lower-case tag name of the element acted on (after a `<label>` is followed to its
    /// control, for fills).
    pub tag: String,
    /// The `type` of an `<input>` or `<button>` (as the browser normalizes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_type: Option<String>,
    /// The element's `role` attribute, as written (a switch, a checkbox, an option...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The `autocomplete` attribute, as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub autocomplete: String,
    /// What the element is called: its accessible name sources joined (aria-labelledby,
    /// aria-label, labels, alt, value of input buttons, text, title, placeholder), cut short.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The resolved address of the link the element is or is inside (`a[href]`, `area[href]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
    /// The form the element belongs to, named by its resolved action and its `id` or `name`
    /// (`https://bank.example/login#signin`): what a grant on a secret fill is scoped to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// Set when a click on the element submits a form: that form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submits: Option<FormFacts>,
}

/// The form a click submits.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FormFacts {
    /// The resolved address the form is sent to (the button's `formaction`, else the form's
    /// `action`, else the page); absent when it could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// The form's fields that may hold secrets: those with `type=password` or an
    /// `autocomplete` attribute (at most [`MAX_FORM_FIELDS`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldFacts>,
}

/// One field of a submitted form.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldFacts {
    #[serde(default)]
    pub input_type: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub autocomplete: String,
}

/// Most fields reported for one form.
pub const MAX_FORM_FIELDS: usize = 50;
/// Longest `name` reported, in characters.
pub const MAX_NAME_CHARS: usize = 300;
