//! Support for the code that `declare_clocks!` generates. Not public API: nothing
//! here follows semver.

pub use core;
// Short paths for the generated impls, which name everything through this module
// (`$crate::__private::str` is the primitive even where a user type shadows `str`).
pub use core::marker::Sized;
pub use core::primitive::{bool, i128, str, u64, u8};
// `include_bytes!` by a short path: resolving it through `core` loads core's root module.
pub use core::include_bytes;

/// Writes out the kernel services of a table (see `services.rs`).
#[cfg(feature = "kernel-services")]
pub use crate::__kernel_services as kernel_services;
/// Without the `kernel-services` feature: one error, at the table's `kernel_services` key.
#[cfg(not(feature = "kernel-services"))]
pub use crate::__no_kernel_services as kernel_services;

/// Stands in for `__kernel_services!` without typed-clocks's `kernel-services` feature:
/// one error at the table's `kernel_services` key (`at`, `clocks.toml:LINE:COL: `), and
/// the `kernel_services::Services` type that the table's `hrtimer` rows name, so that
/// nothing else fails.
#[cfg(not(feature = "kernel-services"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __no_kernel_services {
    (at = $at:literal; $($rest:tt)*) => {
        $crate::__private::core::compile_error!($crate::__private::core::concat!(
            $at,
            "`kernel_services = true` needs typed-clocks's `kernel-services` feature: enable it, \
             `typed-clocks = { version = \"…\", features = [\"kernel-services\"] }` in \
             Cargo.toml, or remove the key"
        ));
        /// Stands in for the kernel services (see the error above).
        pub mod kernel_services {
            /// Stands in for the kernel services' type.
            pub enum Services {}
        }
    };
}

/// The [`HrTimerClock::Bindings`](crate::HrTimerClock::Bindings) of the clocks of a
/// table that has no kernel services: no C timer functions, so timers cannot run on
/// its clocks. It implements no `HrTimerBindings`, so a timer mode on such a clock
/// does not compile.
pub enum NoHrTimerBindings {}

/// Write out the rows `declare_clocks!` validated, one template per backend (see
/// `items.rs`).
pub use crate::{
    __clocks_bindings as clocks_bindings, __clocks_extern as clocks_extern,
    __clocks_posix as clocks_posix,
};
/// The procedural macro, which `typed_clocks::declare_clocks!` calls with the path of
/// this crate.
pub use typed_clocks_macros::declare_clocks;

pub use crate::clock::*;
pub use crate::convert::{ConvertsTo, OffsetClock};
pub use crate::ext::ClockSourceExt;
pub use crate::table::{ClockInfo, ClockVisitor};

#[cfg(feature = "posix")]
pub use crate::posix::PosixClock;
#[cfg(feature = "posix")]
pub use libc;

/// The C `ktime_t`, as a getter's return type in the template's rows and messages.
#[allow(non_camel_case_types)]
pub type ktime_t = Ktime;

/// What the glob import of a bindings module (or `libc`) leaves a missing constant
/// as: the row's stand-in, an `i128` no constant of a C integer type can equal.
pub const MISSING: i128 = i128::MIN;

/// The stand-in for a getter that the bindings module lacks, by its return type: a
/// function pointer, which the template tells from a function item by its size.
pub trait MissingGetter: Sized {
    /// Never called: the const assertion beside it fails the build first.
    const GETTER: unsafe extern "C" fn() -> Self;
}

impl MissingGetter for Ktime {
    const GETTER: unsafe extern "C" fn() -> Self = missing_ktime;
}

impl MissingGetter for u64 {
    const GETTER: unsafe extern "C" fn() -> Self = missing_u64;
}

extern "C" fn missing_ktime() -> Ktime {
    0
}

extern "C" fn missing_u64() -> u64 {
    0
}

/// Whether `value`'s type is zero-sized: a function item is, a function pointer is not.
pub const fn is_zero_sized<T>(value: &T) -> bool {
    size_of_val(value) == 0
}

/// Whether a clock id constant's value fits a `clockid_t`.
pub const fn fits_clock_id(id: i128) -> bool {
    id >= ClockId::MIN as i128 && id <= ClockId::MAX as i128
}

