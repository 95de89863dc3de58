//! Selectors that could read a secret field one guess at a time. `#pw[value^="a"]` matches only
//! while the password starts with "a": whether an action finds its element (or how long it
//! waits) then tells what the field holds, without its value ever being read. On a page that
//! has secret fields the content module refuses, for every action, a selector that tests
//! ([`tests_state`]):
//! - an attribute that holds what was typed or chosen, or its state: `value`, `checked`,
//!   `selected`, `aria-checked`, any name that says "value" (`data-value`, `aria-valuenow`),
//!   or a name written with escapes or a namespace (which could spell any of these);
//! - a pseudo-class that depends on what a field holds or whether it is chosen (`:checked`,
//!   `:placeholder-shown`, `:valid`, `:in-range`, `:autofill`...), or an escaped one.
//!
//! Linear in the selector's length; a selector is capped in length before it gets here.

/// Attributes that hold what was typed or chosen in a field (React writes a controlled
/// input's value into `value`), or its state.
const HOLDING: [&str; 6] = [
    "value",
    "checked",
    "selected",
    "aria-valuetext",
    "aria-checked",
    "aria-selected",
];

/// Pseudo-classes whose match depends on a field's value or choice.
const STATEFUL: [&str; 15] = [
    "checked",
    "default",
    "indeterminate",
    "placeholder-shown",
    "valid",
    "invalid",
    "user-valid",
    "user-invalid",
    "in-range",
    "out-of-range",
    "blank",
    "autofill",
    "-webkit-autofill",
    "required",
    "optional",
];

/// Whether `selector` tests the state of a field (see the module's rules).
pub fn tests_state(selector: &str) -> bool {
    let chars: Vec<char> = selector.chars().collect();
    let mut i = 0;
    let mut quote: Option<char> = None;
    while i < chars.len() {
        let c = chars[i];
        if let Some(q) = quote {
            if c == '\\' {
                i += 1;
            } else if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '\\' => i += 1,
            '[' => {
                let (name, next) = ident(&chars, i + 1);
                if holding(&name) {
                    return true;
                }
                i = next;
                continue;
            }
            ':' => {
                let start = if chars.get(i + 1) == Some(&':') {
                    i + 2
                } else {
                    i + 1
                };
                let (name, next) = ident(&chars, start);
                let name = name.to_ascii_lowercase();
                if name.contains('\\') || STATEFUL.contains(&name.as_str()) {
                    return true;
                }
                i = next;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// The identifier at `from` (spaces before it skipped, escapes kept as written), and where it
/// ends.
fn ident(chars: &[char], from: usize) -> (String, usize) {
    let mut i = from;
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    let mut out = String::new();
    while let Some(&c) = chars.get(i) {
        if c == '\\' {
            out.push(c);
            if let Some(&n) = chars.get(i + 1) {
                out.push(n);
            }
            i += 2;
        } else if c.is_ascii_alphanumeric()
            || !c.is_ascii()
            || c == '-'
            || c == '_'
            || c == '|'
            || c == '*'
        {
            out.push(c);
            i += 1;
        } else {
            break;
        }
    }
    (out, i)
}

fn holding(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.contains(['\\', '|', '*']) || name.contains("value") || HOLDING.contains(&name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_of_what_a_field_holds_are_recognized() {
        for sel in [
            "#pw[value^=\"Typed-Secret\"], #tail",
            "input[VALUE$='x']",
            "#exp option:checked",
            "form:has(#pw[value*=a]) button",
            "#card:placeholder-shown",
            "#cvv:valid",
            "[data-value=\"4\"]",
            "[\\76 alue^=a]",
            "[*|value]",
            "#pin:\\63 hecked",
            "#pw:-webkit-autofill",
            "[aria-valuenow='3']",
            "[data-current-value]",
            "option[selected]",
        ] {
            assert!(tests_state(sel), "{sel}");
        }
    }

    #[test]
    fn ordinary_selectors_pass() {
        for sel in [
            "#email",
            "button.primary",
            "input[name=\"q\"]",
            "a[href^='/docs']",
            "[data-testid=login] > button:nth-child(2)",
            "li:first-of-type a:hover",
            "[aria-label='Close']",
            "input[type=\"password\"]",
            "#a\\:b",
            "[title=':checked']",
            ".item[data-n=\"7\"]",
            "[data-testid=x]",
        ] {
            assert!(!tests_state(sel), "{sel}");
        }
    }
}
