//! Compile-fail and compile-pass proofs for `typed-clocks` and `declare_clocks!`: the
//! cases are `fail/*.rs` (with `.stderr` snapshots) and `pass/*.rs`, run by
//! `tests/ui.rs`. What each case proves is listed in `README.md`.
//!
//! [`bindings`] is a bindgen-shaped module with the C side of the kernel services,
//! for the cases about timers: they must fail to compile, so nothing here is linked.

/// The kernel's C declarations that a `kernel_services = true` table binds: the
/// shape bindgen gives them (`rust/bindings`), declarations only.
#[allow(non_camel_case_types, non_upper_case_globals, missing_docs)]
pub mod bindings {
    use core::ffi::{c_int, c_uint, c_ulong};

    pub const CLOCK_REALTIME: u32 = 0;
    pub const CLOCK_MONOTONIC: u32 = 1;
    pub const CLOCK_MONOTONIC_COARSE: u32 = 6;
    pub const MAX_UDELAY_MS: u32 = 5;
    pub type clockid_t = c_int;
    pub type ktime_t = i64;
    pub type hrtimer_mode = c_uint;
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

    #[repr(transparent)]
    #[derive(Clone, Copy)]
    pub struct hrtimer_restart(pub c_uint);
    impl hrtimer_restart {
        pub const HRTIMER_NORESTART: hrtimer_restart = hrtimer_restart(0);
        pub const HRTIMER_RESTART: hrtimer_restart = hrtimer_restart(1);
    }

    #[repr(C)]
    pub struct timerqueue_node {
        pub expires: ktime_t,
    }

    #[repr(C)]
    pub struct hrtimer {
        pub node: timerqueue_node,
        pub function: Option<unsafe extern "C" fn(*mut hrtimer) -> hrtimer_restart>,
    }

    unsafe extern "C" {
        pub fn ktime_get() -> ktime_t;
        pub fn ktime_get_real() -> ktime_t;
        pub fn ktime_get_coarse() -> ktime_t;
        pub fn fsleep(usecs: c_ulong);
        pub fn udelay(usecs: c_ulong);
        pub fn __msecs_to_jiffies(m: c_uint) -> c_ulong;
        pub fn might_sleep();
        pub fn hrtimer_setup_in_place(
            timer: *mut hrtimer,
            function: Option<unsafe extern "C" fn(*mut hrtimer) -> hrtimer_restart>,
            clock_id: clockid_t,
            mode: hrtimer_mode,
        );
        pub fn hrtimer_destroy_in_place(timer: *mut hrtimer);
        pub fn hrtimer_start_range_ns(
            timer: *mut hrtimer,
            tim: ktime_t,
            range_ns: u64,
            mode: hrtimer_mode,
        );
        pub fn hrtimer_cancel_checked(timer: *mut hrtimer) -> c_int;
        pub fn hrtimer_try_to_cancel(timer: *mut hrtimer) -> c_int;
        pub fn hrtimer_forward(timer: *mut hrtimer, now: ktime_t, interval: ktime_t) -> u64;
        pub fn hrtimer_forward_now(timer: *mut hrtimer, interval: ktime_t) -> u64;
    }
}
