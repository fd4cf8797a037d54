// SPDX-License-Identifier: GPL-2.0

//! Every row of `clocks.toml` against the kernel's own accessor of the same clock:
//! a row that reads another clock than its name says falls outside the bracket.

use super::{accessor, between, coarse_within_a_tick, precise_accessor, Ktime};
use crate::time::{for_each_clock, ClockVisitor, Instant, Resolution, TableClock, CLOCKS};

/// Whether `Instant::<C>::now()` lies between two readings of `accessor()`.
fn reads<C: TableClock>(accessor: fn() -> Ktime) -> bool {
    between(accessor, || Instant::<C>::now().as_nanos())
}

/// How many rows agree with the precise clock their `clockid` names: between two
/// readings of it, or for a coarse row, within one tick of it across a tick. A row
/// whose id has no precise accessor fails.
fn rows_agreeing_with_their_clockid() -> usize {
    struct Agrees(usize);
    impl ClockVisitor for Agrees {
        fn visit<C: TableClock>(&mut self) {
            let read = || Instant::<C>::now().as_nanos();
            let agrees =
                precise_accessor(C::INFO.id).is_some_and(|precise| match C::INFO.resolution {
                    Resolution::Tick => coarse_within_a_tick(precise, read),
                    Resolution::Nanos(_) => between(precise, read),
                });
            if agrees {
                self.0 += 1;
            } else {
                crate::pr_err!(
                    "    # {}: outside the bracket of its clock id\n",
                    C::INFO.name
                );
            }
        }
    }
    let mut agrees = Agrees(0);
    for_each_clock(&mut agrees);
    agrees.0
}

/// How many entries of `CLOCKS` are the type `for_each_clock` visits at the same
/// position: the same row, with a reader that reads the type's clock.
fn table_entries_matching_types() -> usize {
    struct Compare(usize, usize);
    impl ClockVisitor for Compare {
        fn visit<C: TableClock>(&mut self) {
            let matches = CLOCKS.get(self.0).is_some_and(|info| {
                info.name == C::INFO.name
                    && info.id == C::INFO.id
                    && info.monotonic == C::INFO.monotonic
                    && between(|| Instant::<C>::now().as_nanos(), info.read)
            });
            self.0 += 1;
            self.1 += usize::from(matches);
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
            Instant::<MonotonicCoarse>::now().as_nanos()
        }));
    }

    #[test]
    fn realtime_coarse_within_a_tick_of_ktime_get_real() {
        assert!(coarse_within_a_tick(accessor::ktime_get_real, || {
            Instant::<RealTimeCoarse>::now().as_nanos()
        }));
    }
}
