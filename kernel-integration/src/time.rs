//! The clocks, generated from the root `clocks.toml`: the single source of truth.
//!
//! One zero-sized marker type per row of the table (such as [`Monotonic`],
//! [`RealTime`], [`BootTime`]; [`CLOCKS`] lists them all), each implementing
//! [`typed_clocks::ClockSource`] (and [`typed_clocks::MonotonicClock`] for the rows with
//! `monotonic = true`, and the capability traits the row declares), read through its C
//! getter in [`crate::bindings`], with [`ClockSource::ID`](typed_clocks::ClockSource::ID)
//! from the table's `clockid`. The counterpart of the kernel's
//! `rust/kernel/time.rs`, which the in-tree series makes the same `declare_clocks!`
//! invocation over this table.
//!
//! The table's `offset_base`/`offset` keys relate the clocks as the kernel's timekeeper
//! does (`RealTime`, `BootTime`, `Tai` = `Monotonic` + `offs_real`/`offs_boot`/
//! `offs_tai`), so `InstantExt::to_clock` converts between them through
//! `bindings::ktime_mono_to_any()`, with the offset as it is at the time of converting.
//!
//! Adding a clock is adding a row to `clocks.toml`: the host kernel has every clock
//! reader of `include/linux/timekeeping.h` (fine, coarse and the NMI-safe `u64`
//! `*_fast_ns` ones), and [`CLOCKS`] lists the new row. A getter the kernel lacks needs
//! its C function first (and a `rust_helper_` wrapper in `linux/intree/rust/helpers/time.c`,
//! the one source of the host's and the kernel's, when it is static inline). Removing a row removes the type, and every use of it stops
//! compiling.
//!
//! C headers: `include/linux/ktime.h`, `include/linux/timekeeping.h`,
//! `include/uapi/linux/time.h`.
//!
//! ```
//! use kernel_integration::time::{BootTime, Monotonic, RealTime};
//! use typed_clocks::ext::{ClockSourceExt, InstantExt}; // `MONOTONIC`, `to_clock`
//! use typed_clocks::{ClockSource, Instant};
//!
//! assert_eq!(Monotonic::ID, 1);
//! assert!(!RealTime::MONOTONIC);
//! let start = Instant::<Monotonic>::now();
//! assert!(Instant::<Monotonic>::now() >= start);
//! let boot = start.to_clock::<BootTime>(); // the same moment on BootTime
//! assert!(boot <= Instant::<BootTime>::now());
//! // Instant::<RealTime>::now() - start   // error: instants of different clocks
//! ```

pub use typed_clocks::{Delta, Instant};

typed_clocks::declare_clocks!("../clocks.toml", unsafe(bindings = crate::bindings));

pub use kernel_services::{delay, msecs_to_jiffies, poll};

pub mod hrtimer;
