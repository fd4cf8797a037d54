//! Driver code written as upstream writes it against `kernel::time`,
//! `kernel::io::poll` and `kernel::error`, compiled through the shim and run on the
//! host C side of `kernel-integration` (its timekeeper, hrtimer base and delays).
//!
//! [`kernel`] is what a kernel tree would have: its `time` module is the whole of
//! what the kernel crate writes for this project, one `declare_clocks!` with
//! `error = crate::kernel::error`; `error`, `ffi`, `prelude` and `workqueue` stand
//! for the kernel crate's own modules of those names, in their shapes, so that
//! upstream's drivers compile here as written. `bindings` stands for the kernel's
//! bindgen crate. The drivers in [`drivers`] carry upstream's in-tree call sites
//! over simulated hardware: nova-core's falcon and GSP waits, tyr's GPU reset, the
//! qt2025 PHY probe, binder's transaction timestamps, and a periodic completion timer
//! (the shape of upstream's `Arc` hrtimer example). Each starts with
//! `use crate::kernel;`, which in a kernel tree is the `kernel` crate in the extern
//! prelude.

/// The kernel's bindgen output (`rust/bindings`): here, `kernel-integration`'s.
pub use kernel_integration::bindings;

/// The kernel crate, as far as upstream's time users reach into it.
pub mod kernel {
    pub mod error;
    pub mod ffi;
    pub mod prelude;
    pub mod sync;
    pub mod workqueue;

    pub use kernel_integration::alloc;
    pub use kernel_integration::impl_has_hr_timer;

    /// Upstream's `kernel::time`: the one invocation, with the kernel's error type,
    /// and the services a tree without its own `delay` and `hrtimer` takes from it.
    pub mod time {
        pub use typed_clocks::*;
        typed_clocks::declare_clocks!(
            "clocks.toml",
            unsafe(bindings = crate::bindings),
            error = crate::kernel::error
        );
        pub use kernel_services::{delay, msecs_to_jiffies};

        /// Upstream's `kernel::time::hrtimer`: the table's, with the kernel's owned
        /// pointers (`kernel_integration`'s `Arc` and `KBox` handles).
        pub mod hrtimer {
            pub use super::kernel_services::hrtimer::*;
            pub use kernel_integration::time::hrtimer::{ArcHrTimerHandle, BoxHrTimerHandle};
        }
    }
    /// Upstream's `kernel::io`.
    pub mod io {
        pub use super::time::kernel_services::poll;
    }
}

/// The kernel's `try_pin_init!`: pin-init's, with the kernel's `Error` as the default
/// error type.
#[macro_export]
macro_rules! try_pin_init {
    ($(&$this:ident in)? $t:ident $(::<$($generics:ty),* $(,)?>)? { $($fields:tt)* }) => {
        ::pinned_init::try_pin_init!($(&$this in)? $t $(::<$($generics),*>)? {
            $($fields)*
        }? $crate::kernel::error::Error)
    };
    ($($rest:tt)*) => {
        ::pinned_init::try_pin_init!($($rest)*)
    };
}

/// `pr_info!("…", args)`: prints a line (the kernel's log at `KERN_INFO`).
#[macro_export]
macro_rules! pr_info {
    ($($fmt:tt)*) => {
        ::std::print!($($fmt)*)
    };
}

/// `dev_err!(dev, "…", args)`: logs an error for a device (here, [`drivers::sim::Device`]).
#[macro_export]
macro_rules! dev_err {
    ($dev:expr, $($fmt:tt)*) => {
        $dev.log("err", ::core::format_args!($($fmt)*))
    };
}

/// `dev_info!(dev, "…", args)`: logs information for a device.
#[macro_export]
macro_rules! dev_info {
    ($dev:expr, $($fmt:tt)*) => {
        $dev.log("info", ::core::format_args!($($fmt)*))
    };
}

pub mod drivers;
