//! What the renderer tells the panel: which blocks changed ([`BlockUpdate`]), and the list of
//! blocks an answer shows, kept from those updates ([`Blocks`], the panel's DOM as strings).

/// What a push or [`crate::ui::markdown::MarkdownStream::finish`] changed in the answer's blocks.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BlockUpdate {
    /// Blocks whose HTML is new or different, by id, in ascending order.
    pub changed: Vec<(u32, String)>,
    /// How many blocks the answer has now (ids `0..len`); blocks from `len` on are gone.
    pub len: u32,
    /// Blocks below this id are finished: they change again only when a definition later in
    /// the answer resolves a reference in them.
    pub finished: u32,
    /// Blocks were removed (the answer had more than `len` before).
    pub removed: bool,
    /// Escaped text that block `id` (an open code block) gained at its end, before its
    /// closing tags (see [`closing_tags_start`]): its new HTML without resending the block.
    pub appended: Option<(u32, String)>,
}

impl BlockUpdate {
    /// Nothing changed.
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty() && !self.removed && self.appended.is_none()
    }
}

/// Where the run of closing tags that ends `html` starts (`"</li></ul>"` in
/// `"<ul><li>a</li></ul>"`).
pub fn closing_tags_start(html: &str) -> usize {
    let mut start = html.len();
    while let Some(rest) = html[..start].strip_suffix('>') {
        let Some(open) = rest.rfind("</") else {
            break;
        };
        let name = &rest[open + 2..];
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            break;
        }
        start = open;
    }
    start
}

/// The blocks an answer shows, kept up to date from [`BlockUpdate`]s (what the panel's DOM
/// holds, as strings).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Blocks(pub Vec<String>);

impl Blocks {
    pub fn apply(&mut self, update: &BlockUpdate) {
        for (id, html) in &update.changed {
            let id = *id as usize;
            if self.0.len() <= id {
                self.0.resize(id + 1, String::new());
            }
            self.0[id].clone_from(html);
        }
        if let Some((id, text)) = &update.appended {
            if let Some(html) = self.0.get_mut(*id as usize) {
                html.insert_str(closing_tags_start(html), text);
            }
        }
        self.0.truncate(update.len as usize);
    }

    /// All blocks' HTML, joined.
    pub fn html(&self) -> String {
        self.0.concat()
    }
}
