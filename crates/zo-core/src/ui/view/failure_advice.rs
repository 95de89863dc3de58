//! What a person can do when a Co-browse action failed, by the kind of failure: the words a
//! failed timeline row leads with, before the technical reason.

use crate::wire::protocol::ActionErrorCode;

/// The advice for a failed action of kind `code`.
pub fn failure_advice(code: ActionErrorCode) -> &'static str {
    use ActionErrorCode as C;
    match code {
        C::NotFound | C::Detached => {
            "Zo couldn't find this on the page. If the page is still loading or has changed, ask Zo to try again."
        }
        C::InvalidSelector | C::Internal | C::Unsupported => {
            "Zo couldn't do this step. Ask Zo to try another way."
        }
        C::Hidden => "It is hidden on the page. Open the menu or section that holds it, then ask Zo again.",
        C::Disabled | C::ReadOnly | C::NotEditable => {
            "The page doesn't let anyone change this right now. Check what the page asks for first."
        }
        C::Covered => {
            "Something covers it on the page (a dialog or a banner). Close it, then ask Zo again."
        }
        C::NoSuchOption | C::InvalidValue => {
            "The field doesn't take this value. Tell Zo the value the page expects."
        }
        C::Navigation => "The page changed while Zo acted. Ask Zo to continue from here.",
        C::Cancelled => "This step was stopped before it finished.",
        C::Unstable => "It kept moving on the page. Wait for the page to settle, then ask Zo again.",
        C::Refused => "Zo was not allowed to do this.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_failure_says_what_to_do_in_a_sentence() {
        for code in [
            ActionErrorCode::NotFound,
            ActionErrorCode::Hidden,
            ActionErrorCode::Covered,
            ActionErrorCode::InvalidValue,
            ActionErrorCode::Navigation,
        ] {
            let advice = failure_advice(code);
            assert!(advice.starts_with(char::is_uppercase), "{advice}");
            assert!(advice.ends_with('.'), "{advice}");
            assert!(!advice.contains('#'), "no selector in the advice: {advice}");
        }
        assert!(failure_advice(ActionErrorCode::NotFound).contains("couldn't find"));
    }
}
