//! [`ProseFilter`]: while a Co-browse answer streams in, passes prose through and hides action
//! JSON wherever it starts, not only at the beginning. For an answer made of a line of prose,
//! a fenced JSON block with an envelope and another line of prose, only the two lines of prose
//! are shown, never the JSON or its fences.
//!
//! Each candidate start is judged by a fresh [`ActionJsonDetector`] fed from there: a line
//! start (where whitespace, a fence, `{` or `[` may begin an envelope) or a `{` in mid-line.
//! While undecided the candidate is held back; prose is released as soon as the detector says
//! so (the character that decided is judged again as a possible start); action JSON is
//! dropped up to its closing bracket (and, in a fenced block, through the closing fence line).
//! Every character is looked at most twice: O(delta) per push. What is hidden here mirrors
//! what [`crate::answer::envelope::parse_answer`] removes from the final text, which remains the
//! authority once the answer is complete.

use crate::answer::action_json::{ActionJsonDetector, Verdict};

#[derive(Debug, Clone)]
enum Mode {
    Show,
    Hold {
        detector: ActionJsonDetector,
        held: String,
    },
    Hide {
        in_fence: bool,
        depth: u32,
        in_string: bool,
        escaped: bool,
    },
    /// After action JSON inside a fence: skip whitespace, then the closing fence line.
    FenceTail {
        on_fence_line: bool,
    },
}

/// Streaming display filter for Co-browse answers (see the module doc).
#[derive(Debug, Clone)]
pub struct ProseFilter {
    mode: Mode,
    /// The next character begins a line.
    line_start: bool,
    hid_action_json: bool,
}

impl Default for ProseFilter {
    fn default() -> Self {
        Self::new()
    }
}

impl ProseFilter {
    pub fn new() -> Self {
        ProseFilter {
            mode: Mode::Show,
            line_start: true,
            hid_action_json: false,
        }
    }

    /// Whether any action JSON has been hidden so far.
    pub fn hid_action_json(&self) -> bool {
        self.hid_action_json
    }

    /// Whether text is currently held back, undecided.
    pub fn is_holding(&self) -> bool {
        matches!(self.mode, Mode::Hold { .. })
    }

    /// Whether the text held back opened a JSON object or array that is still undecided (such
    /// as `{"reasoning":"I will cli`): if the answer ends here, an envelope was cut short.
    pub fn holds_unfinished_json(&self) -> bool {
        matches!(&self.mode, Mode::Hold { detector, .. } if detector.in_json())
    }

    /// Reads the next delta; returns the text that can be shown now (possibly empty).
    pub fn push(&mut self, delta: &str) -> String {
        let mut out = String::new();
        for c in delta.chars() {
            self.step(c, &mut out);
        }
        out
    }

    /// The answer ended: returns the text still held back (it never became action JSON;
    /// it may be a cut-off envelope, for which the final `parse_answer` text is the authority).
    pub fn finish(&mut self) -> String {
        match std::mem::replace(&mut self.mode, Mode::Show) {
            Mode::Hold { held, .. } => held,
            _ => String::new(),
        }
    }

    fn step(&mut self, c: char, out: &mut String) {
        let at_line_start = self.line_start;
        self.line_start = c == '\n';
        match &mut self.mode {
            Mode::Show => {
                let candidate = if at_line_start {
                    matches!(c, ' ' | '\t' | '`' | '~' | '{' | '[' | '\u{feff}')
                } else {
                    c == '{'
                };
                if !candidate {
                    out.push(c);
                    return;
                }
                let mut detector = ActionJsonDetector::new();
                let mut buf = [0u8; 4];
                match detector.push(c.encode_utf8(&mut buf)) {
                    Verdict::Prose => out.push(c),
                    _ => {
                        self.mode = Mode::Hold {
                            detector,
                            held: c.to_string(),
                        }
                    }
                }
            }
            Mode::Hold { detector, held } => {
                held.push(c);
                let mut buf = [0u8; 4];
                match detector.push(c.encode_utf8(&mut buf)) {
                    Verdict::Undecided => {}
                    Verdict::Prose => {
                        // The deciding character may itself start a candidate: step it again.
                        held.pop();
                        out.push_str(held);
                        self.mode = Mode::Show;
                        self.line_start = at_line_start;
                        self.step(c, out);
                    }
                    Verdict::ActionJson => {
                        self.hid_action_json = true;
                        let (in_fence, depth) = detector
                            .tail()
                            .map_or((false, 1), |t| (t.in_fence, t.depth));
                        self.mode = Mode::Hide {
                            in_fence,
                            depth,
                            in_string: false,
                            escaped: false,
                        };
                    }
                }
            }
            Mode::Hide {
                in_fence,
                depth,
                in_string,
                escaped,
            } => {
                if *in_string {
                    if *escaped {
                        *escaped = false;
                    } else if c == '\\' {
                        *escaped = true;
                    } else if c == '"' {
                        *in_string = false;
                    }
                    return;
                }
                match c {
                    '"' => *in_string = true,
                    '{' | '[' => *depth += 1,
                    '}' | ']' => {
                        *depth = depth.saturating_sub(1);
                        if *depth == 0 {
                            self.mode = if *in_fence {
                                Mode::FenceTail {
                                    on_fence_line: false,
                                }
                            } else {
                                Mode::Show
                            };
                        }
                    }
                    _ => {}
                }
            }
            Mode::FenceTail { on_fence_line } => {
                if *on_fence_line {
                    if c == '\n' {
                        self.mode = Mode::Show;
                    }
                } else if c == '`' || c == '~' {
                    *on_fence_line = true;
                } else if !c.is_whitespace() {
                    // No closing fence right after the JSON: what follows is shown.
                    self.mode = Mode::Show;
                    self.line_start = at_line_start;
                    self.step(c, out);
                }
            }
        }
    }
}
