//! Shared by the tests of this directory: the `ktime_t` of an instant (upstream's
//! `Instant` keeps its value `pub(crate)`), the host's count of kernel warnings, and
//! letting time pass on the test clocks.
//!
//! Each test binary that includes this module uses part of it.
#![allow(dead_code)]

use kernel::bindings;
use kernel::time::{ClockSource, Delta, Instant};
use kernel::timekeeper::TestModeGuard;

/// The instant 0 of clock `C`, its epoch: an instant minus the largest span saturates
/// there (`Instant - Delta` saturates at 0).
pub fn epoch<C: ClockSource>() -> Instant<C> {
    Instant::<C>::now() - Delta::from_nanos(i64::MAX)
}

/// The `ktime_t` of `instant`: its distance from its clock's epoch.
pub fn ktime<C: ClockSource>(instant: Instant<C>) -> i64 {
    (instant - epoch::<C>()).as_nanos()
}

/// Lets `by` pass on every test clock, firing the timers that expire meanwhile.
pub fn advance(tk: &TestModeGuard, by: Delta) {
    tk.advance(by).expect("advance the test clocks");
}

/// The host's count of kernel warnings since the process started (`csrc/kernel.c`):
/// WARN, WARN_ON, WARN_ONCE and pr_warn_once.
pub fn warnings() -> i32 {
    // SAFETY: a read of a counter; no arguments, no preconditions.
    unsafe { bindings::host_test_warnings() }
}
