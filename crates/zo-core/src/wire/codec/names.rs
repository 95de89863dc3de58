//! The wire names of the unit enums the hand codecs read and write: each `wire_name` is
//! what serde writes for the variant (a test checks every one), and `ALL` lists every variant
//! (keep it beside the `match` a new variant must be added to).

use crate::page::reader::element_order::Region;
use crate::page::reader::TextKind;
use crate::page::secret_field::SecretKind;
use crate::wire::approval::{Access, ApprovalKind, Source};
use crate::wire::facts::EffectKind;
use crate::wire::json::WireName;
use crate::wire::protocol::{
    ActionErrorCode, ActionStatus, ApprovalDecision, FailureKind, FinalStatus, Mode, TextPart,
};

impl WireName for ActionStatus {
    const ALL: &'static [Self] = &[
        Self::Pending,
        Self::Running,
        Self::Done,
        Self::Failed,
        Self::Skipped,
    ];
    const WHAT: &'static str = "an action status";
    fn wire_name(self) -> &'static str {
        self.as_str()
    }
}

impl WireName for ActionErrorCode {
    const ALL: &'static [Self] = &[
        Self::NotFound,
        Self::InvalidSelector,
        Self::Hidden,
        Self::Disabled,
        Self::ReadOnly,
        Self::Covered,
        Self::Detached,
        Self::NotEditable,
        Self::NoSuchOption,
        Self::Unsupported,
        Self::Navigation,
        Self::Cancelled,
        Self::Internal,
        Self::InvalidValue,
        Self::Unstable,
        Self::Refused,
    ];
    const WHAT: &'static str = "an action error code";
    fn wire_name(self) -> &'static str {
        self.as_str()
    }
}

impl WireName for SecretKind {
    const ALL: &'static [Self] = &[Self::Password, Self::Payment, Self::OneTimeCode];
    const WHAT: &'static str = "a kind of secret field";
    fn wire_name(self) -> &'static str {
        self.as_str()
    }
}

impl WireName for Region {
    const ALL: &'static [Self] = &[
        Self::Navigation,
        Self::Header,
        Self::Footer,
        Self::Sidebar,
        Self::LinkList,
    ];
    const WHAT: &'static str = "a page region";
    fn wire_name(self) -> &'static str {
        self.as_str()
    }
}

impl WireName for TextKind {
    const ALL: &'static [Self] = &[Self::Article, Self::Page];
    const WHAT: &'static str = "a kind of page text";
    fn wire_name(self) -> &'static str {
        self.as_str()
    }
}

impl WireName for TextPart {
    const ALL: &'static [Self] = &[Self::Answer, Self::Reasoning];
    const WHAT: &'static str = "a streamed text part";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Answer => "answer",
            Self::Reasoning => "reasoning",
        }
    }
}

impl WireName for FinalStatus {
    const ALL: &'static [Self] = &[Self::Succeeded, Self::Failed, Self::Incomplete];
    const WHAT: &'static str = "a final status";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
            Self::Incomplete => "incomplete",
        }
    }
}

impl WireName for FailureKind {
    const ALL: &'static [Self] = &[Self::Transient, Self::Permanent];
    const WHAT: &'static str = "a failure kind";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Transient => "transient",
            Self::Permanent => "permanent",
        }
    }
}

impl WireName for Access {
    const ALL: &'static [Self] = &[Self::ReadWrite, Self::ReadOnly];
    const WHAT: &'static str = "an access";
    fn wire_name(self) -> &'static str {
        match self {
            Self::ReadWrite => "read-write",
            Self::ReadOnly => "read-only",
        }
    }
}

impl WireName for Source {
    const ALL: &'static [Self] = &[Self::Start, Self::Named, Self::Allowed, Self::Visited];
    const WHAT: &'static str = "an origin's source";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Start => "start",
            Self::Named => "named",
            Self::Allowed => "allowed",
            Self::Visited => "visited",
        }
    }
}

impl WireName for ApprovalKind {
    const ALL: &'static [Self] = &[
        Self::Navigate,
        Self::OutsidePage,
        Self::SecretFill,
        Self::FormElsewhere,
        Self::SubmitSecret,
        Self::SensitiveControl,
    ];
    const WHAT: &'static str = "an approval kind";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Navigate => "navigate",
            Self::OutsidePage => "outside_page",
            Self::SecretFill => "secret_fill",
            Self::FormElsewhere => "form_elsewhere",
            Self::SubmitSecret => "submit_secret",
            Self::SensitiveControl => "sensitive_control",
        }
    }
}

impl WireName for Mode {
    const ALL: &'static [Self] = &[
        Self::Cobrowse,
        Self::Ask,
        Self::Summarize,
        Self::Extract,
        Self::Research,
        Self::Visual,
    ];
    const WHAT: &'static str = "a mode";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Cobrowse => "cobrowse",
            Self::Ask => "ask",
            Self::Summarize => "summarize",
            Self::Extract => "extract",
            Self::Research => "research",
            Self::Visual => "visual",
        }
    }
}

impl WireName for ApprovalDecision {
    const ALL: &'static [Self] = &[Self::Once, Self::Task, Self::Deny];
    const WHAT: &'static str = "an approval decision";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Once => "once",
            Self::Task => "task",
            Self::Deny => "deny",
        }
    }
}

impl WireName for EffectKind {
    const ALL: &'static [Self] = &[Self::Link, Self::Submit, Self::Window];
    const WHAT: &'static str = "an effect";
    fn wire_name(self) -> &'static str {
        match self {
            Self::Link => "link",
            Self::Submit => "submit",
            Self::Window => "window",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{de::DeserializeOwned, Serialize};

    /// The variants serde knows, from its error for an unknown name ("unknown variant `x`,
    /// expected one of `a`, `b`" / "expected `a` or `b`").
    fn serde_names<T: DeserializeOwned>() -> Vec<String> {
        let err = serde_json::from_str::<T>("\"~\"")
            .err()
            .unwrap()
            .to_string();
        let expected = err.split("expected").nth(1).unwrap();
        expected
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    fn check<T: WireName + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>() {
        for &v in T::ALL {
            assert_eq!(serde_json::to_value(v).unwrap(), v.wire_name(), "{v:?}");
            assert_eq!(T::from_wire_name(v.wire_name()), Some(v));
        }
        assert_eq!(T::from_wire_name("nope"), None);
        let mut ours: Vec<&str> = T::ALL.iter().map(|v| v.wire_name()).collect();
        let mut theirs = serde_names::<T>();
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "ALL does not list every variant");
    }

    /// Every variant is in `ALL`, named as serde names it.
    #[test]
    fn names_are_serde_names() {
        check::<ActionStatus>();
        check::<ActionErrorCode>();
        check::<SecretKind>();
        check::<FinalStatus>();
        check::<FailureKind>();
        check::<Access>();
        check::<Source>();
        check::<ApprovalKind>();
        check::<Mode>();
        check::<ApprovalDecision>();
        check::<TextPart>();
        check::<EffectKind>();
    }
}
