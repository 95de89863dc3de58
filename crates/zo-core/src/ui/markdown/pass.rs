//! One parse of a range of the answer: pulldown-cmark over the range, cut into its top-level
//! items (blocks and link reference definitions) with each block's HTML, the definitions the
//! range holds, and the labels each item refers to.
//!
//! A range starts where a top-level block starts, so it parses as it does inside the whole
//! answer, except for definitions elsewhere: link definitions outside the range come from
//! [`Definitions`] through the parser's broken-link callback (and a finished definition wins
//! over a later one in the range, as the first definition of a label does); footnote
//! definitions outside the range are given to the parser as a prefix of stand-in definitions
//! (ended by a thematic break), whose events are dropped.

use std::cell::RefCell;
use std::ops::Range;

use pulldown_cmark::{BrokenLink, CodeBlockKind, CowStr, Event, Options, Parser, Tag};

use super::html::{is_reference, Writer};
use super::refs::{label, note_labels, Definitions, Key, Label, LinkTarget};

/// CommonMark plus GitHub's tables, strikethrough, task lists and footnotes.
pub(crate) fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
}

/// What a top-level item is, as far as deciding where finished blocks end goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ItemKind {
    Paragraph,
    /// A link reference definition (no HTML).
    Definition,
    /// A fenced code block.
    Fence,
    /// A table (its first two lines decide that it is one).
    Table,
    /// A list, a footnote definition or an indented code block: an indented line can continue
    /// it even after a blank line.
    Open,
    Other,
}

/// A top-level item; offsets are in the whole answer.
#[derive(Debug, Clone)]
pub(crate) struct Item {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) kind: ItemKind,
    pub(crate) html: String,
    /// Labels it refers to (links and footnotes, defined or not).
    pub(crate) refs: Vec<Key>,
}

/// A link reference definition found in the range.
#[derive(Debug, Clone)]
pub(crate) struct LinkDef {
    pub(crate) label: Label,
    pub(crate) target: LinkTarget,
    pub(crate) start: usize,
}

/// The result of one parse.
#[derive(Debug, Default)]
pub(crate) struct Pass {
    pub(crate) items: Vec<Item>,
    pub(crate) links: Vec<LinkDef>,
    /// Footnote definitions: label and where the definition starts.
    pub(crate) notes: Vec<(Label, usize)>,
    /// Bytes given to the parser.
    pub(crate) parsed: usize,
}

/// Which definitions from outside the range a parse may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// The open tail: finished definitions only (its own are in the range).
    Tail,
    /// A finished range rendered again: finished definitions and the open tail's.
    Finished,
}

/// Parses `text[range]` (a range starting at a top-level block).
pub(crate) fn run(text: &str, range: Range<usize>, defs: &Definitions, scope: Scope) -> Pass {
    let Some(src) = text.get(range.clone()) else {
        return Pass::default();
    };
    let mut input = String::new();
    let notes = note_labels(src);
    let has_notes = !notes.is_empty();
    for note in notes {
        let l = label(&note);
        let known = match scope {
            Scope::Tail => defs.finished_note(&l),
            Scope::Finished => defs.note(&l),
        };
        if known {
            input.push_str("[^");
            input.push_str(&note);
            input.push_str("]: .\n");
        }
    }
    // Without stand-ins the range is parsed where it is, without a copy.
    let input: &str = if input.is_empty() {
        src
    } else {
        input.push_str("***\n");
        input.push_str(src);
        &input
    };
    let prefix = input.len() - src.len();
    // Absolute offset of an input offset.
    let at = |i: usize| i.saturating_sub(prefix) + range.start;

    let broken: RefCell<Vec<(usize, Label)>> = RefCell::new(Vec::new());
    let callback = |link: BrokenLink<'_>| {
        let l = label(&link.reference);
        let target = match scope {
            Scope::Tail => defs.finished_link(&l),
            Scope::Finished => defs.link(&l),
        }
        .map(|t| (CowStr::from(t.dest.clone()), CowStr::from(t.title.clone())));
        broken.borrow_mut().push((link.span.start, l));
        target
    };
    let parser = Parser::new_with_broken_link_callback(input, options(), Some(callback));
    let events = parser.into_offset_iter();
    let mut pass = Pass {
        parsed: input.len(),
        ..Pass::default()
    };
    for (key, def) in events.reference_definitions().iter() {
        if def.span.start >= prefix {
            pass.links.push(LinkDef {
                label: label(key),
                target: LinkTarget {
                    dest: def.dest.to_string(),
                    title: def.title.as_deref().unwrap_or("").to_string(),
                },
                start: at(def.span.start),
            });
        }
    }

    let mut writer = Writer::new(input);
    let mut depth = 0usize;
    let mut current: Option<Item> = None;
    // The lines top-level blocks cover; a list by its items (its own range may run past its
    // last item). Other non-blank lines hold link definitions.
    let mut cover: Vec<Range<usize>> = Vec::new();
    let mut in_list = false;
    let has_definitions = !pass.links.is_empty();
    for (mut event, span) in events {
        if span.start < prefix {
            continue;
        }
        match (&event, depth) {
            _ if !has_definitions => {}
            (Event::Start(Tag::List(_)), 0) => in_list = true,
            (_, 0) => {
                in_list = false;
                cover.push(at(span.start)..at(span.end));
            }
            (Event::Start(Tag::Item), 1) if in_list => cover.push(at(span.start)..at(span.end)),
            _ => {}
        }
        if let Event::Start(
            Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }
            | Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            },
        ) = &mut event
        {
            if is_reference(*link_type) {
                first_definition(defs, id, dest_url, title, &mut current);
            }
        }
        if let Event::Start(Tag::FootnoteDefinition(l)) = &event {
            pass.notes.push((label(l), at(span.start)));
        }
        if depth == 0 {
            let kind = match event {
                Event::Start(Tag::Paragraph) => ItemKind::Paragraph,
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => ItemKind::Fence,
                Event::Start(Tag::Table(_)) => ItemKind::Table,
                Event::Start(
                    Tag::List(_)
                    | Tag::FootnoteDefinition(_)
                    | Tag::CodeBlock(CodeBlockKind::Indented),
                ) => ItemKind::Open,
                _ => ItemKind::Other,
            };
            // A block's HTML is about one and a half times its Markdown.
            writer.reserve(span.len() + span.len() / 2);
            current = Some(Item {
                start: at(span.start),
                end: at(span.end),
                kind,
                html: String::new(),
                refs: Vec::new(),
            });
        }
        match event {
            Event::Start(_) => depth += 1,
            Event::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
        writer.event(event, span.start);
        if depth == 0 {
            if let Some(mut item) = current.take() {
                item.html = writer.take();
                pass.items.push(item);
            }
        }
    }
    if let Some(mut item) = current.take() {
        item.html = writer.take();
        pass.items.push(item);
    }
    if has_definitions {
        // (Repeated definitions of a label exist only where a first one does.)
        add_definitions(&mut pass, text, range.start..range.end, &cover);
    }
    let broken = broken.into_inner().into_iter().map(|(i, l)| (at(i), l));
    attach_refs(&mut pass, text, broken, has_notes);
    pass
}

