//! Which form fields hold secrets, decided from what the page declares about them: the field's
//! tag, its `type` and its `autocomplete` tokens. The content module asks this before it lets a
//! value leave the page (snapshots, `extract`, markup, fill results), and the panel asks it
//! before it shows a fill's value.
//!
//! A field is secret when it is
//! - an `<input type="password">` ([`SecretKind::Password`]);
//! - an `<input>` or `<select>` whose `autocomplete` names a password (`current-password`,
//!   `new-password`: this keeps a password secret after a "show password" button turned it
//!   into `type="text"`), a payment card detail (any `cc-*` token: number, security code,
//!   expiry, holder, card type) or a one-time code (`one-time-code`).
//!
//! - an `<input>` (of a type one types or picks a value in) or a `<select>` whose names (label,
//!   `aria-label`, placeholder, `name`, `id`) say it holds one, in many languages
//!   ([`super::secret_label`]): "Card number", "CVV", "IBAN", "Kartennummer", "验证码"
//!   ([`classify_named`]).
//!
//! Tokens are matched ASCII case-insensitively wherever they stand in the attribute (section,
//! billing/shipping and `webauthn` tokens around them do not matter). Textareas and
//! contenteditable regions hold free text (messages, notes) and are never secret fields. The
//! content module's snapshot, page text, `extract` and markup, the policy's fill check and the
//! panel's mask all ask this one module.

use serde::{Deserialize, Serialize};

/// What kind of secret a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SecretKind {
    /// A password (`type="password"`, or `autocomplete` current-password / new-password).
    Password,
    /// A payment card detail (`autocomplete="cc-*"`).
    Payment,
    /// A one-time code sent by SMS, e-mail or an authenticator (`autocomplete="one-time-code"`).
    OneTimeCode,
}

impl SecretKind {
    /// The wire name, as serialized (`"password"`, `"payment"`, `"one-time-code"`).
    pub fn as_str(self) -> &'static str {
        match self {
            SecretKind::Password => "password",
            SecretKind::Payment => "payment",
            SecretKind::OneTimeCode => "one-time-code",
        }
    }

    /// What the field is, in plain words ("a password field").
    pub fn describe(self) -> &'static str {
        match self {
            SecretKind::Password => "a password field",
            SecretKind::Payment => "a payment card field",
            SecretKind::OneTimeCode => "a one-time code field",
        }
    }
}

/// The kind of secret a form control holds, from its tag (any case), its `type` attribute (for
/// `<input>`) and its `autocomplete` attribute; `None` when it is not a secret field.
pub fn classify(
    tag: &str,
    input_type: Option<&str>,
    autocomplete: Option<&str>,
) -> Option<SecretKind> {
    let tag = tag.trim();
    let input = tag.eq_ignore_ascii_case("input");
    if !input && !tag.eq_ignore_ascii_case("select") {
        return None;
    }
    if input && input_type.is_some_and(|t| t.trim().eq_ignore_ascii_case("password")) {
        return Some(SecretKind::Password);
    }
    autocomplete.and_then(autocomplete_kind)
}

/// Input types whose value is a choice or an action, never a typed secret.
const NOT_TYPED: [&str; 7] = [
    "checkbox", "radio", "submit", "button", "reset", "image", "file",
];

/// [`classify`], then what the field's `names` (its label, `aria-label`, placeholder, `name`
/// and `id`, joined) say: a field named "Card number" or "Passwort" is secret even when it
/// declares nothing. Custom elements (a hyphen in the tag) count as inputs.
pub fn classify_named(
    tag: &str,
    input_type: Option<&str>,
    autocomplete: Option<&str>,
    names: &str,
) -> Option<SecretKind> {
    let tag = tag.trim();
    let tag = if tag.contains('-') { "input" } else { tag };
    classify(tag, input_type, autocomplete).or_else(|| {
        let input = tag.eq_ignore_ascii_case("input");
        if !input && !tag.eq_ignore_ascii_case("select") {
            return None;
        }
        let ty = input_type.unwrap_or("").trim();
        if input && NOT_TYPED.iter().any(|t| ty.eq_ignore_ascii_case(t)) {
            return None;
        }
        super::secret_label::named_kind(names)
    })
}

