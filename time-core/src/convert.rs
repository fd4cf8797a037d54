//! Explicit conversions between clocks whose relation the clock table declares.

use crate::clock::{ClockSource, Ktime};
use crate::instant::Instant;

/// `Self` converts to clock `D`: the clock table relates the two through a timekeeper
/// offset (`offset_base = true` on one row, `offset = "TK_OFFS_…"` on others).
///
/// Implemented by `declare_clocks!` (kernel backend with `bindings`) for the base and
/// each clock with an offset, in both directions, and between any two clocks with
/// offsets; sealed, like [`ClockSource`], so a conversion the table does not declare
/// cannot be added by hand. Pairs without a declared relation (e.g. the raw clock) have no impl, so
/// converting between them does not compile. Use it through [`Instant::to_clock`].
#[diagnostic::on_unimplemented(
    message = "the clock table declares no conversion from `{Self}` to `{D}`",
    label = "no conversion between these clocks",
    note = "conversions exist only between clocks related by a timekeeper offset \
            (`offset = \"TK_OFFS_...\"` in clocks.toml) and their monotonic base (the row with \
            `offset_base = true`)"
)]
pub trait ConvertsTo<D: ClockSource>: ClockSource + crate::__private::SealedConvertsTo<D> {
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
    #[inline]
    pub fn to_clock<D: ClockSource>(self) -> Instant<D>
    where
        C: ConvertsTo<D>,
    {
        Instant::from_ktime(C::convert_ktime(self.to_ktime()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ClockId;
    use crate::test_support::{lock_test_clock, set_test_clock, TestClock};
    use core::sync::atomic::{AtomicI64, Ordering};

    /// The offset from `TestClock` to `TestShifted`, as a timekeeper's `offs_boot`.
    static OFFSET: AtomicI64 = AtomicI64::new(0);

    /// `TestClock` plus [`OFFSET`]: a hand-made `BootTime` over the test `Monotonic`,
    /// with the two conversions the macro would generate for an `offset` row.
    enum TestShifted {}
    // SAFETY: the test clock plus a non-negative offset (the tests keep both in
    // range); a test clock, with the id of the time base it stands for.
    unsafe impl ClockSource for TestShifted {
        const NAME: &'static str = "TestShifted";
        const MONOTONIC: bool = true;
        const ID: ClockId = 7;
        fn ktime_get() -> Ktime {
            TestClock::ktime_get().saturating_add(OFFSET.load(Ordering::SeqCst))
        }
    }
    impl crate::__private::SealedConvertsTo<TestShifted> for TestClock {}
    impl ConvertsTo<TestShifted> for TestClock {
        fn convert_ktime(ktime: Ktime) -> Ktime {
            ktime.saturating_add(OFFSET.load(Ordering::SeqCst))
        }
    }
    impl crate::__private::SealedConvertsTo<TestClock> for TestShifted {}
    impl ConvertsTo<TestClock> for TestShifted {
        fn convert_ktime(ktime: Ktime) -> Ktime {
            ktime.saturating_sub(OFFSET.load(Ordering::SeqCst))
        }
    }

    #[test]
    fn converts_now_to_now_and_round_trips() {
        let _lock = lock_test_clock();
        set_test_clock(5_000);
        OFFSET.store(2_000, Ordering::SeqCst);
        let base = Instant::<TestClock>::now();
        let shifted: Instant<TestShifted> = base.to_clock();
        assert_eq!(shifted, Instant::<TestShifted>::now());
        assert_eq!(shifted.to_ktime(), 7_000);
        assert_eq!(shifted.to_clock::<TestClock>(), base);
    }

    #[test]
    fn a_conversion_is_a_snapshot_of_the_offset() {
        let _lock = lock_test_clock();
        set_test_clock(1_000);
        OFFSET.store(0, Ordering::SeqCst);
        let before = Instant::<TestClock>::now();
        assert_eq!(before.to_clock::<TestShifted>().to_ktime(), 1_000);
        // A simulated suspend of 3 µs: the base stops, the offset grows.
        OFFSET.store(3_000, Ordering::SeqCst);
        // The same instant now converts with the new offset.
        assert_eq!(before.to_clock::<TestShifted>().to_ktime(), 4_000);
        assert_eq!(
            before.to_clock::<TestShifted>() - Instant::<TestShifted>::from_ktime(1_000),
            crate::Delta::from_micros(3)
        );
    }
}
