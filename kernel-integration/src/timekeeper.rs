//! Safe controls of the host timekeeper's test mode (`csrc/timekeeper.c`,
//! `include/timekeeper_test.h`), so that tests drive every clock deterministically:
//! set monotonic time, let time pass, step the wall clock (also backwards), suspend,
//! change the TAI offset. Every getter of `include/linux/timekeeping.h` follows: the
//! fine ones, the coarse ones (which move at the next [`TICK`]) and the NMI-safe
//! `ktime_get_*_fast_ns()`, which in test mode read exactly what their `ktime_t`
//! twins read.
//!
//! The timekeeper is one global per process and tests in one binary run on parallel
//! threads, so test mode is entered through [`test_mode`], which returns a guard that
//! holds a process-wide lock: tests that drive time run one at a time, and the host's
//! clocks come back when the guard is dropped (also when the test panics).
//!
//! ```
//! use kernel::time::{BootTime, Delta, Instant, Monotonic};
//! use kernel::timekeeper;
//!
//! let tk = timekeeper::test_mode();
//! let start = Instant::<Monotonic>::now();
//! let boot = Instant::<BootTime>::now();
//! tk.advance(Delta::from_millis(5))?;
//! tk.suspend(Delta::from_secs(60))?;
//! assert_eq!(start.elapsed(), Delta::from_millis(5));
//! assert_eq!(boot.elapsed(), Delta::from_millis(5) + Delta::from_secs(60));
//! # Ok::<(), timekeeper::TimekeeperError>(())
//! ```

use core::fmt;
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::bindings;
use crate::time::{Delta, Instant, Monotonic, MonotonicRaw};

/// A `ktime_t`.
type Ktime = bindings::ktime_t;

/// Serializes the users of test mode within one process.
static TEST_MODE: Mutex<()> = Mutex::new(());

/// CLOCK_MONOTONIC (and CLOCK_MONOTONIC_RAW) when test mode starts: 100 s after boot.
pub const START_MONOTONIC: Ktime = bindings::TK_TEST_START_MONO as Ktime;
/// `offs_real` when test mode starts: RealTime reads `START_MONOTONIC` plus this
/// (1 700 000 100 s after the epoch).
pub const START_OFFS_REAL: Ktime = bindings::TK_TEST_START_OFFS_REAL as Ktime;
/// TAI − UTC when test mode starts: 37 s, its value since 2017.
pub const START_TAI_OFFSET: Ktime = bindings::TK_TEST_START_TAI_OFFSET as Ktime;
/// The time between two ticks of the timekeeper (`TICK_NSEC`: 4 ms, as `HZ` = 250).
///
/// The coarse clocks (`ktime_get_coarse()` and its family) read CLOCK_MONOTONIC at
/// the last tick, and ticks fall at every multiple of `TICK` of CLOCK_MONOTONIC, in
/// host and in test mode: in test mode they move only when a control moves the
/// monotonic clock across a tick.
pub const TICK: Delta = Delta::from_nanos(bindings::TICK_NSEC as Ktime);

/// Why a test control refused a change (the timekeeper is then unchanged).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimekeeperError {
    /// The argument is outside what the kernel accepts: a negative time, span or TAI
    /// offset, or a wall-clock step to before the monotonic clock's start.
    Invalid,
    /// A clock would no longer fit in a `ktime_t`.
    OutOfRange,
    /// Test mode is off (only reachable by calling the raw bindings behind a guard's back).
    NotInTestMode,
    /// An error code the timekeeper is not documented to return.
    Unknown(i32),
}

impl fmt::Display for TimekeeperError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid => f.write_str("invalid argument for the test timekeeper"),
            Self::OutOfRange => f.write_str("a clock would overflow ktime_t"),
            Self::NotInTestMode => f.write_str("the timekeeper is not in test mode"),
            Self::Unknown(code) => write!(f, "test timekeeper error {code}"),
        }
    }
}

impl std::error::Error for TimekeeperError {}

