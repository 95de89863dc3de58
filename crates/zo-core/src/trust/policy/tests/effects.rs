//! Rules that judge what an action does rather than what it is called: a fill that toggles is
//! the click it performs, an address is judged by what it says it does, text read on one site
//! is not written into another unasked, and secret fields are known by their names in many
//! languages.

use crate::trust::policy::scope::{Proposal, TaskScope};
use crate::trust::policy::verdict::{Concern, Verdict};
use crate::trust::suffixes::tests::sample as psl;
use crate::wire::action::{Action, Selector};
use crate::wire::facts::TargetFacts;

const MAIL: &str = "https://mail.example/inbox";

fn act(s: &TaskScope, action: &Action, page: &str, f: &TargetFacts) -> Verdict {
    s.judge(
        &Proposal::Act {
            action,
            page_url: page,
            facts: Some(f),
        },
        &[],
    )
}

fn concerns(v: &Verdict) -> Vec<String> {
    match v {
        Verdict::Ask(r) => r.concerns.iter().map(Concern::to_string).collect(),
        Verdict::Allow => Vec::new(),
        Verdict::Refuse(r) => vec![format!("refused: {r}")],
    }
}

fn fill(value: &str) -> Action {
    Action::Fill {
        selector: Selector::parse("#f").unwrap(),
        value: value.into(),
    }
}

fn click() -> Action {
    Action::Click {
        selector: Selector::parse("#c").unwrap(),
    }
}

fn named(tag: &str, ty: Option<&str>, name: &str) -> TargetFacts {
    TargetFacts {
        tag: tag.into(),
        input_type: ty.map(Into::into),
        name: name.into(),
        ..TargetFacts::default()
    }
}

#[test]
fn a_fill_that_toggles_is_judged_as_the_click_it_performs() {
    let s = TaskScope::new(MAIL, "tidy my settings", &psl());
    let switch = TargetFacts {
        role: Some("switch".into()),
        ..named("button", None, "Publish my profile")
    };
    assert_eq!(
        concerns(&act(&s, &fill("true"), MAIL, &switch)),
        ["its name says \u{201c}publish\u{201d}"]
    );
    let checkbox = named("input", Some("checkbox"), "Jetzt kaufen");
    assert_eq!(
        concerns(&act(&s, &fill("true"), MAIL, &checkbox)),
        ["its name says \u{201c}buy\u{201d}"]
    );
    let select = named("select", None, "Aktion: Konto löschen");
    assert_eq!(concerns(&act(&s, &fill("yes"), MAIL, &select)).len(), 1);
    // A text field called "Send to" is typed into, not clicked.
    let text = named("input", Some("text"), "Send to");
    assert_eq!(act(&s, &fill("Ada"), MAIL, &text), Verdict::Allow);
    // A harmless switch is set without asking.
    let dark = TargetFacts {
        role: Some("switch".into()),
        ..named("button", None, "Dark theme")
    };
    assert_eq!(act(&s, &fill("true"), MAIL, &dark), Verdict::Allow);
}

#[test]
fn consequential_controls_in_other_languages_need_approval() {
    let s = TaskScope::new(MAIL, "", &psl());
    for name in [
        "Jetzt kaufen",
        "Weiterleiten",
        "Supprimer",
        "送信",
        "Kup teraz",
    ] {
        assert_eq!(
            concerns(&act(&s, &click(), MAIL, &named("button", None, name))).len(),
            1,
            "{name}"
        );
    }
    assert_eq!(
        act(&s, &click(), MAIL, &named("button", None, "Weiter")),
        Verdict::Allow
    );
}

#[test]
fn a_same_origin_address_that_deletes_needs_approval() {
    let s = TaskScope::new(MAIL, "", &psl());
    let go = |url: &str| s.judge(&Proposal::Navigate { url }, &[]);
    assert_eq!(
        concerns(&go("https://mail.example/delete?id=7&all=1")),
        ["the address says \u{201c}delete\u{201d}"]
    );
    assert_eq!(go("https://mail.example/inbox?page=2"), Verdict::Allow);
    // A link is judged by its address too, whatever its text says.
    let link = TargetFacts {
        href: Some("https://mail.example/messages/7/forward?to=x".into()),
        ..named("a", None, "View")
    };
    assert_eq!(
        concerns(&act(&s, &click(), MAIL, &link)),
        ["the address says \u{201c}forward\u{201d}"]
    );
}

#[test]
fn text_read_on_another_site_is_not_written_into_this_one_unasked() {
    let mut s = TaskScope::new(
        "https://forum.example/",
        "search the forum for my question",
        &psl(),
    );
    s.learn(
        "https://bank.example/",
        "Checking account 12345-678, balance 4,210.77",
    );
    s.learn("https://forum.example/", "Welcome to the forum");
    let search = named("input", Some("search"), "Search");
    let v = act(
        &s,
        &fill("12345-678 4,210.77"),
        "https://forum.example/",
        &search,
    );
    assert_eq!(
        concerns(&v),
        ["the text was read on https://bank.example and would go to https://forum.example"]
    );
    assert_eq!(
        act(&s, &fill("my question"), "https://forum.example/", &search),
        Verdict::Allow
    );
    // On the bank's own page its text is no flow (the page is outside the task, which is
    // asked about on its own).
    let bank = act(&s, &fill("12345-678"), "https://bank.example/x", &search);
    assert_eq!(
        concerns(&bank),
        ["the page is on https://bank.example, a site outside this task"]
    );
}

#[test]
fn fields_named_as_secrets_in_any_language_are_secret_fills() {
    let s = TaskScope::new(MAIL, "", &psl());
    for name in [
        "Kartennummer",
        "CVV",
        "IBAN",
        "Numéro de carte",
        "验证码",
        "Пароль",
    ] {
        let v = act(&s, &fill("4111"), MAIL, &named("input", Some("text"), name));
        assert_eq!(concerns(&v).len(), 1, "{name}");
        let Verdict::Ask(r) = v else { unreachable!() };
        assert!(r.description.starts_with("Fill the "), "{}", r.description);
    }
}

#[test]
fn a_password_fill_allowed_for_the_task_covers_that_form_only() {
    let mut s = TaskScope::new(MAIL, "", &psl());
    let pw = |form: &str| TargetFacts {
        form: Some(form.into()),
        ..named("input", Some("password"), "Password")
    };
    let login = pw("https://mail.example/session#login");
    let Verdict::Ask(request) = act(&s, &fill("hunter2"), MAIL, &login) else {
        panic!("a password fill asks");
    };
    s.grant_task(&request);
    assert_eq!(act(&s, &fill("hunter2"), MAIL, &login), Verdict::Allow);
    // Another form on the same page (one that sends the password elsewhere) asks again.
    let other = pw("https://mail.example/share#invite");
    assert_eq!(concerns(&act(&s, &fill("hunter2"), MAIL, &other)).len(), 1);
}

#[test]
fn text_of_another_site_is_not_carried_in_an_address_unasked() {
    let mut s = TaskScope::new("https://forum.example/", "find my question", &psl());
    s.learn(
        "https://bank.example/",
        "Checking account 12345-678, balance 4,210.77",
    );
    let go = |url: &str| s.judge(&Proposal::Navigate { url }, &[]);
    assert_eq!(
        concerns(&go("https://forum.example/search?q=12345-678%204%2C210.77")),
        ["the text was read on https://bank.example and would go to https://forum.example"]
    );
    assert_eq!(
        go("https://forum.example/search?q=find+my+question"),
        Verdict::Allow
    );
}
