//! Support for the code that `declare_clocks!` generates. Not public API: nothing
//! here follows semver, and implementing [`Sealed`] by hand opts out of every
//! guarantee the clock table gives.

pub use core;
// Short paths for the generated impls, which name everything through this module
// (`$crate::__private::str` is the primitive even where a user type shadows `str`).
pub use core::marker::Sized;
pub use core::option::Option;
pub use core::primitive::{bool, str, u64, u8};

/// Writes out the rows `declare_clocks!` validated (see `items.rs`).
pub use crate::__clock_items as clock_items;
/// Writes out the kernel services of a table (see `services.rs`).
#[cfg(feature = "kernel-services")]
pub use crate::__kernel_services as kernel_services;

/// The bindings of the clocks of a table without kernel services: no C timer
/// functions, so timers cannot run on its clocks. It implements no
/// `HrTimerBindings`, so a timer mode on such a clock does not compile.
pub enum NoHrTimerBindings {}

/// The id of a clock that has one (`hrtimer` and posix rows, checked by the macro).
#[inline]
pub const fn id_or_zero(id: Option<ClockId>) -> ClockId {
    match id {
        Some(id) => id,
        None => 0,
    }
}

/// The stand-in for a clock id constant that the bindings module (or `libc`) lacks:
/// not a number, so `CONSTANT as ClockId` does not compile.
#[derive(Clone, Copy)]
pub struct MissingClockId;

/// The type of the stand-in for a timekeeper offset constant that the bindings module
/// lacks: using it where `enum tk_offsets` belongs does not compile.
pub struct MissingOffset;

/// `ClockSource::ID` from a row's optional `clockid`, written `[]` or `[id]` by
/// `clock_items!`; evaluated at compile time.
#[inline]
pub const fn clock_id(ids: &[ClockId]) -> Option<ClockId> {
    match ids {
        [id] => Some(*id),
        _ => None,
    }
}

pub use crate::clock::Resolution;
pub use crate::clock::{
    ClockId, ClockSource, HrTimerClock, Ktime, MonotonicClock, NmiSafeClock, SettableClock,
    SuspendCountingClock,
};
pub use crate::convert::ConvertsTo;
pub use crate::table::{ClockInfo, ClockVisitor};

#[cfg(feature = "posix")]
pub use crate::posix::PosixClock;
#[cfg(feature = "posix")]
pub use libc;

/// Reading clocks for the posix backend.
#[cfg(feature = "posix")]
pub mod posix {
    use crate::clock::Ktime;

    /// Reads clock `clockid` with `clock_gettime`, in nanoseconds saturating at the
    /// `Ktime` range: each `ktime_get()` of `declare_clocks!(…, backend = posix)`.
    ///
    /// A clock id the kernel does not have reads as 0 (`clock_gettime` fails only for
    /// those): the generated code takes its ids from the clock table, and a reader
    /// must not panic.
    #[inline]
    pub fn read_clock(clockid: libc::clockid_t) -> Ktime {
        crate::posix::read_clock(clockid)
    }
}

/// Seals [`ClockSource`]: only `declare_clocks!` implements it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a clock declared by `declare_clocks!`",
    label = "`ClockSource` is sealed: clocks come from `declare_clocks!`, not from hand-written impls",
    note = "add a row for this clock to `clocks.toml` (or to an inline `declare_clocks!` table): the macro generates its `ClockSource` impl"
)]
pub trait Sealed {}

/// Seals [`MonotonicClock`]: only `declare_clocks!` implements it, for rows with
/// `monotonic = true`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared monotonic in its clock table",
    label = "`MonotonicClock` is sealed: only rows with `monotonic = true` implement it",
    note = "if the clock really never goes backwards, set `monotonic = true` in its row of `clocks.toml`"
)]
pub trait SealedMonotonic {}

/// `Instant<D>: SameClockAs<C, D>` holds only for `D = C`: the bound on subtracting
/// instants, so that mixing clocks fails with a message that says what is wrong.
///
/// The self type is the right-hand `Instant<D>` rather than the clock `D`: a bound
/// whose self type is a bare inference variable (`D: SameClockAs<C>`) stays ambiguous
/// and would break `a - Instant::from_ktime(5)`, while `Instant<?D>` still selects the
/// one impl and infers `D = C`. The second parameter repeats `D` only so that the
/// message can name both clocks.
#[diagnostic::on_unimplemented(
    message = "cannot subtract an `Instant<{D}>` from an `Instant<{C}>`: they come from different clocks",
    label = "the left-hand instant is on clock `{C}`, the right-hand one on `{D}`",
    note = "a difference of instants only means something on one clock; convert one instant explicitly with `Instant::to_clock` (where the clock table declares an offset), or measure a `Delta` on each clock separately"
)]
pub trait SameClockAs<C, D> {}

impl<C: ClockSource> SameClockAs<C, C> for crate::instant::Instant<C> {}

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

/// Seals [`HrTimerClock`]: only `declare_clocks!` implements it, for rows with
/// `hrtimer = true`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared with an hrtimer base in its clock table",
    label = "`HrTimerClock` is sealed: only rows with `hrtimer = true` implement it"
)]
pub trait SealedHrTimer {}

/// Seals [`SettableClock`]: only `declare_clocks!` implements it, for rows with
/// `settable = true`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared settable in its clock table",
    label = "`SettableClock` is sealed: only rows with `settable = true` implement it"
)]
pub trait SealedSettable {}

/// Seals [`SuspendCountingClock`]: only `declare_clocks!` implements it, for rows with
/// `counts_suspend = true`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared to count suspend in its clock table",
    label = "`SuspendCountingClock` is sealed: only rows with `counts_suspend = true` implement it"
)]
pub trait SealedSuspendCounting {}

/// The type of the stand-in for a getter that the bindings module lacks: a constant,
/// not a function, so the reader of such a row does not compile whatever the lint
/// levels; the denied deprecation beside it names the row.
#[derive(Clone, Copy)]
pub struct MissingGetter;

/// Whether `value`'s type is zero-sized, as `size_of_val(value) == 0` (which is `const`
/// only since Rust 1.85; the kernel's minimum is older). `size_of` is qualified: it is
/// in the prelude only since Rust 1.80.
#[allow(unused_qualifications)]
pub const fn is_zero_sized<T>(_value: &T) -> bool {
    core::mem::size_of::<T>() == 0
}

/// Seals [`ConvertsTo`]: only `declare_clocks!` implements it, between clocks that the
/// table relates by a timekeeper offset.
#[diagnostic::on_unimplemented(
    message = "the clock table declares no conversion from `{Self}` to `{D}`",
    label = "`ConvertsTo` is sealed: conversions come from the table's `offset`/`offset_base` keys"
)]
pub trait SealedConvertsTo<D> {}

/// Seals `PosixClock`: only `declare_clocks!(…, backend = posix)` implements it, with
/// the row's `clockid`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared with the posix backend",
    label = "`PosixClock` is sealed: declare the clock with `backend = posix`"
)]
pub trait SealedPosixClock {}
