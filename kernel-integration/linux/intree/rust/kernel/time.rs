// SPDX-License-Identifier: GPL-2.0

//! Time related primitives.
//!
//! This module contains the kernel APIs related to time and timers that
//! have been ported or wrapped for usage by Rust code in the kernel.
//!
//! There are two types in this module:
//!
//! - The [`Instant`] type represents a specific point in time.
//! - The [`Delta`] type represents a span of time.
//!
//! Note that the C side uses `ktime_t` type to represent both. However, timestamp
//! and timedelta are different. To avoid confusion, we use two different types.
//!
//! A [`Instant`] object can be created by calling the [`Instant::now()`] function.
//! It represents a point in time at which the object was created.
//! By calling the [`Instant::elapsed()`] method, a [`Delta`] object representing
//! the elapsed time can be created. The [`Delta`] object can also be created
//! by subtracting two [`Instant`] objects.
//!
//! A [`Delta`] type supports methods to retrieve the duration in various units.
//!
//! The clocks ([`Monotonic`], [`RealTime`], [`BootTime`], [`Tai`] and the others) are
//! declared by `declare_clocks!`, one per row of
//! [`rust/kernel/time/clocks.toml`](srctree/rust/kernel/time/clocks.toml), which also
//! says what each clock can do: adding a clock is adding a row. [`CLOCKS`] lists them.
//!
//! C header: [`include/linux/jiffies.h`](srctree/include/linux/jiffies.h).
//! C header: [`include/linux/ktime.h`](srctree/include/linux/ktime.h).

use core::marker::PhantomData;
use core::ops;

pub mod delay;
pub mod hrtimer;
#[cfg(CONFIG_KUNIT = "y")]
mod tests;

/// The number of nanoseconds per microsecond.
pub const NSEC_PER_USEC: i64 = bindings::NSEC_PER_USEC as i64;

/// The number of nanoseconds per millisecond.
pub const NSEC_PER_MSEC: i64 = bindings::NSEC_PER_MSEC as i64;

/// The number of nanoseconds per second.
pub const NSEC_PER_SEC: i64 = bindings::NSEC_PER_SEC as i64;

/// The time unit of Linux kernel. One jiffy equals (1/HZ) second.
pub type Jiffies = crate::ffi::c_ulong;

/// The millisecond time unit.
pub type Msecs = crate::ffi::c_uint;

/// Converts milliseconds to jiffies.
#[inline]
pub fn msecs_to_jiffies(msecs: Msecs) -> Jiffies {
    // SAFETY: The `__msecs_to_jiffies` function is always safe to call no
    // matter what the argument is.
    unsafe { bindings::__msecs_to_jiffies(msecs) }
}

/// Trait for clock sources.
///
/// A clock source is a type that names a kernel clock, never a borrowed value, so it is
/// `'static`: code that keeps an [`Instant<C>`] where only `'static` data may go (a
/// timer's data, a static) needs no `C: 'static` bound of its own.
///
/// Selection of the clock source depends on the use case. In some cases the usage of a
/// particular clock is mandatory, e.g. in network protocols, filesystems. In other
/// cases the user of the clock has to decide which clock is best suited for the
/// purpose. In most scenarios clock [`Monotonic`] is the best choice as it
/// provides a accurate monotonic notion of time (leap second smearing ignored).
///
/// # Safety
///
/// Implementers must ensure that `ktime_get()` returns a value in the inclusive range
/// `0..=KTIME_MAX` (i.e., greater than or equal to 0 and less than or equal to
/// `KTIME_MAX`, where `KTIME_MAX` equals `i64::MAX`).
pub unsafe trait ClockSource: 'static {
    /// The kernel clock ID associated with this clock source.
    ///
    /// This constant corresponds to the C side `clockid_t` value.
    const ID: bindings::clockid_t;

    /// Get the current time from the clock source.
    ///
    /// The function must return a value in the range `0..=KTIME_MAX`.
    fn ktime_get() -> bindings::ktime_t;
}