/// Turns a control's `0` or negative errno into a `Result`.
fn check(ret: i32) -> Result<(), TimekeeperError> {
    const EPERM: i32 = 1;
    const EINVAL: i32 = 22;
    const ERANGE: i32 = 34;
    match -ret {
        0 => Ok(()),
        EINVAL => Err(TimekeeperError::Invalid),
        ERANGE => Err(TimekeeperError::OutOfRange),
        EPERM => Err(TimekeeperError::NotInTestMode),
        _ => Err(TimekeeperError::Unknown(ret)),
    }
}

/// Exclusive use of the timekeeper's test mode; the host's clocks come back on drop.
///
/// # Invariants
///
/// While a `TestModeGuard` exists, the timekeeper is in test mode and this guard is the
/// only one (it holds the process-wide test-mode lock).
#[derive(Debug)]
#[must_use = "test mode ends when the guard is dropped"]
pub struct TestModeGuard {
    _lock: MutexGuard<'static, ()>,
}

/// Enters test mode, waiting for any other holder in this process to finish, and
/// resets every clock to the start state ([`START_MONOTONIC`], [`START_OFFS_REAL`],
/// no suspend, [`START_TAI_OFFSET`]).
///
/// A test that panicked while holding the guard does not block the others: the lock
/// is poison-tolerant, and the state is reset anyway.
pub fn test_mode() -> TestModeGuard {
    let lock = TEST_MODE.lock().unwrap_or_else(PoisonError::into_inner);
    // SAFETY: the test controls take no pointers and update the timekeeper's state
    // under its own lock; they may be called from any thread.
    unsafe { bindings::timekeeper_test_enable() };
    // INVARIANT: test mode was enabled just above, and `lock` is the process-wide
    // test-mode lock, so this guard is the only one.
    TestModeGuard { _lock: lock }
}

impl TestModeGuard {
    /// Sets CLOCK_MONOTONIC, the base of the offset clocks: RealTime, BootTime and Tai
    /// move with it (their offsets are kept); MonotonicRaw does not. A setup step: it
    /// may move the clock backwards.
    pub fn set_monotonic(&self, at: Instant<Monotonic>) -> Result<(), TimekeeperError> {
        // SAFETY: as in `test_mode`.
        check(unsafe { bindings::timekeeper_test_set_mono(at.as_nanos()) })
    }

    /// Sets CLOCK_MONOTONIC_RAW.
    pub fn set_raw(&self, at: Instant<MonotonicRaw>) -> Result<(), TimekeeperError> {
        // SAFETY: as in `test_mode`.
        check(unsafe { bindings::timekeeper_test_set_raw(at.as_nanos()) })
    }

    /// Lets `elapsed` (not negative) of running time pass: every clock advances by it.
    pub fn advance(&self, elapsed: Delta) -> Result<(), TimekeeperError> {
        // SAFETY: as in `test_mode`.
        check(unsafe { bindings::timekeeper_test_advance(elapsed.as_nanos()) })
    }

    /// Steps the wall clock by `step` (either sign), as `settimeofday()` does: RealTime
    /// and Tai jump, the monotonic clocks and BootTime do not.
    pub fn step_real_time(&self, step: Delta) -> Result<(), TimekeeperError> {
        // SAFETY: as in `test_mode`.
        check(unsafe { bindings::timekeeper_test_step_real(step.as_nanos()) })
    }

    /// Simulates a suspend of `slept` (not negative): Monotonic and MonotonicRaw stand
    /// still, BootTime, RealTime and Tai move on by `slept`.
    pub fn suspend(&self, slept: Delta) -> Result<(), TimekeeperError> {
        // SAFETY: as in `test_mode`.
        check(unsafe { bindings::timekeeper_test_suspend(slept.as_nanos()) })
    }

    /// Sets TAI − UTC (not negative; whole seconds in the kernel): Tai moves.
    pub fn set_tai_offset(&self, tai_minus_utc: Delta) -> Result<(), TimekeeperError> {
        // SAFETY: as in `test_mode`.
        check(unsafe { bindings::timekeeper_test_set_tai_offset(tai_minus_utc.as_nanos()) })
    }
}

impl Drop for TestModeGuard {
    fn drop(&mut self) {
        // SAFETY: as in `test_mode`; the lock is still held, released right after.
        unsafe { bindings::timekeeper_test_disable() }
    }
}
