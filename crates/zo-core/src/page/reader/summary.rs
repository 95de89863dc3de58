//! The compact, DOM-free summary of a page that main-content extraction reads: one node per
//! element the content module walked (its tag, landmark role, id/class hints, `itemprop`, and
//! whether it is hidden), text runs in document order, and caps on both so a hostile page
//! costs a bounded, linear walk. Nodes are stored in document order (a parent before its
//! children), so one backward pass computes what every subtree holds.

/// Most nodes a summary holds; the walk stops adding after this.
pub const MAX_NODES: usize = 40_000;
/// Most text a summary holds, in bytes.
pub const MAX_TEXT_BYTES: usize = 2_000_000;
/// Deepest node kept; text deeper down goes to the deepest kept ancestor.
pub const MAX_DEPTH: usize = 256;
/// Longest id/class hint kept per node, in bytes.
pub const MAX_HINT_BYTES: usize = 160;

/// Index of a node in its [`Summary`].
pub type NodeId = usize;

/// Element names and their tags (`None`: never page text); any other name is a block.
const TAGS: &[(&str, Option<Tag>)] = &[
    ("div", Some(Tag::Div)),
    ("p", Some(Tag::P)),
    ("span", Some(Tag::Inline)),
    ("a", Some(Tag::A)),
    ("li", Some(Tag::Li)),
    ("script", None),
    ("style", None),
    ("noscript", None),
    ("template", None),
    ("svg", None),
    ("head", None),
    ("meta", None),
    ("link", None),
    ("title", None),
    ("canvas", None),
    ("object", None),
    ("audio", None),
    ("video", None),
    ("source", None),
    ("track", None),
    ("map", None),
    ("picture", None),
    ("body", Some(Tag::Body)),
    ("main", Some(Tag::Main)),
    ("article", Some(Tag::Article)),
    ("section", Some(Tag::Section)),
    ("h1", Some(Tag::Heading(1))),
    ("h2", Some(Tag::Heading(2))),
    ("h3", Some(Tag::Heading(3))),
    ("h4", Some(Tag::Heading(4))),
    ("h5", Some(Tag::Heading(5))),
    ("h6", Some(Tag::Heading(6))),
    ("ul", Some(Tag::Ul)),
    ("menu", Some(Tag::Ul)),
    ("ol", Some(Tag::Ol)),
    ("dl", Some(Tag::Dl)),
    ("dt", Some(Tag::Dt)),
    ("dd", Some(Tag::Dd)),
    ("table", Some(Tag::Table)),
    ("tr", Some(Tag::Tr)),
    ("td", Some(Tag::Cell)),
    ("th", Some(Tag::HeaderCell)),
    ("pre", Some(Tag::Pre)),
    ("blockquote", Some(Tag::Blockquote)),
    ("figure", Some(Tag::Figure)),
    ("figcaption", Some(Tag::Figcaption)),
    ("br", Some(Tag::Br)),
    ("img", Some(Tag::Img)),
    ("iframe", Some(Tag::Embed)),
    ("embed", Some(Tag::Embed)),
    ("frame", Some(Tag::Embed)),
    ("nav", Some(Tag::Nav)),
    ("header", Some(Tag::Header)),
    ("footer", Some(Tag::Footer)),
    ("aside", Some(Tag::Aside)),
    ("form", Some(Tag::Form)),
    ("fieldset", Some(Tag::Form)),
    ("button", Some(Tag::Control)),
    ("input", Some(Tag::Control)),
    ("select", Some(Tag::Control)),
    ("textarea", Some(Tag::Control)),
    ("option", Some(Tag::Control)),
    ("label", Some(Tag::Inline)),
    ("output", Some(Tag::Control)),
    ("dialog", Some(Tag::Dialog)),
    ("b", Some(Tag::Inline)),
    ("i", Some(Tag::Inline)),
    ("em", Some(Tag::Inline)),
    ("strong", Some(Tag::Inline)),
    ("u", Some(Tag::Inline)),
    ("s", Some(Tag::Inline)),
    ("small", Some(Tag::Inline)),
    ("sub", Some(Tag::Inline)),
    ("sup", Some(Tag::Inline)),
    ("code", Some(Tag::Inline)),
    ("kbd", Some(Tag::Inline)),
    ("samp", Some(Tag::Inline)),
    ("var", Some(Tag::Inline)),
    ("abbr", Some(Tag::Inline)),
    ("cite", Some(Tag::Inline)),
    ("q", Some(Tag::Inline)),
    ("mark", Some(Tag::Inline)),
    ("time", Some(Tag::Inline)),
    ("font", Some(Tag::Inline)),
    ("tt", Some(Tag::Inline)),
    ("big", Some(Tag::Inline)),
    ("strike", Some(Tag::Inline)),
    ("del", Some(Tag::Inline)),
    ("ins", Some(Tag::Inline)),
    ("dfn", Some(Tag::Inline)),
    ("bdi", Some(Tag::Inline)),
    ("bdo", Some(Tag::Inline)),
    ("data", Some(Tag::Inline)),
    ("wbr", Some(Tag::Inline)),
    ("ruby", Some(Tag::Inline)),
    ("rt", Some(Tag::Inline)),
    ("rp", Some(Tag::Inline)),
    ("nobr", Some(Tag::Inline)),
    ("acronym", Some(Tag::Inline)),
    ("math", Some(Tag::Inline)),
];

