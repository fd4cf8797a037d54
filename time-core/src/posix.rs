//! The userspace backend: clocks read with `clock_gettime` and deadlines waited for with
//! `clock_nanosleep`, through the `libc` crate (feature `posix`; still `no_std`).
//!
//! Declare the clocks with `declare_clocks!("clocks.toml", backend = posix)`: each row
//! then needs a `clockid` (a `libc` constant such as `"CLOCK_MONOTONIC"`, or an
//! integer), and its type implements [`PosixClock`]. The generated code reads each
//! clock with [`PosixClock::read`], and names `libc`'s constants through [`libc`] (the
//! runtime contract of the posix backend, `docs/runtime.md`). The macro's
//! `unsafe impl`s of a posix clock rest on that method: it is the runtime's, declared
//! in this `unsafe trait`, so a runtime of another crate that reads something else
//! has written `unsafe` to do so.
//!
//! A sleep on a clock that does not advance while its caller sleeps (the CPU-time
//! clocks `CLOCK_PROCESS_CPUTIME_ID` and `CLOCK_THREAD_CPUTIME_ID`, which a table may
//! declare to be read) would never end: it fails at once with
//! [`SleepError::CLOCK_STOPS`].

use crate::clock::{ClockSource, Ktime};
use crate::deadline::Deadline;
use crate::delta::Delta;
use core::fmt;

#[doc(hidden)]
pub use libc;

/// A clock read with `clock_gettime(ID)`, which `clock_nanosleep` can wait on.
/// Implemented by `declare_clocks!(…, backend = posix)`, whose `ktime_get` is
/// [`PosixClock::read`].
///
/// # Safety
///
/// Implementers must ensure that `ID` is a clock id that `clock_gettime` reads, that
/// the clock's `ktime_get` is [`PosixClock::read`] (what `clock_gettime` does with the
/// id is what the clock does), and that they do not override `read`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a POSIX clock",
    label = "this clock cannot be waited on with `clock_nanosleep`",
    note = "declare it with `declare_clocks!(\"clocks.toml\", backend = posix)` to read and sleep \
            on it through `clock_gettime`/`clock_nanosleep`"
)]
pub unsafe trait PosixClock: ClockSource {
    /// `clock_gettime(Self::ID)` in nanoseconds, clamped to `0..=KTIME_MAX`; a failed
    /// call reads `KTIME_MAX` (see the module's documentation). This is the
    /// `ktime_get` of every clock that `declare_clocks!(…, backend = posix)` declares.
    #[inline]
    fn read() -> Ktime {
        read_clock(Self::ID)
    }
}

/// Why a sleep failed: the `errno` that `clock_nanosleep` returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SleepError {
    errno: i32,
}

impl SleepError {
    /// A sleep on a clock that does not advance while its caller sleeps (a CPU-time
    /// clock): the sleep would never end, so it fails at once, with `ENOTSUP`.
    pub const CLOCK_STOPS: SleepError = SleepError {
        errno: libc::ENOTSUP,
    };

    /// The `errno` value, e.g. `libc::EINVAL` for an invalid clock or time, or
    /// `libc::ENOTSUP` for a clock that cannot be slept on: Linux answers `ENOTSUP`
    /// (its `EOPNOTSUPP`) to any `clock_nanosleep` on `CLOCK_MONOTONIC_RAW`.
    pub const fn errno(self) -> i32 {
        self.errno
    }
}

impl fmt::Display for SleepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.errno {
            libc::EINVAL => f.write_str("clock_nanosleep: invalid clock or time (EINVAL)"),
            libc::ENOTSUP => f.write_str(
                "clock_nanosleep: this clock cannot be slept on, or does not advance while its \
                 caller sleeps (ENOTSUP)",
            ),
            errno => write!(f, "clock_nanosleep failed with errno {errno}"),
        }
    }
}

impl core::error::Error for SleepError {}

