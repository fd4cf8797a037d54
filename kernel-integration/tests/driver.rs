//! The driver helpers against the controllable timekeeper: the poll timeout fires
//! exactly when the kernel's `read_poll_timeout()` would, a wall-clock step cannot
//! move a monotonic timeout, and retries back off by exactly their schedule.

use std::cell::Cell;

use kernel_integration::driver::{read_poll_timeout, retry, Backoff, RetriesExhausted, TimedOut};
use kernel_integration::time::{BootTime, Monotonic};
use kernel_integration::timekeeper::{self, TestModeGuard};
use typed_clocks::ext::DeltaExt;
use typed_clocks::{Delta, Instant};

const MS: Delta = Delta::from_millis(1);

/// A sleep hook that lets `d` pass on the test timekeeper, as `fsleep(d)` would.
fn sleeper(tk: &TestModeGuard) -> impl FnMut(Delta) + '_ {
    move |d| tk.advance(d).expect("advance the test clock")
}

#[test]
fn poll_timeout_fires_once_the_clock_is_past_the_deadline() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let polls = Cell::new(0);
    let result: Result<(), _> = read_poll_timeout::<Monotonic, _>(
        || {
            polls.set(polls.get() + 1);
            None
        },
        sleeper(&tk),
        MS,
        10 * MS,
    );
    // Polls at 0, 1, …, 10 ms (10 ms is not yet past the deadline) and at 11 ms,
    // giving up right after that poll: 12 polls, as upstream's loop.
    assert_eq!(result, Err(TimedOut { waited: 11 * MS }));
    assert_eq!(polls.get(), 12);
    assert_eq!(start.elapsed(), 11 * MS);
    assert_eq!(
        TimedOut { waited: 11 * MS }.to_string(),
        "timed out after 11ms"
    );
}

#[test]
fn a_condition_that_holds_at_the_deadline_is_not_a_timeout() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let result = read_poll_timeout::<Monotonic, _>(
        || (start.elapsed() >= 10 * MS).then_some("ready"),
        sleeper(&tk),
        MS,
        10 * MS,
    );
    assert_eq!(result, Ok("ready"));
    assert_eq!(start.elapsed(), 10 * MS);
}

#[test]
fn the_first_poll_past_the_deadline_still_catches_a_late_value() {
    let tk = timekeeper::test_mode();
    let polls = Cell::new(0);
    // Ready only on the 12th poll: the one made once the deadline has passed.
    let result = read_poll_timeout::<Monotonic, _>(
        || {
            polls.set(polls.get() + 1);
            (polls.get() == 12).then_some(42)
        },
        sleeper(&tk),
        MS,
        10 * MS,
    );
    assert_eq!(result, Ok(42));
    // A 13th poll is never made.
    polls.set(0);
    let result = read_poll_timeout::<Monotonic, _>(
        || {
            polls.set(polls.get() + 1);
            (polls.get() == 13).then_some(42)
        },
        sleeper(&tk),
        MS,
        10 * MS,
    );
    assert_eq!(result, Err(TimedOut { waited: 11 * MS }));
}

#[test]
fn a_ready_device_is_polled_once_and_never_sleeps() {
    let _tk = timekeeper::test_mode();
    let mut slept = false;
    let result = read_poll_timeout::<Monotonic, _>(|| Some(()), |_| slept = true, MS, Delta::ZERO);
    assert_eq!(result, Ok(()));
    assert!(!slept);
}

#[test]
fn stepping_the_wall_clock_back_does_not_stretch_a_monotonic_timeout() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let mut steps = 0;
    let result: Result<(), _> = read_poll_timeout::<Monotonic, _>(
        || None,
        |d| {
            // settimeofday() an hour back during every sleep.
            tk.step_real_time(Delta::from_secs(-3600))
                .expect("step back");
            tk.advance(d).expect("advance");
            steps += 1;
        },
        MS,
        10 * MS,
    );
    assert_eq!(result, Err(TimedOut { waited: 11 * MS }));
    assert_eq!(start.elapsed(), 11 * MS);
    assert_eq!(steps, 11);
}

