//! Driver helpers: a driver waiting for its hardware with a timeout, and retrying a
//! flaky operation with backoff — measured on a monotonic clock, so that a wall-clock
//! step can neither fire a timeout early nor hang it.
//!
//! [`wait_for_bits`] is what a driver writes with the kernel services:
//! [`crate::time::poll::read_poll_timeout`] sleeping with
//! [`crate::time::delay::fsleep`]. [`read_poll_timeout`] is the same loop
//! (`typed_clocks::poll::read_poll_timeout_with`) with the clock and the sleep chosen by
//! the caller, for value-or-nothing polls; [`retry`] is a bounded retry loop with
//! exponential [`Backoff`]. None of them panics or allocates.

use core::fmt;

use typed_clocks::error::Result;
use typed_clocks::ext::DeltaExt;
use typed_clocks::poll::read_poll_timeout_with;
use typed_clocks::{Delta, Instant, MonotonicClock};

use crate::time::poll;

/// Polls the register read by `read` until every bit of `mask` is set, sleeping
/// `sleep_delta` with `fsleep` between reads, for at most `timeout` on `Monotonic`:
/// the kernel's `read_poll_timeout(|| Ok(read()), |v| v & mask == mask, …)`.
///
/// Returns the register's value, or `ETIMEDOUT`.
///
/// ```
/// use kernel_integration::driver::wait_for_bits;
/// use kernel_integration::timekeeper;
/// use typed_clocks::{error::code::ETIMEDOUT, Delta};
///
/// let _tk = timekeeper::test_mode(); // fsleep() lets test time pass
/// let mut status = [0x0, 0x1, 0x3].into_iter();
/// let value = wait_for_bits(|| status.next().unwrap_or(0), 0x3, Delta::from_micros(50), Delta::from_millis(1));
/// assert_eq!(value, Ok(0x3));
/// assert_eq!(wait_for_bits(|| 0, 0x1, Delta::from_micros(50), Delta::from_millis(1)), Err(ETIMEDOUT));
/// ```
pub fn wait_for_bits(
    mut read: impl FnMut() -> u32,
    mask: u32,
    sleep_delta: Delta,
    timeout: Delta,
) -> Result<u32> {
    poll::read_poll_timeout(|| Ok(read()), |v| v & mask == mask, sleep_delta, timeout)
}

/// [`read_poll_timeout`] gave up: the condition still did not hold after the timeout.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimedOut {
    /// How long the loop had waited, on its clock, when it gave up.
    pub waited: Delta,
}

impl fmt::Display for TimedOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "timed out after {}", self.waited)
    }
}

impl std::error::Error for TimedOut {}

/// Polls `poll` until it returns `Some`, or until more than `timeout` has elapsed on
/// the monotonic clock `C`, calling `sleep(sleep_delta)` between polls.
///
/// The loop of the kernel's `read_poll_timeout` (`typed_clocks::poll::read_poll_timeout_with`):
/// it gives up only once the clock is *past* `start + timeout`, right after the poll
/// that found the value still missing, so a value that became ready during the last
/// sleep is not reported as a timeout. A zero `timeout` polls until the clock has
/// moved past the start (it does not mean "wait forever", as in C).
///
/// `C` must be a [`MonotonicClock`]: on `RealTime`, a `settimeofday()` step backwards
/// would stretch the timeout without bound (and forwards would fire it at once).
///
/// ```
/// use kernel_integration::driver::read_poll_timeout;
/// use kernel_integration::time::Monotonic;
/// use typed_clocks::Delta;
///
/// let mut status = [0u8, 0, 1].into_iter();
/// let ready = read_poll_timeout::<Monotonic, _>(
///     || status.next().filter(|&s| s == 1),
///     |_| {},                       // a driver would fsleep() here
///     Delta::from_micros(10),
///     Delta::from_millis(100),
/// );
/// assert_eq!(ready, Ok(1));
/// ```
pub fn read_poll_timeout<C: MonotonicClock, T>(
    mut poll: impl FnMut() -> Option<T>,
    sleep: impl FnMut(Delta),
    sleep_delta: Delta,
    timeout: Delta,
) -> core::result::Result<T, TimedOut> {
    let start = Instant::<C>::now();
    let found = read_poll_timeout_with::<C, _, _, _>(
        || Ok(poll()),
        Option::is_some,
        sleep_delta,
        timeout,
        sleep,
    );
    match found {
        Ok(Some(value)) => Ok(value),
        // `Ok(None)` cannot happen (the condition is `is_some`); the only error is
        // the timeout, as `poll` never fails.
        Ok(None) | Err(_) => Err(TimedOut {
            waited: start.elapsed(),
        }),
    }
}

/// How long [`retry`] sleeps between attempts: `initial`, then `factor` times more
/// after each failure, never more than `max`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Backoff {
    /// The sleep after the first failure.
    pub initial: Delta,
    /// What each sleep is multiplied by for the next one (1: constant backoff).
    pub factor: i64,
    /// The longest sleep.
    pub max: Delta,
}

impl Backoff {
    /// Doubling from `initial` up to `max`.
    pub const fn exponential(initial: Delta, max: Delta) -> Self {
        Self {
            initial,
            factor: 2,
            max,
        }
    }

    /// Always `delay`.
    pub const fn constant(delay: Delta) -> Self {
        Self {
            initial: delay,
            factor: 1,
            max: delay,
        }
    }

    /// The sleep after failure number `failure` (0-based), saturating, capped at `max`
    /// and never negative.
    pub fn delay(&self, failure: u32) -> Delta {
        let mut delay = self.initial;
        for _ in 0..failure {
            if delay >= self.max {
                break;
            }
            delay = delay.saturating_mul(self.factor);
        }
        if delay > self.max {
            delay = self.max;
        }
        if delay.is_negative() {
            Delta::ZERO
        } else {
            delay
        }
    }
}

/// [`retry`] ran out of attempts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RetriesExhausted<E> {
    /// How many attempts were made.
    pub attempts: u32,
    /// The error of the last attempt.
    pub last_error: E,
}

impl<E: fmt::Display> fmt::Display for RetriesExhausted<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "gave up after {} attempts: {}",
            self.attempts, self.last_error
        )
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for RetriesExhausted<E> {}

/// Runs `attempt` (given the 0-based attempt number) until it succeeds, at most
/// `attempts` times (at least once), calling `sleep` with the [`Backoff`] delay after
/// each failure but the last.
///
/// ```
/// use kernel_integration::driver::{retry, Backoff};
/// use typed_clocks::Delta;
///
/// let mut slept = Vec::new();
/// let result: Result<u32, _> = retry(
///     5,
///     Backoff::exponential(Delta::from_micros(10), Delta::from_micros(25)),
///     |d| slept.push(d),
///     |n| if n < 3 { Err("busy") } else { Ok(n) },
/// );
/// assert_eq!(result, Ok(3));
/// assert_eq!(slept, [Delta::from_micros(10), Delta::from_micros(20), Delta::from_micros(25)]);
/// ```
pub fn retry<T, E>(
    attempts: u32,
    backoff: Backoff,
    mut sleep: impl FnMut(Delta),
    mut attempt: impl FnMut(u32) -> Result<T, E>,
) -> Result<T, RetriesExhausted<E>> {
    let attempts = attempts.max(1);
    let mut n = 0;
    loop {
        match attempt(n) {
            Ok(value) => return Ok(value),
            Err(last_error) if n + 1 >= attempts => {
                return Err(RetriesExhausted {
                    attempts,
                    last_error,
                })
            }
            Err(_) => {
                sleep(backoff.delay(n));
                n += 1;
            }
        }
    }
}
