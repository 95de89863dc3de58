//! Helpers shared by the integration tests.

pub mod html_norm;
