//! Boilerplate inside the chosen article: containers that look like furniture by their
//! hints, or by what they hold (more links than prose, more images or form fields than
//! paragraphs, lists of links, an embed with no text), are left out of the text. Paragraphs
//! with plenty of commas always stay.

use super::hints;
use super::stats::Stats;
use super::summary::{Node, Tag};

/// Least text of a text-only wrapper read as a paragraph.
const PARAGRAPH_MIN: usize = 25;

/// Whether a container inside the article is boilerplate. `score` is its content score,
/// when it has one; `weigh` says whether hints count.
pub fn is_boilerplate(node: &Node, st: &Stats, score: Option<f32>, weigh: bool) -> bool {
    if !matches!(
        node.tag,
        Tag::Div
            | Tag::Block
            | Tag::Section
            | Tag::Ul
            | Tag::Ol
            | Tag::Form
            | Tag::Header
            | Tag::Figure
            | Tag::Table
            | Tag::Dl
    ) || node.flags.article_body
    {
        return false;
    }
    // A wrapper holding only text of a sentence's length reads as a paragraph (a caption, a
    // lede set in a div): only furniture hints leave it out.
    let text_only = matches!(node.tag, Tag::Div | Tag::Block | Tag::Section)
        && !st.block_children
        && st.element_children == 0
        && st.text >= PARAGRAPH_MIN;
    if text_only {
        return weigh && hints::inner_furniture(&node.hints);
    }
    let weight = if weigh { hints::weight(&node.hints) } else { 0 };
    let list = matches!(node.tag, Tag::Ul | Tag::Ol | Tag::Dl);
    // A list's score starts below zero by its tag, so its items' points only tell how much
    // prose it holds, not whether it is furniture: its hints do.
    let own = if list { 0.0 } else { score.unwrap_or(0.0) };
    if weight as f32 + own < 0.0 {
        return true;
    }
    if st.commas >= 10 {
        return false;
    }
    if weigh && hints::inner_furniture(&node.hints) {
        return true;
    }
    // A table of data is content however it looks, and so is what holds one.
    if st.data_tables > 0 {
        return false;
    }
    // A container that is mostly lists (a heading over a list of features) is read as one.
    let list = list || st.list_text * 10 > st.text * 9;
    let ld = st.link_density();
    let heading_share = if st.text == 0 {
        0.0
    } else {
        st.heading_text as f32 / st.text as f32
    };
    let in_figure = node.tag == Tag::Figure;
    (!list && st.imgs > 1 && (st.paras as f32) / (st.imgs as f32) < 0.5 && !in_figure)
        || (!list && st.items > st.paras + 100)
        || st.inputs > st.paras / 3
        // Unknown elements (custom elements, MathML) are often small pieces of the text.
        || (!list
            && node.tag != Tag::Block
            && heading_share < 0.9
            && st.text < 25
            && (st.imgs == 0 || st.imgs > 2)
            && !in_figure)
        || (!list && weight < 25 && ld > 0.2)
        || (weight >= 25 && ld > 0.5)
        || (st.embeds == 1 && st.text < 75)
        || st.embeds > 1
}
