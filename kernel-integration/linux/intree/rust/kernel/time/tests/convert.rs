// SPDX-License-Identifier: GPL-2.0

//! `ConvertsTo::to_clock` against the kernel's `ktime_mono_to_any()`, and at the edges
//! of `0..=KTIME_MAX`, where it saturates and the C addition would wrap.

use super::{accessor, Ktime};
use crate::bindings;
use crate::time::{ClockSource, ConvertsTo, Instant, Monotonic};

/// The offsets of the clocks converted to, from `CLOCK_MONOTONIC`.
const OFFSETS: [bindings::tk_offsets; 3] = [
    bindings::tk_offsets_TK_OFFS_REAL,
    bindings::tk_offsets_TK_OFFS_BOOT,
    bindings::tk_offsets_TK_OFFS_TAI,
];

/// `check(offsets)` with the timekeeper's offsets read before it, if they were the same
/// after it. A clock set in between changes them: tried again, at most ten times.
fn with_stable_offsets(check: impl Fn(&[Ktime; 3]) -> bool) -> bool {
    let offsets = || OFFSETS.map(|offset| accessor::mono_to_any(0, offset));
    for _ in 0..10 {
        let before = offsets();
        let ok = check(&before);
        if offsets() == before {
            return ok;
        }
    }
    false
}

/// The instant `ktime` of `C`.
fn at<C: ClockSource>(ktime: Ktime) -> Instant<C> {
    // SAFETY: The tests below pass times in `0..=KTIME_MAX` only.
    unsafe { Instant::from_ktime(ktime) }
}

/// `ktime + offset`, computed exactly and clamped to `0..=KTIME_MAX`.
fn clamped_sum(ktime: Ktime, offset: Ktime) -> Ktime {
    let exact = i128::from(ktime) + i128::from(offset);
    Ktime::try_from(exact.max(0)).unwrap_or(Ktime::MAX)
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
        let converted: Instant<D> = ConvertsTo::to_clock(mono);
        // (Instants of upstream's clocks do not compare: their nanoseconds do.)
        let converted = converted.as_nanos();
        converted == accessor::mono_to_any(mono.as_nanos(), OFFSETS[which])
            && D::to_clock(at::<D>(converted)).as_nanos() == mono.as_nanos()
            && direct_before.as_nanos() <= converted
            && converted <= direct_after.as_nanos()
    })
}

/// At the edges of `0..=KTIME_MAX`, and where adding or subtracting the offset reaches
/// them, `Monotonic` to `D` and back are the exact sums with the kernel's offset,
/// clamped.
fn saturates_at_the_edges<D>(which: usize) -> bool
where
    D: ClockSource + ConvertsTo<Monotonic>,
    Monotonic: ConvertsTo<D>,
{
    with_stable_offsets(|offsets| {
        let offset = offsets[which];
        let magnitude = offset.saturating_abs();
        [
            0,
            1,
            magnitude.saturating_sub(1),
            magnitude,
            magnitude.saturating_add(1),
            Ktime::MAX - magnitude,
            (Ktime::MAX - magnitude).saturating_add(1),
            Ktime::MAX - 1,
            Ktime::MAX,
        ]
        .iter()
        .all(|&ktime| {
            let to: Instant<D> = ConvertsTo::to_clock(at::<Monotonic>(ktime));
            let back: Instant<Monotonic> = D::to_clock(at::<D>(ktime));
            to.as_nanos() == clamped_sum(ktime, offset)
                && back.as_nanos() == clamped_sum(ktime, offset.saturating_neg())
        })
    })
}

#[macros::kunit_tests(rust_time_to_clock)]
mod tests {
    use super::*;
    use crate::time::{BootTime, RealTime, Tai};

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
            let tai: Instant<Tai> = ConvertsTo::to_clock(real);
            let mono = real.as_nanos() - offsets[REAL];
            tai.as_nanos() == accessor::mono_to_any(mono, OFFSETS[TAI])
                && <Tai as ConvertsTo<RealTime>>::to_clock(tai).as_nanos() == real.as_nanos()
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
}
