//! Behaviour of clocks generated from `tables/test_clocks.toml` with Rust getters.

mod support;

use std::collections::HashSet;
use support::{getters, lock_clocks, set};
use typed_clocks::ext::{ClockSourceExt, DeltaExt, InstantExt};
use typed_clocks::{ClockSource, Delta, Instant, Ktime, MonotonicClock};

typed_clocks::declare_clocks!(
    "tables/test_clocks.toml",
    // SAFETY: `support::getters` has each getter and constant the table names, each
    // getter safe to call anywhere; the tests set the monotonic ones only forwards.
    unsafe(bindings = crate::support::getters)
);

#[test]
fn table_rows_become_clock_sources() {
    assert_eq!(TestMono::NAME, "TestMono");
    assert_eq!(TestReal::NAME, "TestReal");
    const { assert!(TestMono::MONOTONIC && TestBoot::MONOTONIC && !TestReal::MONOTONIC) };
    assert_eq!(TestMono::ID, getters::TEST_CLOCK_MONO as i32);
    assert_eq!(TestReal::ID, 0);
    assert_eq!(TestBoot::ID, 1);
    assert_eq!(size_of::<Instant<TestMono>>(), size_of::<Ktime>());
}

#[test]
fn now_reads_each_clock_through_its_getter() {
    let _guard = lock_clocks();
    set(11, 22, 33);
    assert_eq!(Instant::<TestMono>::now().to_ktime(), 11);
    assert_eq!(Instant::<TestReal>::now().to_ktime(), 22);
    assert_eq!(Instant::<TestBoot>::now().to_ktime(), 33);
}

#[test]
fn ordering_and_subtraction_within_one_clock() {
    let _guard = lock_clocks();
    set(100, 0, 0);
    let earlier = Instant::<TestMono>::now();
    set(250, 0, 0);
    let later = Instant::<TestMono>::now();
    assert!(earlier < later);
    assert_eq!(later - earlier, Delta::from_nanos(150));
    assert_eq!(earlier - later, Delta::from_nanos(-150));
    assert_eq!(
        later.saturating_duration_since(earlier),
        Delta::from_nanos(150)
    );
    assert_eq!(earlier.saturating_duration_since(later), Delta::ZERO);
    assert_eq!(earlier + Delta::from_nanos(150), later);
    assert_eq!(later - Delta::from_nanos(150), earlier);
    let mut moved = earlier;
    moved += Delta::from_nanos(150);
    assert_eq!(moved, later);
    moved -= Delta::from_nanos(150);
    assert_eq!(moved, earlier);
    let set_of: HashSet<Instant<TestMono>> = [earlier, later, earlier].into_iter().collect();
    assert_eq!(set_of.len(), 2);
}

#[test]
fn arithmetic_saturates_at_the_ktime_range() {
    let max = Instant::<TestMono>::from_ktime(i64::MAX);
    let min = Instant::<TestMono>::from_ktime(i64::MIN);
    assert_eq!(max + Delta::from_nanos(1), max);
    assert_eq!(min - Delta::from_nanos(1), min);
    assert_eq!(max + Delta::MAX, max);
    assert_eq!(min + Delta::MIN, min);
    assert_eq!(max.checked_add(Delta::from_nanos(1)), None);
    assert_eq!(min.checked_sub(Delta::from_nanos(1)), None);
    assert_eq!(
        max.checked_sub(Delta::from_nanos(1)).map(Instant::to_ktime),
        Some(i64::MAX - 1)
    );
    assert_eq!(max - min, Delta::MAX);
    assert_eq!(min - max, Delta::MIN);
    assert_eq!(max.saturating_duration_since(min), Delta::MAX);
}

#[test]
fn elapsed_on_monotonic_clocks_is_exact_and_never_negative() {
    let _guard = lock_clocks();
    set(1_000, 0, 5_000);
    let start = Instant::<TestMono>::now();
    let boot_start = Instant::<TestBoot>::now();
    set(3_001_000, 0, 9_005_000);
    assert_eq!(start.elapsed(), Delta::from_millis(3));
    assert_eq!(boot_start.elapsed(), Delta::from_millis(9));
    // An instant from the future (built by hand) has elapsed nothing, not a negative span.
    let future = Instant::<TestMono>::from_ktime(10_000_000);
    assert_eq!(future.elapsed(), Delta::ZERO);
}

#[test]
fn non_monotonic_differences_are_signed() {
    let _guard = lock_clocks();
    set(0, 5_000_000_000, 0);
    let before_step = Instant::<TestReal>::now();
    set(0, 2_000_000_000, 0); // the wall clock is stepped back by 3 s
    let after_step = Instant::<TestReal>::now();
    assert_eq!(after_step - before_step, Delta::from_secs(-3));
    assert!((after_step - before_step).is_negative());
}

fn generic_elapsed<C: MonotonicClock + ClockSourceExt>(since: Instant<C>) -> (&'static str, Delta) {
    (C::NAME, since.elapsed())
}

fn generic_read<C: ClockSource>() -> Ktime {
    Instant::<C>::now().to_ktime()
}

#[test]
fn generic_code_over_clock_traits() {
    let _guard = lock_clocks();
    set(40, 41, 42);
    assert_eq!(generic_read::<TestMono>(), 40);
    assert_eq!(generic_read::<TestReal>(), 41);
    let start = Instant::<TestBoot>::from_ktime(2);
    assert_eq!(generic_elapsed(start), ("TestBoot", Delta::from_nanos(40)));
}

#[test]
fn debug_shows_the_clock_and_display_uses_human_units() {
    let at = Instant::<TestMono>::from_ktime(12_000_000_345);
    assert_eq!(format!("{at:?}"), "Instant<TestMono>(12.000000345s)");
    assert_eq!(
        format!("{:?}", Instant::<TestReal>::from_ktime(-3_000_000_000)),
        "Instant<TestReal>(-3s)"
    );
    assert_eq!(Delta::from_micros(1_500).to_string(), "1.5ms");
    assert_eq!(Delta::from_secs(-3).to_string(), "-3s");
    assert_eq!(Delta::from_nanos(250).to_string(), "250ns");
    assert_eq!(Delta::from_nanos(1_000).to_string(), "1us");
    assert_eq!(Delta::ZERO.to_string(), "0ns");
}
