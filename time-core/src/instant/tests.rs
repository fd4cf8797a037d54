//! The unit tests of `instant` (host only: the kernel tree does not carry them).

use super::*;
use crate::test_support::{lock_test_clock, set_test_clock, TestClock, TestWallClock, Text};

fn at(ktime: Ktime) -> Instant<TestClock> {
    Instant::from_ktime(ktime)
}

#[test]
fn same_size_as_ktime_and_thread_safe() {
    fn assert_send_sync<T: Send + Sync + Copy>() {}
    assert_send_sync::<Instant<TestClock>>();
    assert_eq!(size_of::<Instant<TestClock>>(), size_of::<Ktime>());
    assert_eq!(align_of::<Instant<TestClock>>(), align_of::<Ktime>());
}

#[test]
fn now_reads_the_clock_and_elapsed_never_goes_negative() {
    let _lock = lock_test_clock();
    set_test_clock(100);
    let start = Instant::<TestClock>::now();
    assert_eq!(start.to_ktime(), 100);
    set_test_clock(350);
    assert_eq!(start.elapsed(), Delta::from_nanos(250));
    assert_eq!(at(1_000).elapsed(), Delta::ZERO);
    assert_eq!(Instant::<TestWallClock>::now().to_ktime(), -350);
}

#[test]
fn subtraction_and_ordering() {
    assert_eq!(at(10) - at(3), Delta::from_nanos(7));
    assert_eq!(at(3) - at(10), Delta::from_nanos(-7));
    assert_eq!(at(i64::MAX) - at(i64::MIN), Delta::MAX);
    assert_eq!(at(i64::MIN) - at(i64::MAX), Delta::MIN);
    assert_eq!(
        at(10).saturating_duration_since(at(3)),
        Delta::from_nanos(7)
    );
    assert_eq!(at(3).saturating_duration_since(at(10)), Delta::ZERO);
    assert!(at(3) < at(10) && at(10) == at(10) && at(-1).max(at(1)) == at(1));
}

#[test]
fn subtraction_infers_the_clock_of_either_side() {
    // Compiling is the test: the `SameClockAs` bound must not make these ambiguous.
    let right = at(10) - Instant::from_ktime(4);
    let left: Delta = Instant::from_ktime(10) - at(4);
    let both = at(10) - at(4);
    assert_eq!(
        (right, left, both),
        (
            Delta::from_nanos(6),
            Delta::from_nanos(6),
            Delta::from_nanos(6)
        )
    );
    fn generic<C: ClockSource>(later: Instant<C>, earlier: Instant<C>) -> Delta {
        later - earlier
    }
    assert_eq!(generic(at(0), at(i64::MAX)), Delta::from_nanos(-i64::MAX));
}

#[test]
fn adding_a_delta_saturates_like_ktime_add_safe() {
    assert_eq!(at(i64::MAX) + Delta::from_nanos(1), at(i64::MAX));
    assert_eq!(at(i64::MIN) - Delta::from_nanos(1), at(i64::MIN));
    assert_eq!(at(i64::MIN) + Delta::MIN, at(i64::MIN));
    assert_eq!(
        at(0) + Delta::from_secs(1) - Delta::from_millis(1),
        at(999_000_000)
    );
    assert_eq!(at(i64::MAX).checked_add(Delta::from_nanos(1)), None);
    assert_eq!(at(i64::MIN).checked_sub(Delta::from_nanos(1)), None);
    assert_eq!(at(5).checked_sub(Delta::from_nanos(1)), Some(at(4)));
    let mut moving = at(0);
    moving += Delta::from_nanos(5);
    moving -= Delta::from_nanos(2);
    assert_eq!(moving, at(3));
}

#[test]
fn debug_names_the_clock() {
    assert_eq!(
        Text::of_debug(at(12_000_000_345)).as_str(),
        "Instant<TestClock>(12.000000345s)"
    );
    assert_eq!(
        Text::of_debug(at(-1_500)).as_str(),
        "Instant<TestClock>(-1.5us)"
    );
}

#[test]
fn hash_agrees_with_eq() {
    use core::hash::BuildHasher;
    struct Fnv(u64);
    impl Hasher for Fnv {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for byte in bytes {
                self.0 = (self.0 ^ u64::from(*byte)).wrapping_mul(0x100_0000_01b3);
            }
        }
    }
    struct BuildFnv;
    impl BuildHasher for BuildFnv {
        type Hasher = Fnv;
        fn build_hasher(&self) -> Fnv {
            Fnv(0xcbf2_9ce4_8422_2325)
        }
    }
    assert_eq!(BuildFnv.hash_one(at(42)), BuildFnv.hash_one(at(42)));
    assert_ne!(BuildFnv.hash_one(at(42)), BuildFnv.hash_one(at(43)));
}
