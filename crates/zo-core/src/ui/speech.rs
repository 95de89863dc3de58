//! Read aloud and voice input, without a browser: what an answer sounds like (its words, not
//! its Markdown: no marks, no link addresses, a code block named rather than spelled out), cut
//! into utterances short enough for every speech engine; the speaking rate; what the input
//! shows while the user dictates; and what each speech-recognition failure tells the user.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use super::markdown::pass_options;

/// Longest utterance, in characters: some speech engines stop a long one midway (Chrome's
/// network voices after about fifteen seconds), so an answer is spoken in short pieces.
pub const MAX_UTTERANCE_CHARS: usize = 240;
/// What stands for a code block when an answer is read aloud.
pub const CODE_BLOCK: &str = "Code block.";

/// The speaking rates the options offer: (percent of the normal rate, label).
pub const RATES: [(u32, &str); 6] = [
    (75, "Slow (0.75×)"),
    (100, "Normal"),
    (125, "Fast (1.25×)"),
    (150, "Faster (1.5×)"),
    (175, "Very fast (1.75×)"),
    (200, "Fastest (2×)"),
];
pub use crate::wire::settings::{
    DEFAULT_SPEECH_RATE as DEFAULT_RATE, MAX_SPEECH_RATE as MAX_RATE, MIN_SPEECH_RATE as MIN_RATE,
};

/// `SpeechSynthesisUtterance.rate` for a rate in percent (kept within the allowed range).
pub fn rate_value(percent: u32) -> f32 {
    percent.clamp(MIN_RATE, MAX_RATE) as f32 / 100.0
}

/// The words of answer `markdown` as they are read aloud, in utterances of at most
/// [`MAX_UTTERANCE_CHARS`] characters (a paragraph, a list item, a heading, a table row each
/// start a new one; a long one is cut after a sentence, else at a space).
pub fn utterances(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in spoken_text(markdown).lines() {
        split_line(line.trim(), &mut out);
    }
    out
}

/// The answer's words, one block per line.
fn spoken_text(markdown: &str) -> String {
    let mut text = String::with_capacity(markdown.len());
    let mut in_code_block = false;
    let mut first_cell = true;
    let end_line = |text: &mut String| {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
    };
    for event in Parser::new_ext(markdown, pass_options()) {
        match event {
            Event::Start(Tag::CodeBlock(_)) => {
                end_line(&mut text);
                text.push_str(CODE_BLOCK);
                end_line(&mut text);
                in_code_block = true;
            }
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Text(_) if in_code_block => {}
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            Event::InlineMath(t) | Event::DisplayMath(t) => text.push_str(&t),
            Event::SoftBreak => text.push(' '),
            Event::HardBreak | Event::Rule => end_line(&mut text),
            Event::TaskListMarker(done) => text.push_str(if done { "Done: " } else { "To do: " }),
            Event::Start(Tag::TableRow | Tag::TableHead) => {
                end_line(&mut text);
                first_cell = true;
            }
            Event::Start(Tag::TableCell) => {
                if !first_cell {
                    text.push_str(", ");
                }
                first_cell = false;
            }
            Event::Start(Tag::Item)
            | Event::End(
                TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::Item
                | TagEnd::BlockQuote(_)
                | TagEnd::TableRow
                | TagEnd::TableHead,
            ) => end_line(&mut text),
            // Raw HTML, footnote marks, images' addresses: nothing to say.
            _ => {}
        }
    }
    text
}

/// Cuts one block of text into utterances.
fn split_line(line: &str, out: &mut Vec<String>) {
    let mut rest = line;
    while !rest.is_empty() {
        // The byte index just past the longest prefix that fits (looking no further: a long
        // line is cut in time linear in its length).
        let Some((limit, _)) = rest.char_indices().nth(MAX_UTTERANCE_CHARS) else {
            out.push(rest.to_string());
            return;
        };
        let head = &rest[..limit];
        let sentence = head
            .rmatch_indices(['.', '!', '?', ';', ':'])
            .map(|(i, m)| i + m.len())
            .find(|&end| head[end..].starts_with(' '));
        let cut = sentence
            .or_else(|| head.rfind(' ').filter(|&i| i > 0))
            .unwrap_or(limit);
        let piece = rest[..cut].trim();
        if !piece.is_empty() {
            out.push(piece.to_string());
        }
        rest = rest[cut..].trim_start();
    }
}

/// A voice the browser offers (`speechSynthesis.getVoices()`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Voice {
    /// `voiceURI`, what the settings keep.
    pub uri: String,
    pub name: String,
    pub lang: String,
}

/// Most voices listed (a browser lists a few dozen).
pub const MAX_VOICES: usize = 500;

