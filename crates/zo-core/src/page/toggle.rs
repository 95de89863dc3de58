//! How a `fill` value sets a two-state control (checkbox, radio, switch): the words a model
//! may use for on and off.

/// Desired state of a checkbox or radio from a fill value, or `None` when the value is not
/// one of the accepted words (true/false, on/off, yes/no, checked/unchecked, 1/0).
pub fn parse_checked(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "checked" | "check" | "1" => Some(true),
        "false" | "off" | "no" | "unchecked" | "uncheck" | "0" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::parse_checked;

    #[test]
    fn words() {
        for w in ["true", "ON", " yes ", "checked", "1"] {
            assert_eq!(parse_checked(w), Some(true), "{w}");
        }
        for w in ["false", "Off", "no", "unchecked", "0"] {
            assert_eq!(parse_checked(w), Some(false), "{w}");
        }
        assert_eq!(parse_checked("maybe"), None);
        assert_eq!(parse_checked(""), None);
    }
}
