// SPDX-License-Identifier: GPL-2.0

//! Must not compile: subtracts an instant of one clock from an instant of another.
//!
//! `scripts/linux-test` builds this crate with the kernel's rustc and flags, in place
//! of `clock_checks.rs`, and passes only if rustc rejects it for the subtraction
//! ("cannot subtract `kernel::time::Instant<kernel::time::Monotonic>` from
//! `kernel::time::Instant<kernel::time::BootTime>`"). As a control,
//! the same file with both instants on `Monotonic` must build.

use kernel::prelude::*;
use kernel::time::{BootTime, Delta, Instant, Monotonic};

module! {
    type: MixedClocks,
    name: "typed_clocks",
    authors: ["typed-clocks"],
    description: "Subtracts instants of two clocks: must not compile",
    license: "GPL",
}

/// The module that must not build.
struct MixedClocks;

impl kernel::Module for MixedClocks {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let start = Instant::<Monotonic>::now();
        let mixed: Delta = Instant::<BootTime>::now() - start;
        pr_info!("{}\n", mixed.as_nanos());
        Ok(MixedClocks)
    }
}
