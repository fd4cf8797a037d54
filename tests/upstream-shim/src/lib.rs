//! Driver code written against upstream's `kernel::time` and `kernel::io::poll` paths
//! and signatures, compiled through exactly the shim of issue 13 and run on the host
//! C side of `kernel-integration` (its timekeeper, hrtimer base and delays).
//!
//! [`kernel`] is the whole of what a kernel tree writes by hand; `bindings` stands for
//! the kernel's bindgen crate. The drivers in [`drivers`] are written fresh in the
//! shape of upstream's users: a PHY that waits for its firmware (qt2025), a GPU engine
//! that waits for its memory scrubbing (nova-core), a GPU reset (tyr) and a periodic
//! completion timer (rnull). Each starts with `use crate::kernel;`, which in a
//! kernel tree is the `kernel` crate in the extern prelude.

/// The kernel's bindgen output (`rust/bindings`): here, `kernel-integration`'s.
pub use kernel_integration::bindings;

/// The shim: upstream's `kernel::time` and `kernel::io::poll` from one table.
pub mod kernel {
    /// Upstream's `kernel::time`.
    pub mod time {
        pub use time_core::*;
        time_core::declare_clocks!("clocks.toml", unsafe(bindings = crate::bindings));
    }
    /// Upstream's `kernel::io`.
    pub mod io {
        pub use super::time::poll;
    }
}

pub mod drivers;