/// The elements extraction tells apart; every other element is a generic block
/// ([`Tag::Block`]) or inline ([`Tag::Inline`]) container.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    Body,
    Main,
    Article,
    Section,
    Div,
    P,
    Heading(u8),
    Ul,
    Ol,
    Dl,
    Li,
    Dt,
    Dd,
    Table,
    Tr,
    Cell,
    HeaderCell,
    Pre,
    Blockquote,
    Figure,
    Figcaption,
    A,
    Br,
    Img,
    Embed,
    Nav,
    Header,
    Footer,
    Aside,
    Form,
    Control,
    Dialog,
    Block,
    Inline,
}

impl Tag {
    /// The tag of a lower-case element name; `None` for elements whose content is never page
    /// text (scripts, styles, templates, SVG drawings, media).
    pub fn of(name: &str) -> Option<Tag> {
        // A table, searched in a loop: much smaller code than a `match` on strings.
        TAGS.iter()
            .find(|(n, _)| *n == name)
            .map_or(Some(Tag::Block), |&(_, t)| t)
    }

    /// Whether the element starts a new line of text (everything but inline elements, links,
    /// images and line breaks, which flow in the line).
    pub fn is_block(self) -> bool {
        !matches!(
            self,
            Tag::Inline | Tag::A | Tag::Img | Tag::Br | Tag::Control
        )
    }
}

/// Role names and the roles they are read as.
const ROLES: &[(&str, Role)] = &[
    ("main", Role::Main),
    ("article", Role::Article),
    ("navigation", Role::Navigation),
    ("banner", Role::Banner),
    ("contentinfo", Role::ContentInfo),
    ("complementary", Role::Complementary),
    ("dialog", Role::Dialog),
    ("alertdialog", Role::Dialog),
    ("alert", Role::Dialog),
    ("menu", Role::Menu),
    ("menubar", Role::Menu),
    ("toolbar", Role::Menu),
    ("tablist", Role::Menu),
    ("search", Role::Search),
    ("presentation", Role::Presentation),
    ("none", Role::Presentation),
];

/// The ARIA roles extraction reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Main,
    Article,
    Navigation,
    Banner,
    ContentInfo,
    Complementary,
    Dialog,
    Menu,
    Search,
    Presentation,
}

impl Role {
    /// The role of a `role` attribute's first token, if extraction reads it.
    pub fn of(attr: &str) -> Option<Role> {
        let first = attr.split_ascii_whitespace().next()?.to_ascii_lowercase();
        ROLES.iter().find(|(n, _)| *n == first).map(|&(_, r)| r)
    }
}

