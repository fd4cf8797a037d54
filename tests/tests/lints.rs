//! The expansion is lint-clean: this test crate denies warnings and a strict set of
//! rustc and clippy lints, and declares clocks in every form — the project's own
//! `clocks.toml` with a bindings module (getters, clock-id constants and the
//! conversions through `ktime_mono_to_any`), the posix backend, and inline rows whose
//! getters the macro declares as `extern "C"` — as thiserror's `tests/test_lints.rs`
//! checks its expansion. `cargo clippy --all-targets` (CI) applies the clippy half.

#![deny(
    warnings,
    missing_docs,
    unused_qualifications,
    unused_results,
    unused_import_braces,
    trivial_casts,
    trivial_numeric_casts,
    unsafe_op_in_unsafe_fn,
    rust_2018_idioms,
    clippy::all,
    clippy::pedantic,
    clippy::undocumented_unsafe_blocks
)]

use time_core::{ClockSource, Delta, Instant, Ktime};

/// A bindgen-shaped stand-in for `kernel-integration`'s bindings: just what
/// `clocks.toml` refers to, undocumented and C-named as bindgen output is.
#[allow(
    non_camel_case_types,
    non_upper_case_globals,
    missing_docs,
    clippy::must_use_candidate
)]
pub mod bindings {
    use time_core::Ktime;

    pub const CLOCK_REALTIME: u32 = 0;
    pub const CLOCK_MONOTONIC: u32 = 1;
    pub const CLOCK_MONOTONIC_RAW: u32 = 4;
    pub const CLOCK_BOOTTIME: u32 = 7;
    pub const CLOCK_TAI: u32 = 11;

    pub type tk_offsets = ::std::os::raw::c_uint;
    pub const tk_offsets_TK_OFFS_REAL: tk_offsets = 0;
    pub const tk_offsets_TK_OFFS_BOOT: tk_offsets = 1;
    pub const tk_offsets_TK_OFFS_TAI: tk_offsets = 2;

    /// # Safety
    /// Always safe; `unsafe` to match the shape of a bindgen'd C function.
    pub unsafe fn ktime_mono_to_any(ktime: Ktime, offset: tk_offsets) -> Ktime {
        ktime + 1_000 * Ktime::from(offset + 1)
    }

    /// # Safety
    /// Always safe, as the getters below.
    pub unsafe fn ktime_get() -> Ktime {
        5
    }
    /// # Safety
    /// Always safe.
    pub unsafe fn ktime_get_real() -> Ktime {
        1_005
    }
    /// # Safety
    /// Always safe.
    pub unsafe fn ktime_get_boottime() -> Ktime {
        2_005
    }
    /// # Safety
    /// Always safe.
    pub unsafe fn ktime_get_clocktai() -> Ktime {
        3_005
    }
    /// # Safety
    /// Always safe.
    pub unsafe fn ktime_get_raw() -> Ktime {
        4
    }

    // The kernel services of `kernel_services = true`, shaped as bindgen writes them.
    pub const MAX_UDELAY_MS: u32 = 5;
    pub type clockid_t = ::std::os::raw::c_int;
    pub type hrtimer_mode = ::std::os::raw::c_uint;
    pub const hrtimer_mode_HRTIMER_MODE_ABS: hrtimer_mode = 0;
    pub const hrtimer_mode_HRTIMER_MODE_REL: hrtimer_mode = 1;
    pub const hrtimer_mode_HRTIMER_MODE_ABS_PINNED: hrtimer_mode = 2;
    pub const hrtimer_mode_HRTIMER_MODE_REL_PINNED: hrtimer_mode = 3;
    pub const hrtimer_mode_HRTIMER_MODE_ABS_SOFT: hrtimer_mode = 4;
    pub const hrtimer_mode_HRTIMER_MODE_REL_SOFT: hrtimer_mode = 5;
    pub const hrtimer_mode_HRTIMER_MODE_ABS_PINNED_SOFT: hrtimer_mode = 6;
    pub const hrtimer_mode_HRTIMER_MODE_REL_PINNED_SOFT: hrtimer_mode = 7;
    pub const hrtimer_mode_HRTIMER_MODE_ABS_HARD: hrtimer_mode = 8;
    pub const hrtimer_mode_HRTIMER_MODE_REL_HARD: hrtimer_mode = 9;
    pub const hrtimer_mode_HRTIMER_MODE_ABS_PINNED_HARD: hrtimer_mode = 10;
    pub const hrtimer_mode_HRTIMER_MODE_REL_PINNED_HARD: hrtimer_mode = 11;
    pub type hrtimer_restart = ::std::os::raw::c_uint;
    pub const hrtimer_restart_HRTIMER_NORESTART: hrtimer_restart = 0;
    pub const hrtimer_restart_HRTIMER_RESTART: hrtimer_restart = 1;

