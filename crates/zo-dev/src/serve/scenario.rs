//! Scenarios: what the dev server answers, as a pure description (model responses made of
//! thinking, text and tool-call parts). Deterministic: the same scenario and question always
//! give the same answer, so a retried request can be checked for "no loss, no duplication".
//! [`super::frames`] turns an [`Answer`] into SSE frames. No IO here (benchmarks reuse it).

pub use super::tokens::tokenize;
use serde_json::{json, Value};

/// Longest part of the question quoted back in an answer (in characters).
const MENTION_CHARS: usize = 80;
/// Default size of the `long` scenario's answer.
pub const DEFAULT_LONG_BYTES: usize = 1 << 20;
/// Token sizes: ordinary answers stream word-sized tokens, the long one 1 KB tokens.
const TOKEN_BYTES: usize = 8;
const LONG_TOKEN_BYTES: usize = 1024;

/// A line of multibyte characters every prose answer carries (split-utf8 splits them).
pub const UNICODE_LINE: &str = "Unicode check: naïve café, 你好世界, 🚀✨.";

/// The scenarios `[[zo:scenario=...]]` selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scenario {
    /// A text answer without thinking.
    Plain,
    /// Thinking, then a text answer mentioning the question (the default).
    Thinking,
    /// Thinking and two tool calls, then a second model response with the answer.
    Tool,
    /// Co-browse envelope, type-first actions: `{"actions":[{"type":"click",...}]}`.
    CobrowseTypeFirst,
    /// Co-browse envelope, key-first actions: `{"actions":[{"click":"#pricing"},...]}`.
    CobrowseKeyFirst,
    /// A bare JSON array of `{"action":"fill",...}` entries.
    CobrowseAction,
    /// The same entries in a fenced ```json block after a line of prose.
    CobrowseFenced,
    /// A type-first envelope embedded in prose.
    CobrowseEmbedded,
    /// A 1 MB (or `size=`) text answer in 1 KB tokens.
    Long,
    /// The old event set: `FrontendModelResponse {content}` deltas and `End`.
    Legacy,
}

impl Scenario {
    pub const ALL: [Scenario; 10] = [
        Scenario::Plain,
        Scenario::Thinking,
        Scenario::Tool,
        Scenario::CobrowseTypeFirst,
        Scenario::CobrowseKeyFirst,
        Scenario::CobrowseAction,
        Scenario::CobrowseFenced,
        Scenario::CobrowseEmbedded,
        Scenario::Long,
        Scenario::Legacy,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Scenario::Plain => "plain",
            Scenario::Thinking => "thinking",
            Scenario::Tool => "tool",
            Scenario::CobrowseTypeFirst => "cobrowse-typefirst",
            Scenario::CobrowseKeyFirst => "cobrowse-keyfirst",
            Scenario::CobrowseAction => "cobrowse-action",
            Scenario::CobrowseFenced => "cobrowse-fenced",
            Scenario::CobrowseEmbedded => "cobrowse-embedded",
            Scenario::Long => "long",
            Scenario::Legacy => "legacy",
        }
    }

    pub fn parse(name: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Which event vocabulary the stream uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The events seen live (pydantic-ai parts, lifecycle chunks, `completed`).
    Live,
    /// `FrontendModelResponse` / `End` / `Error`.
    Legacy,
}

/// Where a `FunctionToolResultEvent` carries the tool return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultField {
    /// `{"part": {...}}` (newer).
    Part,
    /// `{"result": {...}}` (older).
    Result,
}

/// One tool call and its return.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    pub name: String,
    pub call_id: String,
    pub args: Value,
    /// Stream the args as a JSON string in `args_delta` pieces (else one object, no deltas).
    pub args_as_string: bool,
    pub result: Value,
    pub result_field: ResultField,
}

/// One part of a model response.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    Thinking(String),
    Text(String),
    ToolCall(ToolCall),
}

/// The parts of one model response (part indexes restart at 0 in each).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelResponse {
    pub parts: Vec<Part>,
}

/// A complete answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub responses: Vec<ModelResponse>,
    pub style: Style,
    /// Largest token streamed in one delta.
    pub token_bytes: usize,
}

impl Answer {
    /// The final answer text: every text part, in order (what the non-streaming `output` is).
    pub fn text(&self) -> String {
        self.collect(|p| match p {
            Part::Text(t) => Some(t),
            _ => None,
        })
    }

