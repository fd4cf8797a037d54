// SPDX-License-Identifier: GPL-2.0

//! Every row of `clocks.toml` against the kernel's own accessor of the same clock:
//! a row that reads another clock than its name says falls outside the bracket.

use super::{accessor, between, coarse_within_a_tick, precise_accessor, Ktime};
use crate::time::{for_each_clock, ClockVisitor, Instant, Resolution, TableClock, CLOCKS};

/// `C`'s name, and whether `Instant::<C>::now()` lies between two readings of
/// `accessor()`.
fn row<C: TableClock>(accessor: fn() -> Ktime) -> (&'static str, bool) {
    let reads = between(accessor, || Instant::<C>::now().as_nanos());
    (C::INFO.name, reads)
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
    fn every_row_reads_its_own_accessor() {
        let rows = [
            row::<Monotonic>(accessor::ktime_get),
            row::<RealTime>(accessor::ktime_get_real),
            row::<BootTime>(accessor::ktime_get_boottime),
            row::<Tai>(accessor::ktime_get_clocktai),
            row::<MonotonicRaw>(accessor::ktime_get_raw),
            row::<MonotonicCoarse>(accessor::ktime_get_coarse),
            row::<RealTimeCoarse>(accessor::ktime_get_coarse_real),
            row::<BootTimeCoarse>(accessor::ktime_get_coarse_boottime),
            row::<TaiCoarse>(accessor::ktime_get_coarse_clocktai),
            row::<MonotonicFast>(accessor::ktime_get_mono_fast_ns),
            row::<MonotonicRawFast>(accessor::ktime_get_raw_fast_ns),
            row::<BootTimeFast>(accessor::ktime_get_boot_fast_ns),
            row::<TaiFast>(accessor::ktime_get_tai_fast_ns),
            row::<RealTimeFast>(accessor::ktime_get_real_fast_ns),
        ];
        for (name, _) in rows.iter().filter(|(_, reads)| !reads) {
            crate::pr_err!("    # {name}: outside the bracket of its accessor\n");
        }
        assert_eq!(rows.len(), CLOCKS.len());
        assert!(rows.iter().all(|(_, reads)| *reads));
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
