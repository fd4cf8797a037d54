//! Explicit conversions between clocks whose relation the clock table declares.

use crate::clock::{ClockSource, Ktime};
use crate::instant::Instant;

/// `Self` converts to clock `D`: the clock table relates the two through a timekeeper
/// offset (`offset_base = true` on one row, `offset = "TK_OFFS_…"` on others).
///
/// Implemented by `declare_clocks!` (kernel backend with `bindings`) for the base and
/// each clock with an offset, in both directions, and between any two clocks with
/// offsets. Pairs without a declared relation (e.g. the raw clock) have no impl, so
/// converting between them does not compile. Use it through [`Instant::to_clock`].
#[diagnostic::on_unimplemented(
    message = "the clock table declares no conversion from `{Self}` to `{D}`",
    label = "no conversion between these clocks",
    note = "conversions exist only between clocks related by a timekeeper offset (`offset = \"TK_OFFS_...\"` in clocks.toml) and their monotonic base (the row with `offset_base = true`)"
)]
pub trait ConvertsTo<D: ClockSource>: ClockSource {
    /// Converts a reading of `Self` to the same moment on `D`, with the offsets as
    /// they are now.
    #[doc(hidden)]
    fn convert_ktime(ktime: Ktime) -> Ktime;
}

impl<C: ClockSource> Instant<C> {
    /// The same moment on clock `D`, computed with the timekeeper offset between the
    /// clocks as it is *now*.
    ///
    /// A conversion is a snapshot: if the offset changes in between (real time is set,
    /// the system suspends, the TAI offset is updated), converting the same instant
    /// again gives a different result — and an instant from before the change is
    /// converted with the new offset. Only clocks related in the clock table convert.
    ///
    /// ```
    /// use time_core::Instant;
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
    /// time_core::declare_clocks! {
    ///     bindings = bindings;
    ///     Mono { getter: mono, monotonic: true, offset_base: true },
    ///     Boot { getter: boot, monotonic: true, offset: TK_OFFS_BOOT },
    /// }
    /// let mono = Instant::<Mono>::now();
    /// assert_eq!(mono.to_clock::<Boot>(), Instant::<Boot>::now());
    /// assert_eq!(Instant::<Boot>::now().to_clock::<Mono>(), mono);
    /// ```
    #[inline]
    pub fn to_clock<D: ClockSource>(self) -> Instant<D>
    where
        C: ConvertsTo<D>,
    {
        Instant::from_ktime(C::convert_ktime(self.to_ktime()))
    }
}