/// The secret an `autocomplete` attribute value names, if any. When tokens of several kinds
/// stand together (a malformed attribute), a password wins over a one-time code, and a
/// one-time code over a payment detail.
pub fn autocomplete_kind(autocomplete: &str) -> Option<SecretKind> {
    let mut found = None;
    for token in autocomplete.split_ascii_whitespace() {
        let kind = if token.eq_ignore_ascii_case("current-password")
            || token.eq_ignore_ascii_case("new-password")
        {
            SecretKind::Password
        } else if token.eq_ignore_ascii_case("one-time-code") {
            SecretKind::OneTimeCode
        } else if token.len() > 3 && token.as_bytes()[..3].eq_ignore_ascii_case(b"cc-") {
            SecretKind::Payment
        } else {
            continue;
        };
        found = Some(match (found, kind) {
            (Some(SecretKind::Password), _) | (_, SecretKind::Password) => SecretKind::Password,
            (Some(SecretKind::OneTimeCode), _) | (_, SecretKind::OneTimeCode) => {
                SecretKind::OneTimeCode
            }
            _ => SecretKind::Payment,
        });
    }
    found
}

/// What `extract` may read of a secret field: the names (attributes or DOM properties, any
/// case) that describe the field and never hold what was typed or chosen in it. Everything
/// else (`value`, `defaultValue`, `valueAsNumber`, `selectedIndex`, `selectionEnd`,
/// `validationMessage`, `data-*`, ...) is refused. `outerHTML` and `innerHTML` are readable
/// because the content module blanks secret values in the markup it returns; the text of an
/// `<input>` is always empty and that of a `<select>` lists its options, not the choice.
pub fn readable_on_secret(name: &str) -> bool {
    const DESCRIBING: [&str; 27] = [
        "id",
        "name",
        "type",
        "autocomplete",
        "placeholder",
        "title",
        "class",
        "classname",
        "role",
        "aria-label",
        "aria-labelledby",
        "aria-describedby",
        "aria-invalid",
        "aria-required",
        "required",
        "disabled",
        "readonly",
        "maxlength",
        "minlength",
        "pattern",
        "inputmode",
        "tagname",
        "localname",
        "outerhtml",
        "innerhtml",
        "textcontent",
        "innertext",
    ];
    let name = name.trim();
    name.eq_ignore_ascii_case("text") || DESCRIBING.iter().any(|d| name.eq_ignore_ascii_case(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_inputs_are_secret_whatever_the_case_and_spacing() {
        for ty in ["password", "PassWord", " password "] {
            assert_eq!(
                classify("input", Some(ty), None),
                Some(SecretKind::Password),
                "{ty:?}"
            );
        }
        assert_eq!(
            classify("INPUT", Some("password"), None),
            Some(SecretKind::Password)
        );
        // Other types and other tags are not, without autocomplete.
        assert_eq!(classify("input", Some("text"), None), None);
        assert_eq!(classify("input", None, None), None);
        assert_eq!(classify("input", Some("email"), Some("email")), None);
        assert_eq!(classify("button", Some("password"), None), None);
    }

    #[test]
    fn autocomplete_names_passwords_payment_and_one_time_codes() {
        let cases = [
            ("current-password", Some(SecretKind::Password)),
            ("new-password", Some(SecretKind::Password)),
            (
                "section-login current-password webauthn",
                Some(SecretKind::Password),
            ),
            ("cc-number", Some(SecretKind::Payment)),
            ("billing cc-csc", Some(SecretKind::Payment)),
            ("CC-Exp-Month", Some(SecretKind::Payment)),
            ("cc-name", Some(SecretKind::Payment)),
            ("one-time-code", Some(SecretKind::OneTimeCode)),
            ("  One-Time-Code\t", Some(SecretKind::OneTimeCode)),
            ("username", None),
            ("username webauthn", None),
            ("email", None),
            ("off", None),
            ("on", None),
            ("", None),
            ("cc-", None),
            ("section-cc-number", None),
            ("xcc-number", None),
            ("ccé-number", None),
            ("new-passwords", None),
        ];
        for (ac, want) in cases {
            assert_eq!(autocomplete_kind(ac), want, "{ac:?}");
        }
        // Mixed tokens: the strongest kind wins, in any order.
        assert_eq!(
            autocomplete_kind("cc-number one-time-code"),
            Some(SecretKind::OneTimeCode)
        );
        assert_eq!(
            autocomplete_kind("one-time-code current-password cc-csc"),
            Some(SecretKind::Password)
        );
    }

    #[test]
    fn a_shown_password_stays_secret_through_its_autocomplete() {
        // A "show password" button switched the type to text.
        assert_eq!(
            classify("input", Some("text"), Some("current-password")),
            Some(SecretKind::Password)
        );
        assert_eq!(
            classify("input", Some("tel"), Some("cc-number")),
            Some(SecretKind::Payment)
        );
        assert_eq!(
            classify("input", Some("text"), Some("one-time-code")),
            Some(SecretKind::OneTimeCode)
        );
        // A card expiry chosen in a select is a payment detail too.
        assert_eq!(
            classify("select", None, Some("cc-exp-month")),
            Some(SecretKind::Payment)
        );
        // Free text is never secret, whatever it declares.
        assert_eq!(classify("textarea", None, Some("one-time-code")), None);
        assert_eq!(classify("div", None, Some("cc-number")), None);
    }

    #[test]
    fn extract_reads_what_describes_a_secret_field_and_nothing_it_holds() {
        for name in [
            "name",
            "ID",
            "placeholder",
            "autocomplete",
            "outerHTML",
            "innerHTML",
            "text",
            "textContent",
            "aria-label",
            " type ",
        ] {
            assert!(readable_on_secret(name), "{name}");
        }
        for name in [
            "value",
            "VALUE",
            "defaultValue",
            "valueAsNumber",
            "valueAsDate",
            "selectedIndex",
            "selectedOptions",
            "selectionEnd",
            "validationMessage",
            "data-value",
            "_valueTracker",
            "",
        ] {
            assert!(!readable_on_secret(name), "{name}");
        }
    }

    #[test]
    fn names_make_a_field_secret_that_declares_nothing() {
        let named = |tag, ty, names| classify_named(tag, ty, None, names);
        assert_eq!(
            named("input", Some("text"), "Card number"),
            Some(SecretKind::Payment)
        );
        assert_eq!(named("input", None, "cvv"), Some(SecretKind::Payment));
        assert_eq!(
            named("select", None, "Expiry month"),
            Some(SecretKind::Payment)
        );
        assert_eq!(
            named("my-field", None, "Kennwort"),
            Some(SecretKind::Password)
        );
        assert_eq!(
            named("input", Some("tel"), "SMS-Bestätigungscode"),
            Some(SecretKind::OneTimeCode)
        );
        assert_eq!(
            named("input", Some("tel"), "Bestätigungscode"),
            Some(SecretKind::OneTimeCode)
        );
        // A declared kind wins over the names.
        assert_eq!(
            classify_named("input", Some("password"), None, "Card number"),
            Some(SecretKind::Password)
        );
        // Choices, buttons and free text are not typed secrets, whatever they are called.
        assert_eq!(
            named("input", Some("checkbox"), "Remember my password"),
            None
        );
        assert_eq!(named("input", Some("submit"), "Pay with card number"), None);
        assert_eq!(named("textarea", None, "Password"), None);
        assert_eq!(named("input", Some("email"), "Email"), None);
    }

    #[test]
    fn kinds_serialize_as_their_wire_names() {
        for kind in [
            SecretKind::Password,
            SecretKind::Payment,
            SecretKind::OneTimeCode,
        ] {
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::Value::String(kind.as_str().to_string())
            );
        }
        assert_eq!(SecretKind::Payment.describe(), "a payment card field");
    }
}
