//! What this crate adds to upstream's `kernel::time` types, in traits a user imports.
//!
//! The inherent API and the trait items of [`ClockSource`], [`Instant`] and [`Delta`]
//! are exactly upstream Linux 7.3's, so that no addition changes what code written
//! against upstream means: an added inherent method would shadow a driver's own
//! extension-trait method of the same name, and an added associated constant of
//! `ClockSource` would make `C::NAME` ambiguous for a `C` bounded by a driver's trait
//! with a `NAME` too. The additions are here instead, and reach only code that imports
//! them:
//!
//! ```
//! use typed_clocks::ext::{ClockSourceExt, DeltaExt, InstantExt};
//! use typed_clocks::{Delta, Instant};
//! # typed_clocks::declare_clocks! {
//! #     unsafe(extern "C");
//! #     Uptime { getter: ext_doc_getter, monotonic: true, clockid: 1 }
//! # }
//! # #[unsafe(no_mangle)] extern "C" fn ext_doc_getter() -> typed_clocks::Ktime { 5_000 }
//!
//! let at = Instant::<Uptime>::from_ktime(1_000);
//! assert_eq!(at.to_ktime(), 1_000);
//! assert_eq!(at.checked_add(Delta::MAX), None);
//! assert_eq!(Delta::from_millis(-2_500).abs().as_secs(), 2);
//! assert_eq!((Uptime::NAME, Uptime::MONOTONIC), ("Uptime", true));
//! ```
//!
//! The module is not re-exported by a glob at the crate root: `use typed_clocks::*`
//! brings none of these traits into scope (`use typed_clocks::ext::*` does).

use crate::clock::{ClockSource, Ktime};
use crate::delta::Delta;
use crate::instant::Instant;
use crate::{ConvertsTo, Resolution, TableClock};

mod sealed {
    /// Only this crate's `Instant` and `Delta` implement the extension traits.
    pub trait Sealed {}
    impl<C: crate::ClockSource> Sealed for crate::Instant<C> {}
    impl Sealed for crate::Delta {}
}

/// A clock's row of its table: its name, monotonicity and resolution, as constants of
/// the clock ([`TableClock::INFO`]'s).
pub trait ClockSourceExt: ClockSource {
    /// The clock's name in the table, which is also its Rust type name.
    const NAME: &'static str;
    /// Whether the clock never goes backwards (the table's `monotonic`).
    const MONOTONIC: bool;
    /// How finely the clock advances (the table's `resolution`; nanoseconds when the
    /// table does not say).
    const RESOLUTION: Resolution;
}

impl<C: TableClock> ClockSourceExt for C {
    const NAME: &'static str = C::INFO.name;
    const MONOTONIC: bool = C::INFO.monotonic;
    const RESOLUTION: Resolution = C::INFO.resolution;
}

/// What [`Instant`] has besides upstream's `now` and `elapsed`: conversions from and
/// to the raw `ktime_t` and to other clocks, and checked and saturating arithmetic.
pub trait InstantExt: sealed::Sealed + Copy {
    /// The instant's clock.
    type Clock: ClockSource;

    /// The raw `ktime_t`, for passing back to C.
    fn to_ktime(self) -> Ktime;

    /// `self + delta`, or `None` if that leaves the `Ktime` range.
    fn checked_add(self, delta: Delta) -> Option<Self>;

    /// `self - delta`, or `None` if that leaves the `Ktime` range.
    fn checked_sub(self, delta: Delta) -> Option<Self>;

    /// The time from `earlier` to `self`, or [`Delta::ZERO`] if `earlier` is later
    /// (like `std::time::Instant::saturating_duration_since`).
    fn saturating_duration_since(self, earlier: Self) -> Delta;

    /// The same moment on clock `D`, computed with the timekeeper offset between the
    /// clocks as it is *now*.
    ///
    /// A conversion is a snapshot: if the offset changes in between (real time is set,
    /// the system suspends, the TAI offset is updated), converting the same instant
    /// again gives a different result — and an instant from before the change is
    /// converted with the new offset. Only clocks related in the clock table convert.
    /// The result saturates at the `Ktime` range, as instant arithmetic does.
    ///
    /// ```
    /// use typed_clocks::ext::InstantExt; // `to_clock`
    /// use typed_clocks::Instant;
    /// mod bindings {
    ///     #![allow(non_upper_case_globals)]
    ///     pub const tk_offsets_TK_OFFS_BOOT: u32 = 1;
    ///     /// # Safety
    ///     /// Test double of the C function: the system slept 7 µs.
    ///     pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: u32) -> i64 { ktime + 7_000 }
    ///     /// # Safety
    ///     /// Test double of the C function.
    ///     pub unsafe fn mono() -> i64 { 1_000 }
    ///     /// # Safety
    ///     /// Test double of the C function.
    ///     pub unsafe fn boot() -> i64 { 8_000 }
    /// }
    /// typed_clocks::declare_clocks! {
    ///     unsafe(bindings = bindings);
    ///     Mono { getter: mono, monotonic: true, clockid: 1, offset_base: true },
    ///     Boot { getter: boot, monotonic: true, clockid: 7, offset: TK_OFFS_BOOT },
    /// }
    /// let mono = Instant::<Mono>::now();
    /// assert_eq!(mono.to_clock::<Boot>(), Instant::<Boot>::now());
    /// assert_eq!(Instant::<Boot>::now().to_clock::<Mono>(), mono);
    /// ```
    fn to_clock<D: ClockSource>(self) -> Instant<D>
    where
        Self::Clock: ConvertsTo<D>;
}

