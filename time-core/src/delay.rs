//! The argument rules of the kernel's delay functions: how upstream's
//! `kernel::time::delay::{fsleep, udelay}` turn a [`Delta`] into the microseconds
//! they pass to C.
//!
//! The kernel services template (`kernel_services = true` in the clock table) calls
//! the bindings' `fsleep`/`udelay` with these values. Both round up to whole
//! microseconds, so that the delay is never shorter than asked, and clamp a value out
//! of range to the largest one allowed, as upstream does; neither panics (upstream's
//! `udelay` also has a `debug_assert!` on the range).
//!
//! C header: `include/linux/delay.h`.

use crate::delta::{Delta, NSEC_PER_USEC};

/// The longest `fsleep`: `i32::MAX` microseconds (about 35.8 minutes). Longer sleeps
/// could overflow inside the C `fsleep()` and sleep forever.
pub const FSLEEP_MAX: Delta = Delta::from_micros(i32::MAX as i64);

/// The microseconds `fsleep(delta)` passes to C: `delta` rounded up, or those of
/// [`FSLEEP_MAX`] when `delta` is negative or longer (upstream's clamp: a negative
/// span is a bug, and it sleeps the maximum rather than not at all).
///
/// ```
/// use typed_clocks::{delay::fsleep_micros, Delta};
/// assert_eq!(fsleep_micros(Delta::from_nanos(1)), 1);
/// assert_eq!(fsleep_micros(Delta::from_millis(2)), 2_000);
/// assert_eq!(fsleep_micros(Delta::from_secs(10_000)), i32::MAX as u32);
/// assert_eq!(fsleep_micros(Delta::from_nanos(-1)), i32::MAX as u32);
/// ```
#[inline]
pub const fn fsleep_micros(delta: Delta) -> u32 {
    let delta = if delta.is_negative() || delta.as_nanos() > FSLEEP_MAX.as_nanos() {
        FSLEEP_MAX
    } else {
        delta
    };
    // In 0..=i32::MAX by the clamp above.
    ceil_micros_of_clamped(delta) as u32
}

/// [`Delta::as_micros_ceil`] of a span the caller has clamped to `0..=i64::MAX - 999`
/// nanoseconds, where `(nanos + 999) / 1000` is the exact ceiling and cannot
/// overflow: the same value, in the fewest instructions, with no branch for the sign
/// (`tests/fixtures/zero-cost` compares it with the hand-written code).
#[inline]
const fn ceil_micros_of_clamped(delta: Delta) -> i64 {
    (delta.as_nanos() + (NSEC_PER_USEC - 1)) / NSEC_PER_USEC
}

/// The microseconds `udelay(delta)` passes to C: `delta` rounded up, or
/// `max_udelay_ms` milliseconds (the architecture's `MAX_UDELAY_MS`) when `delta` is
/// negative or longer; upstream clamps the same way after its debug assertion.
///
/// ```
/// use typed_clocks::{delay::udelay_micros, Delta};
/// assert_eq!(udelay_micros(Delta::from_nanos(1_001), 5), 2);
/// assert_eq!(udelay_micros(Delta::from_millis(6), 5), 5_000);
/// assert_eq!(udelay_micros(Delta::from_nanos(-1), 5), 5_000);
/// ```
#[inline]
pub const fn udelay_micros(delta: Delta, max_udelay_ms: u32) -> u32 {
    let max = Delta::from_millis(max_udelay_ms as i64);
    let delta = if delta.is_negative() || delta.as_nanos() > max.as_nanos() {
        max
    } else {
        delta
    };
    let micros = ceil_micros_of_clamped(delta);
    if micros > u32::MAX as i64 {
        u32::MAX
    } else {
        micros as u32
    }
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
