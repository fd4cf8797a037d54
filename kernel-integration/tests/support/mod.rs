//! Shared by the tests of this directory: the `ktime_t` of an instant (upstream's
//! `Instant` keeps its value `pub(crate)`), the instant at a `ktime_t`, one reading of
//! every clock at once, and the host's count of kernel warnings.
//!
//! Each test binary that includes this module uses part of it.
#![allow(dead_code)]

use kernel::bindings;
use kernel::time::{BootTime, ClockSource, Delta, Instant, Monotonic, MonotonicRaw, RealTime, Tai};

/// A `ktime_t`.
pub type Ktime = bindings::ktime_t;

/// The instant 0 of clock `C`, its epoch: an instant minus the largest span saturates
/// there (`Instant - Delta` saturates at 0).
pub fn epoch<C: ClockSource>() -> Instant<C> {
    Instant::<C>::now() - Delta::from_nanos(i64::MAX)
}

/// The `ktime_t` of `instant`: its distance from its clock's epoch.
pub fn ktime<C: ClockSource>(instant: Instant<C>) -> Ktime {
    (instant - epoch::<C>()).as_nanos()
}

/// The instant of `C` at `ktime` (not negative).
pub fn at<C: ClockSource>(ktime: Ktime) -> Instant<C> {
    assert!(ktime >= 0, "an instant is in 0..=KTIME_MAX");
    epoch::<C>() + Delta::from_nanos(ktime)
}

/// Clock `C` now, as its raw `ktime_t`.
pub fn now<C: ClockSource>() -> Ktime {
    C::ktime_get()
}

/// One reading of every clock with an offset or a base of its own, in table order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    pub mono: Ktime,
    pub real: Ktime,
    pub boot: Ktime,
    pub tai: Ktime,
    pub raw: Ktime,
}

/// Every clock, read once each, in table order.
pub fn read_all() -> Readings {
    Readings {
        mono: now::<Monotonic>(),
        real: now::<RealTime>(),
        boot: now::<BootTime>(),
        tai: now::<Tai>(),
        raw: now::<MonotonicRaw>(),
    }
}

/// The host's count of kernel warnings since the process started (`csrc/kernel.c`):
/// WARN, WARN_ON, WARN_ONCE and pr_warn_once.
pub fn warnings() -> i32 {
    // SAFETY: a read of a counter; no arguments, no preconditions.
    unsafe { bindings::host_test_warnings() }
}

/// How far the monotonic test clock moves during `f`.
pub fn time_taken(f: impl FnOnce()) -> Delta {
    let start = Instant::<Monotonic>::now();
    f();
    start.elapsed()
}
