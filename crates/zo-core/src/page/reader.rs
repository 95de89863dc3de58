//! Main-content extraction, the way a reader view sees a page: from the DOM-free
//! [`Summary`] the content module builds in one walk, the container that holds the article
//! is scored ([`score`]), boilerplate inside it left out ([`clean`]), and its text rendered
//! with light structure ([`render`]) after the title, byline and date, then fitted to the
//! budget with an outline of what was left out ([`budget`]). A page with no article (a
//! listing, a form, an app) gives the visible text of its main region instead, what is in or
//! near the viewport first ([`page_text`], placed by [`viewport`] and [`geometry`]), and the result says which
//! of the two it is ([`TextKind`]).

pub mod budget;
pub mod clean;
pub mod element_order;
pub mod geometry;
pub mod hints;
pub mod page_text;
pub mod render;
pub mod score;
pub mod stats;
pub mod summary;
#[cfg(test)]
mod tests;
pub mod viewport;

use serde::{Deserialize, Serialize};

use render::{Block, BlockKind, Renderer};
use score::Pass;
use summary::{Summary, Tag};

pub use summary::{Child, Flags, Node};

/// What the page text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextKind {
    /// The page's article, as a reader view extracts it.
    Article,
    /// The visible text of the page's main region (no article found).
    #[default]
    Page,
}

impl TextKind {
    /// The wire name, as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            TextKind::Article => "article",
            TextKind::Page => "page",
        }
    }
}

/// What leads the text when the page states it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lead {
    pub title: String,
    pub byline: Option<String>,
    pub date: Option<String>,
}

/// The page text and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub text: String,
    /// True when something was left out to fit the budget.
    pub truncated: bool,
    pub kind: TextKind,
}

/// Least text (characters, whitespace left out) an article has; a strict pass that finds
/// less is retried with relaxed rules.
const ARTICLE_MIN: usize = 400;
/// Least text the best attempt must have to count as an article at all.
const ARTICLE_FLOOR: usize = 200;
/// Most link text an article may be made of.
const ARTICLE_MAX_LINK_SHARE: f32 = 0.5;
/// Longest byline taken from the page, in characters.
const BYLINE_MAX: usize = 100;

const PASSES: [Pass; 3] = [
    Pass {
        strip_unlikely: true,
        weigh_hints: true,
        clean: true,
    },
    Pass {
        strip_unlikely: false,
        weigh_hints: true,
        clean: true,
    },
    Pass {
        strip_unlikely: false,
        weigh_hints: false,
        clean: false,
    },
];

/// One attempt's article: its blocks, text and link text (characters), byline found.
struct Attempt {
    blocks: Vec<Block>,
    text: usize,
    links: usize,
    byline: Option<String>,
}

/// The page text of `summary` within `budget` characters: the article, else the main
/// region's text (placed by the boxes the summary holds, if any).
pub fn read(summary: &Summary, lead: &Lead, budget: usize) -> Reading {
    read_article(summary, lead, budget).unwrap_or_else(|| read_page(summary, budget))
}

/// The page's article within `budget` characters, when it has one.
pub fn read_article(summary: &Summary, lead: &Lead, budget: usize) -> Option<Reading> {
    let mut best: Option<Attempt> = None;
    for pass in PASSES {
        let Some(a) = article(summary, pass) else {
            continue;
        };
        let enough = a.text >= ARTICLE_MIN;
        if best.as_ref().is_none_or(|b| a.text > b.text) {
            best = Some(a);
        }
        if enough {
            break;
        }
    }
    let mut a = best.filter(|a| {
        a.text >= ARTICLE_FLOOR && (a.links as f32) < ARTICLE_MAX_LINK_SHARE * a.text as f32
    })?;
    // The title leads an article; page text has it in the prompt's header already.
    let mut all = lead_blocks(lead, a.byline.take(), &a.blocks);
    all.append(&mut a.blocks);
    let (text, truncated) = budget::fit(&all, budget);
    Some(Reading {
        text,
        truncated,
        kind: TextKind::Article,
    })
}