/// The browser's voices from their JSON text (`[{uri, name, lang}]`, as the options page's
/// glue writes them): entries without a `uri` skipped, at most [`MAX_VOICES`].
pub fn read_voices(text: &str) -> Vec<Voice> {
    let Ok(crate::wire::json::Node::Arr(items)) = crate::wire::json::parse(text) else {
        return Vec::new();
    };
    let field = |item: &crate::wire::json::Node, key: &str| {
        item.get(key)
            .and_then(|n| n.as_str())
            .unwrap_or_default()
            .to_string()
    };
    items
        .iter()
        .map(|item| Voice {
            uri: field(item, "uri"),
            name: field(item, "name"),
            lang: field(item, "lang"),
        })
        .filter(|v| !v.uri.is_empty())
        .take(MAX_VOICES)
        .collect()
}

/// The label of the picker's first entry: no voice chosen.
pub const DEFAULT_VOICE: &str = "The browser's default voice";

/// The voice picker's entries, (value, label): the browser's default (value `""`), then the
/// voices by language and name; the saved voice, when the browser does not list it (yet: the
/// list may load late), kept and marked, so opening the options does not lose it.
pub fn voice_choices(voices: &[Voice], saved: Option<&str>) -> Vec<(String, String)> {
    let mut sorted: Vec<&Voice> = voices.iter().collect();
    sorted.sort_by(|a, b| (&a.lang, &a.name).cmp(&(&b.lang, &b.name)));
    sorted.dedup_by(|a, b| a.uri == b.uri);
    let mut out = vec![(String::new(), DEFAULT_VOICE.to_string())];
    out.extend(sorted.iter().map(|v| {
        let label = if v.lang.is_empty() {
            v.name.clone()
        } else {
            format!("{} ({})", v.name, v.lang)
        };
        (v.uri.clone(), label)
    }));
    if let Some(saved) = saved.filter(|s| !s.is_empty() && !voices.iter().any(|v| v.uri == *s)) {
        out.push((saved.to_string(), format!("{saved} (not available now)")));
    }
    out
}

/// What the input shows while the user dictates: the text that was there when dictation
/// started, then what was recognized (final, then still being recognized), a space between.
pub fn dictation_text(before: &str, finals: &str, interim: &str) -> String {
    let mut out = before.trim_end().to_string();
    for part in [finals.trim(), interim.trim()] {
        if part.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(part);
    }
    out
}

/// Why voice input stopped, from the recognition's `error` code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoiceProblem {
    /// This browser offers no speech recognition.
    Unavailable,
    /// The microphone is not allowed (yet) for the extension: the side panel cannot ask, a tab
    /// can.
    NotAllowed,
    /// No microphone, or it could not be opened.
    NoMicrophone,
    /// The recognition service could not be reached (Chromium builds without Google's speech
    /// service fail this way).
    Network,
    /// The service refused this language.
    Language,
    /// Nothing was heard.
    NoSpeech,
    /// Another failure, by its code.
    Other,
    /// Read aloud found no voice to speak with (the browser has none installed).
    NoVoices,
}

impl VoiceProblem {
    /// The problem a recognition `error` code names; `None` for the end the user asked for
    /// (`aborted`).
    pub fn from_code(code: &str) -> Option<VoiceProblem> {
        Some(match code {
            "aborted" => return None,
            "not-allowed" | "service-not-allowed" => VoiceProblem::NotAllowed,
            "audio-capture" => VoiceProblem::NoMicrophone,
            "network" => VoiceProblem::Network,
            "language-not-supported" => VoiceProblem::Language,
            "no-speech" => VoiceProblem::NoSpeech,
            _ => VoiceProblem::Other,
        })
    }

    /// What the panel says.
    pub fn message(self) -> &'static str {
        match self {
            VoiceProblem::Unavailable => {
                "Voice input is not available: this browser offers no speech recognition. \
                 Type your question instead."
            }
            VoiceProblem::NotAllowed => {
                "Zo may not use the microphone yet. The side panel cannot ask for it: allow it \
                 once in a tab, then press the microphone again."
            }
            VoiceProblem::NoMicrophone => {
                "No microphone could be opened. Check that one is connected and not in use."
            }
            VoiceProblem::Network => {
                "Speech recognition could not reach its service (this browser may not offer \
                 one). Type your question instead."
            }
            VoiceProblem::Language => {
                "Speech recognition does not support your browser's language."
            }
            VoiceProblem::NoSpeech => "Nothing was heard. Press the microphone and speak.",
            VoiceProblem::Other => "Voice input stopped unexpectedly. Try again.",
            VoiceProblem::NoVoices => {
                "Read aloud needs a voice, and this browser has none installed. Install a speech \
                 voice for your system, then press Read aloud again."
            }
        }
    }

    /// Whether the panel offers to open the tab that asks for the microphone.
    pub fn offers_grant(self) -> bool {
        self == VoiceProblem::NotAllowed
    }
}

#[cfg(test)]
mod tests;
