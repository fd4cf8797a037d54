//! The kernel crate with Linux 7.3.4's `kernel::time` and `kernel::io::poll`, verbatim.
#![allow(clippy::all, missing_docs, rustdoc::all)]

pub mod time;

/// `kernel::io`.
pub mod io {
    pub mod poll;
    pub use crate::io_shim::{Io, Mmio, Region};
}
