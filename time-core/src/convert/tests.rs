//! The unit tests of `convert` (host only: the kernel tree does not carry them).

use super::*;
use crate::clock::ClockId;
use crate::test_support::{lock_test_clock, set_test_clock, TestClock};
use core::sync::atomic::{AtomicI64, Ordering};

/// The offset from `TestClock` to `TestShifted`, as a timekeeper's `offs_boot`.
static OFFSET: AtomicI64 = AtomicI64::new(0);

/// `TestClock` plus [`OFFSET`]: a hand-made `BootTime` over the test `Monotonic`,
/// with the relation the macro would generate for an `offset` row.
enum TestShifted {}
impl crate::ext::ClockSourceExt for TestShifted {
    const NAME: &'static str = "TestShifted";
    const MONOTONIC: bool = true;
}
// SAFETY: the test clock plus a non-negative offset (the tests keep both in
// range); a test clock, with the id of the time base it stands for.
unsafe impl ClockSource for TestShifted {
    const ID: ClockId = 7;
    fn ktime_get() -> Ktime {
        TestClock::ktime_get().saturating_add(OFFSET.load(Ordering::SeqCst))
    }
}
impl OffsetClock for TestClock {
    type Base = TestClock;
    fn offset() -> Ktime {
        0
    }
}
impl OffsetClock for TestShifted {
    type Base = TestClock;
    fn offset() -> Ktime {
        OFFSET.load(Ordering::SeqCst)
    }
}

#[test]
fn converts_now_to_now_and_round_trips() {
    let _lock = lock_test_clock();
    set_test_clock(5_000);
    OFFSET.store(2_000, Ordering::SeqCst);
    let base = Instant::<TestClock>::now();
    let shifted: Instant<TestShifted> = base.to_clock();
    assert_eq!(shifted, Instant::<TestShifted>::now());
    assert_eq!(shifted.to_ktime(), 7_000);
    assert_eq!(shifted.to_clock::<TestClock>(), base);
}

#[test]
fn a_conversion_is_a_snapshot_of_the_offset() {
    let _lock = lock_test_clock();
    set_test_clock(1_000);
    OFFSET.store(0, Ordering::SeqCst);
    let before = Instant::<TestClock>::now();
    assert_eq!(before.to_clock::<TestShifted>().to_ktime(), 1_000);
    // A simulated suspend of 3 µs: the base stops, the offset grows.
    OFFSET.store(3_000, Ordering::SeqCst);
    // The same instant now converts with the new offset.
    assert_eq!(before.to_clock::<TestShifted>().to_ktime(), 4_000);
    assert_eq!(
        before.to_clock::<TestShifted>() - Instant::<TestShifted>::from_ktime(1_000),
        crate::Delta::from_micros(3)
    );
}
