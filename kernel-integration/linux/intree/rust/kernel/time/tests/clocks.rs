// SPDX-License-Identifier: GPL-2.0

//! Every row of `clocks.toml` against the kernel's own accessor of the same clock:
//! a row that reads another clock than its name says falls outside the bracket.

use super::{accessor, between, coarse_within_a_tick, precise_accessor};
use crate::time::ext::{ClockSourceExt, InstantExt};
use crate::time::{for_each_clock, ClockSource, ClockVisitor, Instant, Ktime, Resolution, CLOCKS};

/// The rows these tests name, in table order: a row added to the table needs its own
/// test here (`table_rows_are_the_tested_ones` fails until it has one).
const TESTED_ROWS: [&str; 14] = [
    "Monotonic",
    "RealTime",
    "BootTime",
    "Tai",
    "MonotonicRaw",
    "MonotonicCoarse",
    "RealTimeCoarse",
    "BootTimeCoarse",
    "TaiCoarse",
    "MonotonicFast",
    "MonotonicRawFast",
    "BootTimeFast",
    "TaiFast",
    "RealTimeFast",
];

/// Whether `Instant::<C>::now()` lies between two readings of `accessor()`.
fn reads<C: ClockSource>(accessor: fn() -> Ktime) -> bool {
    between(accessor, || Instant::<C>::now().to_ktime())
}

/// How many rows agree with the precise clock their `clockid` names: between two
/// readings of it, or for a coarse row, within one tick of it across a tick. A row
/// whose id has no precise accessor fails.
fn rows_agreeing_with_their_clockid() -> usize {
    struct Agrees(usize);
    impl ClockVisitor for Agrees {
        fn visit<C: ClockSourceExt>(&mut self) {
            let read = || Instant::<C>::now().to_ktime();
            let agrees = precise_accessor(C::ID).is_some_and(|precise| match C::RESOLUTION {
                Resolution::Tick => coarse_within_a_tick(precise, read),
                Resolution::Nanos(_) => between(precise, read),
            });
            if agrees {
                self.0 += 1;
            } else {
                crate::pr_err!(
                    "    # {}: outside the bracket of clock {}\n",
                    C::NAME,
                    C::ID
                );
            }
        }
    }
    let mut agrees = Agrees(0);
    for_each_clock(&mut agrees);
    agrees.0
}

/// How many entries of `CLOCKS` are the type `for_each_clock` visits at the same
/// position: same name, id and monotonicity, and a reader that reads the type's clock
/// (its reading lies between two of the type's).
fn table_entries_matching_types() -> usize {
    struct Compare(usize, usize);
    impl ClockVisitor for Compare {
        fn visit<C: ClockSourceExt>(&mut self) {
            let matches = CLOCKS.get(self.0).is_some_and(|info| {
                info.name == C::NAME
                    && info.id == C::ID
                    && info.monotonic == C::MONOTONIC
                    && between(|| Instant::<C>::now().to_ktime(), info.read)
            });
            self.0 += 1;
            if matches {
                self.1 += 1;
            }
        }
    }
    let mut compare = Compare(0, 0);
    for_each_clock(&mut compare);
    compare.1
}

#[macros::kunit_tests(rust_time_clocks)]
mod tests {
    use super::*;
    use crate::time::{
        BootTime, BootTimeCoarse, BootTimeFast, Monotonic, MonotonicCoarse, MonotonicFast,
        MonotonicRaw, MonotonicRawFast, RealTime, RealTimeCoarse, RealTimeFast, Tai, TaiCoarse,
        TaiFast,
    };

    #[test]
    fn table_rows_are_the_tested_ones() {
        assert_eq!(CLOCKS.len(), TESTED_ROWS.len());
        assert!(CLOCKS
            .iter()
            .zip(TESTED_ROWS.iter())
            .all(|(info, name)| info.name == *name));
    }

    #[test]
    fn table_matches_types() {
        assert_eq!(table_entries_matching_types(), CLOCKS.len());
    }

    #[test]
    fn every_row_agrees_with_its_clockid() {
        assert_eq!(rows_agreeing_with_their_clockid(), CLOCKS.len());
    }

    #[test]
    fn monotonic_reads_ktime_get() {
        assert!(reads::<Monotonic>(accessor::ktime_get));
    }

    #[test]
    fn realtime_reads_ktime_get_real() {
        assert!(reads::<RealTime>(accessor::ktime_get_real));
    }

    #[test]
    fn boottime_reads_ktime_get_boottime() {
        assert!(reads::<BootTime>(accessor::ktime_get_boottime));
    }

    #[test]
    fn tai_reads_ktime_get_clocktai() {
        assert!(reads::<Tai>(accessor::ktime_get_clocktai));
    }

    #[test]
    fn monotonic_raw_reads_ktime_get_raw() {
        assert!(reads::<MonotonicRaw>(accessor::ktime_get_raw));
    }

    #[test]
    fn monotonic_coarse_reads_ktime_get_coarse() {
        assert!(reads::<MonotonicCoarse>(accessor::ktime_get_coarse));
    }

    #[test]
    fn realtime_coarse_reads_ktime_get_coarse_real() {
        assert!(reads::<RealTimeCoarse>(accessor::ktime_get_coarse_real));
    }

    #[test]
    fn boottime_coarse_reads_ktime_get_coarse_boottime() {
        assert!(reads::<BootTimeCoarse>(accessor::ktime_get_coarse_boottime));
    }

    #[test]
    fn tai_coarse_reads_ktime_get_coarse_clocktai() {
        assert!(reads::<TaiCoarse>(accessor::ktime_get_coarse_clocktai));
    }

    #[test]
    fn monotonic_fast_reads_ktime_get_mono_fast_ns() {
        assert!(reads::<MonotonicFast>(accessor::ktime_get_mono_fast_ns));
    }

    #[test]
    fn monotonic_raw_fast_reads_ktime_get_raw_fast_ns() {
        assert!(reads::<MonotonicRawFast>(accessor::ktime_get_raw_fast_ns));
    }

    #[test]
    fn boottime_fast_reads_ktime_get_boot_fast_ns() {
        assert!(reads::<BootTimeFast>(accessor::ktime_get_boot_fast_ns));
    }

    #[test]
    fn tai_fast_reads_ktime_get_tai_fast_ns() {
        assert!(reads::<TaiFast>(accessor::ktime_get_tai_fast_ns));
    }

    #[test]
    fn realtime_fast_reads_ktime_get_real_fast_ns() {
        assert!(reads::<RealTimeFast>(accessor::ktime_get_real_fast_ns));
    }

    #[test]
    fn monotonic_coarse_within_a_tick_of_ktime_get() {
        assert!(coarse_within_a_tick(accessor::ktime_get, || {
            Instant::<MonotonicCoarse>::now().to_ktime()
        }));
    }

    #[test]
    fn realtime_coarse_within_a_tick_of_ktime_get_real() {
        assert!(coarse_within_a_tick(accessor::ktime_get_real, || {
            Instant::<RealTimeCoarse>::now().to_ktime()
        }));
    }

    #[test]
    fn boottime_coarse_within_a_tick_of_ktime_get_boottime() {
        assert!(coarse_within_a_tick(accessor::ktime_get_boottime, || {
            Instant::<BootTimeCoarse>::now().to_ktime()
        }));
    }

    #[test]
    fn tai_coarse_within_a_tick_of_ktime_get_clocktai() {
        assert!(coarse_within_a_tick(accessor::ktime_get_clocktai, || {
            Instant::<TaiCoarse>::now().to_ktime()
        }));
    }
}