/// Reads clock `clockid` with `clock_gettime`, in nanoseconds, converted as the
/// kernel's `timespec64_to_ktime()` does (saturating at the `Ktime` range), and clamped
/// to `0..=KTIME_MAX`: [`PosixClock::read`].
///
/// A reading that fails is `KTIME_MAX`: the end of the clock's range, later than any
/// deadline, so a wait on the clock ends (`Deadline::has_passed` is true, and
/// `sleep_until` returns at once) instead of spinning on a clock that never advances. Linux fails `clock_gettime` for the alarm clocks without
/// an RTC, for negative ids whose process, thread or file is gone (or whose thread is
/// in another process), and for ids it does not have; the posix backend refuses those
/// ids at compile time, so with it this happens only where something outside the
/// program denies the call (a seccomp filter).
#[inline]
fn read_clock(clockid: libc::clockid_t) -> Ktime {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable `timespec`; `clock_gettime` writes it or
    // returns an error, and has no other effect.
    if unsafe { libc::clock_gettime(clockid, &mut now) } != 0 {
        return Ktime::MAX;
    }
    // `ClockSource::ktime_get`'s range: a clock read before its epoch (a wall clock
    // set before 1970) reads as the epoch.
    timespec_to_ktime(&now).max(0)
}

/// The kernel's `timespec64_to_ktime()`: seconds at or beyond `KTIME_SEC_MAX` saturate
/// (and, symmetrically, at or below `-KTIME_SEC_MAX`); in between, the sum cannot
/// overflow because `tv_nsec` is below one second.
#[inline]
fn timespec_to_ktime(time: &libc::timespec) -> Ktime {
    const NSEC_PER_SEC: i64 = 1_000_000_000;
    const KTIME_SEC_MAX: i64 = Ktime::MAX / NSEC_PER_SEC;
    #[allow(clippy::useless_conversion)] // `time_t` and `c_long` are `i32` on some targets
    let (seconds, nanos) = (i64::from(time.tv_sec), i64::from(time.tv_nsec));
    if seconds >= KTIME_SEC_MAX {
        Ktime::MAX
    } else if seconds <= -KTIME_SEC_MAX {
        Ktime::MIN
    } else {
        seconds * NSEC_PER_SEC + nanos
    }
}

fn ktime_to_timespec(ktime: Ktime) -> libc::timespec {
    libc::timespec {
        tv_sec: ktime.div_euclid(1_000_000_000) as libc::time_t,
        tv_nsec: ktime.rem_euclid(1_000_000_000) as _,
    }
}

/// Whether clock `id` advances while the calling thread sleeps: every clock but the
/// CPU-time ones, which count the CPU time of the calling process or thread.
const fn advances_while_asleep(id: i32) -> bool {
    !matches!(
        id,
        libc::CLOCK_PROCESS_CPUTIME_ID | libc::CLOCK_THREAD_CPUTIME_ID
    )
}

/// Sleeps until clock `C` reaches `deadline`, with
/// `clock_nanosleep(C::ID, TIMER_ABSTIME, …)`. The deadline's clock is the clock
/// waited on: a `Deadline<BootTime>` keeps counting across suspend, a
/// `Deadline<RealTime>` follows changes of the wall clock. Interrupted sleeps are
/// resumed (the deadline is absolute, so no time is lost or added). A deadline that
/// has passed (any instant up to `C`'s reading, down to `i64::MIN` nanoseconds) returns
/// `Ok` at once, without calling `clock_nanosleep`. On a CPU-time clock, which does
/// not advance while its caller sleeps, it fails at once with
/// [`SleepError::CLOCK_STOPS`].
///
/// ```no_run
/// # typed_clocks::declare_clocks! {
/// #     backend = posix;
/// #     Monotonic { monotonic: true, clockid: CLOCK_MONOTONIC }
/// # }
/// use typed_clocks::{posix, Deadline, Delta};
/// let deadline = Deadline::<Monotonic>::after(Delta::from_millis(20));
/// posix::sleep_until(deadline)?;
/// assert!(deadline.has_passed());
/// # Ok::<(), posix::SleepError>(())
/// ```
pub fn sleep_until<C: PosixClock>(deadline: Deadline<C>) -> Result<(), SleepError> {
    if !advances_while_asleep(C::ID) {
        return Err(SleepError::CLOCK_STOPS);
    }
    // `clock_nanosleep` answers `EINVAL` to a time before the epoch (a negative
    // `tv_sec`): a deadline that has passed is handled here instead.
    if deadline.has_passed() {
        return Ok(());
    }
    let until = ktime_to_timespec(deadline.instant().to_ktime());
    loop {
        // SAFETY: `until` is a valid `timespec`; with TIMER_ABSTIME the remainder
        // pointer may be null; the call only blocks and returns an errno.
        let errno = unsafe {
            libc::clock_nanosleep(C::ID, libc::TIMER_ABSTIME, &until, core::ptr::null_mut())
        };
        match errno {
            0 => return Ok(()),
            libc::EINTR => continue,
            errno => return Err(SleepError { errno }),
        }
    }
}