/// A clock id constant's value as a `clockid_t`. Where it does not fit, or the
/// constant is missing, the template's assertion beside it fails the build, and this
/// is `CLOCK_MONOTONIC` (1): no other check of the id (a monotonic or hrtimer clock id)
/// fails with it, so the missing constant is the one error.
pub const fn clock_id(id: i128) -> ClockId {
    if fits_clock_id(id) {
        id as ClockId
    } else {
        1
    }
}

/// Whether the kernel has an hrtimer base for `id`: `CLOCK_REALTIME`,
/// `CLOCK_MONOTONIC`, `CLOCK_BOOTTIME` and `CLOCK_TAI` (`hrtimer_clockid_to_base`).
pub const fn has_hrtimer_base(id: ClockId) -> bool {
    matches!(id, 0 | 1 | 7 | 11)
}

/// Whether `clock_gettime(id)` reads a clock that never goes backwards on every running
/// Linux: `CLOCK_MONOTONIC`, `CLOCK_MONOTONIC_RAW`, `CLOCK_MONOTONIC_COARSE` and
/// `CLOCK_BOOTTIME`. Not `CLOCK_BOOTTIME_ALARM`: without an RTC (containers, most VMs)
/// `clock_gettime` fails on it, and a clock that cannot be read cannot time a wait.
pub const fn is_monotonic_clock_id(id: ClockId) -> bool {
    matches!(id, 1 | 4 | 6 | 7)
}

/// A getter's reading as a `Ktime` in `0..=KTIME_MAX`.
pub trait Reading {
    /// The reading as a `Ktime`.
    fn into_ktime(self) -> Ktime;
}

impl Reading for Ktime {
    /// A `ktime_t` getter's reading, which its contract puts in `0..=KTIME_MAX`.
    #[inline]
    fn into_ktime(self) -> Ktime {
        self
    }
}

impl Reading for u64 {
    /// `u64` nanoseconds, as the kernel's `ns_to_ktime()` takes them, clamped to
    /// `KTIME_MAX` (292 years: past every clock's range).
    #[inline]
    fn into_ktime(self) -> Ktime {
        if self > Ktime::MAX as u64 {
            Ktime::MAX
        } else {
            self as Ktime
        }
    }
}

/// Reading clocks for the posix backend.
#[cfg(feature = "posix")]
pub mod posix {
    use crate::clock::Ktime;

    /// Reads clock `clockid` with `clock_gettime`, in nanoseconds in `0..=KTIME_MAX`:
    /// each `ktime_get()` of `declare_clocks!(…, backend = posix)`.
    ///
    /// A reading that fails is `KTIME_MAX`, the end of the clock's range, where every
    /// deadline has passed (see `crate::posix::read_clock`); the generated code takes
    /// its ids from the clock table, which [`is_readable_clock_id`] limits to ids that
    /// do not fail.
    #[inline]
    pub fn read_clock(clockid: libc::clockid_t) -> Ktime {
        crate::posix::read_clock(clockid)
    }

    /// Whether `clock_gettime(id)` reads on every running Linux: `CLOCK_REALTIME` to
    /// `CLOCK_BOOTTIME` (0 to 7) and `CLOCK_TAI` (11). Not the alarm clocks (8, 9),
    /// which fail without an RTC, nor negative ids (the CPU clocks of other processes
    /// and threads, clocks of file descriptors), which fail once their owner is gone
    /// (a thread's, outside its process), nor ids Linux does not have. The posix
    /// template refuses the others at compile time.
    pub const fn is_readable_clock_id(id: libc::clockid_t) -> bool {
        matches!(id, 0..=7 | 11)
    }
}

/// Seals [`MonotonicClock`]: `declare_clocks!` implements it for rows with
/// `monotonic = true`, and an implementation by hand needs `unsafe`.
///
/// # Safety
///
/// The clock never goes backwards: a poll loop timed on it (`read_poll_timeout`) ends
/// only if it does not.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared monotonic in its clock table",
    label = "`MonotonicClock` is sealed: only rows with `monotonic = true` implement it",
    note = "if the clock really never goes backwards, set `monotonic = true` in its row of \
            `clocks.toml`"
)]
pub unsafe trait SealedMonotonic {}

