//! Tool activity of one stream ("Explored"): calls, their arguments as they stream, and short
//! results, upserted by tool call id in the order the calls were first seen.

use std::collections::HashMap;

use crate::page::text::ellipsize;
use crate::wire::protocol::ToolActivity;

/// Results longer than this many characters are cut (with an ellipsis) for display.
pub const MAX_RESULT_CHARS: usize = 500;

#[derive(Debug, Default, Clone)]
pub struct Tools {
    list: Vec<ToolActivity>,
    by_id: HashMap<String, usize>,
}

impl Tools {
    pub fn all(&self) -> &[ToolActivity] {
        &self.list
    }

    /// A call with (possibly partial) arguments: creates it or updates its name and args.
    pub fn call(&mut self, id: &str, name: &str, args: &str) -> ToolActivity {
        let t = self.entry(id, name, false);
        if !args.is_empty() {
            t.args = args.to_string();
        }
        t.clone()
    }

    /// Streamed argument and name pieces.
    /// Without an id they belong to the last call (a new one if there is none).
    pub fn extend_args(&mut self, id: &str, name_delta: &str, args_delta: &str) {
        let t = match self.list.len() {
            n if id.is_empty() && n > 0 => &mut self.list[n - 1],
            _ => self.entry(id, "", false),
        };
        t.name.push_str(name_delta);
        t.args.push_str(args_delta);
    }

    /// The complete arguments (a part's end): they replace what streamed when not shorter.
    pub fn complete_args(&mut self, id: &str, name: &str, args: &str) -> ToolActivity {
        let t = self.entry(id, name, false);
        if args.len() >= t.args.len() {
            t.args = args.to_string();
        }
        t.clone()
    }

    /// The tool returned.
    pub fn result(&mut self, id: &str, name: &str, content: &str) -> ToolActivity {
        let t = self.entry(id, name, true);
        t.result = Some(ellipsize(content, MAX_RESULT_CHARS));
        t.clone()
    }

    /// The entry for `id`; without an id, the last call of that name still waiting for its
    /// result (when `for_result`), else a new entry with a generated id.
    fn entry(&mut self, id: &str, name: &str, for_result: bool) -> &mut ToolActivity {
        let found = if id.is_empty() {
            self.list.iter().rposition(|t| {
                for_result && t.result.is_none() && (name.is_empty() || t.name == name)
            })
        } else {
            self.by_id.get(id).copied()
        };
        let at = match found {
            Some(at) => at,
            None => {
                let id = if id.is_empty() {
                    format!("tool-{}", self.list.len() + 1)
                } else {
                    id.to_string()
                };
                self.by_id.insert(id.clone(), self.list.len());
                self.list.push(ToolActivity {
                    tool_call_id: id,
                    ..ToolActivity::default()
                });
                self.list.len() - 1
            }
        };
        let t = &mut self.list[at];
        if !name.is_empty() && t.name.is_empty() {
            t.name = name.to_string();
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_are_upserted_by_id_in_first_seen_order() {
        let mut t = Tools::default();
        t.call("a", "search", "{\"q\":");
        t.extend_args("a", "", "\"x\"}");
        t.call("b", "read", "");
        let r = t.result("a", "search", "found");
        assert_eq!(r.args, "{\"q\":\"x\"}");
        assert_eq!(r.result.as_deref(), Some("found"));
        assert_eq!(t.all().len(), 2);
        assert_eq!(t.all()[0].tool_call_id, "a");
        assert_eq!(t.all()[1].name, "read");
    }

    #[test]
    fn complete_args_never_shorten_and_results_are_cut() {
        let mut t = Tools::default();
        t.call("a", "s", "{\"q\":\"long\"}");
        assert_eq!(t.complete_args("a", "s", "{}").args, "{\"q\":\"long\"}");
        let long = "é".repeat(MAX_RESULT_CHARS + 10);
        let r = t.result("a", "s", &long);
        assert_eq!(
            r.result.map(|s| s.chars().count()),
            Some(MAX_RESULT_CHARS + 1)
        );
    }

    #[test]
    fn arg_pieces_without_id_extend_the_last_call() {
        let mut t = Tools::default();
        t.extend_args("", "sea", "{");
        t.extend_args("", "rch", "}");
        assert_eq!(t.all().len(), 1);
        assert_eq!(t.all()[0].name, "search");
        assert_eq!(t.all()[0].args, "{}");
    }

    #[test]
    fn results_without_id_match_the_pending_call_by_name() {
        let mut t = Tools::default();
        t.call("", "search", "{}");
        let r = t.result("", "search", "ok");
        assert_eq!(r.tool_call_id, "tool-1");
        assert_eq!(t.all().len(), 1);
    }
}
