//! A kernel-shaped crate: C headers → bindgen → `declare_clocks!` → driver code using
//! typed time, built and tested on the host.
//!
//! The flow is the kernel's: `include/linux/{ktime,timekeeping}.h` declare the getters
//! (some exported, some `static inline`), the in-tree series' `rust/helpers/time.c`
//! (`linux/intree/rust/helpers/time.c`, compiled by `csrc/helpers.c`) wraps the static
//! inline ones as `rust_helper_*`, `build.rs` runs bindgen on
//! `include/bindings_helper.h` into [`bindings`], and [`time`] turns the root
//! `clocks.toml` into one marker type per clock with `declare_clocks!`. On the host,
//! `csrc/timekeeper.c` stands in for `kernel/time/timekeeping.c`, reading the host's
//! clocks, with a test mode ([`timekeeper::test_mode`]) that makes every clock
//! deterministic.
//!
//! | here | in the kernel tree |
//! |---|---|
//! | `include/linux/*.h`, `include/uapi/linux/time.h` | the same paths |
//! | `include/bindings_helper.h`, [`bindings`] | `rust/bindings/bindings_helper.h`, `rust/bindings/lib.rs` |
//! | `csrc/helpers.c` over `linux/intree/rust/helpers/time.c` | `rust/helpers/helpers.c` over `rust/helpers/time.c` |
//! | `build.rs` | `rust/Makefile`'s bindgen rules |
//! | [`time`] | `rust/kernel/time.rs` |
//! | `csrc/timekeeper.c` (host, controllable) | `kernel/time/timekeeping.c` |
//! | [`driver`] | a driver's `read_poll_timeout()` and retry loops |
//!
//! ```
//! use kernel_integration::time::Monotonic;
//! use typed_clocks::{Delta, Instant};
//!
//! let start = Instant::<Monotonic>::now();
//! let took: Delta = start.elapsed();
//! assert!(!took.is_negative());
//! ```

pub mod alloc;
pub mod bindings;
pub mod driver;
pub mod prelude;
pub mod sync;
pub mod time;
pub mod timekeeper;
