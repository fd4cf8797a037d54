//! The kernel crate on the host: `kernel::time` and `kernel::io::poll` of the in-tree
//! series (the Linux 7.3.4 files as the series patches them, in
//! `linux/intree/rust/kernel/`), built as a crate named `kernel` over a host model of
//! the C they call, so that their hrtimer, conversion and soundness tests run here.
//!
//! The flow is the kernel's: `include/linux/*.h` declare the C (getters, some
//! exported and some `static inline`, the hrtimer API, delays and jiffies), the
//! series' `rust/helpers/{time,hrtimer}.c` wrap the static inline ones as
//! `rust_helper_*`, `build.rs` runs bindgen into [`bindings`], and `kernel::time`
//! declares its clocks from `rust/kernel/time/clocks.toml` (the root `clocks.toml`)
//! with `declare_clocks!`. `csrc/` stands in for the kernel's C:
//!
//! | here | in the kernel tree |
//! |---|---|
//! | `include/linux/*.h`, `include/uapi/linux/time.h` | the same paths |
//! | `include/bindings_helper.h`, [`bindings`] | `rust/bindings/bindings_helper.h`, `rust/bindings/lib.rs` |
//! | `csrc/helpers.c` over `linux/intree/rust/helpers/{time,hrtimer}.c` | `rust/helpers/helpers.c` over the same files |
//! | `build.rs` | `rust/Makefile`'s bindgen rules |
//! | [`time`], [`io::poll`] | `rust/kernel/time.rs`, `rust/kernel/time/*`, `rust/kernel/io/poll.rs`: the same files |
//! | [`ffi`], [`error`], [`alloc`], [`sync`], [`types`], [`prelude`], [`workqueue`] | the kernel crate's modules of those names, in their shapes |
//! | `csrc/timekeeper.c`, `csrc/hrtimer.c`, `csrc/delay.c` (controllable: [`timekeeper`]) | `kernel/time/timekeeping.c`, `kernel/time/hrtimer.c`, the delays |
//!
//! The crate's doctests are off: upstream's run in the kernel, under KUnit. The demo,
//! `examples/clocks.rs` (`cargo run -p kernel-integration --example clocks`), is this
//! crate used as a driver uses `kernel::time`.

// Upstream's files name pin-init `pin_init`.
extern crate pinned_init as pin_init;
// The kernel crate's own line (`rust/kernel/lib.rs`): upstream's files name this crate
// `kernel` from inside it, here in doc links only, which the compiler does not count
// as a use.
#[allow(unused_extern_crates)]
extern crate self as kernel;

pub mod alloc;
pub mod error;
mod host;
pub mod prelude;
pub mod sync;
pub mod timekeeper;
pub mod types;
pub mod workqueue;

pub use bindings::{self, ffi};
pub use host::{fmt, processor, task};

/// The series' kernel files, at their paths in the tree, with the lints the kernel
/// builds them with (this workspace's own are for its code).
#[path = "../linux/intree/rust/kernel"]
#[allow(unused_qualifications)]
mod tree {
    pub mod time;

    pub mod io {
        pub mod poll;
    }
}

pub use tree::time;

/// `kernel::io`: upstream's `io::poll`.
pub mod io {
    pub use crate::tree::io::poll;
}
