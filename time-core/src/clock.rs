//! The trait that ties a zero-sized marker type to one clock.

use crate::Resolution;

/// A time value: signed nanoseconds, as the kernel's `ktime_t`.
///
/// What a `Ktime` means depends on the clock it came from and on whether it is an
/// absolute point or a span; [`Instant`](crate::Instant) and [`Delta`](crate::Delta)
/// make both visible to the compiler.
pub type Ktime = i64;

/// The largest time a clock reads, as the kernel's `KTIME_MAX`.
pub const KTIME_MAX: Ktime = Ktime::MAX;

/// A clock that can be read: upstream Linux 7.3's `kernel::time::ClockSource`, with
/// upstream's items only (`ID` and `ktime_get`).
///
/// `declare_clocks!` implements it for one marker type per row of a clock table, and
/// [`TableClock`](crate::TableClock) with the row. Generic code takes `C: ClockSource`:
///
/// ```
/// use typed_clocks::ext::ClockSourceExt; // `C::NAME`
/// use typed_clocks::{ClockSource, Instant};
/// # typed_clocks::declare_clocks! {
/// #     unsafe(extern "C");
/// #     Boot { getter: boot_getter, monotonic: true, clockid: 7 }
/// # }
/// # #[unsafe(no_mangle)] extern "C" fn boot_getter() -> typed_clocks::Ktime { 42 }
///
/// fn stamp<C: ClockSourceExt>() -> (&'static str, Instant<C>) {
///     (C::NAME, Instant::now())
/// }
/// let (name, at) = stamp::<Boot>();
/// assert_eq!(name, "Boot");
/// assert_eq!(at, Instant::from_ktime(42));
/// ```
///
/// # Safety
///
/// Implementers must ensure that [`ktime_get`](Self::ktime_get) returns a value in
/// `0..=KTIME_MAX` and is safe to call wherever the clock is read, and that
/// [`ID`](Self::ID) is the `clockid_t` of the clock's time base. The range is upstream's
/// contract; this crate's own code does not rely on it (an [`Instant`](crate::Instant)
/// is any `i64`), so a reading outside it is a logic error, not undefined behaviour. A
/// hand-written `unsafe impl` is the implementer vouching for both; `declare_clocks!`'s
/// impls are vouched for by the invocation's `unsafe(…)`, or read the clock with
/// `clock_gettime` themselves (the posix backend).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a clock",
    label = "not a clock declared in a clock table",
    note = "clocks are declared with `typed_clocks::declare_clocks!`, one row per clock in \
            `clocks.toml`"
)]
pub unsafe trait ClockSource: 'static {
    /// The `clockid_t` of the clock's time base (the table's `clockid`; for a clock
    /// without a `clockid_t` of its own, such as the coarse BootTime, the id of the
    /// time base it reads).
    const ID: i32;
    /// Reads the clock: the current time in nanoseconds since the clock's epoch, in
    /// `0..=KTIME_MAX`.
    fn ktime_get() -> Ktime;
}

impl Resolution {
    /// The shortest a tick can be: `HZ` is at most 1000, so a tick is at least 1 ms.
    pub const MIN_TICK_NANOS: i64 = 1_000_000;

    /// The step of the clock's readings, in nanoseconds, given the length of a tick.
    #[inline]
    pub const fn step_nanos(self, tick_nanos: i64) -> i64 {
        match self {
            Resolution::Nanos(nanos) => nanos,
            Resolution::Tick => tick_nanos,
        }
    }

    /// Whether a span of `nanos` can be measured at all on a clock of this
    /// resolution: `false` when it is surely shorter than one step (for a tick clock,
    /// shorter than [`MIN_TICK_NANOS`](Self::MIN_TICK_NANOS), whatever `HZ` is).
    ///
    /// ```
    /// use typed_clocks::Resolution;
    /// assert!(Resolution::Nanos(1).measures(1));
    /// assert!(!Resolution::Tick.measures(100_000)); // 100 µs on a coarse clock
    /// assert!(Resolution::Tick.measures(20_000_000));
    /// ```
    #[inline]
    pub const fn measures(self, nanos: i64) -> bool {
        nanos >= self.step_nanos(Self::MIN_TICK_NANOS)
    }
}
