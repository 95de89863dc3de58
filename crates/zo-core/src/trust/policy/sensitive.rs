//! What makes a field or a control sensitive: fields that hold secrets (passwords, payment
//! card data, one-time codes: declared, or named so in many languages, see
//! [`crate::page::secret_field`]) and controls whose name says they spend, delete, send,
//! publish or otherwise act for the user where others see it (the list in `consequential.rs`).
//!
//! The word list is a second signal: the facts that do not depend on wording (field types,
//! autocomplete tokens, where a form or a link really goes, what the network is allowed to
//! reach while a task runs) hold on every page, in every language.

use std::fmt;

use crate::page::secret_field::{self, SecretKind};

/// Why filling a field needs the user: it holds a secret ([`crate::page::secret_field`], the
/// same notion that keeps secret values in the page).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SensitiveField {
    Secret(SecretKind),
}

impl SensitiveField {
    /// The field as named in plain words: "password field".
    pub fn field(self) -> &'static str {
        match self {
            SensitiveField::Secret(SecretKind::Password) => "password field",
            SensitiveField::Secret(SecretKind::Payment) => "payment card field",
            SensitiveField::Secret(SecretKind::OneTimeCode) => "one-time code field",
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

/// The secret a field holds by what it declares or what it is called (`name`: its accessible
/// name sources joined, as the content module reports them).
pub fn field_secret(input_type: &str, autocomplete: &str, name: &str) -> Option<SecretKind> {
    secret_field::classify_named("input", Some(input_type), Some(autocomplete), name)
}