/// `Instant<D>: SameClockAs<C, D>` holds only for `D = C`: the bound on subtracting
/// instants, so that mixing clocks fails with a message that says what is wrong.
///
/// The self type is the right-hand `Instant<D>` rather than the clock `D`: a bound
/// whose self type is a bare inference variable (`D: SameClockAs<C>`) stays ambiguous
/// and would break `a - Instant::from_ktime(5)`, while `Instant<?D>` still selects the
/// one impl and infers `D = C`. The second parameter repeats `D` only so that the
/// message can name both clocks.
///
/// Its one impl is below, and its private supertrait has the same one only: no crate
/// can add another (an `impl SameClockAs<Mono, Real> for Instant<Real>` does not
/// compile), so subtraction across clocks cannot be made to compile.
#[diagnostic::on_unimplemented(
    message = "cannot subtract an `Instant<{D}>` from an `Instant<{C}>`: they come from \
               different clocks",
    label = "the left-hand instant is on clock `{C}`, the right-hand one on `{D}`",
    note = "a difference of instants only means something on one clock; convert one instant \
            explicitly with `InstantExt::to_clock` (where the clock table declares an offset), or \
            measure a `Delta` on each clock separately"
)]
pub trait SameClockAs<C, D>: same_clock::Sealed<C, D> {}

impl<C: ClockSource> SameClockAs<C, C> for crate::instant::Instant<C> {}

mod same_clock {
    /// Seals [`SameClockAs`](super::SameClockAs): this module is private, so only the
    /// impl below exists.
    pub trait Sealed<C, D> {}

    impl<C: crate::ClockSource> Sealed<C, C> for crate::instant::Instant<C> {}
}

/// Seals [`NmiSafeClock`]: `declare_clocks!` implements it for rows with
/// `nmi_safe = true`, and an implementation by hand needs `unsafe`.
///
/// The expansion of `declare_clocks!` runs in the user's crate, so whatever it names,
/// code there could name too: no seal can stop a hand-written implementation. This one
/// makes it `unsafe impl`, written on purpose: a wrong `NmiSafeClock` lets
/// `nmi::now` call a seqcount reader from an NMI, which deadlocks the CPU if the NMI
/// interrupted a timekeeping update.
///
/// # Safety
///
/// The clock's getter must be callable from NMI context: one of the kernel's
/// `*_fast_ns` accessors, which read a latched copy of the timekeeper and never wait.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared NMI-safe in its clock table",
    label = "`NmiSafeClock` is sealed: only rows with `nmi_safe = true` implement it"
)]
pub unsafe trait SealedNmiSafe {}

/// Seals [`SettableClock`]: only `declare_clocks!` implements it, for rows with
/// `settable = true`. Nothing's safety depends on it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared settable in its clock table",
    label = "`SettableClock` is sealed: only rows with `settable = true` implement it"
)]
pub trait SealedSettable {}

/// Seals [`SuspendCountingClock`]: only `declare_clocks!` implements it, for rows with
/// `counts_suspend = true`. Nothing's safety depends on it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared to count suspend in its clock table",
    label = "`SuspendCountingClock` is sealed: only rows with `counts_suspend = true` implement it"
)]
pub trait SealedSuspendCounting {}

/// Seals `PosixClock`: only `declare_clocks!(…, backend = posix)` implements it, with
/// the row's `clockid`; an implementation by hand needs `unsafe`.
///
/// # Safety
///
/// The clock's `ClockSource::ktime_get` reads `clock_gettime(PosixClock::CLOCKID)`,
/// and `CLOCKID` is its `ClockSource::ID`: what `clock_gettime` does with that id is
/// then what the clock does (the template checks `monotonic` rows against it).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared with the posix backend",
    label = "`PosixClock` is sealed: declare the clock with `backend = posix`"
)]
pub unsafe trait SealedPosixClock {}
