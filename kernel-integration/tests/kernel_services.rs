//! Upstream's `kernel::time::delay`, `kernel::io::poll` and
//! `kernel::time::msecs_to_jiffies` through the host C side: in test mode every delay
//! lets exactly its time pass on the test clocks, so the rounding and clamping of
//! upstream's `fsleep`/`udelay`, the C `fsleep()`'s choice of method and the polls'
//! timeouts show as exact clock readings.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use kernel::bindings;
use kernel::error::code::{EIO, ETIMEDOUT};
use kernel::io::poll::{read_poll_timeout, read_poll_timeout_atomic};
use kernel::time::delay::{fsleep, udelay};
use kernel::time::{msecs_to_jiffies, Delta, Instant, Jiffies, Monotonic, Msecs};
use kernel::timekeeper;

mod support;
use support::time_taken;

#[test]
fn fsleep_rounds_up_to_microseconds_and_clamps_like_upstream() {
    let _tk = timekeeper::test_mode();
    for (asked, slept) in [
        // udelay() up to 10 us, usleep_range() up to 20 ms, msleep() in whole ms above.
        (Delta::from_nanos(1), Delta::from_micros(1)),
        (Delta::from_nanos(10_001), Delta::from_micros(11)),
        (Delta::from_millis(20), Delta::from_millis(20)),
        (Delta::from_millis(25), Delta::from_millis(25)),
        (Delta::from_micros(25_001), Delta::from_millis(26)),
        (Delta::ZERO, Delta::ZERO),
        // Out of range (negative or above i32::MAX us): i32::MAX us, in whole ms.
        (Delta::from_nanos(-1), Delta::from_millis(2_147_484)),
        (Delta::from_nanos(i64::MAX), Delta::from_millis(2_147_484)),
    ] {
        assert_eq!(time_taken(|| fsleep(asked)), slept, "fsleep({asked:?})");
    }
}

#[test]
fn udelay_rounds_up_to_microseconds() {
    let _tk = timekeeper::test_mode();
    assert_eq!(bindings::MAX_UDELAY_MS, 5);
    for (asked, waited) in [
        (Delta::from_nanos(1), Delta::from_micros(1)),
        (Delta::from_micros(4_999), Delta::from_micros(4_999)),
        (Delta::from_millis(5), Delta::from_millis(5)),
        (Delta::ZERO, Delta::ZERO),
    ] {
        assert_eq!(time_taken(|| udelay(asked)), waited, "udelay({asked:?})");
    }
}

/// Out of `[0, MAX_UDELAY_MS]`, upstream's `udelay` is a bug its `debug_assert!`s
/// catch; without debug assertions it waits `MAX_UDELAY_MS`.
#[test]
fn udelay_out_of_range_asserts_in_debug_and_clamps_otherwise() {
    let _tk = timekeeper::test_mode();
    for asked in [Delta::from_millis(6), Delta::from_nanos(-5)] {
        let start = Instant::<Monotonic>::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| udelay(asked)));
        if cfg!(debug_assertions) {
            assert!(
                outcome.is_err(),
                "udelay({asked:?}) passed its debug_assert!"
            );
            assert_eq!(start.elapsed(), Delta::ZERO);
        } else {
            assert!(outcome.is_ok());
            assert_eq!(start.elapsed(), Delta::from_millis(5), "udelay({asked:?})");
        }
    }
}

#[test]
fn msecs_to_jiffies_rounds_up_at_hz_250() {
    assert_eq!(bindings::HZ, 250);
    let cases: [(Msecs, Jiffies); 7] = [
        (0, 0),
        (1, 1),
        (4, 1),
        (5, 2),
        (1_000, 250),
        (i32::MAX as u32, 536_870_912),
        // "Negative" values mean an infinite timeout: MAX_JIFFY_OFFSET.
        (u32::MAX, (Jiffies::MAX >> 2) - 1),
    ];
    for (msecs, jiffies) in cases {
        assert_eq!(msecs_to_jiffies(msecs), jiffies, "{msecs} ms");
    }
}

#[test]
fn read_poll_timeout_sleeps_with_fsleep_until_past_the_timeout() {
    let _tk = timekeeper::test_mode();
    let reads = Cell::new(0);
    let took = time_taken(|| {
        let result = read_poll_timeout(
            || {
                reads.set(reads.get() + 1);
                Ok(0u32)
            },
            |v| *v == 1,
            Delta::from_micros(100),
            Delta::from_millis(1),
        );
        assert_eq!(result, Err(ETIMEDOUT));
    });
    // Reads at 0, 100, …, 1 000 us (not yet past 1 ms) and at 1 100 us.
    assert_eq!((reads.get(), took), (12, Delta::from_micros(1_100)));
}

#[test]
fn read_poll_timeout_returns_the_value_that_meets_the_condition() {
    let _tk = timekeeper::test_mode();
    let mut status = [0, 0, 0x3].into_iter();
    let took = time_taken(|| {
        let value = read_poll_timeout(
            || Ok(status.next().unwrap_or(0)),
            |v| v & 0x2 != 0,
            Delta::from_micros(50),
            Delta::from_millis(1),
        );
        assert_eq!(value, Ok(0x3));
    });
    assert_eq!(took, Delta::from_micros(100));
}

#[test]
fn read_poll_timeout_passes_errors_back_at_once() {
    let _tk = timekeeper::test_mode();
    let took = time_taken(|| {
        let result: Result<u32, _> = read_poll_timeout(
            || Err(EIO),
            |_| true,
            Delta::from_millis(1),
            Delta::from_secs(1),
        );
        assert_eq!(result, Err(EIO));
    });
    assert_eq!(took, Delta::ZERO);
}

#[test]
fn read_poll_timeout_atomic_busy_waits_retry_times() {
    let _tk = timekeeper::test_mode();
    let reads = Cell::new(0);
    let took = time_taken(|| {
        let result = read_poll_timeout_atomic(
            || {
                reads.set(reads.get() + 1);
                Ok(reads.get())
            },
            |n| *n == 1_000,
            Delta::from_micros(2),
            10,
        );
        assert_eq!(result, Err(ETIMEDOUT));
    });
    assert_eq!((reads.get(), took), (10, Delta::from_micros(20)));
}
