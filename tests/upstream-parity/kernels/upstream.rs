//! The kernel crate with Linux 7.3.4's `kernel::time` and `kernel::io::poll`, verbatim
//! (`kernel-integration/linux/upstream/linux-7.3.4/rust/kernel/`).
#![allow(clippy::all, missing_docs, rustdoc::all)]
