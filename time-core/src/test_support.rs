//! Hand-made clocks and a `no_std` text buffer for this crate's unit tests (the
//! macro cannot be used inside the crate that defines its runtime).

use crate::clock::{ClockSource, Ktime};
use crate::{ClockInfo, MonotonicClock, Resolution, TableClock};
extern crate std;

use core::fmt::{self, Write};
use core::sync::atomic::{AtomicI64, Ordering};

static TEST_NOW: AtomicI64 = AtomicI64::new(0);

/// A monotonic test clock reading [`TEST_NOW`].
pub(crate) enum TestClock {}
impl TableClock for TestClock {
    const INFO: ClockInfo = info("TestClock", 1, true, TestClock::ktime_get);
}
// SAFETY: safe to call anywhere; the tests set it within `0..=KTIME_MAX`, or test what
// a reading outside that range does, which the trait's contract makes a logic error,
// not undefined behaviour (saturating arithmetic).
unsafe impl ClockSource for TestClock {
    const ID: i32 = 1;
    fn ktime_get() -> Ktime {
        TEST_NOW.load(Ordering::SeqCst)
    }
}
// SAFETY: the tests that need it monotonic only move it forward.
unsafe impl MonotonicClock for TestClock {}

/// A non-monotonic test clock reading minus [`TEST_NOW`].
pub(crate) enum TestWallClock {}
impl TableClock for TestWallClock {
    const INFO: ClockInfo = info("TestWallClock", 0, false, TestWallClock::ktime_get);
}

/// The row of a test clock.
const fn info(name: &'static str, id: i32, monotonic: bool, read: fn() -> Ktime) -> ClockInfo {
    ClockInfo {
        name,
        id,
        getter: "",
        doc: "",
        resolution: Resolution::Nanos(1),
        monotonic,
        nmi_safe: false,
        hrtimer: false,
        settable: !monotonic,
        counts_suspend: false,
        read,
    }
}
// SAFETY: safe to call anywhere. Its readings are deliberately outside `0..=KTIME_MAX`
// (it reads `-TEST_NOW`), which the trait's contract makes a logic error, not undefined
// behaviour: the unit tests that use it check that such readings saturate.
unsafe impl ClockSource for TestWallClock {
    const ID: i32 = 0;
    fn ktime_get() -> Ktime {
        TEST_NOW.load(Ordering::SeqCst).saturating_neg()
    }
}

/// Serializes the tests that set the test clocks (unit tests link `std`).
pub(crate) fn lock_test_clock() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Sets what the test clocks read; hold [`lock_test_clock`] around its use.
pub(crate) fn set_test_clock(now: Ktime) {
    TEST_NOW.store(now, Ordering::SeqCst);
}

/// A fixed-size text buffer, to test `Display`/`Debug` without `alloc`.
pub(crate) struct Text {
    bytes: [u8; 96],
    len: usize,
}

impl Text {
    pub(crate) fn of(value: impl fmt::Display) -> Self {
        let mut text = Text {
            bytes: [0; 96],
            len: 0,
        };
        write!(text, "{value}").expect("test text fits");
        text
    }

    pub(crate) fn of_debug(value: impl fmt::Debug) -> Self {
        let mut text = Text {
            bytes: [0; 96],
            len: 0,
        };
        write!(text, "{value:?}").expect("test text fits");
        text
    }

    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).expect("utf-8")
    }
}

impl Write for Text {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
