//! The compact action schema given to the model in Co-browse prompts: the seven canonical
//! shapes, the envelope and the rules, in as few tokens as stay unambiguous. Every example line
//! is itself a valid canonical action (a test checks it).

/// The compact schema text used by Co-browse prompts.
pub const COMPACT_ACTION_SCHEMA: &str = r##"Answer with ONE JSON object and nothing else (no prose, no code fence):
{"reasoning":"<one short sentence>","actions":[<action>, ...]}
Actions (exactly these shapes; "type" first):
{"type":"navigate","url":"https://example.com/page"}
{"type":"click","selector":"#submit"}
{"type":"fill","selector":"input[name=q]","value":"text to type"}
{"type":"extract","selector":"h1","attribute":"href"}
{"type":"scroll","direction":"down","selector":"#list","amount":600}
{"type":"wait","ms":1000}
{"type":"done","response":"Final answer for the user."}
Rules:
- url: absolute http:// or https:// only (no javascript:, data:, file:, chrome: ...).
- selector: a non-empty CSS selector taken from the page snapshot.
- fill.value: a string. extract.attribute: optional (text content when absent).
- scroll: direction "up" or "down" (default "down"); selector and amount (pixels) optional.
- wait.ms: optional integer 0..30000 (default 1000); larger values are rejected.
- done.response: a string, the answer shown to the user.
- Actions run in order and stop at the first failure. End with a final done once the task is
  complete; without done you get the updated page and continue."##;
