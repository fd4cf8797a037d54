//! Polling with a timeout: the loops behind `kernel::io::poll`, generic over the clock
//! and the sleep so that they run anywhere.
//!
//! The kernel services template (`kernel_services = true` in the clock table) turns
//! these into upstream's `read_poll_timeout` and `read_poll_timeout_atomic`, with the
//! table's monotonic clock and the bindings' `fsleep`/`udelay`. Tests and other
//! backends call them directly with their own sleep.
//!
//! The loops are generic over the error type: [`read_poll_timeout_with_error`] and
//! [`read_poll_timeout_atomic_with_error`] return `Result<T, E>` for any `E`, with the
//! value to return on a timeout passed in, and `op` returning the same `Result<T, E>`.
//! That is how the kernel services return the kernel's own `Error` when the table's
//! invocation names it (`error = crate::error`, see [`services`](crate::services)); a
//! constant passed by value costs nothing once the loop is inlined. The
//! `…_with` forms are these loops at this crate's [`Error`](crate::error::Error) and
//! [`ETIMEDOUT`].
//!
//! C header: `include/linux/iopoll.h`.

use crate::clock::MonotonicClock;
use crate::delta::Delta;
use crate::error::{code::ETIMEDOUT, Result};
use crate::instant::Instant;

/// Polls until a condition is met, an error occurs, or the timeout is reached:
/// upstream's `read_poll_timeout`, measured on the monotonic clock `C`, sleeping with
/// `sleep`.
///
/// Calls `op`, passing an error straight back; returns its value once `cond` accepts
/// it. Otherwise, when more than `timeout_delta` has elapsed on `C` since the start,
/// returns [`ETIMEDOUT`] — right after the `op` that found the device still not
/// ready, as upstream does, so no read is wasted and none is missing. Otherwise calls
/// `sleep(sleep_delta)` unless `sleep_delta` is zero or negative, spins once
/// ([`core::hint::spin_loop`], the kernel's `cpu_relax()`), and polls again.
///
/// A clock that reads `KTIME_MAX`, the end of its range, at the start or at a check
/// has passed every timeout, `Delta::MAX` included: the posix backend reads a clock
/// that `clock_gettime` fails on so, and a wait on it returns [`ETIMEDOUT`] after one
/// poll instead of spinning on a clock that does not advance.
///
/// A negative `sleep_delta` polls as zero does, without sleeping: the loop still ends
/// at the timeout. Upstream's `kernel::io::poll` passes it to `fsleep`, which sleeps
/// its maximum for it (`i32::MAX` µs, 35.8 minutes, [`FSLEEP_MAX`]) whatever the
/// timeout; this loop does not, so that a poll with a 10 ms timeout never takes half
/// an hour.
///
/// [`FSLEEP_MAX`]: crate::delay::FSLEEP_MAX
///
/// `C` must be monotonic: on a clock that `settimeofday()` can step backwards the
/// timeout could stretch without bound. Only for contexts that may sleep, as `sleep`
/// normally does.
///
/// ```
/// use typed_clocks::{error::code::ETIMEDOUT, poll::read_poll_timeout_with, Delta};
/// # use core::sync::atomic::{AtomicI64, Ordering::Relaxed};
/// # static NOW: AtomicI64 = AtomicI64::new(0);
/// # #[unsafe(no_mangle)] extern "C" fn poll_doc_now() -> typed_clocks::Ktime { NOW.load(Relaxed) }
/// typed_clocks::declare_clocks! {
///     unsafe(extern "C");
///     Mono { getter: poll_doc_now, monotonic: true, clockid: 1 }
/// }
///
/// let sleep = |d: Delta| { NOW.fetch_add(d.as_nanos(), Relaxed); };
/// let mut status = [0u8, 0, 1].into_iter();
/// let ready = read_poll_timeout_with::<Mono, _, _, _>(
///     || Ok(status.next().unwrap_or(0)),
///     |s| *s == 1,
///     Delta::from_micros(10),
///     Delta::from_millis(1),
///     sleep,
/// );
/// assert_eq!(ready, Ok(1));
///
/// let never = read_poll_timeout_with::<Mono, _, _, _>(
///     || Ok(0),
///     |s| *s == 1,
///     Delta::from_micros(300),
///     Delta::from_millis(1),
///     sleep,
/// );
/// assert_eq!(never, Err(ETIMEDOUT));
/// ```
#[inline]
pub fn read_poll_timeout_with<C, Op, Cond, T>(
    op: Op,
    cond: Cond,
    sleep_delta: Delta,
    timeout_delta: Delta,
    sleep: impl FnMut(Delta),
) -> Result<T>
where
    C: MonotonicClock,
    Op: FnMut() -> Result<T>,
    Cond: FnMut(&T) -> bool,
{
    read_poll_timeout_with_error::<C, Op, Cond, T, _>(
        op,
        cond,
        sleep_delta,
        timeout_delta,
        sleep,
        ETIMEDOUT,
    )
}

