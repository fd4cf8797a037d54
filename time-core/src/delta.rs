//! [`Delta`]: a signed span of time, independent of any clock.

use core::fmt;
use core::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub, SubAssign};
use core::time::Duration;

/// The number of nanoseconds per microsecond (the kernel's `NSEC_PER_USEC`).
pub const NSEC_PER_USEC: i64 = 1_000;
/// The number of nanoseconds per millisecond (the kernel's `NSEC_PER_MSEC`).
pub const NSEC_PER_MSEC: i64 = 1_000_000;
/// The number of nanoseconds per second (the kernel's `NSEC_PER_SEC`).
pub const NSEC_PER_SEC: i64 = 1_000_000_000;

const NANOS_PER_MICRO: i64 = NSEC_PER_USEC;
const NANOS_PER_MILLI: i64 = NSEC_PER_MSEC;
const NANOS_PER_SEC: i64 = NSEC_PER_SEC;

/// `nanos / UNIT` rounded toward +∞, for a positive `UNIT`, without overflow: a
/// positive dividend rounds up (`(nanos - 1) / UNIT + 1` cannot overflow), and
/// truncating division already rounds a negative one up. Upstream's `as_micros_ceil`
/// computes it the same way.
#[inline]
const fn ceil_div<const UNIT: i64>(nanos: i64) -> i64 {
    let (n, add) = if nanos > 0 {
        (nanos - 1, 1)
    } else {
        (nanos, 0)
    };
    n / UNIT + add
}

/// A span of time in signed nanoseconds: the difference of two
/// [`Instant`](crate::Instant)s of one clock, a timeout, an interval.
///
/// One type serves every clock: a span measured on one clock means the same number of
/// nanoseconds on another (instants are what must not mix).
///
/// Arithmetic never wraps and never panics: every operator saturates at `Delta::MIN`
/// and `Delta::MAX` ([`DeltaExt`](crate::ext::DeltaExt)'s), like the kernel's
/// `ktime_add_safe` clamps instead of overflowing, and division by zero saturates too.
/// [`DeltaExt`](crate::ext::DeltaExt) adds the `checked_*` methods, which return
/// `None` instead, and the `saturating_*` ones.
///
/// ```
/// use typed_clocks::ext::DeltaExt; // `Delta::MAX`
/// use typed_clocks::Delta;
///
/// let timeout = Delta::from_millis(1) + Delta::from_micros(500);
/// assert_eq!(timeout.to_string(), "1.5ms");
/// assert_eq!((timeout * 2).as_micros_ceil(), 3_000);
/// assert_eq!(Delta::MAX + Delta::from_nanos(1), Delta::MAX); // saturates, never wraps
/// ```
///
/// # The unit parameter
///
/// As upstream's, `Delta` has a unit parameter that defaults to nanoseconds: `Delta`
/// is `Delta<Nsec>`, and everything above is about it. `Delta<Jiffy>` counts timer
/// ticks in an `isize`, and has only [`Delta::from_jiffies`] and
/// [`Delta::as_jiffies`], as upstream's. Code that never names the parameter, which
/// is all code written before it existed, compiles unchanged: a path such as
/// `Delta::from_millis` finds the one unit that has the method.
///
/// ```
/// use typed_clocks::{Delta, Jiffy, Nsec};
/// let a: Delta = Delta::from_millis(3);
/// let b: Delta<Nsec> = a; // the same type
/// let ticks: Delta<Jiffy> = Delta::from_jiffies(3);
/// assert_eq!((b.as_millis(), ticks.as_jiffies()), (3, 3));
/// ```
///
/// # Invariants
///
/// None beyond the `i64`: every value from `i64::MIN` to `i64::MAX` nanoseconds is a
/// valid `Delta`, including negative ones (for `Delta<Jiffy>`, every `isize`).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(transparent)]
pub struct Delta<U: TimeUnit = Nsec> {
    value: U::Repr,
}

mod sealed {
    /// Only this crate's units implement [`TimeUnit`](super::TimeUnit).
    pub trait Sealed {}
    impl Sealed for super::Nsec {}
    impl Sealed for super::Jiffy {}
}

/// The unit a [`Delta`] counts in, with the integer it counts with: upstream's
/// `kernel::time::TimeUnit`. Sealed: the units are [`Nsec`] and [`Jiffy`].
pub trait TimeUnit: sealed::Sealed {
    /// The integer type of a span in this unit.
    type Repr: Copy + Eq + Ord + core::hash::Hash + fmt::Debug;
}

