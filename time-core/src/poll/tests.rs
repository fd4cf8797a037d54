//! The unit tests of `poll` (host only: the kernel tree does not carry them).

use super::*;
use crate::clock::Ktime;
use crate::error::code::EIO;
use crate::test_support::{lock_test_clock, set_test_clock, TestClock};
use core::cell::Cell;

#[test]
fn times_out_after_the_first_poll_past_the_deadline() {
    let _lock = lock_test_clock();
    let now = Cell::new(0);
    set_test_clock(0);
    let polls = Cell::new(0);
    let result: Result<()> = read_poll_timeout_with::<TestClock, _, _, _>(
        || {
            polls.set(polls.get() + 1);
            Ok(())
        },
        |_| false,
        Delta::from_millis(1),
        Delta::from_millis(10),
        |d| {
            now.set(now.get() + d.as_nanos());
            set_test_clock(now.get());
        },
    );
    assert_eq!(result, Err(ETIMEDOUT));
    // Polls at 0, 1, …, 11 ms: at 10 ms the timeout is reached, not exceeded.
    assert_eq!(polls.get(), 12);
    assert_eq!(now.get(), 11_000_000);
}

#[test]
fn errors_pass_through_and_a_zero_sleep_does_not_sleep() {
    let _lock = lock_test_clock();
    set_test_clock(0);
    let result: Result<u8> = read_poll_timeout_with::<TestClock, _, _, _>(
        || Err(EIO),
        |_| true,
        Delta::ZERO,
        Delta::ZERO,
        |_| panic!("slept"),
    );
    assert_eq!(result, Err(EIO));
    let calls = Cell::new(0);
    let result = read_poll_timeout_with::<TestClock, _, _, _>(
        || {
            calls.set(calls.get() + 1);
            if calls.get() == 3 {
                set_test_clock(1);
            }
            Ok(calls.get())
        },
        |_| false,
        Delta::ZERO,
        Delta::ZERO,
        |_| panic!("slept"),
    );
    // A zero timeout still polls until the clock has moved past the start.
    assert_eq!((result, calls.get()), (Err(ETIMEDOUT), 3));
}

#[test]
fn a_negative_sleep_delta_polls_without_sleeping_until_the_timeout() {
    let _lock = lock_test_clock();
    set_test_clock(0);
    let (now, polls) = (Cell::new(0), Cell::new(0));
    let result: Result<()> = read_poll_timeout_with::<TestClock, _, _, _>(
        || {
            // Each poll takes 1 ms of the clock.
            polls.set(polls.get() + 1);
            now.set(now.get() + 1_000_000);
            set_test_clock(now.get());
            Ok(())
        },
        |_| false,
        Delta::from_nanos(-1),
        Delta::from_millis(10),
        |d| panic!("slept {d}"),
    );
    assert_eq!(result, Err(ETIMEDOUT));
    assert_eq!((polls.get(), now.get()), (11, 11_000_000));
    for sleep_delta in [Delta::MIN, Delta::from_millis(-1)] {
        let result: Result<()> = read_poll_timeout_with::<TestClock, _, _, _>(
            || {
                now.set(now.get() + 1_000_000);
                set_test_clock(now.get());
                Ok(())
            },
            |_| false,
            sleep_delta,
            Delta::ZERO,
            |d| panic!("slept {d}"),
        );
        assert_eq!(result, Err(ETIMEDOUT));
    }
}

#[test]
fn a_clock_at_the_end_of_its_range_times_out_after_one_poll() {
    let _lock = lock_test_clock();
    // At the start (it stays there, or comes back), or from the first check on.
    for (start, later) in [(Ktime::MAX, Ktime::MAX), (Ktime::MAX, 5), (5, Ktime::MAX)] {
        set_test_clock(start);
        let polls = Cell::new(0);
        let result: Result<()> = read_poll_timeout_with::<TestClock, _, _, _>(
            || {
                polls.set(polls.get() + 1);
                set_test_clock(later);
                // A loop that does not end is cut short, and the test fails.
                if polls.get() > 100 {
                    Err(EIO)
                } else {
                    Ok(())
                }
            },
            |_| false,
            Delta::ZERO,
            Delta::MAX,
            |_| panic!("slept"),
        );
        assert_eq!(
            (result, polls.get()),
            (Err(ETIMEDOUT), 1),
            "{start} then {later}"
        );
    }
}

#[test]
fn atomic_poll_counts_attempts_not_time() {
    let mut delays = 0;
    let calls = Cell::new(0);
    let result: Result<()> = read_poll_timeout_atomic_with(
        || {
            calls.set(calls.get() + 1);
            Ok(())
        },
        |_| false,
        Delta::from_micros(1),
        5,
        |_| delays += 1,
    );
    assert_eq!((result, calls.get(), delays), (Err(ETIMEDOUT), 5, 5));
    let result: Result<()> =
        read_poll_timeout_atomic_with(|| panic!("polled"), |_| true, Delta::ZERO, 0, |_| {});
    assert_eq!(result, Err(ETIMEDOUT));
}
