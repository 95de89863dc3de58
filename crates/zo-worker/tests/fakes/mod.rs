//! Test doubles of the worker's chrome.* surface and panel port, shared by its browser tests.

#![allow(dead_code, unused_imports)]

pub mod memory_chrome;
pub mod memory_port;

pub use memory_chrome::MemoryChrome;
pub use memory_port::MemoryPort;