/// Nanoseconds, the unit of a plain [`Delta`] (`Delta<Nsec>`): an `i64` count,
/// negative, zero or positive. Uninhabited: a unit is only ever a type parameter.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Nsec {}

impl TimeUnit for Nsec {
    type Repr = i64;
}

/// Jiffies, the timer tick (`1/HZ` seconds): a `Delta<Jiffy>` is an `isize` count,
/// negative, zero or positive, as upstream's. Uninhabited, as [`Nsec`].
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Jiffy {}

impl TimeUnit for Jiffy {
    type Repr = isize;
}

impl Delta<Jiffy> {
    /// A span of `jiffies` timer ticks (upstream's `Delta::<Jiffy>::from_jiffies`).
    ///
    /// ```
    /// use typed_clocks::{Delta, Jiffy};
    /// let timeout: Delta<Jiffy> = Delta::from_jiffies(12);
    /// assert_eq!(timeout.as_jiffies(), 12);
    /// ```
    #[inline]
    pub const fn from_jiffies(jiffies: isize) -> Self {
        Delta { value: jiffies }
    }

    /// The span in timer ticks (upstream's `Delta::<Jiffy>::as_jiffies`).
    #[inline]
    pub const fn as_jiffies(self) -> isize {
        self.value
    }
}

/// [`Delta::ZERO`]. Only for nanoseconds, so that `Delta::default()` needs no
/// annotation.
impl Default for Delta {
    #[inline]
    fn default() -> Self {
        Delta::ZERO
    }
}

impl Delta {
    /// No time at all.
    pub const ZERO: Self = Delta { value: 0 };
    /// The longest span: `i64::MAX` nanoseconds, about 292 years.
    pub(crate) const MAX: Self = Delta { value: i64::MAX };
    /// The most negative span: `i64::MIN` nanoseconds.
    pub(crate) const MIN: Self = Delta { value: i64::MIN };

    /// A span of `nanos` nanoseconds.
    #[inline]
    pub const fn from_nanos(nanos: i64) -> Self {
        Delta { value: nanos }
    }

    /// A span of `micros` microseconds, saturating at `Delta::MIN`/`Delta::MAX`.
    #[inline]
    pub const fn from_micros(micros: i64) -> Self {
        Delta::from_nanos(micros.saturating_mul(NANOS_PER_MICRO))
    }

    /// A span of `millis` milliseconds, saturating at `Delta::MIN`/`Delta::MAX`.
    #[inline]
    pub const fn from_millis(millis: i64) -> Self {
        Delta::from_nanos(millis.saturating_mul(NANOS_PER_MILLI))
    }

    /// A span of `secs` seconds, saturating at `Delta::MIN`/`Delta::MAX`.
    ///
    /// ```
    /// use typed_clocks::Delta;
    /// assert_eq!(Delta::from_secs(2).as_nanos(), 2_000_000_000);
    /// # use typed_clocks::ext::DeltaExt;
    /// assert_eq!(Delta::from_secs(i64::MAX), Delta::MAX);
    /// ```
    #[inline]
    pub const fn from_secs(secs: i64) -> Self {
        Delta::from_nanos(secs.saturating_mul(NANOS_PER_SEC))
    }

    /// The span in nanoseconds.
    #[inline]
    pub const fn as_nanos(self) -> i64 {
        self.value
    }

    /// The smallest number of whole microseconds greater than or equal to the span:
    /// the exact ceiling toward +∞, for every value.
    ///
    /// This is upstream's `as_micros_ceil` since its true-ceiling fix: a positive
    /// span is rounded up, and a negative one truncated toward zero, which for
    /// negatives is already the ceiling (−1 000 ns is −1 µs, −1 ns is 0 µs). The
    /// usual `(nanos + 999) / 1000` is not used: its addition would saturate near
    /// `i64::MAX` and drop the rounding, so `Delta::MAX` gives
    /// 9 223 372 036 854 776 µs here, one more than `i64::MAX / 1000`.
    ///
    /// ```
    /// use typed_clocks::Delta;
    /// assert_eq!(Delta::from_nanos(1).as_micros_ceil(), 1);
    /// assert_eq!(Delta::from_nanos(1_000).as_micros_ceil(), 1);
    /// assert_eq!(Delta::from_nanos(1_001).as_micros_ceil(), 2);
    /// assert_eq!(Delta::from_nanos(-1).as_micros_ceil(), 0);
    /// assert_eq!(Delta::from_nanos(-1_000).as_micros_ceil(), -1);
    /// # use typed_clocks::ext::DeltaExt;
    /// assert_eq!(Delta::MAX.as_micros_ceil(), 9_223_372_036_854_776);
    /// ```
    #[inline]
    pub const fn as_micros_ceil(self) -> i64 {
        ceil_div::<NSEC_PER_USEC>(self.value)
    }

