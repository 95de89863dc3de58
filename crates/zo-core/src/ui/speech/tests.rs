//! Tests of read aloud and voice input decisions.

use super::*;

#[test]
fn an_answer_reads_as_its_words_without_marks() {
    let md = "# Tea\n\nSome **bold** and `code` and [a link](https://zo.computer).\n\n\
              - one\n- two\n\n```rust\nfn main() {}\n```\n\n> quoted\n\n\
              | a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n<b>raw</b> ![a cat](c.png)";
    assert_eq!(
        utterances(md),
        vec![
            "Tea",
            "Some bold and code and a link.",
            "one",
            "two",
            CODE_BLOCK,
            "quoted",
            "a, b",
            "1, 2",
            "Done: done",
            "To do: todo",
            "raw a cat",
        ]
    );
    assert!(utterances("").is_empty());
    assert!(utterances("```\nonly code\n```")
        .iter()
        .all(|u| u == CODE_BLOCK));
}

#[test]
fn long_text_is_cut_after_sentences_then_at_spaces() {
    let sentence = "This sentence has exactly forty-eight characters. ";
    let para = sentence.repeat(10);
    let parts = utterances(&para);
    assert!(parts.len() > 1);
    for p in &parts {
        assert!(p.chars().count() <= MAX_UTTERANCE_CHARS, "{p}");
        assert!(p.ends_with('.'), "cut after a sentence: {p}");
    }
    assert_eq!(parts.join(" "), para.trim());
    // No sentence end: cut at a space; no space: cut at the limit, in characters.
    let words = "word ".repeat(100);
    let parts = utterances(&words);
    assert!(parts
        .iter()
        .all(|p| p.chars().count() <= MAX_UTTERANCE_CHARS && !p.ends_with(' ')));
    assert_eq!(parts.join(" "), words.trim());
    let one = "é".repeat(500);
    let parts = utterances(&one);
    assert_eq!(parts.len(), 3);
    assert_eq!(parts.concat(), one);
    // A decimal point is not a sentence end.
    let pi = format!("{} pi is 3.14159 and so on", "x".repeat(230));
    assert!(utterances(&pi).iter().all(|p| !p.ends_with("3.")));
}

#[test]
fn rates_are_clamped_and_offered() {
    assert_eq!(rate_value(100), 1.0);
    assert_eq!(rate_value(150), 1.5);
    assert_eq!(rate_value(10), 0.5);
    assert_eq!(rate_value(900), 2.0);
    assert!(RATES.iter().any(|(r, _)| *r == DEFAULT_RATE));
    assert!(RATES.iter().all(|(r, _)| (MIN_RATE..=MAX_RATE).contains(r)));
}

#[test]
fn dictation_joins_what_was_typed_and_heard() {
    assert_eq!(dictation_text("", "hello", ""), "hello");
    assert_eq!(
        dictation_text("Ask about ", "the price", " of tea"),
        "Ask about the price of tea"
    );
    assert_eq!(dictation_text("typed", "", ""), "typed");
    assert_eq!(dictation_text("", "", " partial "), "partial");
}

#[test]
fn recognition_errors_say_what_to_do() {
    assert_eq!(VoiceProblem::from_code("aborted"), None);
    assert_eq!(
        VoiceProblem::from_code("not-allowed"),
        Some(VoiceProblem::NotAllowed)
    );
    assert_eq!(
        VoiceProblem::from_code("service-not-allowed"),
        Some(VoiceProblem::NotAllowed)
    );
    assert_eq!(
        VoiceProblem::from_code("audio-capture"),
        Some(VoiceProblem::NoMicrophone)
    );
    assert_eq!(
        VoiceProblem::from_code("network"),
        Some(VoiceProblem::Network)
    );
    assert_eq!(
        VoiceProblem::from_code("whatever"),
        Some(VoiceProblem::Other)
    );
    assert!(VoiceProblem::NotAllowed.offers_grant());
    assert!(!VoiceProblem::Network.offers_grant());
    assert!(VoiceProblem::Unavailable
        .message()
        .contains("not available"));
}

#[test]
fn the_voice_picker_lists_voices_by_language_and_keeps_the_saved_one() {
    let v = |uri: &str, name: &str, lang: &str| Voice {
        uri: uri.into(),
        name: name.into(),
        lang: lang.into(),
    };
    let voices = [
        v("b", "Bea", "fr-FR"),
        v("a", "Al", "en-US"),
        v("a", "Al", "en-US"),
        v("c", "Cy", ""),
    ];
    let pairs = |list: Vec<(String, String)>| {
        list.into_iter()
            .map(|(value, label)| format!("{value}={label}"))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        pairs(voice_choices(&voices, Some("a"))),
        [
            format!("={DEFAULT_VOICE}"),
            "c=Cy".into(),
            "a=Al (en-US)".into(),
            "b=Bea (fr-FR)".into(),
        ]
    );
    // Not listed (yet): kept, marked.
    let list = pairs(voice_choices(&[], Some("Google Deutsch")));
    assert_eq!(list[1], "Google Deutsch=Google Deutsch (not available now)");
    assert_eq!(voice_choices(&[], None).len(), 1);
}

#[test]
fn voices_are_read_from_their_json_text() {
    let voices = read_voices(
        r#"[{"uri":"Google UK English Female","name":"Google UK English Female","lang":"en-GB"},
            {"name":"no uri"}, 7, {"uri":"x","lang":3}]"#,
    );
    assert_eq!(
        voices,
        vec![
            Voice {
                uri: "Google UK English Female".into(),
                name: "Google UK English Female".into(),
                lang: "en-GB".into(),
            },
            Voice {
                uri: "x".into(),
                name: String::new(),
                lang: String::new(),
            },
        ]
    );
    assert!(read_voices("not json").is_empty());
    assert!(read_voices("{}").is_empty());
    let many = format!("[{}]", vec![r#"{"uri":"v"}"#; MAX_VOICES + 5].join(","));
    assert_eq!(read_voices(&many).len(), MAX_VOICES);
}

#[test]
fn no_voices_says_what_to_install_and_offers_no_microphone() {
    let text = VoiceProblem::NoVoices.message();
    assert!(text.starts_with("Read aloud needs a voice"), "{text}");
    assert!(!VoiceProblem::NoVoices.offers_grant());
}