    /// Every thinking part, in order.
    #[allow(dead_code)] // for tests and benchmarks reusing this module
    pub fn thinking(&self) -> String {
        self.collect(|p| match p {
            Part::Thinking(t) => Some(t),
            _ => None,
        })
    }

    fn collect<'a>(&'a self, pick: impl Fn(&'a Part) -> Option<&'a String>) -> String {
        self.responses
            .iter()
            .flat_map(|r| r.parts.iter())
            .filter_map(pick)
            .map(String::as_str)
            .collect()
    }
}

/// The answer of `scenario` to `question` (the input without directives). `size` applies to
/// [`Scenario::Long`] only.
pub fn answer(scenario: Scenario, question: &str, size: Option<usize>) -> Answer {
    let q = mention(question);
    let live = |responses: Vec<ModelResponse>| Answer {
        responses,
        style: Style::Live,
        token_bytes: TOKEN_BYTES,
    };
    let one = |parts: Vec<Part>| vec![ModelResponse { parts }];
    match scenario {
        Scenario::Plain => live(one(vec![Part::Text(prose(&q))])),
        Scenario::Thinking => live(one(vec![
            Part::Thinking(format!(
                "The user asks: \"{q}\". I will answer briefly, from the local dev server's fixed text."
            )),
            Part::Text(prose(&q)),
        ])),
        Scenario::Tool => live(tool_responses(&q)),
        Scenario::CobrowseTypeFirst
        | Scenario::CobrowseKeyFirst
        | Scenario::CobrowseAction
        | Scenario::CobrowseFenced
        | Scenario::CobrowseEmbedded => live(one(vec![
            Part::Thinking(
                "The page has a pricing link and an email field; I will act on them.".to_owned(),
            ),
            Part::Text(cobrowse_text(scenario).to_owned()),
        ])),
        Scenario::Long => Answer {
            responses: one(vec![
                Part::Thinking("Writing a long answer.".to_owned()),
                Part::Text(long_text(size.unwrap_or(DEFAULT_LONG_BYTES))),
            ]),
            style: Style::Live,
            token_bytes: LONG_TOKEN_BYTES,
        },
        Scenario::Legacy => Answer {
            responses: one(vec![Part::Text(prose(&q))]),
            style: Style::Legacy,
            token_bytes: TOKEN_BYTES,
        },
    }
}

/// A script step: the given text as a single text part, streamed token by token.
pub fn text_answer(text: &str) -> Answer {
    Answer {
        responses: vec![ModelResponse {
            parts: vec![Part::Text(text.to_owned())],
        }],
        style: Style::Live,
        token_bytes: TOKEN_BYTES,
    }
}

/// How every text and thinking part of a first draft begins (`fault=diverge`).
pub const DRAFT_PREFIX: &str = "(First draft) ";

/// A first draft of `answer`: the same answer with every text and thinking part beginning
/// with [`DRAFT_PREFIX`], so a retry that gives the real answer diverges from its first byte.
pub fn draft(answer: &Answer) -> Answer {
    let mut draft = answer.clone();
    for part in draft.responses.iter_mut().flat_map(|r| r.parts.iter_mut()) {
        if let Part::Text(t) | Part::Thinking(t) = part {
            t.insert_str(0, DRAFT_PREFIX);
        }
    }
    draft
}

/// The question, shortened to [`MENTION_CHARS`] characters.
fn mention(question: &str) -> String {
    let q = question.trim();
    if q.is_empty() {
        return "(an empty message)".to_owned();
    }
    let mut chars = q.chars();
    let short: String = chars.by_ref().take(MENTION_CHARS).collect();
    if chars.next().is_some() {
        format!("{short}…")
    } else {
        short
    }
}

fn prose(q: &str) -> String {
    format!(
        "You asked: \"{q}\".\n\nThis answer comes from `zo-dev serve`, the local Zo-compatible \
         server. It streams one token at a time so that order, loss and duplication can be \
         checked.\n\n{UNICODE_LINE}"
    )
}

