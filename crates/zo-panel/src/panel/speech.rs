//! Read aloud and voice input in the side panel. An answer's Read aloud button speaks its words
//! (`zo_core::ui::speech` decides them, and the rate, from the answer's Markdown and the
//! settings); a second press, Stop, or another chat on screen ends it. The microphone beside
//! Send dictates into the input (what was typed stays, what is heard follows, updated as the
//! recognition refines it); where the browser offers no recognition, or the panel may not use
//! the microphone, a notice says why (with a button to the tab that asks for the microphone,
//! which the side panel cannot do). The host speaks and listens; this module decides.

use web_sys::Element;
use zo_core::ui::banners::Banner;
use zo_core::ui::speech::{dictation_text, rate_value, utterances, VoiceProblem};

use super::State;
use crate::dom::{set_attr, set_hidden};

/// The answer being read aloud.
pub(super) struct Reading {
    token: u32,
    msg_id: String,
    button: Element,
}

/// Dictation into the input: the text that was there when it started.
pub(super) struct Dictation {
    before: String,
}

/// Read aloud pressed or not: its name (and tooltip) says what a press does now.
fn pressed(button: &Element, on: bool, label: &str) {
    let _ = set_attr(button, "aria-pressed", if on { "true" } else { "false" });
    let _ = crate::icons::name_button(button, label, "");
}

impl State {
    /// Read aloud of answer `msg_id` pressed (on its `button`): reads it, or stops when it is
    /// the one being read.
    pub(super) fn toggle_reading(&mut self, msg_id: &str, button: Element) {
        let same = self.reading.as_ref().is_some_and(|r| r.msg_id == msg_id);
        self.stop_reading();
        if same {
            return;
        }
        let Some(text) = self.shown_text(msg_id) else {
            return;
        };
        let texts = utterances(&text);
        if texts.is_empty() {
            return;
        }
        self.speech_token = self.speech_token.wrapping_add(1);
        let token = self.speech_token;
        let rate = rate_value(self.settings.speech_rate);
        if self
            .host
            .speak(token, &texts, rate, self.settings.speech_voice.as_deref())
        {
            pressed(&button, true, "Stop reading");
            self.reading = Some(Reading {
                token,
                msg_id: msg_id.to_string(),
                button,
            });
        }
    }

    /// Stops reading aloud, if it reads.
    pub(super) fn stop_reading(&mut self) {
        if let Some(r) = self.reading.take() {
            self.host.stop_speaking();
            pressed(&r.button, false, "Read aloud");
        }
    }

    /// The host finished (or failed) reading `token`.
    pub fn speech_ended(&mut self, token: u32) {
        if let Some(r) = self.reading.take_if(|r| r.token == token) {
            pressed(&r.button, false, "Read aloud");
        }
    }

    /// Reading `token` found no voice: it ends, and the notice says what to install.
    pub fn speech_no_voices(&mut self, token: u32) {
        if self.reading.as_ref().is_some_and(|r| r.token == token) {
            self.speech_ended(token);
            self.show_voice_problem(Some(VoiceProblem::NoVoices));
        }
    }

    /// The microphone pressed: starts dictating, or stops.
    pub(super) fn toggle_voice(&mut self) {
        if self.dictation.is_some() {
            self.host.stop_voice();
            return;
        }
        self.show_voice_problem(None);
        if !self.host.start_voice() {
            self.show_voice_problem(Some(VoiceProblem::Unavailable));
            return;
        }
        self.dictation = Some(Dictation {
            before: self.ui.input.value(),
        });
        pressed(&self.ui.mic, true, "Stop voice input");
    }

    /// What the recognition heard so far: final text and text still being recognized.
    pub fn voice_heard(&mut self, finals: &str, interim: &str) {
        let Some(d) = &self.dictation else {
            return;
        };
        self.ui
            .input
            .set_value(&dictation_text(&d.before, finals, interim));
        self.autosize();
    }

    /// The recognition failed with `code` (its `error` event).
    pub fn voice_failed(&mut self, code: &str) {
        if let Some(problem) = VoiceProblem::from_code(code) {
            self.show_voice_problem(Some(problem));
        }
    }

    /// The recognition ended (asked to, or by itself).
    pub fn voice_ended(&mut self) {
        if self.dictation.take().is_some() {
            pressed(&self.ui.mic, false, "Voice input");
            let _ = self.ui.input.focus();
        }
    }

    fn show_voice_problem(&self, problem: Option<VoiceProblem>) {
        self.set_banner(Banner::Voice, problem.is_some());
        if let Some(p) = problem {
            self.ui.voice_text.set_text_content(Some(p.message()));
            set_hidden(&self.ui.voice_grant, !p.offers_grant());
        }
    }

    /// "Allow the microphone": the tab that asks for it.
    pub(super) fn grant_microphone(&self) {
        self.show_voice_problem(None);
        self.host.open_mic_page();
    }
}
