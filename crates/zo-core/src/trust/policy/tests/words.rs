//! Secret fields and the sensitive word list.

use crate::page::secret_field::SecretKind;
use crate::trust::policy::sensitive::{credential_label, declared_secret, sensitive_word};

#[test]
fn secret_fields_by_type_and_autocomplete() {
    assert_eq!(declared_secret("password", ""), Some(SecretKind::Password));
    assert_eq!(declared_secret("PASSWORD", ""), Some(SecretKind::Password));
    assert_eq!(
        declared_secret("text", "current-password"),
        Some(SecretKind::Password)
    );
    assert_eq!(
        declared_secret("text", "section-a new-password"),
        Some(SecretKind::Password)
    );
    assert_eq!(
        declared_secret("text", "cc-number"),
        Some(SecretKind::Payment)
    );
    assert_eq!(
        declared_secret("tel", "billing CC-CSC"),
        Some(SecretKind::Payment)
    );
    assert_eq!(
        declared_secret("text", "cc-exp-month"),
        Some(SecretKind::Payment)
    );
    assert_eq!(
        declared_secret("text", "one-time-code"),
        Some(SecretKind::OneTimeCode)
    );
    assert_eq!(declared_secret("text", "email"), None);
    assert_eq!(declared_secret("text", "username"), None);
    assert_eq!(declared_secret("", ""), None);
}

#[test]
fn credential_labels() {
    for name in [
        "PIN",
        "Card number",
        "Security code (CVV)",
        "Your passcode",
        "Enter the verification code",
        "One-time code",
        "2FA token",
    ] {
        assert!(credential_label(name), "{name}");
    }
    for name in [
        "Email",
        "Pinterest handle",
        "Shipping address",
        "Card holder",
        "Code of conduct",
    ] {
        assert!(!credential_label(name), "{name}");
    }
}

#[test]
fn every_listed_word_with_its_inflections() {
    let cases = [
        ("Pay now", "pay"),
        ("Paid", "pay"),
        ("Proceed to payment", "pay"),
        ("Buy it now", "buy"),
        ("Buying options", "buy"),
        ("Place order", "order"),
        ("Ordered items", "order"),
        ("Complete purchase", "purchase"),
        ("Delete account", "delete"),
        ("Deleted", "delete"),
        ("Remove filter", "remove"),
        ("Send message", "send"),
        ("Sent", "send"),
        ("Publish", "publish"),
        ("PUBLISHING…", "publish"),
        ("Transfer funds", "transfer"),
        ("transferred", "transfer"),
        ("PayNow", "pay"),
        ("PayPal", "pay"),
        ("add-to-cart: buy", "buy"),
    ];
    for (name, word) in cases {
        assert_eq!(sensitive_word(name), Some(word), "{name}");
    }
}

#[test]
fn words_inside_other_words_do_not_count() {
    for name in [
        "Repay",
        "Display",
        "Sender",
        "Border",
        "Removable media",
        "Buyer guide",
        "Next",
        "Search",
        "Sort by price",
        "",
    ] {
        assert_eq!(sensitive_word(name), None, "{name}");
    }
}
