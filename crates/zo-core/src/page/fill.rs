//! The rules of a `fill`: which controls take a value and how (typed, picked, toggled, chosen
//! from a list, written into editable content), which are refused, and the words of each
//! refusal, with the format a picker expects. The content module tells what the element is
//! and carries the plan out.

use std::fmt;

use crate::page::parse_checked;

/// Input types whose value is typed as text.
const TEXT_TYPES: [&str; 7] = [
    "text", "search", "email", "url", "tel", "password", "number",
];
/// Input types set by a picker rather than typing.
const PICKER_TYPES: [&str; 7] = [
    "date",
    "time",
    "datetime-local",
    "month",
    "week",
    "color",
    "range",
];

/// What the element a fill is about is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field<'a> {
    /// An `<input>` of type `ty` (lower case), checked or not.
    Input {
        ty: &'a str,
        checked: bool,
    },
    Textarea,
    Select,
    /// An element with editable content (`contenteditable`).
    Editable,
    /// Anything else.
    Other,
}

/// How a fill writes to the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillPlan {
    /// The value is set as typing sets it; `checked_format`: the browser may refuse a value
    /// in the wrong format (pickers and numbers), which is then refused ([`bad_format`]).
    Typed { checked_format: bool },
    /// A checkbox or radio button to be (un)checked.
    Toggle { want: bool },
    /// An option of a `<select>`, by value or visible text.
    Select,
    /// Editable content, replaced.
    Editable,
}

/// Which kind of failure a refusal is (the content module reports it with the matching
/// action error code).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FillRefusalKind {
    /// The value cannot go into this field.
    InvalidValue,
    /// Fields of this kind are not filled.
    Unsupported,
    /// Not a field at all.
    NotEditable,
}

/// Why a fill is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FillRefusal {
    /// The value is not a state word for a checkbox or radio of type `ty`.
    NotAState { ty: String },
    /// A checked radio button is not unchecked directly.
    RadioOff,
    /// An `<input type=ty>` of a type that is not filled (file, hidden, buttons...).
    InputType { ty: String },
    /// Not an input, textarea, select or editable element.
    NotAField,
    /// The `<input type=ty>` would not take the value ([`bad_format`]).
    BadFormat { ty: String },
}

/// How a refusal names things.
#[derive(Clone, Copy)]
pub struct Names<'a> {
    /// The value, quoted.
    pub value: &'a dyn fmt::Display,
    /// The selector, quoted.
    pub target: &'a dyn fmt::Display,
    /// The element and its selector (`button#save ("#save")`).
    pub element: &'a dyn fmt::Display,
}

impl FillRefusal {
    /// Which kind of failure it is.
    pub fn kind(&self) -> FillRefusalKind {
        match self {
            FillRefusal::NotAState { .. } | FillRefusal::BadFormat { .. } => {
                FillRefusalKind::InvalidValue
            }
            FillRefusal::RadioOff | FillRefusal::InputType { .. } => FillRefusalKind::Unsupported,
            FillRefusal::NotAField => FillRefusalKind::NotEditable,
        }
    }

    /// The refusal in words for Zo, naming things as `names` says.
    pub fn message(&self, names: &Names<'_>) -> String {
        let Names {
            value,
            target,
            element,
        } = *names;
        match self {
            FillRefusal::NotAState { ty } => {
                format!("{value} is not a state for a {ty}; use true/false (or on/off)")
            }
            FillRefusal::RadioOff => format!(
                "a radio button ({target}) cannot be unchecked directly; choose another option \
                 of its group"
            ),
            FillRefusal::InputType { ty } => format!("cannot fill an <input type={ty}> ({target})"),
            FillRefusal::NotAField => {
                format!("{element} is not an input, textarea, select or contenteditable element")
            }
            FillRefusal::BadFormat { ty } => format!(
                "{value} is not a valid value for <input type={ty}> ({target}){}",
                format_hint(ty)
            ),
        }
    }
}

/// How to fill `field` with `value`, or why not.
pub fn plan(field: Field<'_>, value: &str) -> Result<FillPlan, FillRefusal> {
    match field {
        Field::Input { ty, checked } if ty == "checkbox" || ty == "radio" => {
            let want = parse_checked(value)
                .ok_or_else(|| FillRefusal::NotAState { ty: ty.to_string() })?;
            if ty == "radio" && !want && checked {
                return Err(FillRefusal::RadioOff);
            }
            Ok(FillPlan::Toggle { want })
        }
        Field::Input { ty, .. } if TEXT_TYPES.contains(&ty) || PICKER_TYPES.contains(&ty) => {
            Ok(FillPlan::Typed {
                checked_format: PICKER_TYPES.contains(&ty) || ty == "number",
            })
        }
        Field::Input { ty, .. } => Err(FillRefusal::InputType { ty: ty.to_string() }),
        Field::Textarea => Ok(FillPlan::Typed {
            checked_format: false,
        }),
        Field::Select => Ok(FillPlan::Select),
        Field::Editable => Ok(FillPlan::Editable),
        Field::Other => Err(FillRefusal::NotAField),
    }
}

