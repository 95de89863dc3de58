//! Deciding, while an answer streams in, whether it is an action envelope to hide or prose to
//! show: [`ActionJsonDetector`] reads each delta once (O(delta) per push, no rescans).
//!
//! The answer is action JSON when, after leading whitespace (and an optional opening fence of
//! 3+ backticks or tildes with any info string, then a line end, then whitespace), it starts:
//! - `[` then (after whitespace) `{`: a bare array of action objects; or
//! - `{` and one of that object's top-level keys is `"actions"` (other keys such as
//!   `"reasoning"` may come first).
//!
//! It is prose as soon as that can no longer happen: any other first character, a `{` not
//! followed by a key, or the object closing without an `actions` key. Until then the verdict is
//! `Undecided` (the caller holds the text back). A verdict other than `Undecided` is final.
//! This judges the text from its start; [`crate::answer::prose_filter::ProseFilter`] runs it from
//! every candidate start to hide envelopes that follow some prose, and envelope parsing
//! ([`crate::answer::envelope::parse_answer`]) removes them from the final text.

/// What the text streamed so far is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Could still become either: hold the text back.
    Undecided,
    /// An action envelope: never show it as text.
    ActionJson,
    /// Ordinary prose: show it.
    Prose,
}

/// Longest fence info string (`json`, `JSON5 title=plan` ...) before the line is judged prose.
const MAX_INFO_LEN: usize = 64;

#[derive(Debug, Clone)]
enum State {
    /// Skipping whitespace before the JSON (inside a fence when `in_fence`).
    Lead {
        in_fence: bool,
    },
    /// Counting an opening fence's characters.
    Fence {
        ch: char,
        count: usize,
    },
    /// Reading an opened fence's info string, up to the line end.
    Info {
        ch: char,
        len: usize,
    },
    /// After `[`: whitespace, then `{` decides.
    Array {
        in_fence: bool,
    },
    /// Inside the top-level object.
    Object(Obj),
    Decided,
}

/// Where we are at depth 1 of the top-level object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// A key (or `}` right after `{`).
    Key,
    /// After a key or value, up to the next `,`.
    Value,
}

#[derive(Debug, Clone)]
struct Obj {
    in_fence: bool,
    depth: u32,
    expect: Expect,
    in_string: bool,
    escaped: bool,
    /// Capturing a depth-1 key: its first bytes (enough to compare with `actions`).
    key: Option<KeyBuf>,
}

const ACTIONS: &[u8] = b"actions";

#[derive(Debug, Clone, Default)]
struct KeyBuf {
    bytes: [u8; 8],
    len: usize,
    /// Longer than `actions`, or contains an escape.
    other: bool,
}

impl KeyBuf {
    fn push(&mut self, c: char) {
        let mut buf = [0u8; 4];
        for b in c.encode_utf8(&mut buf).bytes() {
            if self.len < self.bytes.len() {
                self.bytes[self.len] = b;
                self.len += 1;
            } else {
                self.other = true;
            }
        }
    }

    fn is_actions(&self) -> bool {
        !self.other && &self.bytes[..self.len] == ACTIONS
    }
}

/// Incremental detector over streamed deltas (see the module doc).
#[derive(Debug, Clone)]
pub struct ActionJsonDetector {
    state: State,
    verdict: Verdict,
    /// Where the JSON stood when it was judged action JSON (for [`crate::answer::prose_filter`]).
    tail: Option<JsonTail>,
}

/// The position inside action JSON at the moment it was recognised: outside any string,
/// `depth` brackets open, inside a fenced block or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct JsonTail {
    pub(crate) in_fence: bool,
    pub(crate) depth: u32,
}

impl Default for ActionJsonDetector {
    fn default() -> Self {
        Self::new()
    }
}

impl ActionJsonDetector {
    pub fn new() -> Self {
        ActionJsonDetector {
            state: State::Lead { in_fence: false },
            verdict: Verdict::Undecided,
            tail: None,
        }
    }

    /// The verdict so far.
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// Reads the next delta and returns the verdict on all text pushed so far. Each character
    /// is looked at once; after a final verdict the delta is not read at all.
    pub fn push(&mut self, delta: &str) -> Verdict {
        for c in delta.chars() {
            if self.verdict != Verdict::Undecided {
                break;
            }
            self.step(c);
        }
        self.verdict
    }

