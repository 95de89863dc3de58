//! What makes a field or a control sensitive: fields that hold secrets (passwords, payment
//! card data, one-time codes, other credentials) and controls whose name says they spend,
//! delete, send or publish.
//!
//! Words are matched whole, case-insensitively, with their usual inflections ("Pay now",
//! "Buying", "Deleted", "Sent"), never inside another word ("Repay", "Sender" and "Display" do
//! not count; "PayPal" does, as "Pay" + "Pal"). The lists are English: the facts that do not
//! depend on wording (field types, autocomplete tokens, where a form is sent) work on every
//! page.

use std::fmt;

use crate::page::secret_field::{self, SecretKind};

/// Why filling a field needs the user: it declares a secret ([`crate::page::secret_field`], the
/// same notion that keeps secret values in the page), or its label names a credential.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SensitiveField {
    Secret(SecretKind),
    /// Another credential, recognized by its label (PIN, CVV, security code...).
    Credential,
}

impl SensitiveField {
    /// The field as named in plain words: "password field".
    pub fn field(self) -> &'static str {
        match self {
            SensitiveField::Secret(SecretKind::Password) => "password field",
            SensitiveField::Secret(SecretKind::Payment) => "payment card field",
            SensitiveField::Secret(SecretKind::OneTimeCode) => "one-time code field",
            SensitiveField::Credential => "credential field",
        }
    }
}

impl fmt::Display for SensitiveField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.field())
    }
}

/// The secret a field declares by its input `type` and `autocomplete` attribute
/// ([`secret_field::classify`]), whatever its tag: a custom element or an unusual control that
/// declares a password is still asked about (the policy errs on the side of asking).
pub fn declared_secret(input_type: &str, autocomplete: &str) -> Option<SecretKind> {
    secret_field::classify("input", Some(input_type), Some(autocomplete))
}

/// Words (and word pairs) in a field's label that make it a credential field. Pairs are
/// written with one space and matched across any run of separators.
const CREDENTIAL_WORDS: [&str; 14] = [
    "password",
    "passcode",
    "passphrase",
    "pin",
    "cvv",
    "cvc",
    "cvv2",
    "csc",
    "otp",
    "security code",
    "card number",
    "verification code",
    "one time code",
    "2fa",
];

/// A field whose label names a credential (the label only: its type and autocomplete are
/// [`declared_secret`]'s).
pub fn credential_label(name: &str) -> bool {
    let words = words(name);
    CREDENTIAL_WORDS.iter().any(|phrase| {
        let phrase: Vec<&str> = phrase.split(' ').collect();
        words
            .windows(phrase.len())
            .any(|w| w.iter().zip(&phrase).all(|(a, b)| a == b))
    })
}

/// The words of the sensitive-control list, each with the inflections that still say it.
const SENSITIVE_WORDS: [(&str, &[&str]); 9] = [
    (
        "pay",
        &["pay", "pays", "paid", "paying", "payment", "payments"],
    ),
    ("buy", &["buy", "buys", "buying", "bought"]),
    ("order", &["order", "orders", "ordered", "ordering"]),
    (
        "purchase",
        &["purchase", "purchases", "purchased", "purchasing"],
    ),
    (
        "delete",
        &["delete", "deletes", "deleted", "deleting", "deletion"],
    ),
    (
        "remove",
        &["remove", "removes", "removed", "removing", "removal"],
    ),
    ("send", &["send", "sends", "sending", "sent"]),
    (
        "publish",
        &["publish", "publishes", "published", "publishing"],
    ),
    (
        "transfer",
        &["transfer", "transfers", "transferred", "transferring"],
    ),
];

/// The list word a control's name says, if any ("Pay now" -> `pay`, "Deleted" -> `delete`).
pub fn sensitive_word(name: &str) -> Option<&'static str> {
    let words = words(name);
    SENSITIVE_WORDS
        .iter()
        .find(|(_, forms)| words.iter().any(|w| forms.contains(&w.as_str())))
        .map(|(word, _)| *word)
}

/// Lower-case words of `text`: runs of letters and digits, split where a lower-case letter
/// is followed by an upper-case one ("PayNow" -> "pay", "now").
fn words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut prev_lower = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if prev_lower && c.is_uppercase() && !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            current.extend(c.to_lowercase());
            prev_lower = c.is_lowercase();
        } else {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            prev_lower = false;
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}