    #[repr(C)]
    pub struct timerqueue_node {
        pub expires: Ktime,
    }

    #[repr(C)]
    pub struct hrtimer {
        pub node: timerqueue_node,
        pub function: Option<unsafe extern "C" fn(arg1: *mut hrtimer) -> hrtimer_restart>,
    }

    /// # Safety
    /// Always safe.
    pub unsafe fn fsleep(_usecs: ::std::os::raw::c_ulong) {}
    /// # Safety
    /// Always safe.
    pub unsafe fn udelay(_usecs: ::std::os::raw::c_ulong) {}
    /// # Safety
    /// Always safe.
    pub unsafe fn __msecs_to_jiffies(m: ::std::os::raw::c_uint) -> ::std::os::raw::c_ulong {
        ::std::os::raw::c_ulong::from(m) / 4
    }
    /// # Safety
    /// `timer` must be valid for writes.
    pub unsafe fn hrtimer_setup(
        timer: *mut hrtimer,
        function: Option<unsafe extern "C" fn(arg1: *mut hrtimer) -> hrtimer_restart>,
        _clock_id: clockid_t,
        _mode: hrtimer_mode,
    ) {
        // SAFETY: the caller's contract.
        unsafe {
            timer.write(hrtimer {
                node: timerqueue_node { expires: 0 },
                function,
            });
        }
    }
    /// # Safety
    /// `timer` must be set up.
    pub unsafe fn hrtimer_start_range_ns(
        timer: *mut hrtimer,
        tim: Ktime,
        _range_ns: u64,
        _mode: hrtimer_mode,
    ) {
        // SAFETY: the caller's contract.
        unsafe { (*timer).node.expires = tim };
    }
    /// # Safety
    /// `timer` must be set up.
    pub unsafe fn hrtimer_cancel(_timer: *mut hrtimer) -> ::std::os::raw::c_int {
        0
    }
    /// # Safety
    /// `timer` must be set up.
    pub unsafe fn hrtimer_forward(timer: *mut hrtimer, _now: Ktime, interval: Ktime) -> u64 {
        // SAFETY: the caller's contract.
        unsafe { (*timer).node.expires += interval };
        1
    }
}

/// `clocks.toml` through the bindings module above.
pub mod kernel_clocks {
    // With the bindings module also in scope, a generated `crate::bindings::…` path
    // that rustc took for user code would trip `unused_qualifications`.
    use crate::bindings;

    time_core::declare_clocks!("../clocks.toml", bindings = crate::bindings);

    /// The raw monotonic reading, through the module in scope.
    #[must_use]
    pub fn raw_monotonic() -> time_core::Ktime {
        // SAFETY: the stand-in getter has no preconditions.
        unsafe { bindings::ktime_get() }
    }
}

/// `clocks.toml` through the posix backend.
pub mod posix_clocks {
    time_core::declare_clocks!("../clocks.toml", backend = posix);
}

#[unsafe(no_mangle)]
extern "C" fn lints_test_getter() -> Ktime {
    42
}

/// Inline rows with a getter the macro declares itself.
pub mod inline_clocks {
    time_core::declare_clocks! {
        LintClock { getter: lints_test_getter, monotonic: true, clockid: -3, doc: "A clock." },
    }
}

#[test]
fn every_form_expands_lint_clean_and_works() {
    use kernel_clocks::{BootTime, Monotonic};
    let boot: Instant<BootTime> = Instant::<Monotonic>::now().to_clock();
    // The stand-in's `ktime_mono_to_any` adds 1000 × (offset + 1); TK_OFFS_BOOT is 1.
    assert_eq!(boot.to_ktime(), 5 + 2_000);
    assert_eq!(kernel_clocks::raw_monotonic(), 5);
    assert_eq!(
        Instant::<inline_clocks::LintClock>::now().to_ktime(),
        42,
        "the extern getter"
    );
    assert_eq!(inline_clocks::LintClock::ID, Some(-3), "a negative id");
    let start = Instant::<posix_clocks::Monotonic>::now();
    assert!(start.elapsed() >= Delta::ZERO);
    // The kernel services of the same expansion.
    assert_eq!(kernel_clocks::msecs_to_jiffies(8), 2);
    kernel_clocks::delay::fsleep(Delta::from_micros(1));
    let polled = kernel_clocks::poll::read_poll_timeout(
        || Ok(3),
        |v| *v == 3,
        Delta::ZERO,
        Delta::from_millis(1),
    );
    assert_eq!(polled, Ok(3));
}
