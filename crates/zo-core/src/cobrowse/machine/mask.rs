//! What the panel may see of a fill: the value of a fill into a secret field (a password, a
//! payment card detail, a one-time code: see [`crate::page::secret_field`]) is replaced by
//! [`MASK`] before the action's status leaves the machine. This is the one place that decides
//! it: the panel shows and stores what it is sent.

use crate::wire::snapshot::PageSnapshot;

/// What a masked value shows.
pub const MASK: &str = "••••••••";

/// Does this fill target a secret field (a password, a payment card detail, a one-time code:
/// see [`crate::page::secret_field`])? The snapshot element decides when it is known; otherwise, and
/// also when the snapshot says nothing, the selector (or the element's label) mentioning a
/// password does.
pub fn is_secret_target(selector: &str, snapshot: Option<&PageSnapshot>) -> bool {
    let mentions = |s: &str| {
        let l = s.to_ascii_lowercase();
        l.contains("pass") || l.contains("pwd") || l.contains("secret")
    };
    if let Some(el) = snapshot.and_then(|s| s.elements.iter().find(|e| e.selector == selector)) {
        if el.secret_kind().is_some() || mentions(&el.label) {
            return true;
        }
    }
    mentions(selector)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::secret_field::SecretKind;
    use crate::wire::action::Action;
    use crate::wire::action::Selector;
    use crate::wire::snapshot::SnapshotElement;

    /// The action with a secret field's fill value replaced by [`MASK`].
    fn masked_action(action: &Action, snapshot: Option<&PageSnapshot>) -> Action {
        match action {
            Action::Fill { selector, .. } if is_secret_target(selector.as_str(), snapshot) => {
                Action::Fill {
                    selector: selector.clone(),
                    value: MASK.to_string(),
                }
            }
            other => other.clone(),
        }
    }

    #[test]
    fn password_fills_are_masked() {
        let fill = |sel: &str| Action::Fill {
            selector: Selector::parse(sel).unwrap(),
            value: "hunter2".into(),
        };
        let masked = masked_action(&fill("#password"), None);
        assert_eq!(masked, fill_with("#password", MASK));
        assert_eq!(
            masked_action(&fill("input[name=pwd]"), None),
            fill_with("input[name=pwd]", MASK)
        );
        assert_eq!(masked_action(&fill("#email"), None), fill("#email"));

        // The snapshot's input type decides even when the selector says nothing.
        let snap = PageSnapshot {
            omitted: Vec::new(),
            elements: vec![SnapshotElement {
                selector: "#f3".into(),
                tag: "input".into(),
                input_type: Some("password".into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        assert_eq!(
            masked_action(&fill("#f3"), Some(&snap)),
            fill_with("#f3", MASK)
        );
        assert_eq!(masked_action(&fill("#f4"), Some(&snap)), fill("#f4"));
    }

    #[test]
    fn payment_and_one_time_code_fills_are_masked_like_passwords() {
        let fill = |sel: &str| Action::Fill {
            selector: Selector::parse(sel).unwrap(),
            value: "4242 4242 4242 4242".into(),
        };
        let field =
            |selector: &str, input_type: &str, secret: Option<SecretKind>| SnapshotElement {
                selector: selector.into(),
                tag: "input".into(),
                input_type: Some(input_type.into()),
                secret,
                ..Default::default()
            };
        let snap = PageSnapshot {
            omitted: Vec::new(),
            elements: vec![
                field("#card", "text", Some(SecretKind::Payment)),
                field("#code", "text", Some(SecretKind::OneTimeCode)),
                // A password shown as text by a "show password" button, known by its autocomplete.
                field("#shown", "text", Some(SecretKind::Password)),
                field("#city", "text", None),
            ],
            ..Default::default()
        };
        for sel in ["#card", "#code", "#shown"] {
            assert_eq!(
                masked_action(&fill(sel), Some(&snap)),
                fill_with(sel, MASK),
                "{sel}"
            );
        }
        assert_eq!(masked_action(&fill("#city"), Some(&snap)), fill("#city"));
    }

    fn fill_with(sel: &str, value: &str) -> Action {
        Action::Fill {
            selector: Selector::parse(sel).unwrap(),
            value: value.into(),
        }
    }
}
