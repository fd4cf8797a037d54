// SPDX-License-Identifier: GPL-2.0

//! The rows the table declares monotonic never go backwards, and `elapsed()`.

use crate::time::{
    for_each_clock, ClockSource, ClockVisitor, Delta, Instant, Monotonic, TableClock,
};

/// Readings per clock.
const READS: u32 = 50_000;

/// How many of [`READS`] readings of `C` in a row are earlier than the one before.
fn backwards<C: ClockSource>() -> u32 {
    let mut previous = Instant::<C>::now();
    let mut backwards = 0;
    for _ in 1..READS {
        let now = Instant::<C>::now();
        backwards += u32::from(now.as_nanos() < previous.as_nanos());
        previous = now;
    }
    backwards
}

/// The number of rows declared monotonic, and how many of them went backwards.
fn monotonic_rows_backwards() -> (u32, u32) {
    struct Visit(u32, u32);
    impl ClockVisitor for Visit {
        fn visit<C: TableClock>(&mut self) {
            if C::INFO.monotonic {
                self.0 += 1;
                self.1 += u32::from(backwards::<C>() != 0);
            }
        }
    }
    let mut visit = Visit(0, 0);
    for_each_clock(&mut visit);
    (visit.0, visit.1)
}

#[macros::kunit_tests(rust_time_monotonic)]
mod tests {
    use super::*;

    #[test]
    fn every_monotonic_row_never_goes_backwards() {
        let (rows, backwards) = monotonic_rows_backwards();
        assert_eq!(rows, 5);
        assert_eq!(backwards, 0);
    }

    #[test]
    fn elapsed_never_decreasing() {
        let start = Instant::<Monotonic>::now();
        let mut previous = Delta::ZERO;
        let mut bad = 0;
        for _ in 0..READS {
            let elapsed = start.elapsed();
            bad += u32::from(elapsed.is_negative() || elapsed < previous);
            previous = elapsed;
        }
        assert_eq!(bad, 0);
    }

    #[test]
    fn elapsed_between_two_readings() {
        let start = Instant::<Monotonic>::now();
        let before = Instant::<Monotonic>::now() - start;
        let elapsed = start.elapsed();
        let after = Instant::<Monotonic>::now() - start;
        assert!(before <= elapsed && elapsed <= after);
    }
}
