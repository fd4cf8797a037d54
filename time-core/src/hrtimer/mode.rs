//! Timer modes and expiries: the type layer of upstream's `HrTimerMode` and
//! `HrTimerExpires`.

use core::marker::PhantomData;

use super::HrTimerBase;
use crate::clock::{ClockSource, HrTimerClock, Ktime, RelativeHrTimerBase};
use crate::delta::Delta;
use crate::instant::Instant;

/// The largest `ktime_t` the kernel's timer code handles (`KTIME_MAX`).
pub const KTIME_MAX: Ktime = i64::MAX;

/// Time representations that can be used as expiration values in [`HrTimer`].
///
/// [`HrTimer`]: super::HrTimer
pub trait HrTimerExpires {
    /// Converts the expiration time into a nanosecond representation.
    ///
    /// This value corresponds to a raw ktime_t value, suitable for passing to kernel
    /// timer functions. The interpretation (absolute vs relative) depends on the
    /// associated [HrTimerMode] in use. A negative value reaches C as 0
    /// ([`HasHrTimer::start`](super::HasHrTimer::start) clamps it), which expires at
    /// once.
    fn as_nanos(&self) -> i64;
}

impl<C: ClockSource> HrTimerExpires for Instant<C> {
    #[inline]
    fn as_nanos(&self) -> i64 {
        self.to_ktime()
    }
}

impl HrTimerExpires for Delta {
    #[inline]
    fn as_nanos(&self) -> i64 {
        Delta::as_nanos(*self)
    }
}

/// `nanos` clamped to `0..=KTIME_MAX`: the only expiries the kernel takes without a
/// warning (`hrtimer_reprogram()` has `WARN_ON_ONCE(expires < 0)`).
#[inline]
pub(super) const fn clamp_expiry(nanos: i64) -> i64 {
    if nanos < 0 {
        0
    } else {
        nanos
    }
}

/// The C `enum hrtimer_mode`, as the kernel's bindgen types it (`c_uint`): the type of
/// [`HrTimerMode::C_MODE`], upstream's `bindings::hrtimer_mode`.
pub type RawHrTimerMode = u32;

/// The values of the C `enum hrtimer_mode` (`include/linux/hrtimer.h`) that the twelve
/// modes have. The kernel services template asserts at compile time that each equals
/// the bindings' `hrtimer_mode_HRTIMER_MODE_*` constant.
#[allow(missing_docs)]
pub mod raw_mode {
    use super::RawHrTimerMode;

    pub const HRTIMER_MODE_ABS: RawHrTimerMode = 0x00;
    pub const HRTIMER_MODE_REL: RawHrTimerMode = 0x01;
    pub const HRTIMER_MODE_PINNED: RawHrTimerMode = 0x02;
    pub const HRTIMER_MODE_SOFT: RawHrTimerMode = 0x04;
    pub const HRTIMER_MODE_HARD: RawHrTimerMode = 0x08;
    pub const HRTIMER_MODE_ABS_PINNED: RawHrTimerMode = HRTIMER_MODE_ABS | HRTIMER_MODE_PINNED;
    pub const HRTIMER_MODE_REL_PINNED: RawHrTimerMode = HRTIMER_MODE_REL | HRTIMER_MODE_PINNED;
    pub const HRTIMER_MODE_ABS_SOFT: RawHrTimerMode = HRTIMER_MODE_ABS | HRTIMER_MODE_SOFT;
    pub const HRTIMER_MODE_REL_SOFT: RawHrTimerMode = HRTIMER_MODE_REL | HRTIMER_MODE_SOFT;
    pub const HRTIMER_MODE_ABS_PINNED_SOFT: RawHrTimerMode =
        HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_SOFT;
    pub const HRTIMER_MODE_REL_PINNED_SOFT: RawHrTimerMode =
        HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_SOFT;
    pub const HRTIMER_MODE_ABS_HARD: RawHrTimerMode = HRTIMER_MODE_ABS | HRTIMER_MODE_HARD;
    pub const HRTIMER_MODE_REL_HARD: RawHrTimerMode = HRTIMER_MODE_REL | HRTIMER_MODE_HARD;
    pub const HRTIMER_MODE_ABS_PINNED_HARD: RawHrTimerMode =
        HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_HARD;
    pub const HRTIMER_MODE_REL_PINNED_HARD: RawHrTimerMode =
        HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_HARD;
}

mod sealed {
    pub trait Sealed {}
    pub trait Expiry {}
}

impl<C: ClockSource> sealed::Expiry for Instant<C> {}
impl sealed::Expiry for Delta {}

/// How a timer runs: its clock, whether its expiry is absolute or relative, and the
/// C mode flags (upstream's `HrTimerMode`). Implemented by the twelve mode types only.
pub trait HrTimerMode: sealed::Sealed {
    /// The C mode.
    const C_MODE: RawHrTimerMode;
    /// Type representing the clock source: a clock with a kernel hrtimer base, in a
    /// table whose kernel services bind the C timer functions. Its id is the one the
    /// timer is set up with.
    type Clock: HrTimerBase;
    /// What a timer in this mode is started with: `Instant<Self::Clock>` or `Delta`.
    /// Its [`HrTimerExpiryBase`] names the clock of the base the timer is queued on
    /// ([`BaseClockOf`]).
    type Expires: HrTimerExpires + HrTimerExpiryBase<Self::Clock>;
}

