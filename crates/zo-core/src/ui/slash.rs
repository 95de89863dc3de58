//! Slash commands in the question input: which commands there are (name, what they take, what
//! they do), what a typed line means (a question, a command with its text, or a command the
//! panel does not know), and which commands the completion list offers while a command is
//! being typed.
//!
//! A command is the input's first word: `/` and a name of ASCII letters, then whitespace or
//! the end. `/etc/passwd is this safe?` is a question (its first word is no command name), and
//! so is anything not starting with `/`; `/summariz` alone is an unknown command, which the
//! panel reports instead of sending it to Zo.

use crate::ui::modes::mode_label;
use crate::wire::protocol::Mode;

/// The commands of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlashCommand {
    /// Switch to a mode; with text after it, ask that text in the mode.
    Mode(Mode),
    /// A new chat; with text after it, ask that text there.
    New,
    /// The list of commands.
    Help,
    /// The page context the current mode would send, secrets masked.
    Context,
}

/// One command as the completion list and /help show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandInfo {
    pub command: SlashCommand,
    /// Without the slash: `summarize`.
    pub name: &'static str,
    /// What may follow the name, for people (`[question]`), or "".
    pub argument: &'static str,
    pub description: &'static str,
}

impl CommandInfo {
    /// `/name`.
    pub fn label(&self) -> String {
        format!("/{}", self.name)
    }

    /// Whether text after the name means something (the list fills the name in and waits
    /// for it, instead of running the command at once).
    pub fn takes_text(&self) -> bool {
        !self.argument.is_empty()
    }
}

/// Every command, in the order the list shows them.
pub const COMMANDS: [CommandInfo; 9] = [
    CommandInfo {
        command: SlashCommand::Mode(Mode::Summarize),
        name: "summarize",
        argument: "[instructions]",
        description: "Summarize mode; with text, summarize this page that way",
    },
    CommandInfo {
        command: SlashCommand::Mode(Mode::Extract),
        name: "extract",
        argument: "[what to extract]",
        description: "Extract mode; with text, pull that data out of this page",
    },
    CommandInfo {
        command: SlashCommand::Mode(Mode::Ask),
        name: "ask",
        argument: "[question]",
        description: "Ask mode; with text, ask about this page",
    },
    CommandInfo {
        command: SlashCommand::Mode(Mode::Research),
        name: "research",
        argument: "[question]",
        description: "Research mode; with text, research it on the web",
    },
    CommandInfo {
        command: SlashCommand::Mode(Mode::Cobrowse),
        name: "cobrowse",
        argument: "[goal]",
        description: "Co-browse mode; with text, let Zo act in this tab",
    },
    CommandInfo {
        command: SlashCommand::Mode(Mode::Visual),
        name: "visual",
        argument: "[question]",
        description: "Visual mode; with text, ask about what the tab shows",
    },
    CommandInfo {
        command: SlashCommand::New,
        name: "new",
        argument: "",
        description: "Start a new chat",
    },
    CommandInfo {
        command: SlashCommand::Help,
        name: "help",
        argument: "",
        description: "List the commands",
    },
    CommandInfo {
        command: SlashCommand::Context,
        name: "context",
        argument: "",
        description: "Show the page context this mode would send",
    },
];

/// What a line typed in the input means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// A question for Zo, in the panel's mode.
    Question(String),
    /// Switch the panel to `mode`.
    SwitchMode(Mode),
    /// Ask `text` in `mode` (the panel switches to it too).
    AskIn {
        mode: Mode,
        text: String,
    },
    /// A new chat; `then_ask`: a question to ask in it at once.
    NewChat {
        then_ask: Option<String>,
    },
    Help,
    /// Show the page context a question in the panel's mode would carry.
    Context,
    /// `/name` that is no command: the panel says so and keeps the input.
    Unknown(String),
}

/// The command named `name` (without the slash; letter case ignored).
pub fn command_named(name: &str) -> Option<&'static CommandInfo> {
    COMMANDS.iter().find(|c| c.name.eq_ignore_ascii_case(name))
}

/// The command word at the start of `input` (after leading whitespace) and the rest, when the
/// input starts with one: `/` and one or more ASCII letters, then whitespace or the end.
fn command_word(input: &str) -> Option<(&str, &str)> {
    let rest = input.trim_start().strip_prefix('/')?;
    let end = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let (name, after) = rest.split_at(end);
    let ends_word = after.chars().next().is_none_or(char::is_whitespace);
    (!name.is_empty() && ends_word).then_some((name, after.trim()))
}

/// What `input` means (see the module's rules).
pub fn intent(input: &str) -> Intent {
    let Some((name, rest)) = command_word(input) else {
        return Intent::Question(input.trim().to_string());
    };
    let Some(info) = command_named(name) else {
        return Intent::Unknown(format!("/{name}"));
    };
    let text = (!rest.is_empty()).then(|| rest.to_string());
    match (info.command, text) {
        (SlashCommand::Mode(mode), None) => Intent::SwitchMode(mode),
        (SlashCommand::Mode(mode), Some(text)) => Intent::AskIn { mode, text },
        (SlashCommand::New, then_ask) => Intent::NewChat { then_ask },
        (SlashCommand::Help, _) => Intent::Help,
        (SlashCommand::Context, _) => Intent::Context,
    }
}