#[test]
fn stepping_the_wall_clock_forward_does_not_fire_a_monotonic_timeout_early() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let result = read_poll_timeout::<Monotonic, _>(
        || (start.elapsed() >= 5 * MS).then_some(()),
        |d| {
            tk.step_real_time(Delta::from_secs(3600))
                .expect("step forward");
            tk.advance(d).expect("advance");
        },
        MS,
        10 * MS,
    );
    assert_eq!(result, Ok(()));
}

#[test]
fn a_suspend_counts_on_boottime_but_not_on_monotonic() {
    let tk = timekeeper::test_mode();
    let suspend_then_sleep = |d| {
        tk.suspend(Delta::from_secs(60)).expect("suspend");
        tk.advance(d).expect("advance");
    };
    // On BootTime the suspend is time waited: the timeout fires after the first sleep.
    let boot: Result<(), _> =
        read_poll_timeout::<BootTime, _>(|| None, suspend_then_sleep, MS, 10 * MS);
    assert_eq!(
        boot,
        Err(TimedOut {
            waited: Delta::from_secs(60) + MS
        })
    );
    // On Monotonic it is not: 11 sleeps of 1 ms, however long the suspends.
    let start = Instant::<Monotonic>::now();
    let mono: Result<(), _> =
        read_poll_timeout::<Monotonic, _>(|| None, suspend_then_sleep, MS, 10 * MS);
    assert_eq!(mono, Err(TimedOut { waited: 11 * MS }));
    assert_eq!(start.elapsed(), 11 * MS);
}

#[test]
fn retry_backs_off_through_the_sleep_hook_until_success() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let mut attempts_at = Vec::new();
    let result = retry(10, Backoff::exponential(MS, 4 * MS), sleeper(&tk), |n| {
        attempts_at.push(start.elapsed());
        if n < 4 {
            Err("busy")
        } else {
            Ok(n)
        }
    });
    assert_eq!(result, Ok(4));
    // Sleeps of 1, 2, 4, 4 ms (capped) between the five attempts.
    assert_eq!(attempts_at, [Delta::ZERO, MS, 3 * MS, 7 * MS, 11 * MS]);
}

#[test]
fn retry_gives_up_after_its_attempts_without_a_final_sleep() {
    let tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let mut tries = 0;
    let result: Result<(), _> = retry(3, Backoff::constant(2 * MS), sleeper(&tk), |_| {
        tries += 1;
        Err(tries)
    });
    assert_eq!(
        result,
        Err(RetriesExhausted {
            attempts: 3,
            last_error: 3
        })
    );
    assert_eq!(start.elapsed(), 4 * MS);
    assert_eq!(
        RetriesExhausted {
            attempts: 3,
            last_error: "busy"
        }
        .to_string(),
        "gave up after 3 attempts: busy"
    );
}

#[test]
fn retry_always_tries_at_least_once() {
    let mut tries = 0;
    let result: Result<u32, _> = retry(
        0,
        Backoff::constant(MS),
        |_| {},
        |_| {
            tries += 1;
            Err(())
        },
    );
    assert_eq!(result.map_err(|e| e.attempts), Err(1));
    assert_eq!(tries, 1);
}

#[test]
fn backoff_saturates_and_is_never_negative() {
    let b = Backoff::exponential(Delta::from_secs(1), Delta::MAX);
    assert_eq!(b.delay(0), Delta::from_secs(1));
    assert_eq!(b.delay(3), Delta::from_secs(8));
    assert_eq!(b.delay(200), Delta::MAX);
    let negative = Backoff {
        initial: Delta::from_millis(-1),
        factor: 3,
        max: MS,
    };
    assert_eq!(negative.delay(5), Delta::ZERO);
    assert_eq!(Backoff::constant(MS).delay(u32::MAX), MS);
}