/// A reference to a label with a finished definition uses it, even if the range defines the
/// label again (the first definition wins). The label is recorded on the current item.
fn first_definition<'a>(
    defs: &Definitions,
    id: &str,
    dest: &mut CowStr<'a>,
    title: &mut CowStr<'a>,
    current: &mut Option<Item>,
) {
    let l = label(id);
    if let Some(t) = defs.finished_link(&l) {
        *dest = t.dest.clone().into();
        *title = t.title.clone().into();
    }
    if let Some(item) = current {
        item.refs.push(Key::Link(l));
    }
}

/// Lines of `text[range]` that are not blank and that no top-level block covers hold
/// top-level link definitions (those the parser keeps and the repeated labels it drops):
/// each run of such lines is an item.
fn add_definitions(pass: &mut Pass, text: &str, range: Range<usize>, cover: &[Range<usize>]) {
    // The gaps between covered ranges (mostly blank lines between blocks).
    let mut defs: Vec<Item> = Vec::new();
    let mut from = range.start;
    let bounds = cover
        .iter()
        .map(|c| (c.start, c.end))
        .chain(std::iter::once((range.end, range.end)));
    for (cover_start, cover_end) in bounds {
        // Lines wholly inside the gap `from..cover_start`.
        let gap_start = from;
        from = from.max(cover_end);
        let Some(gap) = text.get(gap_start..cover_start.max(gap_start)) else {
            continue;
        };
        let mut start = gap_start;
        let mut run = false;
        for line in gap.split_inclusive('\n') {
            let end = start + line.len();
            // The last piece of a gap may end where a block starts, inside its line.
            let whole = line.ends_with('\n') || end == range.end;
            let blank = line.trim_matches([' ', '\t', '\n']).is_empty();
            if !whole || blank {
                run = false;
            } else if !run {
                run = true;
                defs.push(definition_item(start, end));
            } else if let Some(def) = defs.last_mut() {
                def.end = end;
            }
            start = end;
        }
    }
    if defs.is_empty() {
        return;
    }
    let blocks = std::mem::take(&mut pass.items);
    let mut merged = Vec::with_capacity(blocks.len() + defs.len());
    let mut defs = defs.into_iter().peekable();
    for block in blocks {
        while let Some(d) = defs.next_if(|d| d.start < block.start) {
            merged.push(d);
        }
        merged.push(block);
    }
    merged.extend(defs);
    pass.items = merged;
}

fn definition_item(start: usize, end: usize) -> Item {
    Item {
        start,
        end,
        kind: ItemKind::Definition,
        html: String::new(),
        refs: Vec::new(),
    }
}

/// Adds to each item the labels the parser asked the callback about and the footnote
/// labels in its text.
fn attach_refs(
    pass: &mut Pass,
    text: &str,
    broken: impl Iterator<Item = (usize, Label)>,
    has_notes: bool,
) {
    for (at, l) in broken {
        let i = pass.items.partition_point(|item| item.start <= at);
        if let Some(item) = i.checked_sub(1).and_then(|i| pass.items.get_mut(i)) {
            item.refs.push(Key::Link(l));
        }
    }
    if !has_notes {
        return;
    }
    for item in &mut pass.items {
        if let Some(src) = text.get(item.start..item.end) {
            item.refs
                .extend(note_labels(src).iter().map(|n| Key::Note(label(n))));
        }
    }
}
