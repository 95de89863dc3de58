//! The network guard's rules written as the JSON text `updateSessionRules` takes, with the
//! hand writer (the worker links no serde_json value code).

use super::{Rule, RuleAction, Target, Types, RULE_ID_COUNT, RULE_ID_FIRST};
use crate::wire::json::{Json, Obj};

/// Every resource type of Chrome 116 and later.
const ALL_TYPES: [&str; 15] = [
    "main_frame",
    "sub_frame",
    "stylesheet",
    "script",
    "image",
    "font",
    "object",
    "xmlhttprequest",
    "ping",
    "csp_report",
    "media",
    "websocket",
    "webtransport",
    "webbundle",
    "other",
];

/// The methods that send data (every one but GET and HEAD).
const SENDING_METHODS: [&str; 6] = ["connect", "delete", "other", "patch", "post", "put"];

/// The `updateSessionRules` options that remove every rule of the guard (the task ended, or
/// the worker started again), as JSON text.
pub fn clear_json() -> Json {
    Obj::new().json("removeRuleIds", &all_ids()).done()
}

pub(super) fn all_ids() -> Json {
    Json::array((RULE_ID_FIRST..RULE_ID_FIRST + RULE_ID_COUNT).map(|id| Json::int(id.into())))
}

pub(super) fn rule_json(rule: &Rule, id: u32, excluded: &[i32]) -> Json {
    let strings = |items: &[&str]| Json::array(items.iter().map(|s| Json::string(s)));
    let types = match rule.types {
        Types::MainFrame => strings(&ALL_TYPES[..1]),
        Types::Subresources => strings(&ALL_TYPES[1..]),
        Types::All => strings(&ALL_TYPES),
    };
    let mut condition = Obj::new();
    match &rule.target {
        Target::Any => {}
        Target::Sending => condition = condition.json("requestMethods", &strings(&SENDING_METHODS)),
        Target::Url(filter) => condition = condition.str("urlFilter", filter),
        Target::SameSiteAs(hosts) => {
            condition = condition.str("domainType", "firstParty").json(
                "initiatorDomains",
                &Json::array(hosts.iter().map(|h| Json::string(h))),
            )
        }
    }
    let condition = condition
        .json("resourceTypes", &types)
        .json(
            "excludedTabIds",
            &Json::array(excluded.iter().map(|&t| Json::int(t.into()))),
        )
        .done();
    let (priority, action) = match rule.action {
        RuleAction::Block => (1, "block"),
        RuleAction::Allow => (2, "allow"),
    };
    Obj::new()
        .uint("id", id.into())
        .uint("priority", priority)
        .json("action", &Obj::new().str("type", action).done())
        .json("condition", &condition)
        .done()
}
