//! Patch 0007: `Instant ± Delta` saturates into `0..=KTIME_MAX`, the invariant of
//! `Instant`: an instant minus a span longer than the time since the clock's epoch is
//! the epoch, 0; an instant plus the largest span is `KTIME_MAX`; neither panics, with
//! debug overflow checks on (as the tests build).
//!
//! An absolute timer started at such an instant fires at once, at the next run of the
//! timer queues, as a timer at the epoch does. Without the saturation, `now - 1 s` half
//! a second after boot, `now - huge` and `now + -huge` are negative instants: a panic
//! (`assert!(res >= 0)`) under `CONFIG_RUST_OVERFLOW_CHECKS`, the kernel's default,
//! which the host crate does not set, so that here they reach C. A negative absolute
//! expiry reaches `hrtimer_start_range_ns()`, whose `ktime_add_safe()` queues the timer
//! at `ktime_set(KTIME_SEC_MAX, 0)`, which is `KTIME_MAX`, without a warning: the
//! interrupt is programmed for then, and the timer does not fire (the host C model,
//! `csrc/hrtimer.c`, does what the kernel does).
//!
//! Instants are compared here through differences of instants (which cannot overflow),
//! not through their saturating arithmetic itself.

use core::sync::atomic::{AtomicU32, Ordering};
use std::panic::{catch_unwind, AssertUnwindSafe};

use kernel::alloc::flags::GFP_KERNEL;
use kernel::impl_has_hr_timer;
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::hrtimer::{
    AbsoluteMode, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer, HrTimerRestart,
};
use kernel::time::{BootTime, ClockSource, Delta, Instant, Monotonic, RealTime};
use kernel::timekeeper::{self, START_MONOTONIC};

mod support;
use support::warnings;

/// One case of [`saturates_on`]: what it checks, the span it computes from `now` (from
/// the result to `now`, or from `now` to the result), and the span expected.
type Case<C> = (&'static str, fn(Instant<C>) -> Delta, Delta);

/// Checks both ends of the arithmetic on clock `C`, which stands still (test mode):
/// every case, each its own `catch_unwind`, so that a failure lists them all.
fn saturates_on<C: ClockSource>() -> Vec<String> {
    let now = Instant::<C>::now();
    let now_ktime = C::ktime_get();
    assert!(now_ktime > 0);
    let to_max = Delta::from_nanos(i64::MAX - now_ktime);
    let since_epoch = Delta::from_nanos(now_ktime);
    let second = Delta::from_secs(1);
    // `from_secs` itself saturates: `Delta::from_secs(i64::MAX)` is `i64::MAX` ns.
    let cases: [Case<C>; 6] = [
        (
            "now - huge is the epoch",
            |now| now - (now - Delta::from_secs(i64::MAX)),
            since_epoch,
        ),
        (
            "now + -huge is the epoch",
            |now| now - (now + Delta::from_nanos(i64::MIN)),
            since_epoch,
        ),
        (
            "now + huge is KTIME_MAX",
            |now| (now + Delta::from_nanos(i64::MAX)) - now,
            to_max,
        ),
        (
            "now - -huge is KTIME_MAX",
            |now| (now - Delta::from_nanos(i64::MIN)) - now,
            to_max,
        ),
        (
            "in range, + is exact",
            |now| (now + Delta::from_secs(1)) - now,
            second,
        ),
        (
            "in range, - is exact",
            |now| now - (now - Delta::from_secs(1)),
            second,
        ),
    ];
    let clock = core::any::type_name::<C>();
    let mut failures = Vec::new();
    for (what, span, expected) in cases {
        match catch_unwind(AssertUnwindSafe(|| span(now))) {
            Ok(got) if got == expected => {}
            Ok(got) => failures.push(format!("{clock}: {what}: {got:?}, not {expected:?}")),
            Err(panic) => {
                failures.push(format!(
                    "{clock}: {what}: panicked ({})",
                    panic_message(&*panic)
                ));
            }
        }
    }
    failures
}

#[test]
fn instant_plus_or_minus_a_huge_delta_saturates_without_panicking() {
    let _tk = timekeeper::test_mode();
    let failures: Vec<String> = [
        saturates_on::<Monotonic>(),
        saturates_on::<BootTime>(),
        saturates_on::<RealTime>(),
    ]
    .concat();
    assert!(failures.is_empty(), "{failures:#?}");
}

/// An absolute timer that counts its callbacks.
#[pin_data]
struct Alarm {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for Alarm {
        mode: AbsoluteMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for Alarm {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

/// One case of [`absolute_timers_before_the_epoch_fire_at_the_next_run`]: what it
/// starts the timer at, computed from now.
type At = (&'static str, fn(Instant<Monotonic>) -> Instant<Monotonic>);

/// The message of a caught panic.
fn panic_message(panic: &(dyn core::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

#[test]
fn absolute_timers_before_the_epoch_fire_at_the_next_run() {
    let tk = timekeeper::test_mode();
    // The test timekeeper starts at START_MONOTONIC: this is exact, no saturation.
    let epoch = Instant::<Monotonic>::now() - Delta::from_nanos(START_MONOTONIC);
    // Half a second after boot.
    tk.set_monotonic(epoch + Delta::from_millis(500))
        .expect("set the monotonic clock");
    let cases: [At; 3] = [
        ("now - 1 s", |now| now - Delta::from_secs(1)),
        ("now - huge", |now| now - Delta::from_secs(i64::MAX)),
        ("now + -huge", |now| now + Delta::from_nanos(i64::MIN)),
    ];
    let before = warnings();
    let mut failures = Vec::new();
    let mut started = Vec::new();
    for (what, at) in cases {
        let Ok(alarm) = Arc::pin_init(
            pin_init!(Alarm {
                timer <- HrTimer::new(),
                runs: AtomicU32::new(0),
            }),
            GFP_KERNEL,
        );
        let now = Instant::<Monotonic>::now();
        match catch_unwind(AssertUnwindSafe(|| at(now))) {
            Ok(expires) => {
                let handle = alarm.clone().start(expires);
                started.push((what, alarm, handle));
            }
            Err(panic) => failures.push(format!("{what}: panicked ({})", panic_message(&*panic))),
        }
    }
    // The next run of the timer queues.
    tk.advance(Delta::from_nanos(1)).expect("advance");
    for (what, alarm, _handle) in &started {
        let got = (
            alarm.runs.load(Ordering::Relaxed),
            alarm.timer.expires() - epoch,
        );
        let expected = (1, Delta::ZERO);
        if got != expected {
            failures.push(format!("{what}: (runs, expiry) {got:?}, not {expected:?}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert_eq!(warnings(), before, "warnings");
}