/// The commands the completion list offers for `input`, when a command is being typed: the
/// input is `/` and the start of a name (no whitespace yet). Names that start with what was
/// typed come first, then names that contain it; letter case is ignored. None when the input
/// is not a command being typed (the list closes).
pub fn completions(input: &str) -> Option<Vec<&'static CommandInfo>> {
    let typed = input.strip_prefix('/')?;
    if typed.chars().any(|c| c.is_whitespace() || c == '/') {
        return None;
    }
    let typed = typed.to_ascii_lowercase();
    let starts = COMMANDS.iter().filter(|c| c.name.starts_with(&typed));
    let contains = COMMANDS
        .iter()
        .filter(|c| !c.name.starts_with(&typed) && c.name.contains(&typed));
    Some(starts.chain(contains).collect())
}

/// What picking a command from the list does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// The input holds this (`/name `), ready for the command's text.
    Fill(String),
    /// The command runs now, as if `/name` was sent.
    Run(String),
}

/// What picking `info` does while the input holds `input`: a command that takes text is filled
/// in, unless its whole name is typed already (Enter on `/summarize` runs it, as it would
/// without the list); a command without text runs.
pub fn picked(input: &str, info: &CommandInfo) -> Picked {
    let typed_whole = input.trim().eq_ignore_ascii_case(&info.label());
    if info.takes_text() && !typed_whole {
        Picked::Fill(format!("/{} ", info.name))
    } else {
        Picked::Run(info.label())
    }
}

/// What the panel says about an unknown command.
pub fn unknown_message(name: &str) -> String {
    format!("{name} is not a command. Type /help to see the commands.")
}

/// The lines of /help: `/name [argument]` and what it does.
pub fn help_lines() -> Vec<(String, &'static str)> {
    COMMANDS
        .iter()
        .map(|c| {
            let usage = if c.takes_text() {
                format!("/{} {}", c.name, c.argument)
            } else {
                format!("/{}", c.name)
            };
            (usage, c.description)
        })
        .collect()
}

/// What the panel says after a mode switch by command.
pub fn switched_message(mode: Mode) -> String {
    format!("Mode: {}.", mode_label(mode))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_alone_switches_and_with_text_asks_in_its_mode() {
        assert_eq!(intent("/summarize"), Intent::SwitchMode(Mode::Summarize));
        assert_eq!(intent("  /Research  "), Intent::SwitchMode(Mode::Research));
        assert_eq!(
            intent("/extract all prices\nand dates "),
            Intent::AskIn {
                mode: Mode::Extract,
                text: "all prices\nand dates".into()
            }
        );
        for info in COMMANDS {
            if let SlashCommand::Mode(mode) = info.command {
                assert_eq!(intent(&info.label()), Intent::SwitchMode(mode));
            }
        }
    }

    #[test]
    fn new_help_and_context() {
        assert_eq!(intent("/new"), Intent::NewChat { then_ask: None });
        assert_eq!(
            intent("/new what is HTTP/3?"),
            Intent::NewChat {
                then_ask: Some("what is HTTP/3?".into())
            }
        );
        assert_eq!(intent("/help"), Intent::Help);
        assert_eq!(intent("/HELP me"), Intent::Help);
        assert_eq!(intent("/context"), Intent::Context);
    }

    #[test]
    fn questions_that_merely_start_with_a_slash_are_questions() {
        for q in [
            "/etc/passwd: what is it?",
            "/ what",
            "/",
            "/3 is a fraction",
            "/summarize/now",
            "what does /help do?",
            "",
        ] {
            assert_eq!(intent(q), Intent::Question(q.trim().into()), "{q:?}");
        }
        assert_eq!(intent("/summarise"), Intent::Unknown("/summarise".into()));
        assert_eq!(intent("/foo bar"), Intent::Unknown("/foo".into()));
        assert!(unknown_message("/foo").contains("/help"));
    }

    #[test]
    fn completion_offers_prefix_matches_first_then_inner_matches() {
        let names =
            |input: &str| completions(input).map(|l| l.iter().map(|c| c.name).collect::<Vec<_>>());
        assert_eq!(names("/").map(|l| l.len()), Some(COMMANDS.len()));
        assert_eq!(
            names("/s"),
            Some(vec!["summarize", "ask", "research", "cobrowse", "visual"])
        );
        assert_eq!(names("/RE"), Some(vec!["research"]));
        assert_eq!(
            names("/e"),
            Some(vec![
                "extract",
                "summarize",
                "research",
                "cobrowse",
                "new",
                "help",
                "context"
            ])
        );
        assert_eq!(names("/zz"), Some(vec![]));
        assert_eq!(
            names("/ask "),
            None,
            "the command is typed: the list closes"
        );
        assert_eq!(names("ask"), None);
        assert_eq!(names("/etc/"), None);
    }

    #[test]
    fn picking_fills_the_name_in_and_help_lists_every_command() {
        let info = command_named("visual").unwrap();
        assert_eq!(picked("/vi", info), Picked::Fill("/visual ".into()));
        assert_eq!(picked("/", info), Picked::Fill("/visual ".into()));
        assert_eq!(picked("/Visual", info), Picked::Run("/visual".into()));
        assert!(info.takes_text());
        let new = command_named("new").unwrap();
        assert!(!new.takes_text());
        assert_eq!(picked("/n", new), Picked::Run("/new".into()));
        let help = help_lines();
        assert_eq!(help.len(), COMMANDS.len());
        assert_eq!(help[0].0, "/summarize [instructions]");
        assert!(help.iter().any(|(usage, _)| usage == "/context"));
        assert_eq!(switched_message(Mode::Cobrowse), "Mode: Co-browse.");
    }
}
