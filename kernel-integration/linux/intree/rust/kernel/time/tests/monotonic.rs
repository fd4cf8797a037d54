// SPDX-License-Identifier: GPL-2.0

//! The rows the table declares monotonic never go backwards, and `elapsed()`.

use crate::time::ext::ClockSourceExt;
use crate::time::{for_each_clock, ClockSource, ClockVisitor, Delta, Instant, Monotonic};

/// Readings per clock.
const READS: u32 = 50_000;

/// How many of [`READS`] readings of `C` in a row are earlier than the one before.
fn backwards<C: ClockSource>() -> u32 {
    let mut previous = Instant::<C>::now();
    let mut backwards = 0;
    for _ in 1..READS {
        let now = Instant::<C>::now();
        if now < previous {
            backwards += 1;
        }
        previous = now;
    }
    backwards
}

/// The number of rows declared monotonic, and how many of them went backwards.
fn monotonic_rows_backwards() -> (u32, u32) {
    struct Visit(u32, u32);
    impl ClockVisitor for Visit {
        fn visit<C: ClockSourceExt>(&mut self) {
            if C::MONOTONIC {
                self.0 += 1;
                if backwards::<C>() != 0 {
                    self.1 += 1;
                }
            }
        }
    }
    let mut visit = Visit(0, 0);
    for_each_clock(&mut visit);
    (visit.0, visit.1)
}

/// How many of [`READS`] calls of `start.elapsed()` were negative or less than the
/// call before.
fn elapsed_decreasing(start: Instant<Monotonic>) -> u32 {
    let (mut previous, mut bad) = (Delta::ZERO, 0);
    for _ in 0..READS {
        let elapsed = start.elapsed();
        if elapsed.is_negative() || elapsed < previous {
            bad += 1;
        }
        previous = elapsed;
    }
    bad
}

#[macros::kunit_tests(rust_time_monotonic)]
mod tests {
    use super::*;
    use crate::time::{BootTime, BootTimeCoarse, MonotonicCoarse, MonotonicRaw};

    #[test]
    fn every_monotonic_row_never_goes_backwards() {
        let (rows, backwards) = monotonic_rows_backwards();
        assert_eq!(rows, 5);
        assert_eq!(backwards, 0);
    }

    #[test]
    fn monotonic_never_goes_backwards() {
        assert_eq!(backwards::<Monotonic>(), 0);
    }

    #[test]
    fn boottime_never_goes_backwards() {
        assert_eq!(backwards::<BootTime>(), 0);
    }

    #[test]
    fn monotonic_raw_never_goes_backwards() {
        assert_eq!(backwards::<MonotonicRaw>(), 0);
    }

    #[test]
    fn monotonic_coarse_never_goes_backwards() {
        assert_eq!(backwards::<MonotonicCoarse>(), 0);
    }

    #[test]
    fn boottime_coarse_never_goes_backwards() {
        assert_eq!(backwards::<BootTimeCoarse>(), 0);
    }

    #[test]
    fn elapsed_never_negative_nor_decreasing() {
        assert_eq!(elapsed_decreasing(Instant::<Monotonic>::now()), 0);
    }

    #[test]
    fn elapsed_between_two_readings() {
        let start = Instant::<Monotonic>::now();
        let before = Instant::<Monotonic>::now() - start;
        let elapsed = start.elapsed();
        let after = Instant::<Monotonic>::now() - start;
        assert!(before <= elapsed && elapsed <= after);
    }

    #[test]
    fn elapsed_of_a_future_instant_is_zero() {
        let future = Instant::<Monotonic>::now() + Delta::from_secs(1);
        assert_eq!(future.elapsed(), Delta::ZERO);
    }
}
