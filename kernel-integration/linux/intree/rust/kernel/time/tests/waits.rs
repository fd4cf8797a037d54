// SPDX-License-Identifier: GPL-2.0

//! Sleeps, delays, polling and jiffies: none ends before what was asked, measured on
//! the clock it waits on (`Monotonic` for the hrtimer-based ones, jiffies for the
//! timer-wheel ones).

use crate::bindings;
use crate::time::{Delta, Instant, Jiffies, Monotonic};

/// The kernel's `jiffies`.
fn jiffies() -> Jiffies {
    // SAFETY: `jiffies` is a static, always-valid, aligned `unsigned long` that the
    // tick updates with single stores; `read_volatile` reads it as C's `volatile` does.
    unsafe { core::ptr::read_volatile(&raw const bindings::jiffies) }
}

/// How long `wait()` took on `Monotonic`.
fn measured(wait: impl FnOnce()) -> Delta {
    let start = Instant::<Monotonic>::now();
    wait();
    start.elapsed()
}

/// How many jiffies passed while `wait()` ran.
fn jiffies_during(wait: impl FnOnce()) -> Jiffies {
    let start = jiffies();
    wait();
    jiffies().wrapping_sub(start)
}

/// The kernel's `jiffies64_to_nsecs()`.
fn jiffies_to_nsecs(jiffies: Jiffies) -> u64 {
    // SAFETY: `jiffies64_to_nsecs()` converts a number; it has no preconditions.
    unsafe { bindings::jiffies64_to_nsecs(jiffies as u64) }
}

/// The kernel's `__msecs_to_jiffies()`, the out-of-line `msecs_to_jiffies()`.
fn kernel_msecs_to_jiffies(msecs: u32) -> Jiffies {
    // SAFETY: `__msecs_to_jiffies()` converts a number; it has no preconditions.
    unsafe { bindings::__msecs_to_jiffies(msecs) }
}

#[macros::kunit_tests(rust_time_waits)]
mod tests {
    use super::*;
    use crate::error::code::{EIO, ETIMEDOUT};
    use crate::io::poll::{read_poll_timeout, read_poll_timeout_atomic};
    use crate::time::{delay, msecs_to_jiffies};

    #[test]
    fn fsleep_15us_sleeps_at_least_15us() {
        let asked = Delta::from_micros(15);
        assert!(measured(|| delay::fsleep(asked)) >= asked);
    }

    #[test]
    fn fsleep_3ms_sleeps_at_least_3ms() {
        let asked = Delta::from_millis(3);
        assert!(measured(|| delay::fsleep(asked)) >= asked);
    }

    #[test]
    fn fsleep_50ms_sleeps_at_least_its_jiffies() {
        // Beyond `USLEEP_RANGE_UPPER_BOUND`, `fsleep()` is `msleep()`: a timer-wheel
        // sleep, which ends no earlier than its count of jiffies.
        assert!(jiffies_during(|| delay::fsleep(Delta::from_millis(50))) >= msecs_to_jiffies(50));
    }

    #[test]
    fn msleep_sleeps_at_least_its_jiffies() {
        // SAFETY: `msleep()` may sleep: KUnit runs the test in a kthread, holding no
        // lock.
        let slept = jiffies_during(|| unsafe { bindings::msleep(20) });
        assert!(slept >= msecs_to_jiffies(20));
    }

    #[test]
    fn udelay_waits_at_least_99_percent_of_500us() {
        // `udelay()` busy-waits for a number of cycles of a frequency calibrated at boot
        // (`lpj`, or the TSC's early calibration), which the clocksource's time can
        // differ from by a fraction of a percent (x86 logs the TSC's refined
        // frequency later): it waits the time asked to within that error, not at least.
        let asked = Delta::from_micros(500);
        assert!(measured(|| delay::udelay(asked)) >= Delta::from_micros(495));
    }

    #[test]
    fn msecs_to_jiffies_is_the_kernels() {
        for msecs in [0, 1, 3, 20, 1000, u32::MAX / 2, u32::MAX] {
            assert_eq!(msecs_to_jiffies(msecs), kernel_msecs_to_jiffies(msecs));
        }
    }

    #[test]
    fn msecs_to_jiffies_rounds_up() {
        for msecs in [1, 3, 20, 1000] {
            let jiffies = msecs_to_jiffies(msecs);
            let nsecs = u64::from(msecs) * 1_000_000;
            assert!(jiffies_to_nsecs(jiffies) >= nsecs);
            assert!(jiffies_to_nsecs(jiffies - 1) < nsecs);
        }
    }

    #[test]
    fn read_poll_timeout_returns_when_met() {
        let start = Instant::<Monotonic>::now();
        let wait = Delta::from_millis(5);
        let met = read_poll_timeout(
            || Ok(Instant::<Monotonic>::now()),
            |now| *now - start >= wait,
            Delta::from_millis(1),
            Delta::from_secs(10),
        );
        assert!(matches!(met, Ok(at) if at - start >= wait));
    }

    #[test]
    fn read_poll_timeout_times_out() {
        let timeout = Delta::from_millis(5);
        let start = Instant::<Monotonic>::now();
        let never = read_poll_timeout(|| Ok(0u32), |_| false, Delta::from_millis(1), timeout);
        let took = start.elapsed();
        assert_eq!(never, Err(ETIMEDOUT));
        assert!(took >= timeout);
    }

    #[test]
    fn read_poll_timeout_returns_the_ops_error() {
        let failed = read_poll_timeout(
            || Err::<u32, _>(EIO),
            |_| true,
            Delta::ZERO,
            Delta::from_secs(1),
        );
        assert_eq!(failed, Err(EIO));
    }

    #[test]
    fn read_poll_timeout_atomic_returns_when_met() {
        let mut calls = 0u32;
        let met = read_poll_timeout_atomic(
            || {
                calls += 1;
                Ok(calls)
            },
            |calls| *calls >= 5,
            Delta::from_micros(10),
            100,
        );
        assert_eq!(met, Ok(5));
    }

    #[test]
    fn read_poll_timeout_with_a_negative_delay_times_out() {
        let timeout = Delta::from_millis(5);
        let start = Instant::<Monotonic>::now();
        let never = read_poll_timeout(|| Ok(0u32), |_| false, Delta::from_nanos(-1), timeout);
        let took = start.elapsed();
        assert_eq!(never, Err(ETIMEDOUT));
        // A wait for the negative delay would be `fsleep`'s longest, 35 minutes.
        assert!(took >= timeout && took < Delta::from_secs(10));
    }

    #[test]
    fn read_poll_timeout_atomic_with_a_negative_delay_does_not_wait() {
        let start = Instant::<Monotonic>::now();
        let never = read_poll_timeout_atomic(|| Ok(0u32), |_| false, Delta::from_nanos(-1), 1000);
        let took = start.elapsed();
        assert_eq!(never, Err(ETIMEDOUT));
        // A wait for the negative delay would be `udelay`'s longest, MAX_UDELAY_MS, at
        // each of the 1000 retries: 5 s.
        assert!(took < Delta::from_secs(1));
    }

    #[test]
    fn read_poll_timeout_atomic_times_out() {
        let mut calls = 0u32;
        let never = read_poll_timeout_atomic(
            || {
                calls += 1;
                Ok(calls)
            },
            |_| false,
            Delta::from_micros(10),
            100,
        );
        assert_eq!(never, Err(ETIMEDOUT));
        assert!(calls > 1);
    }
}