// The clocks, one per row of `time/clocks.toml`, with what each row says of its clock:
// the traits of its capabilities (`MonotonicClock`, `HrTimerClock`, ...), its row as
// data (`TableClock`, `CLOCKS`), and the conversions between the clocks the kernel's
// timekeeper offsets relate (`ConvertsTo`).
typed_clocks_macros::declare_clocks!(
    "time/clocks.toml",
    // SAFETY: `crate::bindings` is bindgen's output for the kernel's headers, so each
    // getter, clock id constant and timekeeper offset that the table names is the
    // kernel's; the table's rows say what the kernel says of each clock
    // (`Documentation/core-api/timekeeping.rst`).
    unsafe(bindings = crate::bindings),
    runtime = self
);

/// A specific point in time.
///
/// # Invariants
///
/// The `inner` value is in the range from 0 to `KTIME_MAX`.
#[repr(transparent)]
#[derive(PartialEq, PartialOrd, Eq, Ord)]
pub struct Instant<C: ClockSource> {
    inner: bindings::ktime_t,
    _c: PhantomData<C>,
}

impl<C: ClockSource> Clone for Instant<C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C: ClockSource> Copy for Instant<C> {}

impl<C: ClockSource> Instant<C> {
    /// Get the current time from the clock source.
    #[inline]
    pub fn now() -> Self {
        // INVARIANT: The `ClockSource::ktime_get()` function returns a value in the range
        // from 0 to `KTIME_MAX`.
        Self {
            inner: C::ktime_get(),
            _c: PhantomData,
        }
    }

    /// Return the amount of time elapsed since the [`Instant`].
    ///
    /// Only a [`MonotonicClock`] has it: on a clock that can be set, such as [`RealTime`],
    /// the time since an instant means nothing once the clock was set in between.
    #[inline]
    pub fn elapsed(&self) -> Delta
    where
        C: MonotonicClock,
    {
        Self::now() - *self
    }

    #[inline]
    pub(crate) fn as_nanos(&self) -> i64 {
        self.inner
    }

    /// Create an [`Instant`] from a `ktime_t` without checking if it is non-negative.
    ///
    /// # Panics
    ///
    /// On debug builds, this function will panic if `ktime` is not in the range from 0 to
    /// `KTIME_MAX`.
    ///
    /// # Safety
    ///
    /// The caller promises that `ktime` is in the range from 0 to `KTIME_MAX`.
    #[inline]
    pub(crate) unsafe fn from_ktime(ktime: bindings::ktime_t) -> Self {
        debug_assert!(ktime >= 0);

        // INVARIANT: Our safety contract ensures that `ktime` is in the range from 0 to
        // `KTIME_MAX`.
        Self {
            inner: ktime,
            _c: PhantomData,
        }
    }
}

impl<C: ClockSource> ops::Sub for Instant<C> {
    type Output = Delta;

    // By the type invariant, it never overflows.
    #[inline]
    fn sub(self, other: Instant<C>) -> Delta {
        Delta {
            value: self.inner - other.inner,
        }
    }
}

/// Saturates at `KTIME_MAX` and at 0 (C's `ktime_add_safe()` makes a negative sum
/// `KTIME_MAX`).
impl<T: ClockSource> ops::Add<Delta> for Instant<T> {
    type Output = Self;

    #[inline]
    fn add(self, rhs: Delta) -> Self::Output {
        // INVARIANT: The sum saturates at `KTIME_MAX` (`i64::MAX`) and is clamped at 0.
        Self {
            inner: self.inner.saturating_add(rhs.value).max(0),
            _c: PhantomData,
        }
    }
}

/// Saturates at `KTIME_MAX` and at 0 (C's `ktime_add_safe()` makes a negative sum
/// `KTIME_MAX`).
impl<T: ClockSource> ops::Sub<Delta> for Instant<T> {
    type Output = Self;

    #[inline]
    fn sub(self, rhs: Delta) -> Self::Output {
        // INVARIANT: The difference saturates at `KTIME_MAX` (`i64::MAX`) and is
        // clamped at 0.
        Self {
            inner: self.inner.saturating_sub(rhs.value).max(0),
            _c: PhantomData,
        }
    }
}

mod private {
    pub trait Sealed {}

    impl Sealed for super::Nsec {}
    impl Sealed for super::Jiffy {}
}

/// A trait for time units.
pub trait TimeUnit: private::Sealed {
    /// The underlying representation of the time unit.
    type Repr: Copy + Clone + PartialEq + PartialOrd + Eq + Ord + core::fmt::Debug;
}

