//! A relative timer started with a negative `Delta` expires at once, as one started
//! with `Delta::ZERO` does (patch 0009), without a warning. Without the patch,
//! `RelativeMode` hands the delta to `hrtimer_start_range_ns()` as it is, and
//! `__hrtimer_start_range_ns()` adds the base's time to it with `ktime_add_safe()`,
//! which returns `ktime_set(KTIME_SEC_MAX, 0)`, that is `KTIME_MAX`, for a sum below
//! either operand: `now + delta` with `delta < 0` is below `now`, for -1 ns as for
//! `i64::MIN` ns, so the timer would be queued at `KTIME_MAX` and not fire.
//!
//! Its own binary, so that the warnings it counts are its own.

use core::sync::atomic::{AtomicU32, Ordering};

use kernel::alloc::flags::GFP_KERNEL;
use kernel::impl_has_hr_timer;
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::hrtimer::{
    HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer, HrTimerRestart, RelativeMode,
};
use kernel::time::{ClockSource, Delta, Instant, Monotonic};
use kernel::timekeeper;

mod support;
use support::warnings;

/// A relative timer that counts its callbacks.
#[pin_data]
struct Countdown {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for Countdown {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for Countdown {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.runs.fetch_add(1, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

#[test]
fn a_relative_timer_with_a_negative_delta_expires_at_once() {
    let tk = timekeeper::test_mode();
    let before = warnings();
    // The clock's epoch, exactly (the test clock stands still): an expiry's `ktime_t` is
    // its distance from there.
    let now = Instant::<Monotonic>::now();
    let epoch = now - Delta::from_nanos(Monotonic::ktime_get());
    // (the delta, the expiry's ktime_t, the runs)
    let at_once = (now - epoch).as_nanos();
    let cases = [
        (Delta::ZERO, at_once, 1),
        (Delta::from_nanos(-1), at_once, 1),
        (Delta::from_nanos(-i64::MAX), at_once, 1),
        (Delta::from_nanos(i64::MIN), at_once, 1),
    ];
    let mut started = Vec::new();
    for (delta, _, _) in cases {
        let Ok(countdown) = Arc::pin_init(
            pin_init!(Countdown {
                timer <- HrTimer::new(),
                runs: AtomicU32::new(0),
            }),
            GFP_KERNEL,
        );
        let handle = countdown.clone().start(delta);
        started.push((countdown, handle));
    }
    let expiries: Vec<i64> = started
        .iter()
        .map(|(countdown, _)| (countdown.timer.expires() - epoch).as_nanos())
        .collect();
    // The next run of the timer queues, and one an hour later: each ran once.
    tk.advance(Delta::from_nanos(1)).expect("advance");
    tk.advance(Delta::from_secs(3600)).expect("advance");
    let got: Vec<(Delta, i64, u32)> = cases
        .iter()
        .zip(&started)
        .zip(expiries)
        .map(|(((delta, _, _), (countdown, _)), expires)| {
            (*delta, expires, countdown.runs.load(Ordering::Relaxed))
        })
        .collect();
    assert_eq!(got, cases, "(delta, expiry, runs)");
    assert_eq!(warnings(), before, "warnings");
}
