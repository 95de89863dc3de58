//! Directives: `[[zo:KEY=VALUE]]` tokens in a request's `input` that choose the scenario, the
//! fault and the pacing of the answer. Parsing them yields the typed [`Directives`] and the
//! input text without them.

use super::faults::Fault;
use super::scenario::Scenario;

const OPEN: &str = "[[zo:";
const CLOSE: &str = "]]";

/// Everything a request's input can ask for. `None` means "not given".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Directives {
    pub scenario: Option<Scenario>,
    pub fault: Option<Fault>,
    pub times: Option<u32>,
    pub key: Option<String>,
    pub pace_ms: Option<u64>,
    pub delay_ms: Option<u64>,
    pub after: Option<usize>,
    pub retry_after: Option<u64>,
    pub size: Option<usize>,
    pub script: Option<String>,
    /// Answer in this form whatever the request asked for.
    pub reply: Option<ReplyForm>,
    /// Record when each token was written (`tokenWrittenAt` in the request log).
    pub stamps: bool,
}

/// The form of the reply `reply=` forces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplyForm {
    /// `application/json` `{output, conversation_id}`, as a Zo that does not stream.
    Json,
    /// A `text/html` page with status 200, as a base URL that is not Zo.
    Html,
}

/// The input split into its directives and the remaining question text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedInput {
    pub directives: Directives,
    /// The input without the directive tokens, trimmed.
    pub question: String,
}

/// Parses every `[[zo:KEY=VALUE]]` in `input`. An unknown key or a bad value is an error (so a
/// typo in a test does not silently select the default answer).
pub fn parse(input: &str) -> Result<ParsedInput, String> {
    let mut directives = Directives::default();
    let mut question = String::with_capacity(input.len());
    let mut rest = input;
    while let Some(start) = rest.find(OPEN) {
        question.push_str(&rest[..start]);
        let after_open = &rest[start + OPEN.len()..];
        let Some(end) = after_open.find(CLOSE) else {
            return Err(format!("unterminated directive {:?}", &rest[start..]));
        };
        apply(&mut directives, &after_open[..end])?;
        rest = &after_open[end + CLOSE.len()..];
        // "A [[zo:x]] B" reads "A B" wherever the directives stand.
        let spaced =
            question.ends_with(char::is_whitespace) || rest.starts_with(char::is_whitespace);
        question.truncate(question.trim_end().len());
        rest = rest.trim_start();
        if spaced && !question.is_empty() {
            question.push(' ');
        }
    }
    question.push_str(rest);
    Ok(ParsedInput {
        directives,
        question: question.trim().to_owned(),
    })
}

fn apply(d: &mut Directives, token: &str) -> Result<(), String> {
    let (key, value) = token
        .split_once('=')
        .ok_or(format!("directive {token:?} is not KEY=VALUE"))?;
    let (key, value) = (key.trim(), value.trim());
    let number = |v: &str| -> Result<u64, String> {
        v.parse::<u64>()
            .map_err(|_| format!("directive {key}: {v:?} is not a number"))
    };
    match key {
        "scenario" => {
            d.scenario = Some(Scenario::parse(value).ok_or_else(|| {
                let names: Vec<&str> = Scenario::ALL.iter().map(|s| s.name()).collect();
                format!("unknown scenario {value:?} (one of {})", names.join(", "))
            })?)
        }
        "fault" => {
            d.fault = Some(Fault::parse(value).ok_or_else(|| {
                format!(
                    "unknown fault {value:?} (one of {})",
                    Fault::NAMES.join(", ")
                )
            })?)
        }
        "times" => d.times = Some(u32::try_from(number(value)?).map_err(|e| e.to_string())?),
        "key" if !value.is_empty() => d.key = Some(value.to_owned()),
        "pace" => d.pace_ms = Some(number(value)?.min(60_000)),
        "delay" => d.delay_ms = Some(number(value)?),
        "after" => d.after = Some(number(value)? as usize),
        "retry-after" => d.retry_after = Some(number(value)?),
        "size" => d.size = Some((number(value)? as usize).min(64 << 20)),
        "script" if !value.is_empty() => d.script = Some(value.to_owned()),
        "reply" => {
            d.reply = Some(match value {
                "json" => ReplyForm::Json,
                "html" => ReplyForm::Html,
                _ => return Err(format!("directive reply: {value:?} is not json or html")),
            })
        }
        "stamps" => d.stamps = number(value)? != 0,
        _ => return Err(format!("unknown directive {token:?}")),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_strips() {
        let p =
            parse("[[zo:scenario=tool]] What is Zo? [[zo:fault=500]][[zo:times=2]][[zo:key=a]]")
                .unwrap();
        assert_eq!(p.question, "What is Zo?");
        assert_eq!(p.directives.scenario, Some(Scenario::Tool));
        assert_eq!(p.directives.fault, Some(Fault::Status(500)));
        assert_eq!(p.directives.times, Some(2));
        assert_eq!(p.directives.key.as_deref(), Some("a"));
    }

    #[test]
    fn the_question_does_not_depend_on_where_directives_stand() {
        for input in [
            "Cut me off",
            "Cut me off [[zo:scenario=plain]]",
            "[[zo:fault=cut]] Cut me [[zo:key=a]] off",
            "Cut me off [[zo:scenario=plain]] [[zo:fault=cut]] [[zo:times=1]]",
            "Cut me[[zo:pace=0]] off",
            " [[zo:pace=0]]\tCut  me off ",
        ] {
            let q = parse(input).unwrap().question;
            assert!(
                q == "Cut me off" || q == "Cut  me off",
                "{input:?} -> {q:?}"
            );
        }
        assert_eq!(parse("a[[zo:pace=0]]b").unwrap().question, "ab");
        assert_eq!(
            parse("line one\n[[zo:pace=0]]\nline two").unwrap().question,
            "line one line two"
        );
    }

    #[test]
    fn no_directives() {
        let p = parse("  hello [zo] ").unwrap();
        assert_eq!(p.question, "hello [zo]");
        assert_eq!(p.directives, Directives::default());
    }

    #[test]
    fn reply_forms_and_stamps() {
        let p = parse("q [[zo:reply=json]] [[zo:stamps=1]]").unwrap();
        assert_eq!(p.directives.reply, Some(ReplyForm::Json));
        assert!(p.directives.stamps);
        assert_eq!(
            parse("[[zo:reply=html]]").unwrap().directives.reply,
            Some(ReplyForm::Html)
        );
        assert!(parse("[[zo:reply=xml]]").is_err());
        assert!(!parse("[[zo:stamps=0]]").unwrap().directives.stamps);
    }

    #[test]
    fn rejects_unknown() {
        assert!(parse("[[zo:scenario=nope]]").is_err());
        assert!(parse("[[zo:color=red]]").is_err());
        assert!(parse("[[zo:pace=fast]]").is_err());
        assert!(parse("[[zo:pace=3").is_err());
    }
}
