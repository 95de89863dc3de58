//! Which container holds the article: every paragraph-like block of enough text scores for
//! its ancestors (more for commas and length, less the further up), containers start from
//! what their tag, landmark and hints say, and link-heavy ones lose their link share. The
//! best one is widened to a parent that holds several near-best candidates or scores as
//! well, and siblings that continue the article join it.

use super::hints;
use super::stats::{element_children, Stats};
use super::summary::{Child, NodeId, Role, Summary, Tag};

/// The rules a scoring pass applies (relaxed when a strict pass finds too little).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    /// Leave out furniture by its hints before scoring.
    pub strip_unlikely: bool,
    /// Count id/class hints in a container's score.
    pub weigh_hints: bool,
    /// Leave out boilerplate inside the winner.
    pub clean: bool,
}

/// Least text of a block that scores.
const MIN_PARAGRAPH: usize = 25;
/// How many ancestors a paragraph scores for.
const ANCESTOR_LEVELS: usize = 5;

/// A container's starting score: its tag, landmark and (when weighed) hints.
pub fn initial(summary: &Summary, id: NodeId, pass: Pass) -> f32 {
    let node = &summary.nodes[id];
    let mut s: f32 = match node.tag {
        Tag::Div | Tag::Block => 5.0,
        Tag::Pre | Tag::Cell | Tag::Blockquote => 3.0,
        Tag::Ol | Tag::Ul | Tag::Dl | Tag::Dd | Tag::Dt | Tag::Li | Tag::Form => -3.0,
        Tag::Heading(_) | Tag::HeaderCell => -5.0,
        Tag::Article => 10.0,
        _ => 0.0,
    };
    if node.flags.article_body {
        s += 30.0;
    }
    if matches!(node.role, Some(Role::Article | Role::Main)) {
        s += 5.0;
    }
    if pass.weigh_hints {
        s += hints::weight(&node.hints) as f32;
    }
    s
}

/// Whether `id` is a paragraph: a text block, or a container with no block children.
fn is_paragraph(summary: &Summary, st: &Stats, id: NodeId) -> bool {
    match summary.nodes[id].tag {
        Tag::P | Tag::Pre | Tag::Cell | Tag::Heading(2..=6) => true,
        Tag::Div | Tag::Block | Tag::Section | Tag::Blockquote | Tag::Li => !st.block_children,
        _ => false,
    }
}

/// The score of each scored container (`None` for the others), link share applied.
pub fn scores(summary: &Summary, live: &[bool], stats: &[Stats], pass: Pass) -> Vec<Option<f32>> {
    let mut out: Vec<Option<f32>> = vec![None; summary.nodes.len()];
    for id in 0..summary.nodes.len() {
        if !live[id] {
            continue;
        }
        let st = &stats[id];
        // A paragraph scores from its parent up; text in the own line of a container with
        // block children scores as a paragraph inside it, from the container up.
        let (len, commas, first) = if is_paragraph(summary, st, id) {
            (st.text, st.commas, summary.nodes[id].parent)
        } else if st.block_children && st.inline_text >= MIN_PARAGRAPH {
            (st.inline_text, st.inline_commas, Some(id))
        } else {
            continue;
        };
        if len < MIN_PARAGRAPH {
            continue;
        }
        let points = 1.0 + commas as f32 + (len / 100).min(3) as f32;
        let mut cur = first;
        for level in 0..ANCESTOR_LEVELS {
            let Some(a) = cur else { break };
            if summary.nodes[a].parent.is_none() && a != Summary::ROOT {
                break;
            }
            let divider = match level {
                0 => 1.0,
                1 => 2.0,
                n => n as f32 * 3.0,
            };
            let base = out[a].unwrap_or_else(|| initial(summary, a, pass));
            out[a] = Some(base + points / divider);
            cur = summary.nodes[a].parent;
        }
    }
    for (id, s) in out.iter_mut().enumerate() {
        if let Some(v) = s {
            *v *= 1.0 - stats[id].link_density();
        }
    }
    out
}

fn contains(summary: &Summary, outer: NodeId, inner: NodeId) -> bool {
    let target = summary.nodes[outer].depth;
    let mut cur = Some(inner);
    while let Some(c) = cur {
        if c == outer {
            return true;
        }
        if summary.nodes[c].depth <= target {
            return false;
        }
        cur = summary.nodes[c].parent;
    }
    false
}