    /// The smallest number of whole milliseconds greater than or equal to the span
    /// (upstream's `as_millis_ceil`): the exact ceiling toward +∞, as
    /// [`Delta::as_micros_ceil`].
    ///
    /// ```
    /// use typed_clocks::Delta;
    /// assert_eq!(Delta::from_nanos(1).as_millis_ceil(), 1);
    /// assert_eq!(Delta::from_micros(1_500).as_millis_ceil(), 2);
    /// assert_eq!(Delta::from_micros(-1_500).as_millis_ceil(), -1);
    /// # use typed_clocks::ext::DeltaExt;
    /// assert_eq!(Delta::MAX.as_millis_ceil(), 9_223_372_036_855);
    /// ```
    #[inline]
    pub const fn as_millis_ceil(self) -> i64 {
        ceil_div::<NSEC_PER_MSEC>(self.value)
    }

    /// The span in whole milliseconds, **truncated toward zero**: 1.9 ms → 1 ms,
    /// −1.9 ms → −1 ms.
    ///
    /// ```
    /// use typed_clocks::Delta;
    /// assert_eq!(Delta::from_micros(1_900).as_millis(), 1);
    /// assert_eq!(Delta::from_micros(-1_900).as_millis(), -1);
    /// ```
    #[inline]
    pub const fn as_millis(self) -> i64 {
        self.value / NANOS_PER_MILLI
    }

    /// The span in whole seconds, truncated toward zero.
    #[inline]
    pub(crate) const fn as_secs(self) -> i64 {
        self.value / NANOS_PER_SEC
    }

    /// Whether the span is exactly zero.
    #[inline]
    pub const fn is_zero(self) -> bool {
        self.value == 0
    }

    /// Whether the span is negative (the end came before the start).
    #[inline]
    pub const fn is_negative(self) -> bool {
        self.value < 0
    }

    /// The absolute value, saturating: `Delta::MIN.abs()` is `Delta::MAX`.
    #[inline]
    pub(crate) const fn abs(self) -> Self {
        Delta::from_nanos(self.value.saturating_abs())
    }

    /// `self + other`, or `None` on overflow.
    #[inline]
    pub(crate) const fn checked_add(self, other: Self) -> Option<Self> {
        match self.value.checked_add(other.value) {
            Some(nanos) => Some(Delta::from_nanos(nanos)),
            None => None,
        }
    }

    /// `self - other`, or `None` on overflow.
    #[inline]
    pub(crate) const fn checked_sub(self, other: Self) -> Option<Self> {
        match self.value.checked_sub(other.value) {
            Some(nanos) => Some(Delta::from_nanos(nanos)),
            None => None,
        }
    }

    /// `self * factor`, or `None` on overflow.
    #[inline]
    pub(crate) const fn checked_mul(self, factor: i64) -> Option<Self> {
        match self.value.checked_mul(factor) {
            Some(nanos) => Some(Delta::from_nanos(nanos)),
            None => None,
        }
    }

    /// `self / divisor` (truncated toward zero), or `None` when `divisor` is zero or the
    /// result overflows (`Delta::MIN / -1`).
    #[inline]
    pub(crate) const fn checked_div(self, divisor: i64) -> Option<Self> {
        match self.value.checked_div(divisor) {
            Some(nanos) => Some(Delta::from_nanos(nanos)),
            None => None,
        }
    }

    /// `self + other`, saturating at `Delta::MIN`/`Delta::MAX` (the `+` operator).
    #[inline]
    pub(crate) const fn saturating_add(self, other: Self) -> Self {
        Delta::from_nanos(self.value.saturating_add(other.value))
    }

    /// `self - other`, saturating at `Delta::MIN`/`Delta::MAX` (the `-` operator).
    #[inline]
    pub(crate) const fn saturating_sub(self, other: Self) -> Self {
        Delta::from_nanos(self.value.saturating_sub(other.value))
    }