/// What the content module saw of one element's visibility and semantics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// Not rendered (`display: none`, `visibility: hidden`, the `hidden` attribute).
    pub hidden: bool,
    /// `aria-hidden="true"`.
    pub aria_hidden: bool,
    /// Rendered with no size (and not a pass-through container).
    pub zero_size: bool,
    /// Placed far outside the page (screen-reader-only text, parked menus).
    pub off_screen: bool,
    /// `itemprop="articleBody"` (or `articlebody`, `text` of an article).
    pub article_body: bool,
    /// Fixed or sticky on screen (banners, consent bars, headers).
    pub fixed: bool,
    /// Where its box sits against the viewport, when the content module read it (see
    /// [`super::viewport`]).
    pub place: Option<super::geometry::Place>,
}

/// One child of a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Child {
    Node(NodeId),
    Text(String),
}

/// One element.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub tag: Tag,
    pub role: Option<Role>,
    /// The id and class attributes, lower-cased (ASCII), space-separated, capped.
    pub hints: String,
    pub flags: Flags,
    pub parent: Option<NodeId>,
    /// Ancestors above it (the root has 0).
    pub depth: usize,
    pub children: Vec<Child>,
}

impl Node {
    /// A node with no hints, flags or children.
    pub fn new(tag: Tag) -> Node {
        Node {
            tag,
            role: None,
            hints: String::new(),
            flags: Flags::default(),
            parent: None,
            depth: 0,
            children: Vec::new(),
        }
    }

    /// With `hints` (id and class words), lower-cased and capped.
    pub fn hinted(mut self, hints: &str) -> Node {
        self.set_hints(hints);
        self
    }

    /// Sets the id/class hints, lower-cased and capped at [`MAX_HINT_BYTES`].
    pub fn set_hints(&mut self, hints: &str) {
        let mut end = hints.len().min(MAX_HINT_BYTES);
        while !hints.is_char_boundary(end) {
            end -= 1;
        }
        self.hints = hints[..end].to_ascii_lowercase();
    }
}

/// The page as the content module summarised it: node 0 is the root (the body).
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub nodes: Vec<Node>,
    text_bytes: usize,
    /// True when a cap stopped the walk.
    pub capped: bool,
}

impl Summary {
    /// A summary with `root` as node 0.
    pub fn new(root: Node) -> Summary {
        Summary {
            nodes: vec![root],
            text_bytes: 0,
            capped: false,
        }
    }

    /// The root's id.
    pub const ROOT: NodeId = 0;

    /// Adds `node` as the last child of `parent`; `None` once the node cap is reached, or
    /// when `parent` is at [`MAX_DEPTH`] (the caller then adds deeper text to `parent`).
    pub fn push(&mut self, parent: NodeId, mut node: Node) -> Option<NodeId> {
        let depth = self.nodes.get(parent)?.depth + 1;
        if depth > MAX_DEPTH {
            return None;
        }
        if self.nodes.len() >= MAX_NODES {
            self.capped = true;
            return None;
        }
        node.depth = depth;
        let id = self.nodes.len();
        node.parent = Some(parent);
        self.nodes.push(node);
        self.nodes[parent].children.push(Child::Node(id));
        Some(id)
    }

    /// Adds a text run as the last child of `parent` (whitespace-only runs are kept as a
    /// single space, which separates words); false once the text cap is reached.
    pub fn push_text(&mut self, parent: NodeId, text: &str) -> bool {
        if parent >= self.nodes.len() {
            return false;
        }
        if self.text_bytes + text.len() > MAX_TEXT_BYTES {
            self.capped = true;
            return false;
        }
        if text.is_empty() {
            return true;
        }
        self.text_bytes += text.len();
        let run = if text.trim().is_empty() { " " } else { text };
        self.nodes[parent]
            .children
            .push(Child::Text(run.to_string()));
        true
    }

    /// Whether nothing more can be added.
    pub fn full(&self) -> bool {
        self.capped
    }
}
