//! The traits that tie a zero-sized marker type to one kernel clock.

use crate::__private::{Sealed, SealedMonotonic};

/// A kernel time value: signed nanoseconds, as the kernel's `ktime_t`.
///
/// What a `Ktime` means depends on the clock it came from and on whether it is an
/// absolute point or a span; [`Instant`](crate::Instant) and [`Delta`](crate::Delta)
/// make both visible to the compiler.
pub type Ktime = i64;

/// A clock identifier, as the kernel's and POSIX's `clockid_t` (`CLOCK_MONOTONIC` = 1, …).
pub type ClockId = i32;

/// A clock that can be read: one marker type per row of the clock table.
///
/// Implemented by [`declare_clocks!`](crate::declare_clocks), not by hand: the trait is
/// sealed, so every clock in a program comes from a table that was validated at
/// compile time. Generic code takes `C: ClockSource`:
///
/// ```
/// use time_core::{ClockSource, Instant};
/// # time_core::declare_clocks! { Boot { getter: boot_getter, monotonic: true } }
/// # #[unsafe(no_mangle)] extern "C" fn boot_getter() -> time_core::Ktime { 42 }
///
/// fn stamp<C: ClockSource>() -> (&'static str, Instant<C>) {
///     (C::NAME, Instant::now())
/// }
/// let (name, at) = stamp::<Boot>();
/// assert_eq!(name, "Boot");
/// assert_eq!(at.to_ktime(), 42);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a clock",
    label = "not a clock declared in a clock table",
    note = "clocks are declared with `time_core::declare_clocks!`, one row per clock in `clocks.toml`"
)]
pub trait ClockSource: Sealed + 'static {
    /// The clock's name in the table, which is also its Rust type name.
    const NAME: &'static str;
    /// Whether the clock never goes backwards (the table's `monotonic`).
    const MONOTONIC: bool;
    /// The clock's `clockid_t`, when the table gives one.
    const ID: Option<ClockId>;

    /// Reads the clock: the current time in nanoseconds since the clock's epoch.
    fn ktime_get() -> Ktime;
}

/// A clock that never goes backwards, so [`Instant::elapsed`](crate::Instant::elapsed)
/// is meaningful for it. Implemented by `declare_clocks!` for rows with `monotonic = true`,
/// and sealed too: a clock the table calls non-monotonic cannot be declared monotonic by
/// hand.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a monotonic clock",
    label = "only clocks declared with `monotonic = true` implement `MonotonicClock`",
    note = "measure elapsed time on a clock declared with `monotonic = true`, or subtract two instants explicitly and handle a negative `Delta`"
)]
pub trait MonotonicClock: ClockSource + SealedMonotonic {}