    /// `self * factor`, saturating at `Delta::MIN`/`Delta::MAX` (the `*` operator).
    #[inline]
    pub(crate) const fn saturating_mul(self, factor: i64) -> Self {
        Delta::from_nanos(self.value.saturating_mul(factor))
    }

    /// `self / divisor`, truncated toward zero, never panicking:
    /// `Delta::MIN / -1` saturates to `Delta::MAX`, and division by zero saturates to
    /// `Delta::MAX` for a positive span, `Delta::MIN` for a negative one and
    /// [`Delta::ZERO`] for zero — the limit of dividing by ever smaller divisors. Use
    /// `checked_div` to tell these cases apart.
    #[inline]
    pub(crate) const fn saturating_div(self, divisor: i64) -> Self {
        if divisor == 0 {
            return if self.value > 0 {
                Delta::MAX
            } else if self.value < 0 {
                Delta::MIN
            } else {
                Delta::ZERO
            };
        }
        Delta::from_nanos(self.value.saturating_div(divisor))
    }

    /// `self % dividend`, with `dividend` in nanoseconds: the part of the span left
    /// over after whole multiples of `dividend`, with the sign of `self` (Rust's and
    /// C's `%`). Upstream's `Delta::rem_nanos`; the dividend is an `i32` because the
    /// kernel has no `s64 % s64` on 32-bit machines.
    ///
    /// Never panics, where upstream's `%` would: a `dividend` of 0 gives
    /// [`Delta::ZERO`] (there is no remainder to speak of), and `Delta::MIN` by −1
    /// gives [`Delta::ZERO`] too, the exact remainder.
    ///
    /// ```
    /// use typed_clocks::Delta;
    /// assert_eq!(Delta::from_nanos(1_234_567).rem_nanos(1_000_000), Delta::from_nanos(234_567));
    /// assert_eq!(Delta::from_nanos(-7).rem_nanos(5), Delta::from_nanos(-2));
    /// assert_eq!(Delta::from_nanos(7).rem_nanos(0), Delta::ZERO);
    /// ```
    #[inline]
    pub const fn rem_nanos(self, dividend: i32) -> Self {
        match self.value.checked_rem(dividend as i64) {
            Some(nanos) => Delta::from_nanos(nanos),
            None => Delta::ZERO,
        }
    }
}

impl Add for Delta {
    type Output = Delta;

    /// Saturating addition.
    #[inline]
    fn add(self, other: Delta) -> Delta {
        self.saturating_add(other)
    }
}

impl Sub for Delta {
    type Output = Delta;

    /// Saturating subtraction.
    #[inline]
    fn sub(self, other: Delta) -> Delta {
        self.saturating_sub(other)
    }
}

impl Mul<i64> for Delta {
    type Output = Delta;

    /// Saturating multiplication.
    #[inline]
    fn mul(self, factor: i64) -> Delta {
        self.saturating_mul(factor)
    }
}

impl Mul<Delta> for i64 {
    type Output = Delta;

    /// Saturating multiplication.
    #[inline]
    fn mul(self, delta: Delta) -> Delta {
        delta.saturating_mul(self)
    }
}

impl Div for Delta {
    type Output = i64;

    /// How many times `divisor` fits in `self`, truncated toward zero: upstream's
    /// `Delta / Delta -> i64`. Never panics, where upstream's `/` would: division by
    /// [`Delta::ZERO`] gives `i64::MAX`, `i64::MIN` or 0 by the sign of `self` (as
    /// `saturating_div`), and `Delta::MIN / Delta::from_nanos(-1)`
    /// saturates to `i64::MAX`.
    ///
    /// ```
    /// use typed_clocks::Delta;
    /// assert_eq!(Delta::from_millis(10) / Delta::from_millis(3), 3);
    /// assert_eq!(Delta::from_millis(-10) / Delta::from_millis(3), -3);
    /// assert_eq!(Delta::from_millis(1) / Delta::ZERO, i64::MAX);
    /// ```
    #[inline]
    fn div(self, divisor: Delta) -> i64 {
        self.saturating_div(divisor.value).value
    }
}

impl Neg for Delta {
    type Output = Delta;