    /// Whether the text so far opened a JSON object or array that is still undecided, such as
    /// `{"reasoning":"…` or `[`: the start of an envelope that may have been cut off.
    pub fn in_json(&self) -> bool {
        matches!(self.state, State::Array { .. } | State::Object(_))
    }

    /// Where the action JSON stood when recognised; `None` unless the verdict is `ActionJson`.
    pub(crate) fn tail(&self) -> Option<JsonTail> {
        self.tail
    }

    fn decide(&mut self, v: Verdict) {
        self.verdict = v;
        self.state = State::Decided;
    }

    fn step(&mut self, c: char) {
        match &mut self.state {
            State::Decided => {}
            State::Lead { in_fence } => {
                let in_fence = *in_fence;
                match c {
                    c if c.is_whitespace() || c == '\u{feff}' => {}
                    '{' => self.state = State::Object(Obj::new(in_fence)),
                    '[' => self.state = State::Array { in_fence },
                    '`' | '~' if !in_fence => self.state = State::Fence { ch: c, count: 1 },
                    _ => self.decide(Verdict::Prose),
                }
            }
            State::Fence { ch, count } => {
                let (ch, n) = (*ch, *count);
                if c == ch {
                    self.state = State::Fence { ch, count: n + 1 };
                } else if n < 3 {
                    self.decide(Verdict::Prose);
                } else {
                    self.state = State::Info { ch, len: 0 };
                    self.step(c);
                }
            }
            State::Info { ch, len } => {
                if c == '\n' {
                    self.state = State::Lead { in_fence: true };
                } else if (*ch == '`' && c == '`') || *len >= MAX_INFO_LEN {
                    self.decide(Verdict::Prose);
                } else {
                    *len += 1;
                }
            }
            State::Array { in_fence } => match c {
                c if c.is_whitespace() => {}
                '{' => {
                    self.tail = Some(JsonTail {
                        in_fence: *in_fence,
                        depth: 2,
                    });
                    self.decide(Verdict::ActionJson)
                }
                _ => self.decide(Verdict::Prose),
            },
            State::Object(obj) => {
                if let Some(v) = obj.step(c) {
                    if v == Verdict::ActionJson {
                        self.tail = Some(JsonTail {
                            in_fence: obj.in_fence,
                            depth: obj.depth,
                        });
                    }
                    self.decide(v);
                }
            }
        }
    }
}

impl Obj {
    fn new(in_fence: bool) -> Obj {
        Obj {
            in_fence,
            depth: 1,
            expect: Expect::Key,
            in_string: false,
            escaped: false,
            key: None,
        }
    }

    /// One character inside the top-level object; `Some` once decided.
    fn step(&mut self, c: char) -> Option<Verdict> {
        if self.in_string {
            if self.escaped {
                self.escaped = false;
                if let Some(k) = &mut self.key {
                    k.other = true;
                }
            } else if c == '\\' {
                self.escaped = true;
            } else if c == '"' {
                self.in_string = false;
                if let Some(k) = self.key.take() {
                    if k.is_actions() {
                        return Some(Verdict::ActionJson);
                    }
                    self.expect = Expect::Value;
                }
            } else if let Some(k) = &mut self.key {
                k.push(c);
            }
            return None;
        }
        if self.depth > 1 {
            match c {
                '"' => self.in_string = true,
                '{' | '[' => self.depth += 1,
                '}' | ']' => self.depth -= 1,
                _ => {}
            }
            return None;
        }
        match (self.expect, c) {
            (_, c) if c.is_whitespace() => None,
            (_, '}') => Some(Verdict::Prose),
            (Expect::Key, '"') => {
                self.in_string = true;
                self.key = Some(KeyBuf::default());
                None
            }
            (Expect::Key, _) => Some(Verdict::Prose),
            (Expect::Value, '"') => {
                self.in_string = true;
                None
            }
            (Expect::Value, '{' | '[') => {
                self.depth += 1;
                None
            }
            (Expect::Value, ',') => {
                self.expect = Expect::Key;
                None
            }
            (Expect::Value, ']') => Some(Verdict::Prose),
            (Expect::Value, _) => None,
        }
    }
}

/// Whether `text` (complete or a streamed prefix) is already known to be action JSON, as
/// [`ActionJsonDetector`] would judge it. `false` for prose and for text still undecided.
pub fn looks_like_action_json(text: &str) -> bool {
    ActionJsonDetector::new().push(text) == Verdict::ActionJson
}