/// The refusal of a value an `<input type=ty>` would not take (the browser left it empty).
pub fn bad_format(ty: &str) -> FillRefusal {
    FillRefusal::BadFormat { ty: ty.to_string() }
}

fn format_hint(ty: &str) -> &'static str {
    match ty {
        "date" => "; expected YYYY-MM-DD",
        "time" => "; expected HH:MM or HH:MM:SS",
        "datetime-local" => "; expected YYYY-MM-DDTHH:MM",
        "month" => "; expected YYYY-MM",
        "week" => "; expected YYYY-Www",
        "color" => "; expected #rrggbb",
        "range" | "number" => "; expected a number",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(ty: &str) -> Field<'_> {
        Field::Input { ty, checked: false }
    }

    const NAMES: Names<'static> = Names {
        value: &"\"x\"",
        target: &"\"#f\"",
        element: &"div#f (\"#f\")",
    };

    fn refused(field: Field<'_>, value: &str) -> (FillRefusalKind, String) {
        let r = plan(field, value).unwrap_err();
        (r.kind(), r.message(&NAMES))
    }

    #[test]
    fn text_and_picker_inputs_are_typed_and_pickers_have_their_format_checked() {
        for ty in ["text", "email", "password", "tel"] {
            let typed = FillPlan::Typed {
                checked_format: false,
            };
            assert_eq!(plan(input(ty), "x"), Ok(typed), "{ty}");
        }
        for ty in ["date", "time", "color", "range", "number"] {
            let picked = FillPlan::Typed {
                checked_format: true,
            };
            assert_eq!(plan(input(ty), "x"), Ok(picked), "{ty}");
        }
        let typed = FillPlan::Typed {
            checked_format: false,
        };
        assert_eq!(plan(Field::Textarea, "x"), Ok(typed));
        assert_eq!(plan(Field::Select, "x"), Ok(FillPlan::Select));
        assert_eq!(plan(Field::Editable, "x"), Ok(FillPlan::Editable));
    }

    #[test]
    fn toggles_take_state_words_and_a_checked_radio_is_not_unchecked() {
        assert_eq!(
            plan(input("checkbox"), "on"),
            Ok(FillPlan::Toggle { want: true })
        );
        let (kind, message) = refused(input("checkbox"), "maybe");
        assert_eq!(kind, FillRefusalKind::InvalidValue);
        assert_eq!(
            message,
            "\"x\" is not a state for a checkbox; use true/false (or on/off)"
        );
        let checked = Field::Input {
            ty: "radio",
            checked: true,
        };
        let (kind, message) = refused(checked, "false");
        assert_eq!(kind, FillRefusalKind::Unsupported);
        assert!(
            message.starts_with("a radio button (\"#f\") cannot be unchecked"),
            "{message}"
        );
        let off = plan(input("radio"), "false");
        assert_eq!(off, Ok(FillPlan::Toggle { want: false }), "stays unchecked");
    }

    #[test]
    fn other_inputs_and_elements_are_refused_in_words() {
        let (kind, message) = refused(input("file"), "a.txt");
        assert_eq!(kind, FillRefusalKind::Unsupported);
        assert_eq!(message, "cannot fill an <input type=file> (\"#f\")");
        let (kind, message) = refused(Field::Other, "x");
        assert_eq!(kind, FillRefusalKind::NotEditable);
        assert_eq!(
            message,
            "div#f (\"#f\") is not an input, textarea, select or contenteditable element"
        );
    }

    #[test]
    fn a_value_a_picker_rejects_is_refused_with_its_format() {
        let r = bad_format("date");
        assert_eq!(r.kind(), FillRefusalKind::InvalidValue);
        assert_eq!(
            r.message(&NAMES),
            "\"x\" is not a valid value for <input type=date> (\"#f\"); expected YYYY-MM-DD"
        );
        let number = bad_format("number").message(&NAMES);
        assert!(number.ends_with("expected a number"), "{number}");
        let week = bad_format("week").message(&NAMES);
        assert!(week.ends_with("expected YYYY-Www"), "{week}");
    }
}
