//! Secret fields and the sensitive word list.

use crate::page::secret_field::SecretKind;
use crate::trust::policy::consequential::consequential_word as sensitive_word;
use crate::trust::policy::sensitive::{declared_secret, field_secret};

fn credential_label(name: &str) -> bool {
    field_secret("text", "", name).is_some()
}

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

#[test]
fn consequential_words_in_the_web_s_most_used_languages() {
    let cases = [
        ("Jetzt kaufen", "buy"),
        ("Zahlungspflichtig bestellen", "pay"),
        ("Weiterleiten", "forward"),
        ("Forward", "forward"),
        ("Share with friends", "share"),
        ("Reply all", "reply"),
        ("Invite people", "invite"),
        ("Confirm order", "order"),
        ("Submit", "submit"),
        ("Comprar ahora", "buy"),
        ("Eliminar cuenta", "delete"),
        ("Enviar mensaje", "send"),
        ("Acheter maintenant", "buy"),
        ("Supprimer", "delete"),
        ("Envoyer", "send"),
        ("Transférer", "forward"),
        ("Finalizar compra", "buy"),
        ("Excluir", "delete"),
        ("Acquista ora", "buy"),
        ("Inoltra", "forward"),
        ("Купить", "buy"),
        ("Удалить", "delete"),
        ("Отправить", "send"),
        ("今すぐ購入", "buy"),
        ("削除する", "delete"),
        ("送信", "send"),
        ("立即购买", "buy"),
        ("删除", "delete"),
        ("转发", "forward"),
        ("Kup teraz", "buy"),
        ("Usuń", "delete"),
        ("Wyślij", "send"),
        ("Nu kopen", "buy"),
        ("Verwijderen", "delete"),
        ("Verzenden", "send"),
        ("Satın al", "buy"),
        ("Gönder", "send"),
        ("Überweisung ausführen", "transfer"),
        ("Publish my profile", "publish"),
    ];
    for (name, word) in cases {
        assert_eq!(sensitive_word(name), Some(word), "{name}");
    }
    for name in [
        "Weiter",
        "Suchen",
        "Anmelden",
        "Siguiente",
        "Suivant",
        "次へ",
        "下一步",
        "Далее",
        "Dalej",
        "Volgende",
        "İleri",
        "Sender",
    ] {
        assert_eq!(sensitive_word(name), None, "{name}");
    }
}