/// The best container, widened: to the nearest ancestor holding at least three near-best
/// candidates, then up while the parent scores better (or not much worse), then up
/// through parents that hold nothing else.
pub fn top(summary: &Summary, live: &[bool], scores: &[Option<f32>]) -> Option<NodeId> {
    // The five best, best first (kept by insertion: no sort needed for five).
    let mut ranked: Vec<(NodeId, f32)> = Vec::with_capacity(6);
    for (i, s) in scores.iter().enumerate() {
        let Some(v) = *s else { continue };
        let at = ranked.iter().position(|r| v > r.1).unwrap_or(ranked.len());
        if at < 5 {
            ranked.insert(at, (i, v));
            ranked.truncate(5);
        }
    }
    let &(mut best, best_score) = ranked.first()?;
    let near: Vec<NodeId> = ranked[1..]
        .iter()
        .filter(|(_, s)| best_score > 0.0 && *s / best_score >= 0.75)
        .map(|(i, _)| *i)
        .collect();
    if near.len() >= 3 {
        let mut cur = summary.nodes[best].parent;
        while let Some(p) = cur {
            if near.iter().filter(|&&n| contains(summary, p, n)).count() >= 3 {
                best = p;
                break;
            }
            cur = summary.nodes[p].parent;
        }
    }
    let mut last = scores[best].unwrap_or(best_score);
    let threshold = last / 3.0;
    let mut cur = summary.nodes[best].parent;
    while let Some(p) = cur {
        let Some(ps) = scores[p] else {
            cur = summary.nodes[p].parent;
            continue;
        };
        if ps < threshold {
            break;
        }
        if ps > last {
            best = p;
            break;
        }
        last = ps;
        cur = summary.nodes[p].parent;
    }
    while let Some(p) = summary.nodes[best].parent {
        if element_children(summary, live, p).count() != 1 {
            break;
        }
        best = p;
    }
    Some(best)
}

/// The top container and the siblings that continue it, in document order.
pub fn with_siblings(
    summary: &Summary,
    live: &[bool],
    stats: &[Stats],
    scores: &[Option<f32>],
    top: NodeId,
) -> Vec<NodeId> {
    let Some(parent) = summary.nodes[top].parent else {
        return vec![top];
    };
    let top_score = scores[top].unwrap_or(0.0);
    let threshold = (top_score * 0.2).max(10.0);
    let top_hints = &summary.nodes[top].hints;
    let inner = best_inside(summary, live, scores);
    element_children(summary, live, parent)
        .filter(|&sib| {
            if sib == top {
                return true;
            }
            let node = &summary.nodes[sib];
            let same_kind = !top_hints.is_empty() && node.hints == *top_hints;
            let bonus = if same_kind { top_score * 0.2 } else { 0.0 };
            if scores[sib].is_some_and(|s| s + bonus >= threshold) {
                return true;
            }
            // A wrapper of the same kind as the top, too far above its paragraphs to score
            // itself, continues the article when what it holds scores like what the top holds
            // (an article body split into several wrapped parts).
            if same_kind
                && stats[sib].link_density() < 0.25
                && inner[sib] >= (inner[top].max(top_score) * 0.2).max(10.0)
            {
                return true;
            }
            let st = &stats[sib];
            // A paragraph, or a wrapper holding only text (a lede set in a div).
            let text_block = node.tag == Tag::P
                || (matches!(node.tag, Tag::Div | Tag::Block | Tag::Section) && !st.block_children);
            if !text_block {
                return false;
            }
            let ld = st.link_density();
            (st.text > 80 && ld < 0.25) || (st.text > 0 && ld == 0.0 && ends_sentence(summary, sib))
        })
        .collect()
}

/// The best score held inside each node (its descendants', not its own): one backward pass
/// over the document order, where every child comes after its parent.
fn best_inside(summary: &Summary, live: &[bool], scores: &[Option<f32>]) -> Vec<f32> {
    let mut best = vec![0.0f32; summary.nodes.len()];
    for id in (1..summary.nodes.len()).rev() {
        let Some(p) = summary.nodes[id].parent else {
            continue;
        };
        if live[id] {
            let own = scores[id].unwrap_or(0.0).max(best[id]);
            best[p] = best[p].max(own);
        }
    }
    best
}

/// Whether the last text of `id` ends a sentence.
fn ends_sentence(summary: &Summary, id: NodeId) -> bool {
    let mut cur = id;
    loop {
        match summary.nodes[cur].children.iter().rev().find(|c| match c {
            Child::Text(t) => !t.trim().is_empty(),
            Child::Node(_) => true,
        }) {
            Some(Child::Text(t)) => return t.trim_end().ends_with(['.', '!', '?', '。']),
            Some(Child::Node(n)) => cur = *n,
            None => return false,
        }
    }
}
