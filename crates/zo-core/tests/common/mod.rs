//! Helpers shared by the integration tests.

pub mod driver;
pub mod hostile;
pub mod html_norm;
pub mod policy;
pub mod sse;
