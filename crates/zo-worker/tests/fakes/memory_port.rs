//! A panel port for the worker's tests: records every posted message; can be made to die.

use std::cell::{Cell, RefCell};

use zo_core::trust::sender::TrustedPage;
use zo_core::wire::WorkerToPanel;
use zo_worker::port::PanelPort;

/// Records every posted message; can be made to die. Stands for the side panel
/// unless built [`MemoryPort::with_page`].
pub struct MemoryPort {
    messages: RefCell<Vec<WorkerToPanel>>,
    dead: Cell<bool>,
    page: TrustedPage,
}

impl Default for MemoryPort {
    fn default() -> Self {
        MemoryPort::with_page(TrustedPage::SIDE_PANEL)
    }
}

impl MemoryPort {
    pub fn new() -> Self {
        Self::default()
    }

    /// A port from `page`.
    pub fn with_page(page: TrustedPage) -> Self {
        MemoryPort {
            messages: RefCell::new(Vec::new()),
            dead: Cell::new(false),
            page,
        }
    }

    /// Everything posted so far.
    pub fn messages(&self) -> Vec<WorkerToPanel> {
        self.messages.borrow().clone()
    }

    pub fn len(&self) -> usize {
        self.messages.borrow().len()
    }

    pub fn is_empty(&self) -> bool {
        self.messages.borrow().is_empty()
    }
}

impl PanelPort for MemoryPort {
    fn post(&self, msg: &WorkerToPanel) -> bool {
        if self.dead.get() {
            return false;
        }
        self.messages.borrow_mut().push(msg.clone());
        true
    }

    fn mark_dead(&self) {
        self.dead.set(true);
    }

    fn is_dead(&self) -> bool {
        self.dead.get()
    }

    fn page(&self) -> TrustedPage {
        self.page
    }
}
