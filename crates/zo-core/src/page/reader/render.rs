//! The text of chosen subtrees as light structure: one [`Block`] per heading, paragraph,
//! list item, table row or preformatted run, inline text flowing within its block, link
//! text without URLs. A `keep` mask says which nodes are shown (boilerplate is not).

use super::summary::{Child, NodeId, Summary, Tag};

/// What a block of text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    Heading(u8),
    Paragraph,
    Item,
    Row,
}

/// One block of text, whitespace collapsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub kind: BlockKind,
    pub text: String,
}

impl Block {
    /// The block as a line of the page text (`# ` headings, `- ` items, rows as cells).
    pub fn line(&self) -> String {
        match self.kind {
            BlockKind::Heading(n) => {
                let mut s = String::new();
                for _ in 0..n.clamp(1, 6) {
                    s.push('#');
                }
                s.push(' ');
                s.push_str(&self.text);
                s
            }
            BlockKind::Item => {
                let mut s = String::from("- ");
                s.push_str(&self.text);
                s
            }
            BlockKind::Paragraph | BlockKind::Row => self.text.clone(),
        }
    }
}

/// Collects blocks from subtrees; `keep[id]` says whether a node and its subtree are shown.
pub struct Renderer<'a> {
    summary: &'a Summary,
    keep: &'a [bool],
    line: String,
    kind: BlockKind,
    /// The block element whose line is being collected.
    at: NodeId,
    pub blocks: Vec<Block>,
    /// For each block, the block element it came from.
    pub origins: Vec<NodeId>,
}

impl<'a> Renderer<'a> {
    pub fn new(summary: &'a Summary, keep: &'a [bool]) -> Self {
        Renderer {
            summary,
            keep,
            line: String::new(),
            kind: BlockKind::Paragraph,
            at: Summary::ROOT,
            blocks: Vec::new(),
            origins: Vec::new(),
        }
    }

    /// Renders `id`'s subtree (recursion is bounded by the summary's depth cap).
    pub fn node(&mut self, id: NodeId) {
        if !self.keep[id] {
            return;
        }
        let node = &self.summary.nodes[id];
        match node.tag {
            Tag::Br => return self.flush(),
            Tag::Tr if !self.has_nested_table(id) => return self.row(id),
            _ => {}
        }
        if !node.tag.is_block() {
            return self.children(id);
        }
        self.flush();
        let outer = self.kind;
        let outer_at = self.at;
        self.at = id;
        self.kind = match node.tag {
            Tag::Heading(n) => BlockKind::Heading(n),
            Tag::Li | Tag::Dt | Tag::Dd => BlockKind::Item,
            _ if outer == BlockKind::Item => BlockKind::Item,
            _ => BlockKind::Paragraph,
        };
        self.children(id);
        self.flush();
        self.kind = outer;
        self.at = outer_at;
    }

    fn children(&mut self, id: NodeId) {
        for child in &self.summary.nodes[id].children {
            match child {
                Child::Text(t) => self.line.push_str(t),
                Child::Node(c) => self.node(*c),
            }
        }
    }

    /// Ends the current block.
    pub fn flush(&mut self) {
        let text = crate::page::collapse_whitespace(&self.line);
        self.line.clear();
        if !text.is_empty() {
            self.blocks.push(Block {
                kind: self.kind,
                text,
            });
            self.origins.push(self.at);
        }
    }

    fn has_nested_table(&self, id: NodeId) -> bool {
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            for c in &self.summary.nodes[n].children {
                if let Child::Node(c) = c {
                    if self.summary.nodes[*c].tag == Tag::Table {
                        return true;
                    }
                    stack.push(*c);
                }
            }
        }
        false
    }

    /// A table row: `| a | b |`, each cell's text flattened.
    fn row(&mut self, id: NodeId) {
        self.flush();
        let mut row = String::from("|");
        let mut any = false;
        for child in &self.summary.nodes[id].children {
            if let Child::Node(c) = child {
                if self.keep[*c] {
                    let mut text = String::new();
                    self.flat(*c, &mut text);
                    let cell = crate::page::collapse_whitespace(&text);
                    any |= !cell.is_empty();
                    row.push(' ');
                    row.push_str(&cell);
                    row.push_str(" |");
                }
            }
        }
        if any {
            self.blocks.push(Block {
                kind: BlockKind::Row,
                text: row,
            });
            self.origins.push(id);
        }
    }

    fn flat(&self, id: NodeId, out: &mut String) {
        for child in &self.summary.nodes[id].children {
            match child {
                Child::Text(t) => out.push_str(t),
                Child::Node(c) if self.keep[*c] => {
                    if self.summary.nodes[*c].tag.is_block() {
                        out.push(' ');
                    }
                    self.flat(*c, out);
                }
                Child::Node(_) => {}
            }
        }
    }
}