    /// Saturating negation: `-Delta::MIN` is `Delta::MAX`.
    #[inline]
    fn neg(self) -> Delta {
        Delta::from_nanos(self.value.saturating_neg())
    }
}

impl AddAssign for Delta {
    #[inline]
    fn add_assign(&mut self, other: Delta) {
        *self = *self + other;
    }
}

impl SubAssign for Delta {
    #[inline]
    fn sub_assign(&mut self, other: Delta) {
        *self = *self - other;
    }
}

impl MulAssign<i64> for Delta {
    #[inline]
    fn mul_assign(&mut self, factor: i64) {
        *self = *self * factor;
    }
}

/// Writes `nanos` in the largest unit it reaches (`ns`, `us`, `ms`, `s`), with exactly
/// the fractional digits needed: `1.5ms`, `-3s`, `250ns`, `12.000000345s`.
pub(crate) fn write_nanos(f: &mut fmt::Formatter<'_>, nanos: i64) -> fmt::Result {
    let sign = if nanos < 0 { "-" } else { "" };
    let magnitude = nanos.unsigned_abs();
    let (unit, scale, digits): (&str, u64, usize) = if magnitude >= NANOS_PER_SEC as u64 {
        ("s", NANOS_PER_SEC as u64, 9)
    } else if magnitude >= NANOS_PER_MILLI as u64 {
        ("ms", NANOS_PER_MILLI as u64, 6)
    } else if magnitude >= NANOS_PER_MICRO as u64 {
        ("us", NANOS_PER_MICRO as u64, 3)
    } else {
        return write!(f, "{sign}{magnitude}ns");
    };
    let whole = magnitude / scale;
    let mut fraction = magnitude % scale;
    if fraction == 0 {
        return write!(f, "{sign}{whole}{unit}");
    }
    let mut width = digits;
    // `% 10` rather than `is_multiple_of` (Rust 1.87): the kernel's `.clippy.toml` sets
    // `msrv = "1.85.0"`, and Clippy's `incompatible_msrv` refuses newer APIs.
    #[allow(clippy::manual_is_multiple_of)]
    while fraction % 10 == 0 {
        fraction /= 10;
        width -= 1;
    }
    write!(f, "{sign}{whole}.{fraction:0width$}{unit}")
}

/// Human units, exact: `1.5ms`, `-3s`, `250ns`, `1us`, `0ns`. Microseconds are written
/// `us` (ASCII, as kernel logs prefer).
impl fmt::Display for Delta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_nanos(f, self.value)
    }
}

/// A [`Duration`] too long for a [`Delta`] (more than `i64::MAX` nanoseconds).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DeltaOutOfRange;

impl fmt::Display for DeltaOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("duration exceeds the range of Delta (i64::MAX nanoseconds, about 292 years)")
    }
}

impl core::error::Error for DeltaOutOfRange {}

/// A negative [`Delta`], which no [`Duration`] can hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NegativeDelta;

impl fmt::Display for NegativeDelta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a negative Delta cannot be converted to a Duration")
    }
}

impl core::error::Error for NegativeDelta {}

impl TryFrom<Duration> for Delta {
    type Error = DeltaOutOfRange;

    /// Exact, or [`DeltaOutOfRange`] above `i64::MAX` nanoseconds.
    ///
    /// ```
    /// use core::time::Duration;
    /// use typed_clocks::Delta;
    /// assert_eq!(Delta::try_from(Duration::from_millis(3)), Ok(Delta::from_millis(3)));
    /// assert!(Delta::try_from(Duration::MAX).is_err());
    /// ```
    fn try_from(duration: Duration) -> Result<Self, Self::Error> {
        i64::try_from(duration.as_nanos())
            .map(Delta::from_nanos)
            .map_err(|_| DeltaOutOfRange)
    }
}

impl TryFrom<Delta> for Duration {
    type Error = NegativeDelta;

    /// Exact, or [`NegativeDelta`] for a negative span.
    ///
    /// ```
    /// use core::time::Duration;
    /// use typed_clocks::Delta;
    /// assert_eq!(Duration::try_from(Delta::from_micros(7)), Ok(Duration::from_micros(7)));
    /// assert!(Duration::try_from(Delta::from_nanos(-1)).is_err());
    /// ```
    fn try_from(delta: Delta) -> Result<Self, Self::Error> {
        u64::try_from(delta.value)
            .map(Duration::from_nanos)
            .map_err(|_| NegativeDelta)
    }
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