/// A time unit of nanoseconds.
///
/// A [`Delta<Nsec>`] stores its value as [`i64`] nanoseconds and can represent
/// any [`i64`] value, including negative, zero, and positive numbers.
#[derive(Copy, Clone, PartialEq, PartialOrd, Eq, Ord, Debug)]
pub enum Nsec {}

impl TimeUnit for Nsec {
    type Repr = i64;
}

/// A time unit of jiffies.
///
/// A [`Delta<Jiffy>`] stores its value as [`isize`] jiffies and can represent
/// any [`isize`] value, including negative, zero, and positive numbers.
#[derive(Copy, Clone, PartialEq, PartialOrd, Eq, Ord, Debug)]
pub enum Jiffy {}

impl TimeUnit for Jiffy {
    type Repr = isize;
}

/// A span of time.
///
/// The span is stored in the unit given by the type parameter `U` (see
/// [`TimeUnit`]); its value has type `U::Repr`. `U` defaults to [`Nsec`], so a
/// plain [`Delta`] is a span in nanoseconds. The value can be negative, zero, or
/// positive.
#[derive(Copy, Clone, PartialEq, PartialOrd, Eq, Ord, Debug)]
pub struct Delta<U: TimeUnit = Nsec> {
    value: U::Repr,
}

impl Delta<Jiffy> {
    /// Create a new [`Delta`] from a number of jiffies.
    #[inline]
    pub const fn from_jiffies(jiffies: isize) -> Self {
        Self { value: jiffies }
    }

    /// Return the number of jiffies in the [`Delta`].
    #[inline]
    pub const fn as_jiffies(self) -> isize {
        self.value
    }
}

impl ops::Add for Delta {
    type Output = Self;

    #[inline]
    fn add(self, rhs: Self) -> Self {
        Self {
            value: self.value + rhs.value,
        }
    }
}

impl ops::AddAssign for Delta {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        self.value += rhs.value;
    }
}

impl ops::Sub for Delta {
    type Output = Self;

    #[inline]
    fn sub(self, rhs: Self) -> Self::Output {
        Self {
            value: self.value - rhs.value,
        }
    }
}

impl ops::SubAssign for Delta {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        self.value -= rhs.value;
    }
}

impl ops::Mul<i64> for Delta {
    type Output = Self;

    #[inline]
    fn mul(self, rhs: i64) -> Self::Output {
        Self {
            value: self.value * rhs,
        }
    }
}

impl ops::MulAssign<i64> for Delta {
    #[inline]
    fn mul_assign(&mut self, rhs: i64) {
        self.value *= rhs;
    }
}

impl ops::Div for Delta {
    type Output = i64;

    #[inline]
    fn div(self, rhs: Self) -> Self::Output {
        #[cfg(CONFIG_64BIT)]
        {
            self.value / rhs.value
        }

        #[cfg(not(CONFIG_64BIT))]
        {
            // SAFETY: This function is always safe to call regardless of the input values
            unsafe { bindings::div64_s64(self.value, rhs.value) }
        }
    }
}

impl Delta {
    /// A span of time equal to zero.
    pub const ZERO: Self = Self { value: 0 };

    /// Create a new [`Delta`] from a number of nanoseconds.
    #[inline]
    pub const fn from_nanos(nanos: i64) -> Self {
        Self { value: nanos }
    }

    /// Create a new [`Delta`] from a number of microseconds.
    ///
    /// The `micros` can range from -9_223_372_036_854_775 to 9_223_372_036_854_775.
    /// If `micros` is outside this range, `i64::MIN` is used for negative values,
    /// and `i64::MAX` is used for positive values due to saturation.
    #[inline]
    pub const fn from_micros(micros: i64) -> Self {
        Self {
            value: micros.saturating_mul(NSEC_PER_USEC),
        }
    }

    /// Create a new [`Delta`] from a number of milliseconds.
    ///
    /// The `millis` can range from -9_223_372_036_854 to 9_223_372_036_854.
    /// If `millis` is outside this range, `i64::MIN` is used for negative values,
    /// and `i64::MAX` is used for positive values due to saturation.
    #[inline]
    pub const fn from_millis(millis: i64) -> Self {
        Self {
            value: millis.saturating_mul(NSEC_PER_MSEC),
        }
    }