/// The visible text of the main region within `budget` characters, what is in or near the
/// viewport first (when the content module placed the nodes [`page_text::boxes`] names).
pub fn read_page(summary: &Summary, budget: usize) -> Reading {
    let (text, truncated) = budget::fit(&page_text::blocks(summary), budget);
    Reading {
        text,
        truncated,
        kind: TextKind::Page,
    }
}

fn article(summary: &Summary, pass: Pass) -> Option<Attempt> {
    let live = stats::live(summary, pass.strip_unlikely);
    let st = stats::stats(summary, &live);
    let scores = score::scores(summary, &live, &st, pass);
    let top = score::top(summary, &live, &scores)?;
    let roots = score::with_siblings(summary, &live, &st, &scores, top);
    // The first short byline block is taken out of the text to lead it instead; later ones
    // (the authors of other stories in a listing, of quotes, of comments) stay in place.
    let mut keep = live.clone();
    let mut first_byline = None;
    // Whether a node is inside a table of data (parents come before their children).
    let mut in_data = vec![false; summary.nodes.len()];
    for (id, node) in summary.nodes.iter().enumerate() {
        if let Some(p) = node.parent {
            // A table of data: no table inside it (it is the one table it holds), not
            // presentation (so counted as data).
            let parent = &st[p];
            let data_table =
                summary.nodes[p].tag == Tag::Table && parent.tables == 1 && parent.data_tables == 1;
            in_data[id] = in_data[p] || data_table;
        }
        if first_byline.is_none()
            && live[id]
            && node.tag != Tag::Body
            && st[id].text > 0
            && st[id].text <= BYLINE_MAX
            && hints::byline(&node.hints)
        {
            keep[id] = false;
            first_byline = Some(id);
        } else if keep[id]
            && pass.clean
            && !in_data[id]
            && !roots.contains(&id)
            && clean::is_boilerplate(node, &st[id], scores[id], pass.weigh_hints)
        {
            keep[id] = false;
        }
    }
    let byline = first_byline.and_then(|id| {
        let mut r = Renderer::new(summary, &live);
        r.node(id);
        r.flush();
        r.blocks.pop().map(|b| b.text)
    });
    let mut r = Renderer::new(summary, &keep);
    for &root in &roots {
        r.node(root);
        r.flush();
    }
    let mut text = 0;
    let mut links = 0;
    for &root in &roots {
        text += st[root].text;
        links += st[root].links;
    }
    Some(Attempt {
        text: r.blocks.iter().map(|b| stats::run_len(&b.text)).sum(),
        links: links.min(text),
        blocks: r.blocks,
        byline,
    })
}

/// The title (unless the text starts with a heading it contains), then byline and date.
fn lead_blocks(lead: &Lead, found_byline: Option<String>, blocks: &[Block]) -> Vec<Block> {
    let mut out = Vec::new();
    let title = crate::page::collapse_whitespace(&lead.title);
    let heading_says_it = blocks.iter().take(3).any(|b| {
        matches!(b.kind, BlockKind::Heading(_)) && !b.text.is_empty() && title.contains(&b.text)
    });
    if !title.is_empty() && !heading_says_it {
        out.push(Block {
            kind: BlockKind::Heading(1),
            text: title,
        });
    }
    let byline = lead.byline.clone().or(found_byline);
    let by = match (byline, &lead.date) {
        (Some(b), Some(d)) => format!("{} · {d}", with_by(&b)),
        (Some(b), None) => with_by(&b),
        (None, Some(d)) => d.clone(),
        (None, None) => String::new(),
    };
    let by = crate::page::collapse_whitespace(&by);
    if !by.is_empty() {
        out.push(Block {
            kind: BlockKind::Paragraph,
            text: by,
        });
    }
    out
}

fn with_by(byline: &str) -> String {
    let t = byline.trim();
    if t.len() >= 3 && t[..3].eq_ignore_ascii_case("by ") {
        t.to_string()
    } else {
        format!("By {t}")
    }
}
