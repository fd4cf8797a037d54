//! The unit tests of `deadline` (host only: the kernel tree does not carry them).

use super::*;
use crate::test_support::{lock_test_clock, set_test_clock, TestClock, TestWallClock, Text};

#[test]
fn remaining_counts_down_to_zero_and_never_below() {
    let _lock = lock_test_clock();
    set_test_clock(1_000);
    let deadline = Deadline::<TestClock>::after(Delta::from_nanos(500));
    assert_eq!(deadline.instant().to_ktime(), 1_500);
    assert_eq!(deadline.remaining(), Delta::from_nanos(500));
    assert!(!deadline.has_passed());
    set_test_clock(1_499);
    assert_eq!(deadline.remaining(), Delta::from_nanos(1));
    assert!(!deadline.has_passed());
    set_test_clock(1_500);
    assert!(deadline.has_passed());
    assert_eq!(deadline.remaining(), Delta::ZERO);
    set_test_clock(9_000);
    assert_eq!(deadline.remaining(), Delta::ZERO);
}

#[test]
fn saturates_far_in_the_future() {
    let _lock = lock_test_clock();
    set_test_clock(i64::MAX - 1);
    let deadline = Deadline::<TestClock>::after(Delta::MAX);
    assert_eq!(deadline.instant().to_ktime(), i64::MAX);
}

#[test]
fn a_deadline_on_a_settable_clock_follows_the_clock_back() {
    let _lock = lock_test_clock();
    // `TestWallClock` reads `-TEST_NOW`: moving the test clock forward sets it back.
    set_test_clock(-2_000);
    let deadline = Deadline::<TestWallClock>::at(Instant::from_ktime(1_000));
    assert!(deadline.has_passed());
    assert_eq!(deadline.remaining(), Delta::ZERO);
    set_test_clock(0);
    assert!(!deadline.has_passed());
    assert_eq!(deadline.remaining(), Delta::from_micros(1));
}

#[test]
fn ordering_and_debug() {
    let early = Deadline::<TestClock>::at(Instant::from_ktime(1));
    let late: Deadline<TestClock> = Instant::from_ktime(1_500_000_000).into();
    let copy = early;
    assert!(early < late && early == copy && late > copy);
    assert_eq!(Text::of_debug(late).as_str(), "Deadline<TestClock>(1.5s)");
}