impl<C: ClockSource> InstantExt for Instant<C> {
    type Clock = C;

    #[inline]
    fn to_ktime(self) -> Ktime {
        Instant::to_ktime(self)
    }

    #[inline]
    fn checked_add(self, delta: Delta) -> Option<Self> {
        Instant::checked_add(self, delta)
    }

    #[inline]
    fn checked_sub(self, delta: Delta) -> Option<Self> {
        Instant::checked_sub(self, delta)
    }

    #[inline]
    fn saturating_duration_since(self, earlier: Self) -> Delta {
        Instant::saturating_duration_since(self, earlier)
    }

    #[inline]
    fn to_clock<D: ClockSource>(self) -> Instant<D>
    where
        C: ConvertsTo<D>,
    {
        <C as ConvertsTo<D>>::to_clock(self)
    }
}

/// What [`Delta`] has besides upstream's API: its range, whole seconds, the absolute
/// value, and checked and saturating arithmetic (the operators saturate too).
///
/// ```
/// use typed_clocks::ext::DeltaExt;
/// use typed_clocks::Delta;
/// assert_eq!(Delta::from_secs(3).saturating_div(2), Delta::from_millis(1_500));
/// assert_eq!(Delta::from_secs(3).saturating_div(0), Delta::MAX);
/// assert_eq!(Delta::from_secs(-3).saturating_div(0), Delta::MIN);
/// assert_eq!(Delta::ZERO.saturating_div(0), Delta::ZERO);
/// assert_eq!(Delta::MAX.checked_add(Delta::from_nanos(1)), None);
/// ```
pub trait DeltaExt: sealed::Sealed + Copy {
    /// The longest span: `i64::MAX` nanoseconds, about 292 years.
    const MAX: Self;
    /// The most negative span: `i64::MIN` nanoseconds.
    const MIN: Self;

    /// The span in whole seconds, truncated toward zero.
    fn as_secs(self) -> i64;

    /// The absolute value, saturating: `Delta::MIN.abs()` is [`MAX`](Self::MAX).
    fn abs(self) -> Self;

    /// `self + other`, or `None` on overflow.
    fn checked_add(self, other: Self) -> Option<Self>;

    /// `self - other`, or `None` on overflow.
    fn checked_sub(self, other: Self) -> Option<Self>;

    /// `self * factor`, or `None` on overflow.
    fn checked_mul(self, factor: i64) -> Option<Self>;

    /// `self / divisor` (truncated toward zero), or `None` when `divisor` is zero or
    /// the result overflows (`Delta::MIN / -1`).
    fn checked_div(self, divisor: i64) -> Option<Self>;

    /// `self + other`, saturating at [`MIN`](Self::MIN)/[`MAX`](Self::MAX) (the `+`
    /// operator).
    fn saturating_add(self, other: Self) -> Self;

    /// `self - other`, saturating (the `-` operator).
    fn saturating_sub(self, other: Self) -> Self;

    /// `self * factor`, saturating (the `*` operator).
    fn saturating_mul(self, factor: i64) -> Self;

    /// `self / divisor`, truncated toward zero, never panicking: `Delta::MIN / -1`
    /// saturates to [`MAX`](Self::MAX), and division by zero saturates to `MAX` for a
    /// positive span, `MIN` for a negative one and [`Delta::ZERO`] for zero — the
    /// limit of dividing by ever smaller divisors. [`checked_div`](Self::checked_div)
    /// tells these cases apart. (There is no `Delta / i64` operator: beside
    /// upstream's `Delta / Delta` it would make `a / b.into()` ambiguous.)
    fn saturating_div(self, divisor: i64) -> Self;
}

impl DeltaExt for Delta {
    const MAX: Self = Delta::MAX;
    const MIN: Self = Delta::MIN;

    #[inline]
    fn as_secs(self) -> i64 {
        Delta::as_secs(self)
    }

    #[inline]
    fn abs(self) -> Self {
        Delta::abs(self)
    }

    #[inline]
    fn checked_add(self, other: Self) -> Option<Self> {
        Delta::checked_add(self, other)
    }

    #[inline]
    fn checked_sub(self, other: Self) -> Option<Self> {
        Delta::checked_sub(self, other)
    }

    #[inline]
    fn checked_mul(self, factor: i64) -> Option<Self> {
        Delta::checked_mul(self, factor)
    }

    #[inline]
    fn checked_div(self, divisor: i64) -> Option<Self> {
        Delta::checked_div(self, divisor)
    }

    #[inline]
    fn saturating_add(self, other: Self) -> Self {
        Delta::saturating_add(self, other)
    }

    #[inline]
    fn saturating_sub(self, other: Self) -> Self {
        Delta::saturating_sub(self, other)
    }

    #[inline]
    fn saturating_mul(self, factor: i64) -> Self {
        Delta::saturating_mul(self, factor)
    }

    #[inline]
    fn saturating_div(self, divisor: i64) -> Self {
        Delta::saturating_div(self, divisor)
    }
}
