//! What each subtree of a [`Summary`] holds, counted once in a backward pass: which nodes
//! are live (shown, and not left out by the pass's rules), and per live node its text
//! length, link text, commas, paragraphs, images, list items, form fields, embeds, tables,
//! heading text, and the text it shows in its own line (outside block children).

use super::hints;
use super::summary::{Child, Node, NodeId, Role, Summary, Tag};

/// Counts of one subtree (live nodes only). Text lengths are in characters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub text: usize,
    pub links: usize,
    pub commas: usize,
    pub paras: usize,
    pub imgs: usize,
    pub items: usize,
    pub inputs: usize,
    pub embeds: usize,
    pub tables: usize,
    pub heading_text: usize,
    /// Text inside lists (`ul`, `ol`, `dl`).
    pub list_text: usize,
    /// Tables of data: with no table inside them, not marked as presentation.
    pub data_tables: usize,
    /// Text in the node's own line: its text runs and inline children.
    pub inline_text: usize,
    pub inline_commas: usize,
    /// Whether any child is a live block element.
    pub block_children: bool,
    /// Live element children.
    pub element_children: usize,
}

impl Stats {
    /// Share of the text that is link text (0 for no text).
    pub fn link_density(&self) -> f32 {
        if self.text == 0 {
            0.0
        } else {
            self.links as f32 / self.text as f32
        }
    }
}

/// Whether a node is never page content: hidden, furniture by tag or role.
pub fn never_content(node: &Node) -> bool {
    let f = node.flags;
    f.hidden
        || f.aria_hidden
        || f.zero_size
        || f.off_screen
        || hints::off_screen(&node.hints)
        || matches!(
            node.tag,
            Tag::Nav | Tag::Aside | Tag::Footer | Tag::Dialog | Tag::Control | Tag::Embed
        )
        || matches!(
            node.role,
            Some(
                Role::Navigation
                    | Role::Dialog
                    | Role::Menu
                    | Role::Complementary
                    | Role::Search
                    | Role::ContentInfo
            )
        )
}

/// Which nodes are live: not [`never_content`], not under such a node, not a cookie or
/// newsletter banner, and, when `strip_unlikely`, not furniture by its hints (outside tables and code, and never a
/// landmark of content or the root).
pub fn live(summary: &Summary, strip_unlikely: bool) -> Vec<bool> {
    let mut out = vec![false; summary.nodes.len()];
    for (id, node) in summary.nodes.iter().enumerate() {
        let parent_live = node.parent.is_none_or(|p| out[p]);
        if !parent_live {
            continue;
        }
        if id != Summary::ROOT && never_content(node) {
            continue;
        }
        let landmark = matches!(node.tag, Tag::Body | Tag::Main | Tag::Article | Tag::A)
            || matches!(node.role, Some(Role::Main | Role::Article))
            || node.flags.article_body;
        if !landmark && hints::banner(&node.hints) {
            continue;
        }
        if strip_unlikely && !landmark && !in_table(summary, node) && hints::unlikely(&node.hints) {
            continue;
        }
        out[id] = true;
    }
    out
}

fn in_table(summary: &Summary, node: &Node) -> bool {
    let mut cur = node.parent;
    let mut steps = 0;
    while let Some(p) = cur {
        if steps > 8 {
            return false;
        }
        if matches!(summary.nodes[p].tag, Tag::Table | Tag::Pre) {
            return true;
        }
        cur = summary.nodes[p].parent;
        steps += 1;
    }
    false
}

/// Characters of a text run that count (whitespace left out).
pub fn run_len(text: &str) -> usize {
    text.chars().filter(|c| !c.is_whitespace()).count()
}

fn commas(text: &str) -> usize {
    text.chars()
        .filter(|c| matches!(c, ',' | '，' | '、'))
        .count()
}

/// The counts of every live node's subtree (zero for nodes that are not live).
pub fn stats(summary: &Summary, live: &[bool]) -> Vec<Stats> {
    let mut out = vec![Stats::default(); summary.nodes.len()];
    for id in (0..summary.nodes.len()).rev() {
        if !live[id] {
            continue;
        }
        let node = &summary.nodes[id];
        let mut s = Stats::default();
        for child in &node.children {
            match child {
                Child::Text(t) => {
                    let n = run_len(t);
                    let c = commas(t);
                    s.text += n;
                    s.commas += c;
                    s.inline_text += n;
                    s.inline_commas += c;
                }
                Child::Node(c) if live[*c] => {
                    let cs = out[*c];
                    add(&mut s, &cs);
                    s.element_children += 1;
                    if summary.nodes[*c].tag.is_block() {
                        s.block_children = true;
                    } else {
                        s.inline_text += cs.inline_text;
                        s.inline_commas += cs.inline_commas;
                    }
                }
                Child::Node(c) => match summary.nodes[*c].tag {
                    Tag::Control => s.inputs += 1,
                    Tag::Embed => s.embeds += 1,
                    _ => {}
                },
            }
        }
        match node.tag {
            Tag::A => s.links = s.text,
            Tag::P => s.paras += 1,
            Tag::Img => s.imgs += 1,
            Tag::Li => s.items += 1,
            Tag::Control => s.inputs += 1,
            Tag::Embed => s.embeds += 1,
            Tag::Table => {
                if s.tables == 0 && node.role != Some(Role::Presentation) {
                    s.data_tables += 1;
                }
                s.tables += 1;
            }
            Tag::Heading(_) => s.heading_text = s.text,
            Tag::Ul | Tag::Ol | Tag::Dl => s.list_text = s.text,
            _ => {}
        }
        out[id] = s;
    }
    out
}

fn add(s: &mut Stats, c: &Stats) {
    s.text += c.text;
    s.links += c.links;
    s.commas += c.commas;
    s.paras += c.paras;
    s.imgs += c.imgs;
    s.items += c.items;
    s.inputs += c.inputs;
    s.embeds += c.embeds;
    s.tables += c.tables;
    s.heading_text += c.heading_text;
    s.list_text += c.list_text;
    s.data_tables += c.data_tables;
}

/// The live element children of `id`.
pub fn element_children<'a>(
    summary: &'a Summary,
    live: &'a [bool],
    id: NodeId,
) -> impl Iterator<Item = NodeId> + 'a {
    summary.nodes[id]
        .children
        .iter()
        .filter_map(move |c| match c {
            Child::Node(n) if live[*n] => Some(*n),
            _ => None,
        })
}
