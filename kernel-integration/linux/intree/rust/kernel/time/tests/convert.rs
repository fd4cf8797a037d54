// SPDX-License-Identifier: GPL-2.0

//! `Instant::to_clock` against the kernel's `ktime_mono_to_any()`, and at the edges of
//! the `i64` range, where it saturates and the C addition would wrap.

use super::accessor;
use crate::bindings;
use crate::time::ext::InstantExt;
use crate::time::{ClockSource, ConvertsTo, Instant, Ktime, Monotonic, RealTime, Tai};

/// The offsets of the clocks converted to, from `CLOCK_MONOTONIC`.
const OFFSETS: [bindings::tk_offsets; 3] = [
    bindings::tk_offsets_TK_OFFS_REAL,
    bindings::tk_offsets_TK_OFFS_BOOT,
    bindings::tk_offsets_TK_OFFS_TAI,
];

/// `check(offsets)` with the timekeeper's offsets read before it, if they were the same
/// after it. A clock set in between changes them: tried again, at most ten times.
fn with_stable_offsets(check: impl Fn(&[Ktime; 3]) -> bool) -> bool {
    for _ in 0..10 {
        let before = OFFSETS.map(accessor::offset);
        let ok = check(&before);
        if OFFSETS.map(accessor::offset) == before {
            return ok;
        }
    }
    false
}

/// `ktime + offset`, computed exactly and clamped to the `Ktime` range.
fn clamped_sum(ktime: Ktime, offset: Ktime) -> Ktime {
    let exact = i128::from(ktime) + i128::from(offset);
    Ktime::try_from(exact).unwrap_or(if exact < 0 { Ktime::MIN } else { Ktime::MAX })
}

/// The edges of the `Ktime` range, and the values at which adding or subtracting
/// `offset` reaches them.
fn edges(offset: Ktime) -> [Ktime; 15] {
    [
        Ktime::MIN,
        Ktime::MIN + 1,
        -1,
        0,
        1,
        Ktime::MAX - 1,
        Ktime::MAX,
        Ktime::MAX.saturating_sub(offset),
        Ktime::MAX.saturating_sub(offset).saturating_add(1),
        Ktime::MIN.saturating_sub(offset),
        Ktime::MIN.saturating_sub(offset).saturating_sub(1),
        Ktime::MAX.saturating_add(offset),
        Ktime::MAX.saturating_add(offset).saturating_add(1),
        Ktime::MIN.saturating_add(offset),
        Ktime::MIN.saturating_add(offset).saturating_sub(1),
    ]
}

/// A reading of `Monotonic` converted to `D` is `ktime_mono_to_any()` of it, converts
/// back exactly, and lies between two direct readings of `D` taken around it.
fn agrees_with_mono_to_any<D>(which: usize) -> bool
where
    D: ClockSource + ConvertsTo<Monotonic>,
    Monotonic: ConvertsTo<D>,
{
    with_stable_offsets(|_| {
        let direct_before = Instant::<D>::now();
        let mono = Instant::<Monotonic>::now();
        let direct_after = Instant::<D>::now();
        let converted: Instant<D> = mono.to_clock();
        converted.to_ktime() == accessor::mono_to_any(mono.to_ktime(), OFFSETS[which])
            && converted.to_clock::<Monotonic>() == mono
            && direct_before <= converted
            && converted <= direct_after
    })
}

/// At every edge, `Monotonic` to `D` and back are the exact sums with the kernel's
/// offset, clamped; where the sum fits, also `ktime_mono_to_any()`'s.
fn saturates_at_the_edges<D>(which: usize) -> bool
where
    D: ClockSource + ConvertsTo<Monotonic>,
    Monotonic: ConvertsTo<D>,
{
    with_stable_offsets(|offsets| {
        let offset = offsets[which];
        edges(offset).iter().all(|&ktime| {
            let to = Instant::<Monotonic>::from_ktime(ktime).to_clock::<D>();
            let back = Instant::<D>::from_ktime(ktime).to_clock::<Monotonic>();
            let exact = clamped_sum(ktime, offset);
            let fits = i128::from(ktime) + i128::from(offset) == i128::from(exact);
            to.to_ktime() == exact
                && back.to_ktime() == clamped_sum(ktime, offset.saturating_neg())
                && (!fits || exact == accessor::mono_to_any(ktime, OFFSETS[which]))
        })
    })
}

#[macros::kunit_tests(rust_time_to_clock)]
mod tests {
    use super::*;
    use crate::time::BootTime;

    const REAL: usize = 0;
    const BOOT: usize = 1;
    const TAI: usize = 2;

    #[test]
    fn monotonic_to_realtime_is_ktime_mono_to_any() {
        assert!(agrees_with_mono_to_any::<RealTime>(REAL));
    }

    #[test]
    fn monotonic_to_boottime_is_ktime_mono_to_any() {
        assert!(agrees_with_mono_to_any::<BootTime>(BOOT));
    }

    #[test]
    fn monotonic_to_tai_is_ktime_mono_to_any() {
        assert!(agrees_with_mono_to_any::<Tai>(TAI));
    }

    #[test]
    fn realtime_to_tai_goes_through_monotonic() {
        assert!(with_stable_offsets(|offsets| {
            let real = Instant::<RealTime>::now();
            let tai: Instant<Tai> = real.to_clock();
            let mono = real.to_ktime() - offsets[REAL];
            tai.to_ktime() == accessor::mono_to_any(mono, OFFSETS[TAI])
                && tai.to_clock::<RealTime>() == real
        }));
    }

    #[test]
    fn realtime_saturates_at_the_edges() {
        assert!(saturates_at_the_edges::<RealTime>(REAL));
    }

    #[test]
    fn boottime_saturates_at_the_edges() {
        assert!(saturates_at_the_edges::<BootTime>(BOOT));
    }

    #[test]
    fn tai_saturates_at_the_edges() {
        assert!(saturates_at_the_edges::<Tai>(TAI));
    }

    #[test]
    fn ktime_max_stays_ktime_max_on_realtime() {
        // The wall clock is ahead of CLOCK_MONOTONIC: its offset is positive, so the
        // kernel's addition would wrap to a negative time.
        assert!(accessor::offset(OFFSETS[REAL]) > 0);
        let max = Instant::<Monotonic>::from_ktime(Ktime::MAX);
        assert_eq!(max.to_clock::<RealTime>().to_ktime(), Ktime::MAX);
        let min = Instant::<RealTime>::from_ktime(Ktime::MIN);
        assert_eq!(min.to_clock::<Monotonic>().to_ktime(), Ktime::MIN);
    }
}
