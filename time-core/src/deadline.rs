//! [`Deadline<C>`]: a point in time on clock `C` by which something must happen.

use crate::clock::ClockSource;
use crate::delta::{write_nanos, Delta};
use crate::instant::Instant;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

/// A deadline on clock `C`: an [`Instant<C>`] that timeouts and sleeps wait for.
///
/// Spans are clock-independent ([`Delta`]); deadlines, like the kernel's timers, stay
/// tied to their clock. A `Deadline<BootTime>` can only be compared with `BootTime`
/// instants and only waited on with the `BootTime` clock (see
/// `typed_clocks::posix::sleep_until` with the `posix` feature).
///
/// ```
/// use typed_clocks::{Deadline, Delta, Instant};
/// use typed_clocks::ext::InstantExt; // `from_ktime`
/// # typed_clocks::declare_clocks! {
/// #     unsafe(extern "C");
/// #     Uptime { getter: deadline_doc_getter, monotonic: true, clockid: 1 }
/// # }
/// # #[unsafe(no_mangle)] extern "C" fn deadline_doc_getter() -> typed_clocks::Ktime { 1_000_000 }
///
/// let deadline = Deadline::<Uptime>::after(Delta::from_millis(2)); // now is 1 ms here
/// assert_eq!(deadline.instant(), Instant::from_ktime(3_000_000));
/// assert_eq!(deadline.remaining(), Delta::from_millis(2));
/// assert!(!deadline.has_passed());
/// assert!(Deadline::<Uptime>::at(Instant::from_ktime(0)).has_passed());
/// ```
#[repr(transparent)]
pub struct Deadline<C: ClockSource> {
    at: Instant<C>,
}

impl<C: ClockSource> Deadline<C> {
    /// The deadline at `instant`.
    #[inline]
    pub const fn at(instant: Instant<C>) -> Self {
        Deadline { at: instant }
    }

    /// The deadline `timeout` from now on clock `C` (saturating at the `Ktime` range).
    #[inline]
    pub fn after(timeout: Delta) -> Self {
        Deadline::at(Instant::now() + timeout)
    }

    /// The deadline `NANOS` nanoseconds from now, for a timeout known at compile time:
    /// one shorter than the resolution of clock `C` (e.g. 100 µs on a clock that only
    /// advances at the tick) does not compile, because the clock cannot tell it from
    /// zero. Timeouts known only at run time cannot be checked this way: compare them
    /// with [`RESOLUTION`](crate::ext::ClockSourceExt::RESOLUTION) where it matters.
    ///
    /// ```
    /// use typed_clocks::Deadline;
    /// # typed_clocks::declare_clocks! {
    /// unsafe(extern "C");
    /// #     Coarse {
    /// #         getter: after_nanos_doc_coarse, monotonic: true, clockid: 6, resolution: tick,
    /// #     },
    /// # }
    /// # #[unsafe(no_mangle)] extern "C" fn after_nanos_doc_coarse() -> typed_clocks::Ktime { 0 }
    /// let deadline = Deadline::<Coarse>::after_nanos::<20_000_000>(); // 20 ms: fine
    /// # let _ = deadline;
    /// ```
    ///
    /// ```compile_fail
    /// # use typed_clocks::Deadline;
    /// # typed_clocks::declare_clocks! {
    /// unsafe(extern "C");
    /// #     Coarse {
    /// #         getter: after_nanos_fail_coarse, monotonic: true, clockid: 6, resolution: tick,
    /// #     },
    /// # }
    /// # #[unsafe(no_mangle)] extern "C" fn after_nanos_fail_coarse() -> typed_clocks::Ktime { 0 }
    /// let deadline = Deadline::<Coarse>::after_nanos::<100_000>(); // 100 µs: below a tick
    /// ```
    #[inline]
    pub fn after_nanos<const NANOS: i64>() -> Self
    where
        C: crate::ext::ClockSourceExt,
    {
        const {
            assert!(
                C::RESOLUTION.measures(NANOS),
                "the timeout is shorter than the clock's resolution: measure it on a finer clock (e.g. `Monotonic`), or make it at least one step of this clock"
            );
        };
        Deadline::after(Delta::from_nanos(NANOS))
    }

    /// When the deadline is.
    #[inline]
    pub const fn instant(self) -> Instant<C> {
        self.at
    }

    /// The time left until the deadline, read from the clock now; [`Delta::ZERO`] once
    /// it has passed (never negative).
    #[inline]
    pub fn remaining(&self) -> Delta {
        self.at.saturating_duration_since(Instant::now())
    }

    /// Whether clock `C` has reached the deadline.
    #[inline]
    pub fn has_passed(&self) -> bool {
        Instant::<C>::now() >= self.at
    }
}

impl<C: ClockSource> From<Instant<C>> for Deadline<C> {
    #[inline]
    fn from(instant: Instant<C>) -> Self {
        Deadline::at(instant)
    }
}

impl<C: ClockSource> Clone for Deadline<C> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<C: ClockSource> Copy for Deadline<C> {}

impl<C: ClockSource> PartialEq for Deadline<C> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}

impl<C: ClockSource> Eq for Deadline<C> {}

impl<C: ClockSource> PartialOrd for Deadline<C> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: ClockSource> Ord for Deadline<C> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.at.cmp(&other.at)
    }
}

impl<C: ClockSource> Hash for Deadline<C> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

/// `Deadline<Monotonic>(1.5s)`.
impl<C: ClockSource> fmt::Debug for Deadline<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deadline<{}>(", crate::instant::clock_name::<C>())?;
        write_nanos(f, self.at.to_ktime())?;
        f.write_str(")")
    }
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
