//! The seed patch's motivating use: a driver waiting for its hardware with a timeout,
//! and retrying a flaky operation with backoff — measured on a monotonic clock, so
//! that a wall-clock step can neither fire a timeout early nor hang it.
//!
//! [`read_poll_timeout`] is the shape of the kernel's `read_poll_timeout()`
//! (`include/linux/iopoll.h`) and of Rust's `kernel::io::poll::read_poll_timeout`;
//! [`retry`] is a bounded retry loop with exponential [`Backoff`]. Both take the sleep
//! as a closure (`fsleep()` in a driver; a test advances the test timekeeper instead),
//! never panic and never allocate.

use core::fmt;

use time_core::{Delta, Instant, MonotonicClock};

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
/// As the kernel's `read_poll_timeout()`: the deadline is `start + timeout`, the loop
/// gives up only once the clock is *past* it, and then polls one final time, so that a
/// value which became ready during the last sleep is not reported as a timeout. Unlike
/// the C macro, a zero `timeout` does not mean "wait forever": it polls until the
/// first sleep has passed.
///
/// `C` must be a [`MonotonicClock`]: on `RealTime`, a `settimeofday()` step backwards
/// would stretch the timeout without bound (and forwards would fire it at once).
///
/// ```
/// use kernel_integration::driver::read_poll_timeout;
/// use kernel_integration::time::Monotonic;
/// use time_core::Delta;
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
    mut sleep: impl FnMut(Delta),
    sleep_delta: Delta,
    timeout: Delta,
) -> Result<T, TimedOut> {
    let start = Instant::<C>::now();
    let deadline = start + timeout;
    loop {
        if let Some(value) = poll() {
            return Ok(value);
        }
        let now = Instant::<C>::now();
        if now > deadline {
            return poll().ok_or(TimedOut {
                waited: now - start,
            });
        }
        sleep(sleep_delta);
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
/// use time_core::Delta;
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
