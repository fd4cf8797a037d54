//! Patch 0008: upstream's polls wait only for a positive delay. A negative one, a
//! caller's bug, polls as a zero one does: `read_poll_timeout` reads until its timeout
//! without sleeping (`fsleep` of a negative span would sleep `i32::MAX` microseconds,
//! 35 minutes), and `read_poll_timeout_atomic` busy-waits no longer than with a zero
//! delay (`udelay` of a negative span would wait `MAX_UDELAY_MS` per retry). Timed on
//! the test timekeeper, where every delay lets exactly its time pass.

use std::cell::Cell;

use kernel::error::code::ETIMEDOUT;
use kernel::io::poll::{read_poll_timeout, read_poll_timeout_atomic};
use kernel::time::delay::udelay;
use kernel::time::Delta;
use kernel::timekeeper;

mod support;
use support::time_taken;

#[test]
fn read_poll_timeout_with_a_negative_sleep_delta_polls_without_sleeping() {
    let _tk = timekeeper::test_mode();
    let reads = Cell::new(0);
    let took = time_taken(|| {
        let result = read_poll_timeout(
            || {
                // Each read takes 100 us of the clock.
                reads.set(reads.get() + 1);
                udelay(Delta::from_micros(100));
                Ok(0u32)
            },
            |v| *v == 1,
            Delta::from_micros(-100),
            Delta::from_millis(1),
        );
        assert_eq!(result, Err(ETIMEDOUT));
    });
    // Reads at 0, 100, …, 1 000 us, the last one ending past the timeout.
    assert_eq!((reads.get(), took), (11, Delta::from_micros(1_100)));
}

/// `read_poll_timeout_atomic`'s 1000 retries of a read that never succeeds, with
/// `delay` between them: the (reads, time taken).
fn atomic_retries(delay: Delta) -> (u32, Delta) {
    let reads = Cell::new(0);
    let took = time_taken(|| {
        let result = read_poll_timeout_atomic(
            || {
                reads.set(reads.get() + 1);
                Ok(0u32)
            },
            |v| *v == 1,
            delay,
            1000,
        );
        assert_eq!(result, Err(ETIMEDOUT));
    });
    (reads.get(), took)
}

#[test]
fn read_poll_timeout_atomic_with_a_negative_delay_waits_no_longer_than_with_none() {
    let _tk = timekeeper::test_mode();
    let zero = atomic_retries(Delta::ZERO);
    assert_eq!(zero, (1000, Delta::ZERO));
    assert_eq!(atomic_retries(Delta::from_micros(-1)), zero);
    assert_eq!(atomic_retries(Delta::from_nanos(i64::MIN)), zero);
}
