//! The `value` an action reports in its `ActionResult` when it succeeds, one shape per
//! action, so the worker and Zo read them the same way:
//! - click: none;
//! - fill: [`FillOutcome`] (no value for password fields);
//! - extract: [`crate::page::text::Capped`] (`{value, truncated, length}`);
//! - scroll: [`ScrollOutcome`];
//! - wait: [`WaitOutcome`].

use serde::{Deserialize, Serialize};

/// What a field holds after a fill (the page may sanitize or clamp it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FillOutcome {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
}

/// Where a scroll left its target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScrollOutcome {
    /// `"window"` or the selector of the scrolled container.
    pub target: String,
    /// Scroll position in whole CSS pixels.
    pub x: i64,
    pub y: i64,
    /// True when the target cannot scroll further in the requested direction.
    pub at_end: bool,
}

/// How long a wait waited.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WaitOutcome {
    pub ms: u64,
}

/// True when a scroll position is at the end in the scrolled direction (1 px slack for
/// fractional layouts).
pub fn at_scroll_end(down: bool, pos: f64, client: f64, total: f64) -> bool {
    if down {
        pos + client >= total - 1.0
    } else {
        pos <= 0.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scroll_end() {
        assert!(at_scroll_end(true, 900.0, 100.0, 1000.0));
        assert!(at_scroll_end(true, 899.5, 100.0, 1000.0));
        assert!(!at_scroll_end(true, 800.0, 100.0, 1000.0));
        assert!(at_scroll_end(false, 0.0, 100.0, 1000.0));
        assert!(!at_scroll_end(false, 10.0, 100.0, 1000.0));
    }

    #[test]
    fn shapes() {
        let s = serde_json::to_value(ScrollOutcome {
            target: "window".into(),
            x: 0,
            y: 5,
            at_end: true,
        })
        .unwrap();
        assert_eq!(s["atEnd"], true);
        let f = serde_json::to_value(FillOutcome {
            value: None,
            checked: Some(true),
        })
        .unwrap();
        assert_eq!(f, serde_json::json!({"checked": true}));
    }
}