fn tool_responses(q: &str) -> Vec<ModelResponse> {
    let search = ToolCall {
        name: "web_search".to_owned(),
        call_id: "call_search_1".to_owned(),
        args: json!({ "query": q }),
        args_as_string: true,
        result: json!([{ "title": "Zo Computer", "url": "https://example.com/zo" }]),
        result_field: ResultField::Part,
    };
    let read = ToolCall {
        name: "read_webpage".to_owned(),
        call_id: "call_read_2".to_owned(),
        args: json!({ "url": "https://example.com/zo" }),
        args_as_string: false,
        result: json!("Zo is a personal cloud computer with an AI assistant."),
        result_field: ResultField::Result,
    };
    vec![
        ModelResponse {
            parts: vec![
                Part::Thinking(format!(
                    "I should search for \"{q}\" and read the best result."
                )),
                Part::ToolCall(search),
                Part::ToolCall(read),
            ],
        },
        ModelResponse {
            parts: vec![Part::Text(format!(
                "I searched for \"{q}\" and read https://example.com/zo: Zo is a personal \
                 cloud computer with an AI assistant.\n\n{UNICODE_LINE}"
            ))],
        },
    ]
}

/// The Co-browse answers, one per shape seen live.
pub fn cobrowse_text(scenario: Scenario) -> &'static str {
    match scenario {
        Scenario::CobrowseKeyFirst => {
            r##"{"actions":[{"click":"#pricing"},{"done":{"response":"I opened the pricing page for you."}}]}"##
        }
        Scenario::CobrowseAction => {
            r##"[{"action":"fill","selector":"#email","value":"ada@example.com"},{"action":"click","selector":"#submit"},{"action":"done","response":"I filled in your email and submitted the form."}]"##
        }
        Scenario::CobrowseFenced => {
            "I'll fill in the form for you.\n\n```json\n[\n  {\"action\": \"fill\", \"selector\": \"#email\", \"value\": \"ada@example.com\"},\n  {\"action\": \"click\", \"selector\": \"#submit\"},\n  {\"action\": \"done\", \"response\": \"I filled in your email and submitted the form.\"}\n]\n```\n"
        }
        Scenario::CobrowseEmbedded => {
            r##"Sure, here is what I will do on this page: {"actions":[{"type":"click","selector":"#pricing"},{"type":"done","response":"I opened the pricing section."}]} Let me know if you need anything else."##
        }
        _ => {
            r##"{"actions":[{"type":"navigate","url":"https://example.com/pricing"},{"type":"click","selector":"#pricing"},{"type":"fill","selector":"#email","value":"ada@example.com"},{"type":"scroll","direction":"down"},{"type":"extract","selector":"h1"},{"type":"wait","ms":500},{"type":"done","response":"I opened the pricing page and filled in your email."}]}"##
        }
    }
}

/// Exactly `size` bytes of numbered ASCII lines.
fn long_text(size: usize) -> String {
    let mut text = String::with_capacity(size + 128);
    let mut n = 0u64;
    while text.len() < size {
        n += 1;
        text.push_str(&format!(
            "{n:06} The quick brown fox jumps over the lazy dog; Zo streams long answers intact.\n"
        ));
    }
    text.truncate(size);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_deterministic_and_mention_the_question() {
        for s in Scenario::ALL {
            assert_eq!(answer(s, "Why?", Some(5000)), answer(s, "Why?", Some(5000)));
            assert_eq!(Scenario::parse(s.name()), Some(s));
        }
        let a = answer(Scenario::Thinking, "What is Zo?", None);
        assert!(a.text().contains("What is Zo?"));
        assert!(a.thinking().contains("What is Zo?"));
        assert!(answer(Scenario::Plain, "x", None).thinking().is_empty());
    }

    #[test]
    fn a_draft_differs_from_its_first_byte() {
        let real = answer(Scenario::Thinking, "Why?", None);
        let d = draft(&real);
        assert!(d.text().starts_with(DRAFT_PREFIX));
        assert!(d.thinking().starts_with(DRAFT_PREFIX));
        assert!(!real.text().starts_with(DRAFT_PREFIX));
        assert_eq!(d.responses.len(), real.responses.len());
    }

    #[test]
    fn long_has_the_exact_size() {
        let long = answer(Scenario::Long, "", None);
        assert_eq!(long.text().len(), DEFAULT_LONG_BYTES);
        let tokens = tokenize(&long.text(), long.token_bytes).len();
        assert!((1024..1200).contains(&tokens), "{tokens}");
        assert_eq!(answer(Scenario::Long, "", Some(1234)).text().len(), 1234);
    }

    #[test]
    fn cobrowse_envelopes_are_json() {
        for s in [
            Scenario::CobrowseTypeFirst,
            Scenario::CobrowseKeyFirst,
            Scenario::CobrowseAction,
        ] {
            assert!(serde_json::from_str::<Value>(cobrowse_text(s)).is_ok());
        }
        let long_q = "q".repeat(500);
        assert!(answer(Scenario::Plain, &long_q, None).text().len() < 400);
    }
}
