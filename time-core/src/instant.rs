//! [`Instant<C>`]: a point in time on the clock `C`.

use crate::__private::SameClockAs;
use crate::clock::{ClockSource, Ktime};
use crate::delta::{write_nanos, Delta};
use crate::MonotonicClock;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Sub, SubAssign};

/// A point in time on the clock `C`: the `ktime_t` the clock read, tagged with the
/// clock it came from.
///
/// Instants of one clock subtract to a [`Delta`] and compare; instants of different
/// clocks do neither — `Instant<BootTime> - Instant<Monotonic>` does not compile —
/// and two instants never add. `Instant<C>` has exactly the size and ABI of `Ktime`
/// (`#[repr(transparent)]`), so the safety costs nothing at run time.
///
/// ```
/// use typed_clocks::{Delta, Instant};
/// # typed_clocks::declare_clocks! {
/// #     unsafe(extern "C");
/// #     Uptime { getter: instant_doc_getter, monotonic: true, clockid: 1 }
/// # }
/// # #[unsafe(no_mangle)] extern "C" fn instant_doc_getter() -> typed_clocks::Ktime { 5_000 }
///
/// let start = Instant::<Uptime>::from_ktime(1_000);
/// let now = Instant::<Uptime>::now();           // reads the clock: 5 000 ns here
/// assert_eq!(now - start, Delta::from_micros(4));
/// assert_eq!(start + Delta::from_micros(4), now);
/// assert_eq!(format!("{now:?}"), "Instant<Uptime>(5us)");
/// ```
///
/// # Invariants
///
/// None beyond the `Ktime`: any value, including negative ones, is a valid instant
/// (negative values arise from arithmetic and `from_ktime`; the one place that needs
/// `0..=KTIME_MAX`, an hrtimer expiry, clamps to it).
#[repr(transparent)]
pub struct Instant<C: ClockSource> {
    ktime: Ktime,
    // `fn() -> C`: the marker is never stored, so the instant is Send + Sync + Copy
    // whatever `C` is.
    _clock: PhantomData<fn() -> C>,
}

impl<C: ClockSource> Instant<C> {
    /// Reads the clock `C` now.
    #[inline]
    pub fn now() -> Self {
        Instant::from_ktime(C::ktime_get())
    }

    // `to_ktime`, `checked_*` and `saturating_duration_since` are this crate's: users
    // have them through `ext::InstantExt`, so that the inherent API is upstream's (`now`,
    // `elapsed`, and `from_ktime` and `as_nanos`, which the kernel's are `pub(crate)`)
    // and shadows no method of a user's trait.

    /// The instant `ktime` nanoseconds from `C`'s epoch: upstream's `from_ktime`, which
    /// the conversions `declare_clocks!` declares call. Safe here, where every `i64` is
    /// an instant (the kernel's is a `pub(crate) unsafe fn` that requires
    /// `0..=KTIME_MAX`). The caller vouches that the value is a time on `C`.
    #[inline]
    pub const fn from_ktime(ktime: Ktime) -> Self {
        Instant {
            ktime,
            _clock: PhantomData,
        }
    }

    /// The raw `ktime_t`: upstream's `as_nanos`, which the conversions `declare_clocks!`
    /// declares call (users have it as `InstantExt::to_ktime`).
    #[doc(hidden)]
    #[inline]
    pub const fn as_nanos(&self) -> Ktime {
        self.ktime
    }

    /// The raw `ktime_t` (`InstantExt::to_ktime`).
    #[inline]
    pub(crate) const fn to_ktime(self) -> Ktime {
        self.ktime
    }

    /// `self + delta`, or `None` if that leaves the `Ktime` range.
    #[inline]
    pub(crate) fn checked_add(self, delta: Delta) -> Option<Self> {
        self.ktime
            .checked_add(delta.as_nanos())
            .map(Instant::from_ktime)
    }

    /// `self - delta`, or `None` if that leaves the `Ktime` range.
    #[inline]
    pub(crate) fn checked_sub(self, delta: Delta) -> Option<Self> {
        self.ktime
            .checked_sub(delta.as_nanos())
            .map(Instant::from_ktime)
    }

