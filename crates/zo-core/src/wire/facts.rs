//! The facts the content module reports about an action's target element in its pre-check
//! (ACTION_CHECK), and about what the browser then really activates (EFFECT_CHECK: a link
//! followed, a form submitted, a window opened, [`EffectKind`]), so the policy decides on what
//! the page is, never on what the model says it is. Facts are read from the DOM as the browser resolved it: the link's `href` and the
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
    /// The `autocomplete` attribute, as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub autocomplete: String,
    /// What the element is called: its accessible name sources joined (aria-labelledby,
    /// aria-label, labels, alt, value of input buttons, text, title, placeholder), cut short.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The element's `role` attribute, as written (a switch, a checkbox, an option...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The resolved address of the link the element is or is inside on the composed tree
    /// (HTML `a[href]`, `area[href]`, SVG `a` with `href` or `xlink:href`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
    /// The form the element belongs to, named by its resolved action and its `id` or `name`
    /// (`https://bank.example/login#signin`): what a grant on a secret fill is scoped to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// The link's (else the submitted form's) target when it opens another browsing context
    /// (`_blank`, a named window...); absent for the same one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
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
    /// How it is sent, lower-case (`get`, `post`, `dialog`): the submitter's `formmethod`
    /// first, else the form's `method`; absent when it could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// The form's fields that may hold secrets ([`may_hold_secret`]), at most
    /// [`MAX_FORM_FIELDS`].
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
    /// What the field is called (its labels, aria-label, placeholder, `name`), at most
    /// [`MAX_FIELD_NAME_CHARS`] characters.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

/// What a running action made the browser do besides its own event, judged as a click on
/// the element the browser activates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EffectKind {
    /// A link is followed in the same browsing context.
    Link,
    /// A form is submitted (in the same browsing context).
    Submit,
    /// A link or form opens another browsing context (`target=_blank`...).
    Window,
}

/// Whether a form field of `input_type` (the `type` property, lower-case; `textarea` for a
/// text area) with `autocomplete` may hold a secret, so its form's facts report it: a
/// password, a field with an autocomplete token, or any field typed into.
pub fn may_hold_secret(input_type: &str, autocomplete: &str) -> bool {
    !autocomplete.trim().is_empty()
        || matches!(
            input_type,
            "password" | "text" | "email" | "tel" | "number" | "search" | "url" | "textarea"
        )
}

/// Most fields reported for one form.
pub const MAX_FORM_FIELDS: usize = 50;
/// Longest `name` reported, in characters.
pub const MAX_NAME_CHARS: usize = 300;
/// Longest field `name` reported, in characters.
pub const MAX_FIELD_NAME_CHARS: usize = 80;

#[cfg(test)]
mod tests {
    use super::may_hold_secret;

    #[test]
    fn typed_and_declared_fields_may_hold_secrets_choices_and_buttons_do_not() {
        for ty in ["password", "text", "email", "tel", "textarea"] {
            assert!(may_hold_secret(ty, ""), "{ty}");
        }
        assert!(may_hold_secret("hidden", "one-time-code"));
        for ty in ["checkbox", "radio", "submit", "hidden", "select-one"] {
            assert!(!may_hold_secret(ty, " "), "{ty}");
        }
    }
}
