//! Explicit conversions between clocks whose relation the clock table declares.

use crate::clock::{ClockSource, Ktime};
use crate::instant::Instant;

/// A clock of a clock table, placed among the table's timekeeper offsets: its readings
/// are those of [`Base`](Self::Base) plus [`offset`](Self::offset). The relation that
/// [`ConvertsTo`] is derived from.
///
/// `declare_clocks!` implements it for every row: for the `offset_base` row and every
/// clock the table relates to no other, `Base` is the clock itself and the offset 0;
/// for a row with `offset = "TK_OFFS_…"`, `Base` is the `offset_base` row and the offset
/// the kernel's (`ktime_mono_to_any(0, TK_OFFS_…)`). So a table clock's relations are
/// fixed: another impl for it conflicts with the generated one (E0119). Not public API.
#[doc(hidden)]
pub trait OffsetClock: ClockSource {
    /// The clock this one is offset from (itself for a base).
    type Base;
    /// This clock's reading minus its base's, now (0 for a base).
    fn offset() -> Ktime;
}

mod sealed {
    use super::OffsetClock;

    /// Two clocks `C` and `D` with one base: the tuple of their bases is `(B, B)`.
    #[diagnostic::on_unimplemented(
        message = "the clock table declares no conversion from `{C}` to `{D}`",
        label = "no conversion between these clocks",
        note = "conversions exist only between clocks related by a timekeeper offset \
                (`offset = \"TK_OFFS_...\"` in clocks.toml) and their monotonic base (the row \
                with `offset_base = true`)"
    )]
    pub trait SameBase<C, D> {}

    impl<B, C, D> SameBase<C, D> for (B, B) {}

    /// Seals [`ConvertsTo`](super::ConvertsTo): only its blanket impl satisfies it, so no
    /// conversion can be added by hand, in any crate.
    pub trait Sealed<D> {}

    impl<C, D> Sealed<D> for C
    where
        C: OffsetClock,
        D: OffsetClock,
        (C::Base, D::Base): SameBase<C, D>,
    {
    }
}

/// `Self` converts to clock `D`: the clock table relates the two through a timekeeper
/// offset (`offset_base = true` on one row, `offset = "TK_OFFS_…"` on others).
///
/// Holds between clocks of one base ([`OffsetClock`], which `declare_clocks!`
/// implements for every row of a table with a bindings module): the base and each
/// clock with an offset, both ways, and any two clocks with offsets. It has one impl,
/// over that relation, and a private seal: a conversion the table does not declare
/// cannot be added by hand, and pairs without a declared relation (e.g. the raw clock)
/// do not convert. Use it through [`InstantExt::to_clock`](crate::ext::InstantExt::to_clock).
pub trait ConvertsTo<D: ClockSource>: ClockSource + sealed::Sealed<D> {
    /// Converts a reading of `Self` to the same moment on `D`, with the offsets as
    /// they are now, saturating at the `Ktime` range.
    #[doc(hidden)]
    fn convert_ktime(ktime: Ktime) -> Ktime;
}

impl<C, D> ConvertsTo<D> for C
where
    C: OffsetClock,
    D: OffsetClock,
    (C::Base, D::Base): sealed::SameBase<C, D>,
{
    /// `ktime - offset(C) + offset(D)`, saturating: the base's offset is 0, so from or
    /// to the base this is one saturating addition of the other clock's offset.
    #[inline]
    fn convert_ktime(ktime: Ktime) -> Ktime {
        ktime.saturating_add(D::offset().saturating_sub(C::offset()))
    }
}

impl<C: ClockSource> Instant<C> {
    /// The same moment on clock `D` (`InstantExt::to_clock`).
    #[inline]
    pub(crate) fn to_clock<D: ClockSource>(self) -> Instant<D>
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
    /// with the relation the macro would generate for an `offset` row.
    enum TestShifted {}
    impl crate::ext::ClockSourceExt for TestShifted {
        const NAME: &'static str = "TestShifted";
        const MONOTONIC: bool = true;
    }
    // SAFETY: the test clock plus a non-negative offset (the tests keep both in
    // range); a test clock, with the id of the time base it stands for.
    unsafe impl ClockSource for TestShifted {
        const ID: ClockId = 7;
        fn ktime_get() -> Ktime {
            TestClock::ktime_get().saturating_add(OFFSET.load(Ordering::SeqCst))
        }
    }
    impl OffsetClock for TestClock {
        type Base = TestClock;
        fn offset() -> Ktime {
            0
        }
    }
    impl OffsetClock for TestShifted {
        type Base = TestClock;
        fn offset() -> Ktime {
            OFFSET.load(Ordering::SeqCst)
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

#[cfg(test)]
mod saturation {
    use super::*;
    use crate::clock::ClockId;

    /// A base and two clocks offset from it by the `i64` extremes.
    enum Base {}
    enum Ahead {}
    enum Behind {}
    macro_rules! clock {
        ($name:ident, $id:literal, $offset:expr) => {
            // SAFETY: test clocks; nothing reads them.
            unsafe impl ClockSource for $name {
                const ID: ClockId = $id;
                fn ktime_get() -> Ktime {
                    0
                }
            }
            impl OffsetClock for $name {
                type Base = Base;
                fn offset() -> Ktime {
                    $offset
                }
            }
        };
    }
    clock!(Base, 1, 0);
    clock!(Ahead, 7, i64::MAX);
    clock!(Behind, 0, i64::MIN);

    /// What a conversion is: the exact `ktime - offset(C) + offset(D)`, clamped.
    fn exact(ktime: Ktime, from: Ktime, to: Ktime) -> Ktime {
        (i128::from(ktime) - i128::from(from) + i128::from(to))
            .clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as Ktime
    }

    #[test]
    fn every_path_saturates_at_the_i64_edges() {
        for ktime in [i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX - 1, i64::MAX] {
            let at = |c: Instant<Base>| c.to_ktime();
            let base = Instant::<Base>::from_ktime(ktime);
            assert_eq!(
                base.to_clock::<Ahead>().to_ktime(),
                exact(ktime, 0, i64::MAX)
            );
            assert_eq!(
                base.to_clock::<Behind>().to_ktime(),
                exact(ktime, 0, i64::MIN)
            );
            let ahead = Instant::<Ahead>::from_ktime(ktime);
            assert_eq!(at(ahead.to_clock()), exact(ktime, i64::MAX, 0));
            let behind = Instant::<Behind>::from_ktime(ktime);
            // `0 - i64::MIN` saturates to `i64::MAX`, one short of the exact offset.
            assert_eq!(at(behind.to_clock()), exact(ktime, i64::MIN + 1, 0));
        }
    }
}