    /// The time from `earlier` to `self`, or [`Delta::ZERO`] if `earlier` is later
    /// (like `std::time::Instant::saturating_duration_since`).
    #[inline]
    pub(crate) fn saturating_duration_since(self, earlier: Self) -> Delta {
        let delta = self - earlier;
        if delta.is_negative() {
            Delta::ZERO
        } else {
            delta
        }
    }
}

impl<C: ClockSource> Instant<C> {
    /// The time since `self`, read from the clock now. Only monotonic clocks have it:
    /// on a clock that can jump backwards "elapsed" has no meaning. Never negative —
    /// an instant in the future has elapsed [`Delta::ZERO`].
    ///
    /// (The bound sits on the method rather than on the `impl` so that calling it on a
    /// non-monotonic clock reports `MonotonicClock`'s own explanation.)
    #[inline]
    pub fn elapsed(&self) -> Delta
    where
        C: MonotonicClock,
    {
        Instant::<C>::now().saturating_duration_since(*self)
    }
}

impl<C: ClockSource> Clone for Instant<C> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<C: ClockSource> Copy for Instant<C> {}

impl<C: ClockSource> PartialEq for Instant<C> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.ktime == other.ktime
    }
}

impl<C: ClockSource> Eq for Instant<C> {}

impl<C: ClockSource> PartialOrd for Instant<C> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: ClockSource> Ord for Instant<C> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.ktime.cmp(&other.ktime)
    }
}

impl<C: ClockSource> Hash for Instant<C> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.ktime.hash(state);
    }
}

/// `Instant<Monotonic>(12.000000345s)`: the clock's type name (its name in the table)
/// and the time since its epoch.
impl<C: ClockSource> fmt::Debug for Instant<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Instant<{}>(", clock_name::<C>())?;
        write_nanos(f, self.ktime)?;
        f.write_str(")")
    }
}

/// `Instant<C> - Instant<C>`: the signed span between two instants of one clock,
/// saturating at `Delta::MIN`/`Delta::MAX`. The `Instant<D>: SameClockAs<C, D>`
/// bound (true only for `D = C`) is what turns a cross-clock subtraction into a compile
/// error that says so; its self type is an `Instant`, never a bare inference variable,
/// so either side may still be inferred (`a - Instant::from_ktime(5)`).
impl<C: ClockSource, D: ClockSource> Sub<Instant<D>> for Instant<C>
where
    Instant<D>: SameClockAs<C, D>,
{
    type Output = Delta;

    #[inline]
    fn sub(self, earlier: Instant<D>) -> Delta {
        Delta::from_nanos(self.ktime.saturating_sub(earlier.ktime))
    }
}

/// `Instant<C> + Delta`, saturating at the `Ktime` range: the kernel's
/// `ktime_add_safe` also clamps instead of wrapping.
impl<C: ClockSource> Add<Delta> for Instant<C> {
    type Output = Instant<C>;

    #[inline]
    fn add(self, delta: Delta) -> Instant<C> {
        Instant::from_ktime(self.ktime.saturating_add(delta.as_nanos()))
    }
}

/// `Instant<C> - Delta`, saturating at the `Ktime` range.
impl<C: ClockSource> Sub<Delta> for Instant<C> {
    type Output = Instant<C>;

    #[inline]
    fn sub(self, delta: Delta) -> Instant<C> {
        Instant::from_ktime(self.ktime.saturating_sub(delta.as_nanos()))
    }
}

impl<C: ClockSource> AddAssign<Delta> for Instant<C> {
    #[inline]
    fn add_assign(&mut self, delta: Delta) {
        *self = *self + delta;
    }
}

impl<C: ClockSource> SubAssign<Delta> for Instant<C> {
    #[inline]
    fn sub_assign(&mut self, delta: Delta) {
        *self = *self - delta;
    }
}

/// The last segment of the clock's type name (`core::any::type_name` is the type's
/// path: `my_crate::time::Monotonic`), which for a clock of a table is its name there.
pub(crate) fn clock_name<C: ClockSource>() -> &'static str {
    let path = core::any::type_name::<C>();
    // The path up to any generic arguments, then its last segment.
    let path = path.split('<').next().unwrap_or(path);
    path.rsplit("::").next().unwrap_or(path)
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