    /// Create a new [`Delta`] from a number of seconds.
    ///
    /// The `secs` can range from -9_223_372_036 to 9_223_372_036.
    /// If `secs` is outside this range, `i64::MIN` is used for negative values,
    /// and `i64::MAX` is used for positive values due to saturation.
    #[inline]
    pub const fn from_secs(secs: i64) -> Self {
        Self {
            value: secs.saturating_mul(NSEC_PER_SEC),
        }
    }

    /// Return `true` if the [`Delta`] spans no time.
    #[inline]
    pub fn is_zero(self) -> bool {
        self.as_nanos() == 0
    }

    /// Return `true` if the [`Delta`] spans a negative amount of time.
    #[inline]
    pub fn is_negative(self) -> bool {
        self.as_nanos() < 0
    }

    /// Return the number of nanoseconds in the [`Delta`].
    #[inline]
    pub const fn as_nanos(self) -> i64 {
        self.value
    }

    /// Return the smallest number of microseconds greater than or equal
    /// to the value in the [`Delta`].
    #[inline]
    pub fn as_micros_ceil(self) -> i64 {
        // Only positive values need to be rounded up: truncating division already
        // rounds towards zero, i.e. up, for negative values.
        //
        // The usual `(nanos + d - 1) / d` is not used because the addition overflows
        // once `nanos` exceeds `i64::MAX - (d - 1)`; saturating the addition instead
        // would drop the rounding bias and return a result one unit too small.
        let n = self.as_nanos();

        let (n, add) = if n > 0 { (n - 1, 1) } else { (n, 0) };

        #[cfg(CONFIG_64BIT)]
        {
            n / NSEC_PER_USEC + add
        }

        #[cfg(not(CONFIG_64BIT))]
        // SAFETY: It is always safe to call `ktime_to_us()` with any value.
        unsafe {
            bindings::ktime_to_us(n) + add
        }
    }

    /// Return the number of milliseconds in the [`Delta`].
    #[inline]
    pub fn as_millis(self) -> i64 {
        #[cfg(CONFIG_64BIT)]
        {
            self.as_nanos() / NSEC_PER_MSEC
        }

        #[cfg(not(CONFIG_64BIT))]
        // SAFETY: It is always safe to call `ktime_to_ms()` with any value.
        unsafe {
            bindings::ktime_to_ms(self.as_nanos())
        }
    }

    /// Return the smallest number of milliseconds greater than or equal
    /// to the value in the [`Delta`].
    #[inline]
    pub fn as_millis_ceil(self) -> i64 {
        // Only positive values need to be rounded up: truncating division already
        // rounds towards zero, i.e. up, for negative values.
        //
        // The usual `(nanos + d - 1) / d` is not used because the addition overflows
        // once `nanos` exceeds `i64::MAX - (d - 1)`; saturating the addition instead
        // would drop the rounding bias and return a result one unit too small.
        let n = self.as_nanos();

        let (n, add) = if n > 0 { (n - 1, 1) } else { (n, 0) };

        #[cfg(CONFIG_64BIT)]
        {
            n / NSEC_PER_MSEC + add
        }

        #[cfg(not(CONFIG_64BIT))]
        // SAFETY: It is always safe to call `ktime_to_ms()` with any value.
        unsafe {
            bindings::ktime_to_ms(n) + add
        }
    }

    /// Return `self % dividend` where `dividend` is in nanoseconds.
    ///
    /// The kernel doesn't have any emulation for `s64 % s64` on 32 bit platforms, so this is
    /// limited to 32 bit dividends.
    #[inline]
    pub fn rem_nanos(self, dividend: i32) -> Self {
        #[cfg(CONFIG_64BIT)]
        {
            Self {
                value: self.as_nanos() % i64::from(dividend),
            }
        }

        #[cfg(not(CONFIG_64BIT))]
        {
            let mut rem = 0;

            // SAFETY: `rem` is in the stack, so we can always provide a valid pointer to it.
            unsafe { bindings::div_s64_rem(self.as_nanos(), dividend, &mut rem) };

            Self {
                value: i64::from(rem),
            }
        }
    }
}
