//! Patch 0007: `Instant ± Delta` saturates into `0..=KTIME_MAX`, the invariant of
//! `Instant`: an instant minus a span longer than the time since the clock's epoch is
//! the epoch, 0; an instant plus the largest span is `KTIME_MAX`; neither panics, with
//! debug overflow checks on (as the tests build). An absolute timer started at such an
//! instant early after boot fires at once, and the C side never sees a negative
//! expiry, where the kernel's `hrtimer_reprogram()` warns.
//!
//! Instants are compared here through differences of instants (which cannot overflow),
//! not through their saturating arithmetic itself.

use core::sync::atomic::{AtomicU32, Ordering};
use std::panic::{catch_unwind, AssertUnwindSafe};

use kernel::alloc::flags::GFP_KERNEL;
use kernel::bindings;
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
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                failures.push(format!("{clock}: {what}: panicked ({message})"));
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

/// The host C model's count of timers queued with a negative expiry.
fn negative_expiries() -> i32 {
    // SAFETY: a read of a counter; no arguments, no preconditions.
    unsafe { bindings::hrtimer_test_negative_expiries() }
}

#[test]
fn an_absolute_timer_a_second_before_an_early_now_fires_at_once() {
    let tk = timekeeper::test_mode();
    // Half a second after boot.
    let boot = Instant::<Monotonic>::now() - Delta::from_nanos(START_MONOTONIC);
    tk.set_monotonic(boot + Delta::from_millis(500))
        .expect("set the monotonic clock");
    let before = (warnings(), negative_expiries());
    let Ok(alarm) = Arc::pin_init(
        pin_init!(Alarm {
            timer <- HrTimer::new(),
            runs: AtomicU32::new(0),
        }),
        GFP_KERNEL,
    );
    let a_second_ago = Instant::<Monotonic>::now() - Delta::from_secs(1);
    let _handle = alarm.clone().start(a_second_ago);
    assert_eq!(
        (warnings(), negative_expiries()),
        before,
        "(warnings, timers queued with a negative expiry)"
    );
    assert_eq!(alarm.timer.expires() - boot, Delta::ZERO, "expires at 0");
    tk.advance(Delta::from_nanos(1)).expect("advance");
    assert_eq!(alarm.runs.load(Ordering::Relaxed), 1);
}
