//! The kernel crate with `kernel::time` and `kernel::io::poll` as the series patches
//! them (`kernel-integration/linux/intree/rust/kernel/`): upstream's `Instant`,
//! `Delta` and `ClockSource`, and the clocks of `time/clocks.toml` declared by
//! `typed_clocks_macros::declare_clocks!`.
#![allow(clippy::all, missing_docs, rustdoc::all)]
