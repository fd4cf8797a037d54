//! Timer modes and expiries: the type layer of upstream's `HrTimerMode` and
//! `HrTimerExpires`.

use core::marker::PhantomData;

use crate::clock::{ClockSource, HrTimerClock, Ktime};
use crate::delta::Delta;
use crate::instant::Instant;

/// The largest `ktime_t` the kernel's timer code handles (`KTIME_MAX`).
pub const KTIME_MAX: Ktime = i64::MAX;

/// A timer's expiry as the C functions take it: an [`Instant<C>`] for absolute modes,
/// a [`Delta`] from now for relative ones (upstream's `HrTimerExpires`).
///
/// The value handed to C is always in the kernel's range `0..=KTIME_MAX`: an
/// absolute expiry before the clock's epoch (a negative `Instant`, which
/// [`Instant::from_ktime`] and saturating arithmetic can make) is clamped to 0, and a
/// negative relative expiry to 0 (now). Both expire at once, which is what a time in
/// the past means; the kernel would `WARN_ON_ONCE` on a negative expiry in
/// `hrtimer_reprogram()` (a panic under `panic_on_warn`). Upstream keeps every
/// `Instant` in `0..=KTIME_MAX` as a type invariant; here `Instant` may be negative
/// (a real-time clock may be set before 1970), so the timer boundary clamps instead.
pub trait HrTimerExpires {
    /// The expiry as a `ktime_t` in `0..=KTIME_MAX`: nanoseconds since the clock's
    /// epoch, or from now.
    fn as_nanos(&self) -> i64;
}

impl<C: ClockSource> HrTimerExpires for Instant<C> {
    #[inline]
    fn as_nanos(&self) -> i64 {
        clamp_expiry(self.to_ktime())
    }
}

impl HrTimerExpires for Delta {
    #[inline]
    fn as_nanos(&self) -> i64 {
        clamp_expiry(Delta::as_nanos(*self))
    }
}

/// `nanos` clamped to `0..=KTIME_MAX`.
#[inline]
const fn clamp_expiry(nanos: i64) -> i64 {
    if nanos < 0 {
        0
    } else {
        nanos
    }
}

/// The C `enum hrtimer_mode` of a mode, which the kernel services template maps to the
/// bindings' `hrtimer_mode_HRTIMER_MODE_*` constants.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
#[allow(missing_docs)]
pub enum RawHrTimerMode {
    Abs,
    Rel,
    AbsPinned,
    RelPinned,
    AbsSoft,
    RelSoft,
    AbsPinnedSoft,
    RelPinnedSoft,
    AbsHard,
    RelHard,
    AbsPinnedHard,
    RelPinnedHard,
}

mod sealed {
    pub trait Sealed {}
}

/// How a timer runs: its clock, whether its expiry is absolute or relative, and the
/// C mode flags (upstream's `HrTimerMode`). Implemented by the twelve mode types only.
pub trait HrTimerMode: sealed::Sealed {
    /// The C mode.
    const C_MODE: RawHrTimerMode;
    /// The clock whose hrtimer base the timer is queued on.
    type Clock: HrTimerClock;
    /// What a timer in this mode is started with: `Instant<Self::Clock>` or `Delta`.
    type Expires: HrTimerExpires;
}

/// `Self` is a valid expiry for a timer in mode `M`: `Instant<C>` for the absolute
/// modes on clock `C`, `Delta` for the relative ones. The bound of the `start`
/// functions, there to explain a wrong expiry.
#[diagnostic::on_unimplemented(
    message = "a timer in mode `{M}` cannot be started with a `{Self}`",
    label = "not the expiry of this timer's mode",
    note = "an absolute mode (`AbsoluteMode<C>`, …) expires at an `Instant<C>` of its own clock `C`, read with `Instant::<C>::now()` or built with `Instant::<C>::from_ktime`; a relative mode (`RelativeMode<C>`, …) expires after a `Delta` from now",
    note = "to wait for a span on an absolute timer, add it to the clock's current time: `Instant::<C>::now() + delta`"
)]
pub trait HrTimerExpiresFor<M: HrTimerMode>: HrTimerExpires {}

macro_rules! modes {
    ($($(#[$doc:meta])* $name:ident = $raw:ident, $expires:ident;)*) => {$(
        $(#[$doc])*
        pub struct $name<C: HrTimerClock>(PhantomData<fn() -> C>);

        impl<C: HrTimerClock> sealed::Sealed for $name<C> {}

        impl<C: HrTimerClock> HrTimerMode for $name<C> {
            const C_MODE: RawHrTimerMode = RawHrTimerMode::$raw;
            type Clock = C;
            type Expires = modes!(@expires $expires C);
        }

        impl<C: HrTimerClock> HrTimerExpiresFor<$name<C>> for modes!(@expires $expires C) {}
    )*};
    (@expires Instant $c:ident) => { Instant<$c> };
    (@expires Delta $c:ident) => { Delta };
}

modes! {
    /// Expires at an absolute time on clock `C` (`HRTIMER_MODE_ABS`).
    AbsoluteMode = Abs, Instant;
    /// Expires after a delay from now, measured on clock `C` (`HRTIMER_MODE_REL`).
    RelativeMode = Rel, Delta;
    /// Absolute, pinned to the CPU that starts it (`HRTIMER_MODE_ABS_PINNED`).
    AbsolutePinnedMode = AbsPinned, Instant;
    /// Relative, pinned to the CPU that starts it (`HRTIMER_MODE_REL_PINNED`).
    RelativePinnedMode = RelPinned, Delta;
    /// Absolute, run in softirq context (`HRTIMER_MODE_ABS_SOFT`).
    AbsoluteSoftMode = AbsSoft, Instant;
    /// Relative, run in softirq context (`HRTIMER_MODE_REL_SOFT`).
    RelativeSoftMode = RelSoft, Delta;
    /// Absolute, pinned, run in softirq context (`HRTIMER_MODE_ABS_PINNED_SOFT`).
    AbsolutePinnedSoftMode = AbsPinnedSoft, Instant;
    /// Relative, pinned, run in softirq context (`HRTIMER_MODE_REL_PINNED_SOFT`).
    RelativePinnedSoftMode = RelPinnedSoft, Delta;
    /// Absolute, run in hard interrupt context also on PREEMPT_RT (`HRTIMER_MODE_ABS_HARD`).
    AbsoluteHardMode = AbsHard, Instant;
    /// Relative, run in hard interrupt context also on PREEMPT_RT (`HRTIMER_MODE_REL_HARD`).
    RelativeHardMode = RelHard, Delta;
    /// Absolute, pinned, hard interrupt context (`HRTIMER_MODE_ABS_PINNED_HARD`).
    AbsolutePinnedHardMode = AbsPinnedHard, Instant;
    /// Relative, pinned, hard interrupt context (`HRTIMER_MODE_REL_PINNED_HARD`).
    RelativePinnedHardMode = RelPinnedHard, Delta;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expiries_reach_c_in_the_kernels_range() {
        assert_eq!(HrTimerExpires::as_nanos(&Delta::from_nanos(-1)), 0);
        assert_eq!(HrTimerExpires::as_nanos(&Delta::from_nanos(i64::MIN)), 0);
        assert_eq!(HrTimerExpires::as_nanos(&Delta::from_nanos(5)), 5);
        assert_eq!(HrTimerExpires::as_nanos(&Delta::MAX), KTIME_MAX);
    }
}
