//! Which secret a field holds by what it is called: its label, `aria-label`, placeholder, `name`
//! and `id`, in the web's most used languages (English, Spanish, German, French, Japanese,
//! Russian, Portuguese, Italian, Chinese, Polish, Dutch, Turkish, Korean). A card number field
//! named only by its label ("Kartennummer", "CVV", "IBAN") is as secret as one that declares
//! `autocomplete="cc-number"`. The declared kind ([`super::secret_field::classify`]) wins when
//! there is one; this is what names add.
//!
//! The lists err on the side of secrecy: a field called "Password hint" is kept in the page
//! too. Notation of entries: see [`super::lexicon`].

use super::lexicon::Words;
use super::secret_field::SecretKind;

/// Passwords, PINs and other secrets one knows.
const PASSWORD: &[&str] = &[
    "password*",
    "passwd",
    "pwd",
    "passcode",
    "passphrase",
    "pin",
    "pin code",
    "contraseña*",
    "clave",
    "passwort*",
    "kennwort*",
    "geheimzahl",
    "mot de passe",
    "mdp",
    "senha*",
    "пароль*",
    "パスワード",
    "暗証番号",
    "密码",
    "密碼",
    "hasło",
    "hasła",
    "hasl*",
    "wachtwoord*",
    "şifre*",
    "parola",
    "비밀번호",
    "secret",
];

/// Payment cards and bank accounts.
const PAYMENT: &[&str] = &[
    "card number",
    "card no",
    "cardnumber",
    "cardno",
    "ccnum*",
    "cc num*",
    "cc number",
    "credit card",
    "creditcard*",
    "debit card",
    "cvv*",
    "cvc*",
    "csc",
    "ccv",
    "cc csc",
    "cc exp*",
    "security code",
    "card verification",
    "card code",
    "expiry",
    "expiration",
    "exp date",
    "iban",
    "bic",
    "swift",
    "account number",
    "routing number",
    "sort code",
    "número de tarjeta",
    "tarjeta de crédito",
    "código de seguridad",
    "vencimiento",
    "caducidad",
    "kartennummer",
    "kreditkart*",
    "prüfnummer",
    "prüfziffer",
    "sicherheitscode",
    "ablaufdatum",
    "gültig bis",
    "kontonummer",
    "numéro de carte",
    "carte bancaire",
    "carte de crédit",
    "cryptogramme",
    "número do cartão",
    "cartão de crédito",
    "código de segurança",
    "validade",
    "numero della carta",
    "numero carta",
    "carta di credito",
    "codice di sicurezza",
    "scadenza",
    "номер карты",
    "срок действия",
    "カード番号",
    "セキュリティコード",
    "有効期限",
    "卡号",
    "卡號",
    "信用卡",
    "安全码",
    "安全碼",
    "有效期",
    "numer karty",
    "kaartnummer",
    "vervaldatum",
    "kart numarası",
    "son kullanma",
    "카드번호",
    "카드 번호",
];

/// One-time codes (SMS, e-mail, authenticator, bank TAN).
const ONE_TIME: &[&str] = &[
    "otp",
    "totp",
    "2fa",
    "mfa",
    "one time code",
    "one time password",
    "onetime*",
    "verification code",
    "authentication code",
    "auth code",
    "sms code",
    "confirmation code",
    "código de verificación",
    "código de confirmación",
    "bestätigungscode",
    "verifizierungscode",
    "einmalcode",
    "tan",
    "code de vérification",
    "code de confirmation",
    "código de verificação",
    "codice di verifica",
    "код подтверждения",
    "одноразов*",
    "認証コード",
    "確認コード",
    "ワンタイム",
    "验证码",
    "驗證碼",
    "kod weryfikacyjny",
    "verificatiecode",
    "doğrulama kodu",
    "인증번호",
    "인증 코드",
];

/// The secret a field's names say it holds. `names` is every name source of the field joined
/// (label text, `aria-label`, placeholder, `name`, `id`). A password beats a one-time code,
/// which beats a payment detail, as for declared kinds.
pub fn named_kind(names: &str) -> Option<SecretKind> {
    if names.trim().is_empty() {
        return None;
    }
    let words = Words::of(names);
    if words.first_of(PASSWORD).is_some() {
        Some(SecretKind::Password)
    } else if words.first_of(ONE_TIME).is_some() {
        Some(SecretKind::OneTimeCode)
    } else if words.first_of(PAYMENT).is_some() {
        Some(SecretKind::Payment)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_named_in_each_language() {
        let cases = [
            ("Password", SecretKind::Password),
            ("Contraseña", SecretKind::Password),
            ("Passwort wiederholen", SecretKind::Password),
            ("Mot de passe", SecretKind::Password),
            ("Senha", SecretKind::Password),
            ("Пароль", SecretKind::Password),
            ("パスワード", SecretKind::Password),
            ("密码", SecretKind::Password),
            ("Hasło", SecretKind::Password),
            ("Wachtwoord", SecretKind::Password),
            ("Şifre", SecretKind::Password),
            ("비밀번호", SecretKind::Password),
            ("PIN", SecretKind::Password),
            ("Card number", SecretKind::Payment),
            ("cardNumber", SecretKind::Payment),
            ("cc_number", SecretKind::Payment),
            ("CVV", SecretKind::Payment),
            ("Security code (CVC)", SecretKind::Payment),
            ("IBAN", SecretKind::Payment),
            ("Expiry", SecretKind::Payment),
            ("Número de tarjeta", SecretKind::Payment),
            ("Kartennummer", SecretKind::Payment),
            ("Numéro de carte", SecretKind::Payment),
            ("Número do cartão", SecretKind::Payment),
            ("Numero della carta", SecretKind::Payment),
            ("Номер карты", SecretKind::Payment),
            ("カード番号", SecretKind::Payment),
            ("卡号", SecretKind::Payment),
            ("Numer karty", SecretKind::Payment),
            ("Kaartnummer", SecretKind::Payment),
            ("Kart numarası", SecretKind::Payment),
            ("One-time code", SecretKind::OneTimeCode),
            ("Verification code", SecretKind::OneTimeCode),
            ("Código de verificación", SecretKind::OneTimeCode),
            ("Bestätigungscode", SecretKind::OneTimeCode),
            ("Code de vérification", SecretKind::OneTimeCode),
            ("Код подтверждения", SecretKind::OneTimeCode),
            ("認証コード", SecretKind::OneTimeCode),
            ("验证码", SecretKind::OneTimeCode),
            ("Kod weryfikacyjny", SecretKind::OneTimeCode),
            ("Verificatiecode", SecretKind::OneTimeCode),
            ("Doğrulama kodu", SecretKind::OneTimeCode),
        ];
        for (name, kind) in cases {
            assert_eq!(named_kind(name), Some(kind), "{name}");
        }
    }

    #[test]
    fn ordinary_fields_are_not_secret() {
        for name in [
            "",
            "Email",
            "Name",
            "Search",
            "Address line 1",
            "Company",
            "Spinner",
            "Message",
            "Betreff",
            "Recherche",
            "Pinterest",
            "Discount code",
        ] {
            assert_eq!(named_kind(name), None, "{name}");
        }
    }
}