/// [`read_poll_timeout_with`] for any error type `E`: `op` returns `Result<T, E>`,
/// its error is passed back as it is, and a timeout returns `timed_out`.
///
/// This is the loop the kernel services' `read_poll_timeout` runs, with `E` the error
/// type the table's invocation chose (this crate's by default, the kernel's own with
/// `error = crate::error`) and `timed_out` that type's `ETIMEDOUT`.
///
/// ```
/// use typed_clocks::{poll::read_poll_timeout_with_error, Delta};
/// # use core::sync::atomic::{AtomicI64, Ordering::Relaxed};
/// # static NOW: AtomicI64 = AtomicI64::new(0);
/// # #[unsafe(no_mangle)]
/// # extern "C" fn poll_err_doc_now() -> typed_clocks::Ktime { NOW.load(Relaxed) }
/// typed_clocks::declare_clocks! {
///     unsafe(extern "C");
///     Mono { getter: poll_err_doc_now, monotonic: true, clockid: 1 }
/// }
///
/// /// A driver's own error type, with its own "timed out".
/// #[derive(Debug, PartialEq)]
/// enum BusError { Nak, TimedOut }
///
/// let sleep = |d: Delta| { NOW.fetch_add(d.as_nanos(), Relaxed); };
/// let never = read_poll_timeout_with_error::<Mono, _, _, u8, _>(
///     || Ok(0),
///     |s| *s == 1,
///     Delta::from_micros(300),
///     Delta::from_millis(1),
///     sleep,
///     BusError::TimedOut,
/// );
/// assert_eq!(never, Err(BusError::TimedOut));
/// let nak = read_poll_timeout_with_error::<Mono, _, _, u8, _>(
///     || Err(BusError::Nak), |_| true, Delta::ZERO, Delta::ZERO, sleep, BusError::TimedOut,
/// );
/// assert_eq!(nak, Err(BusError::Nak));
/// ```
#[inline]
pub fn read_poll_timeout_with_error<C, Op, Cond, T, E>(
    mut op: Op,
    mut cond: Cond,
    sleep_delta: Delta,
    timeout_delta: Delta,
    mut sleep: impl FnMut(Delta),
    timed_out: E,
) -> core::result::Result<T, E>
where
    C: MonotonicClock,
    Op: FnMut() -> core::result::Result<T, E>,
    Cond: FnMut(&T) -> bool,
{
    let start = Instant::<C>::now();
    loop {
        let value = op()?;
        if cond(&value) {
            return Ok(value);
        }
        let now = Instant::<C>::now();
        if now.saturating_duration_since(start) > timeout_delta
            || at_the_end_of_time(start)
            || at_the_end_of_time(now)
        {
            return Err(timed_out);
        }
        if sleep_delta.as_nanos() > 0 {
            sleep(sleep_delta);
        }
        // `sleep` may be a busy wait: give the CPU a hint either way (`cpu_relax()`).
        core::hint::spin_loop();
    }
}

/// Whether `instant` is `KTIME_MAX`, the end of its clock's range, which no running
/// clock reaches (292 years): the posix backend's reading of a clock that could not be
/// read. Every timeout has passed there, so a poll timed on it ends.
#[inline]
fn at_the_end_of_time<C: MonotonicClock>(instant: Instant<C>) -> bool {
    instant.to_ktime() == crate::clock::Ktime::MAX
}

/// Polls until a condition is met, an error occurs, or `retry` attempts have been
/// made: upstream's `read_poll_timeout_atomic`, busy-waiting with `delay`.
///
/// For atomic context, where the clocks may not be read reliably: instead of a
/// timeout it makes at most `retry` calls of `op`, with `delay(delay_delta)` (unless
/// `delay_delta` is zero) and a spin hint after each call that `cond` rejects. Returns
/// `op`'s error as soon as it gives one, and [`ETIMEDOUT`] after the last attempt;
/// with `retry == 0`, `op` is never called.
///
/// ```
/// use typed_clocks::{error::code::{EIO, ETIMEDOUT}, poll::read_poll_timeout_atomic_with, Delta};
///
/// let mut delays = 0;
/// let mut reads = 0;
/// let result = read_poll_timeout_atomic_with(
///     || {
///         reads += 1;
///         Ok(reads)
///     },
///     |r| *r == 3,
///     Delta::from_micros(5),
///     10,
///     |_| delays += 1,
/// );
/// assert_eq!((result, delays), (Ok(3), 2));
/// let result: Result<u8, _> =
///     read_poll_timeout_atomic_with(|| Ok(0), |_| false, Delta::ZERO, 4, |_| unreachable!());
/// assert_eq!(result, Err(ETIMEDOUT));
/// let result: Result<u8, _> =
///     read_poll_timeout_atomic_with(|| Err(EIO), |_| true, Delta::ZERO, 4, |_| {});
/// assert_eq!(result, Err(EIO));
/// ```
#[inline]
pub fn read_poll_timeout_atomic_with<Op, Cond, T>(
    op: Op,
    cond: Cond,
    delay_delta: Delta,
    retry: usize,
    delay: impl FnMut(Delta),
) -> Result<T>
where
    Op: FnMut() -> Result<T>,
    Cond: FnMut(&T) -> bool,
{
    read_poll_timeout_atomic_with_error(op, cond, delay_delta, retry, delay, ETIMEDOUT)
}

/// [`read_poll_timeout_atomic_with`] for any error type `E`: `op` returns
/// `Result<T, E>`, its error is passed back as it is, and running out of attempts
/// returns `timed_out`.
///
/// ```
/// use typed_clocks::{poll::read_poll_timeout_atomic_with_error, Delta};
/// let result: Result<u8, &str> = read_poll_timeout_atomic_with_error(
///     || Ok(0),
///     |_| false,
///     Delta::ZERO,
///     3,
///     |_| {},
///     "timed out",
/// );
/// assert_eq!(result, Err("timed out"));
/// ```
#[inline]
pub fn read_poll_timeout_atomic_with_error<Op, Cond, T, E>(
    mut op: Op,
    mut cond: Cond,
    delay_delta: Delta,
    retry: usize,
    mut delay: impl FnMut(Delta),
    timed_out: E,
) -> core::result::Result<T, E>
where
    Op: FnMut() -> core::result::Result<T, E>,
    Cond: FnMut(&T) -> bool,
{
    for _ in 0..retry {
        let value = op()?;
        if cond(&value) {
            return Ok(value);
        }
        if !delay_delta.is_zero() {
            delay(delay_delta);
        }
        core::hint::spin_loop();
    }
    Err(timed_out)
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
