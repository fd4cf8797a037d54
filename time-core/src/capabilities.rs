//! The capability traits: one per capability key of a clock table (`monotonic`,
//! `nmi_safe`, `hrtimer`, `settable`, `counts_suspend`), each implemented by
//! `declare_clocks!` for the rows that give the key `true`.
//!
//! They are a set: a crate that re-exports the capabilities does so with one glob
//! (`pub use typed_clocks::capabilities::*;`, as the kernel's `kernel::time` does), so
//! a capability added here reaches its users with no edit there. The crate root
//! re-exports them too.

use crate::__private::SealedMonotonic;
use crate::clock::ClockSource;

/// A clock that never goes backwards, so [`Instant::elapsed`](crate::Instant::elapsed)
/// is meaningful for it, and a poll loop timed on it ends. Implemented by
/// `declare_clocks!` for rows with `monotonic = true`; its seal is an `unsafe trait`, so a
/// hand-written implementation is an `unsafe impl` that vouches for it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a monotonic clock",
    label = "only clocks declared with `monotonic = true` implement `MonotonicClock`",
    note = "measure elapsed time on a clock declared with `monotonic = true`, or subtract two \
            instants explicitly and handle a negative `Delta`"
)]
pub trait MonotonicClock: ClockSource + SealedMonotonic {}

/// A clock that its table declares readable in NMI context: its getter should be one
/// of the kernel's lock-free `*_fast_ns` accessors, not a seqcount reader like
/// `ktime_get()`, which can deadlock when an NMI interrupts the timekeeping update it
/// waits for. Implemented by `declare_clocks!` for rows with `nmi_safe = true` (the
/// macro refuses the seqcount readers it knows, a deny-list), and sealed against
/// accidental implementations (see [`nmi`](crate::nmi) for what is and is not
/// enforced: the bound is checked where code asks for it, as
/// [`nmi::now`](crate::nmi::now) does, not on every read).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read in NMI context",
    label = "only clocks declared with `nmi_safe = true` implement `NmiSafeClock`",
    note = "`ktime_get()` and the other seqcount readers can deadlock in an NMI; use a clock read \
            by a `*_fast_ns` accessor (e.g. `ktime_get_mono_fast_ns`), declared with \
            `nmi_safe = true`"
)]
pub trait NmiSafeClock: ClockSource + crate::__private::SealedNmiSafe {}

/// A clock the kernel has an hrtimer base for (`CLOCK_MONOTONIC`, `CLOCK_REALTIME`,
/// `CLOCK_BOOTTIME`, `CLOCK_TAI`), so high-resolution timers can run on it, started
/// through its [`Bindings`](Self::Bindings). Implemented by `declare_clocks!` for rows
/// with `hrtimer = true`.
///
/// # Safety
///
/// The kernel has an hrtimer base for [`ClockSource::ID`] (else `hrtimer_setup` WARNs),
/// and [`RelativeBase`](Self::RelativeBase) is the clock of the base the kernel queues
/// this clock's relative timers on, or
/// [`NoRelativeHrTimerBase`](crate::NoRelativeHrTimerBase) for `CLOCK_REALTIME`
/// in a table without a `CLOCK_MONOTONIC` hrtimer clock.
#[diagnostic::on_unimplemented(
    message = "there is no hrtimer base for clock `{Self}`",
    label = "only clocks declared with `hrtimer = true` implement `HrTimerClock`",
    note = "the kernel has hrtimer bases for CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_BOOTTIME \
            and CLOCK_TAI only: run the timer on one of those (e.g. `Monotonic`)"
)]
pub unsafe trait HrTimerClock: ClockSource {
    /// The kernel services that run timers on this clock: the table's
    /// `kernel_services::Services`, or
    /// `NoHrTimerBindings` for a table without them.
    type Bindings;

    /// The clock of the hrtimer base the kernel queues this clock's relative timers
    /// on, which their expiry and `forward`'s `now` are instants of: `Self`, except
    /// for `CLOCK_REALTIME`, whose relative timers the kernel queues on the
    /// `CLOCK_MONOTONIC` base (`__hrtimer_setup()`), so that they do not move with the
    /// wall clock. That is the table's `CLOCK_MONOTONIC` clock with `hrtimer = true`;
    /// without one, [`NoRelativeHrTimerBase`](crate::NoRelativeHrTimerBase), and the clock
    /// has no relative modes.
    type RelativeBase;
}

/// A clock that can be set (`settimeofday`, `clock_settime`, NTP steps), so its
/// readings jump forwards and backwards. Implemented by `declare_clocks!` for rows with
/// `settable = true`, and sealed; never together with [`MonotonicClock`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a settable clock",
    label = "only clocks declared with `settable = true` implement `SettableClock`"
)]
pub trait SettableClock: ClockSource + crate::__private::SealedSettable {}

/// A clock that keeps counting while the system is suspended (`CLOCK_BOOTTIME` and
/// the clocks derived from it). Implemented by `declare_clocks!` for rows with
/// `counts_suspend = true`, and sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not count time spent in suspend",
    label = "only clocks declared with `counts_suspend = true` implement `SuspendCountingClock`",
    note = "use a clock that keeps counting in suspend, such as `BootTime` (CLOCK_BOOTTIME)"
)]
pub trait SuspendCountingClock: ClockSource + crate::__private::SealedSuspendCounting {}
