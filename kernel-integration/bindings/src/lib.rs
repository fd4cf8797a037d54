//! The kernel's bindgen crate (`rust/bindings`) on the host: bindgen's output for
//! `include/bindings_helper.h` (`build.rs`), over the host model of the kernel's C in
//! `kernel-integration/csrc`. Upstream's `kernel::time` calls it as the kernel's
//! `bindings` crate, by that name.
//!
//! It holds what `kernel::time`, `kernel::io::poll` and the tests need:
//!
//! - the exported getters `ktime_get`, `ktime_get_raw`, `ktime_get_with_offset`,
//!   `ktime_get_coarse_with_offset`, `ktime_get_coarse_ts64`, `ktime_mono_to_any`,
//!   and the NMI-safe `u64` accessors `ktime_get_mono_fast_ns`,
//!   `ktime_get_raw_fast_ns`, `ktime_get_boot_fast_ns`, `ktime_get_tai_fast_ns`,
//!   `ktime_get_real_fast_ns`;
//! - `ktime_get_real`, `ktime_get_boottime`, `ktime_get_clocktai`, `ktime_get_coarse`,
//!   `ktime_get_coarse_real`, `ktime_get_coarse_boottime`, `ktime_get_coarse_clocktai`:
//!   static inline in C, so these link to their wrappers `rust_helper_ktime_get_real`,
//!   … in the series' `rust/helpers/time.c` (`#[link_name]`, as the kernel's `sed` over
//!   the helpers' bindings);
//! - the clock ids `CLOCK_*`, `tk_offsets` with its members as `tk_offsets_TK_OFFS_*`
//!   constants (bindgen's default enum style), `NSEC_PER_*` and `TICK_NSEC`;
//! - `fsleep` and `udelay` (through their helpers), `MAX_UDELAY_MS`,
//!   `__msecs_to_jiffies`, `__might_sleep`, and the hrtimer base's `struct hrtimer`,
//!   `hrtimer_start_range_ns`, `hrtimer_cancel`, `hrtimer_forward` with the
//!   `hrtimer_mode_*`/`hrtimer_restart` constants, and the series' `rust/helpers/hrtimer.c`:
//!   `hrtimer_setup_in_place`, `hrtimer_destroy_in_place`, `hrtimer_cancel_checked`
//!   and `hrtimer_is_queued`;
//! - the host timekeeper's `timekeeper_test_*` controls and `host_test_warnings`.
//!
//! C's types are [`ffi`]'s, the kernel's (`unsigned long` is `usize`).

#![allow(
    non_camel_case_types,
    non_upper_case_globals,
    non_snake_case,
    missing_docs,
    unused_qualifications,
    unsafe_op_in_unsafe_fn,
    clippy::all,
    clippy::undocumented_unsafe_blocks
)]

pub mod ffi;

include!(concat!(env!("OUT_DIR"), "/bindings.rs"));