/// The clock of the hrtimer base on which a timer of clock `C` started with a `Self`
/// is queued: `C` for an [`Instant<C>`], `C`'s
/// [`RelativeBase`](HrTimerClock::RelativeBase) for a [`Delta`] (the `CLOCK_MONOTONIC`
/// clock for `CLOCK_REALTIME`). Implemented by these two only.
///
/// It is a trait of the expiry, not an item of [`HrTimerMode`], so that upstream's
/// `HrTimerMode` keeps exactly its three items: a driver's own trait on a mode type
/// with an item of the same name stays unambiguous.
pub trait HrTimerExpiryBase<C: HrTimerBase>: sealed::Expiry {
    /// The clock of the base, of which the timer's expiry
    /// ([`HrTimer::expires`](super::HrTimer::expires)) and `forward`'s `now` are
    /// instants.
    type BaseClock: ClockSource;
}

impl<C: HrTimerBase> HrTimerExpiryBase<C> for Instant<C> {
    type BaseClock = C;
}

impl<C: HrTimerBase> HrTimerExpiryBase<C> for Delta
where
    C::RelativeBase: RelativeHrTimerBase,
{
    type BaseClock = C::RelativeBase;
}

/// The clock of the hrtimer base a timer of mode `M` is queued on: `M`'s clock, except
/// for the relative modes of `CLOCK_REALTIME`, queued on the `CLOCK_MONOTONIC` base.
pub type BaseClockOf<M> =
    <<M as HrTimerMode>::Expires as HrTimerExpiryBase<<M as HrTimerMode>::Clock>>::BaseClock;

macro_rules! modes {
    ($($(#[$doc:meta])* $name:ident = $raw:ident, $expires:ident;)*) => {$(
        $(#[$doc])*
        pub struct $name<C: HrTimerClock>(PhantomData<fn() -> C>);

        impl<C: HrTimerClock> sealed::Sealed for $name<C> {}

        modes!(@impl $name $raw $expires);
    )*};
    (@impl $name:ident $raw:ident Instant) => {
        impl<C: HrTimerBase> HrTimerMode for $name<C> {
            const C_MODE: RawHrTimerMode = raw_mode::$raw;
            type Clock = C;
            type Expires = Instant<C>;
        }
    };
    (@impl $name:ident $raw:ident Delta) => {
        impl<C: HrTimerBase> HrTimerMode for $name<C>
        where
            C::RelativeBase: RelativeHrTimerBase,
        {
            const C_MODE: RawHrTimerMode = raw_mode::$raw;
            type Clock = C;
            type Expires = Delta;
        }
    };
}

modes! {
    /// Expires at an absolute time on clock `C` (`HRTIMER_MODE_ABS`).
    AbsoluteMode = HRTIMER_MODE_ABS, Instant;
    /// Expires after a delay from now (`HRTIMER_MODE_REL`), measured on the clock of
    /// the base it is queued on: `C`, or `CLOCK_MONOTONIC` for `CLOCK_REALTIME`.
    RelativeMode = HRTIMER_MODE_REL, Delta;
    /// Absolute, pinned to the CPU that starts it (`HRTIMER_MODE_ABS_PINNED`).
    AbsolutePinnedMode = HRTIMER_MODE_ABS_PINNED, Instant;
    /// Relative, pinned to the CPU that starts it (`HRTIMER_MODE_REL_PINNED`).
    RelativePinnedMode = HRTIMER_MODE_REL_PINNED, Delta;
    /// Absolute, run in softirq context (`HRTIMER_MODE_ABS_SOFT`).
    AbsoluteSoftMode = HRTIMER_MODE_ABS_SOFT, Instant;
    /// Relative, run in softirq context (`HRTIMER_MODE_REL_SOFT`).
    RelativeSoftMode = HRTIMER_MODE_REL_SOFT, Delta;
    /// Absolute, pinned, run in softirq context (`HRTIMER_MODE_ABS_PINNED_SOFT`).
    AbsolutePinnedSoftMode = HRTIMER_MODE_ABS_PINNED_SOFT, Instant;
    /// Relative, pinned, run in softirq context (`HRTIMER_MODE_REL_PINNED_SOFT`).
    RelativePinnedSoftMode = HRTIMER_MODE_REL_PINNED_SOFT, Delta;
    /// Absolute, run in hard interrupt context also on PREEMPT_RT (`HRTIMER_MODE_ABS_HARD`).
    AbsoluteHardMode = HRTIMER_MODE_ABS_HARD, Instant;
    /// Relative, run in hard interrupt context also on PREEMPT_RT (`HRTIMER_MODE_REL_HARD`).
    RelativeHardMode = HRTIMER_MODE_REL_HARD, Delta;
    /// Absolute, pinned, hard interrupt context (`HRTIMER_MODE_ABS_PINNED_HARD`).
    AbsolutePinnedHardMode = HRTIMER_MODE_ABS_PINNED_HARD, Instant;
    /// Relative, pinned, hard interrupt context (`HRTIMER_MODE_REL_PINNED_HARD`).
    RelativePinnedHardMode = HRTIMER_MODE_REL_PINNED_HARD, Delta;
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
