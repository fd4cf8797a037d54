// SPDX-License-Identifier: GPL-2.0

//! The bindings module that `declare_clocks!` calls (`unsafe(bindings = crate::kbind)`): every
//! C function and constant a row of `clocks.toml`, the clock conversions or the kernel
//! services may name, with the names and signatures of the kernel's own bindings.
//!
//! - Functions that Linux 6.12 exports are re-exported from the kernel's bindgen output
//!   (`kernel::bindings`) unchanged.
//! - Functions that are `static inline` or macros in C (`include/linux/timekeeping.h`,
//!   `include/linux/delay.h`), and `hrtimer_setup`, which 6.12 does not have yet, are
//!   real functions in `kbind_helpers.c`, linked into the same module and declared here
//!   under their C names, as the kernel's `rust_helper_*` functions are.
//!
//! Not for direct use: read clocks through the typed clocks of the table.

use kernel::bindings as b;

// Types.
pub use b::{clockid_t, ktime_t, tk_offsets};

// Clock ids (`include/uapi/linux/time.h`).
pub use b::{
    CLOCK_BOOTTIME, CLOCK_BOOTTIME_ALARM, CLOCK_MONOTONIC, CLOCK_MONOTONIC_COARSE,
    CLOCK_MONOTONIC_RAW, CLOCK_PROCESS_CPUTIME_ID, CLOCK_REALTIME, CLOCK_REALTIME_ALARM,
    CLOCK_REALTIME_COARSE, CLOCK_TAI, CLOCK_THREAD_CPUTIME_ID,
};

// Timekeeper offsets and the conversion between clocks.
pub use b::{
    ktime_mono_to_any, tk_offsets_TK_OFFS_BOOT, tk_offsets_TK_OFFS_REAL, tk_offsets_TK_OFFS_TAI,
};

// Exported `ktime_t` getters.
pub use b::{ktime_get, ktime_get_coarse_with_offset, ktime_get_raw, ktime_get_with_offset};

// Exported lock-free (NMI-safe) getters returning `u64` nanoseconds (`returns = "u64"`).
pub use b::{
    ktime_get_boot_fast_ns, ktime_get_mono_fast_ns, ktime_get_raw_fast_ns, ktime_get_real_fast_ns,
    ktime_get_tai_fast_ns,
};

// Sleeping, delays and jiffies (exported).
pub use b::{__msecs_to_jiffies, jiffies_to_usecs, msleep, MAX_UDELAY_MS};

// High-resolution timers (exported, except `hrtimer_setup` below).
pub use b::{
    hrtimer, hrtimer_cancel, hrtimer_forward, hrtimer_mode, hrtimer_mode_HRTIMER_MODE_ABS,
    hrtimer_mode_HRTIMER_MODE_ABS_HARD, hrtimer_mode_HRTIMER_MODE_ABS_PINNED,
    hrtimer_mode_HRTIMER_MODE_ABS_PINNED_HARD, hrtimer_mode_HRTIMER_MODE_ABS_PINNED_SOFT,
    hrtimer_mode_HRTIMER_MODE_ABS_SOFT, hrtimer_mode_HRTIMER_MODE_REL,
    hrtimer_mode_HRTIMER_MODE_REL_HARD, hrtimer_mode_HRTIMER_MODE_REL_PINNED,
    hrtimer_mode_HRTIMER_MODE_REL_PINNED_HARD, hrtimer_mode_HRTIMER_MODE_REL_PINNED_SOFT,
    hrtimer_mode_HRTIMER_MODE_REL_SOFT, hrtimer_restart, hrtimer_restart_HRTIMER_NORESTART,
    hrtimer_restart_HRTIMER_RESTART, hrtimer_start_range_ns,
};

// `struct hrtimer` reaches `arch_spinlock_t`, an empty struct in uniprocessor builds,
// which rustc calls not FFI-safe; it is only ever passed by pointer (the kernel's
// bindings crate allows `improper_ctypes` for the same reason).
#[allow(improper_ctypes)]
unsafe extern "C" {
    /// `CLOCK_REALTIME`: `ktime_get_with_offset(TK_OFFS_REAL)` (static inline in C).
    #[link_name = "typed_clocks_ktime_get_real"]
    pub fn ktime_get_real() -> ktime_t;

    /// `CLOCK_BOOTTIME`: `ktime_get_with_offset(TK_OFFS_BOOT)` (static inline in C).
    #[link_name = "typed_clocks_ktime_get_boottime"]
    pub fn ktime_get_boottime() -> ktime_t;

    /// `CLOCK_TAI`: `ktime_get_with_offset(TK_OFFS_TAI)` (static inline in C).
    #[link_name = "typed_clocks_ktime_get_clocktai"]
    pub fn ktime_get_clocktai() -> ktime_t;

    /// `CLOCK_MONOTONIC_COARSE`: the monotonic time of the last tick, from
    /// `ktime_get_coarse_ts64()` (static inline in C).
    #[link_name = "typed_clocks_ktime_get_coarse"]
    pub fn ktime_get_coarse() -> ktime_t;

    /// `CLOCK_REALTIME_COARSE`: `ktime_get_coarse_with_offset(TK_OFFS_REAL)` (static
    /// inline in C).
    #[link_name = "typed_clocks_ktime_get_coarse_real"]
    pub fn ktime_get_coarse_real() -> ktime_t;

    /// Boot time of the last tick: `ktime_get_coarse_with_offset(TK_OFFS_BOOT)` (static
    /// inline in C).
    #[link_name = "typed_clocks_ktime_get_coarse_boottime"]
    pub fn ktime_get_coarse_boottime() -> ktime_t;

    /// TAI of the last tick: `ktime_get_coarse_with_offset(TK_OFFS_TAI)` (static inline
    /// in C).
    #[link_name = "typed_clocks_ktime_get_coarse_clocktai"]
    pub fn ktime_get_coarse_clocktai() -> ktime_t;

    /// Sleeps at least `usecs` microseconds, choosing `udelay`, `usleep_range` or
    /// `msleep` by length (static inline in C). Only in process context.
    #[link_name = "typed_clocks_fsleep"]
    pub fn fsleep(usecs: kernel::ffi::c_ulong);

    /// Busy-waits about `usecs` microseconds (a macro in C); may return early, as the
    /// kernel documents for `udelay`.
    #[link_name = "typed_clocks_udelay"]
    pub fn udelay(usecs: kernel::ffi::c_ulong);

    /// Initialises `timer` on clock `clock_id` in `mode` with callback `function`:
    /// `hrtimer_setup()` of later kernels, over 6.12's `hrtimer_init()`.
    #[link_name = "typed_clocks_hrtimer_setup"]
    pub fn hrtimer_setup(
        timer: *mut hrtimer,
        function: Option<unsafe extern "C" fn(*mut hrtimer) -> hrtimer_restart>,
        clock_id: clockid_t,
        mode: hrtimer_mode,
    );
}
