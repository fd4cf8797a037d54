//! The kernel crate with `kernel::time` as `scripts/intree-series` patches it.
#![allow(clippy::all, missing_docs, rustdoc::all)]

pub mod time;

/// `kernel::io`.
pub mod io {
    pub mod poll;
    pub use crate::io_shim::{Io, Mmio, Region};
}