/// Sleeps for `timeout` measured on clock `C`: `sleep_until(Deadline::after(timeout))`;
/// zero or negative returns `Ok` at once, and a CPU-time clock fails at once with
/// [`SleepError::CLOCK_STOPS`].
///
/// ```
/// # use typed_clocks::ext::DeltaExt;
/// # typed_clocks::declare_clocks! {
/// #     backend = posix;
/// #     Monotonic { monotonic: true, clockid: CLOCK_MONOTONIC }
/// # }
/// use typed_clocks::{posix, Delta};
/// posix::sleep_for::<Monotonic>(Delta::from_micros(100))?;
/// posix::sleep_for::<Monotonic>(Delta::MIN)?; // returns at once
/// # Ok::<(), posix::SleepError>(())
/// ```
pub fn sleep_for<C: PosixClock>(timeout: Delta) -> Result<(), SleepError> {
    if !advances_while_asleep(C::ID) {
        return Err(SleepError::CLOCK_STOPS);
    }
    if timeout.as_nanos() <= 0 {
        return Ok(());
    }
    sleep_until(Deadline::<C>::after(timeout))
}

/// Sleeps for `timeout` on `CLOCK_MONOTONIC` (relative, resumed after interruptions);
/// zero or negative returns at once.
///
/// ```
/// use typed_clocks::{posix, Delta};
/// posix::sleep(Delta::from_micros(100))?;
/// posix::sleep(Delta::from_millis(-5))?; // returns at once
/// # Ok::<(), posix::SleepError>(())
/// ```
pub fn sleep(timeout: Delta) -> Result<(), SleepError> {
    if timeout.as_nanos() <= 0 {
        return Ok(());
    }
    let mut left = ktime_to_timespec(timeout.as_nanos());
    loop {
        let mut remaining = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `left` and `remaining` are valid `timespec`s; the call blocks, then
        // writes `remaining` if interrupted, and returns an errno.
        let errno =
            unsafe { libc::clock_nanosleep(libc::CLOCK_MONOTONIC, 0, &left, &mut remaining) };
        match errno {
            0 => return Ok(()),
            libc::EINTR => left = remaining,
            errno => return Err(SleepError { errno }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timespec_round_trips_including_negative_times() {
        for ktime in [
            0,
            1,
            999_999_999,
            1_000_000_000,
            -1,
            -1_000_000_001,
            i64::MAX,
            i64::MIN,
        ] {
            let spec = ktime_to_timespec(ktime);
            assert!((0..1_000_000_000).contains(&spec.tv_nsec), "{ktime}");
            assert_eq!(timespec_to_ktime(&spec), ktime, "{ktime}");
        }
    }

    #[test]
    fn reading_a_real_clock_moves_forward_and_a_failed_reading_is_the_end_of_time() {
        let first = read_clock(libc::CLOCK_MONOTONIC);
        let second = read_clock(libc::CLOCK_MONOTONIC);
        assert!(first > 0 && second >= first && second < Ktime::MAX);
        // No clock has these ids: `clock_gettime` fails on them.
        for id in [-12345, 10, 16, 12345] {
            assert_eq!(read_clock(id), Ktime::MAX, "{id}");
        }
    }

    #[test]
    fn sleep_errors_carry_errno() {
        assert_eq!(
            SleepError {
                errno: libc::EINVAL
            }
            .errno(),
            libc::EINVAL
        );
        assert!(sleep(Delta::ZERO).is_ok());
        assert!(sleep(Delta::from_micros(10)).is_ok());
    }
}
