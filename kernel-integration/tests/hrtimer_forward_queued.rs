//! Patch 0004: a callback that restarts its own timer and then forwards it forwards a
//! queued timer, where the kernel's `hrtimer_forward()` warns
//! (`WARN_ON(timer->state & HRTIMER_STATE_ENQUEUED)`, which the host C model counts).
//! The forward leaves a queued timer alone instead: it returns 0, keeps the expiry the
//! restart set, and warns about nothing.
//!
//! Its own binary, so that the warnings it counts are its own.

use core::sync::atomic::{AtomicU32, Ordering};

use kernel::alloc::flags::GFP_KERNEL;
use kernel::bindings;
use kernel::impl_has_hr_timer;
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::hrtimer::{
    HasHrTimer, HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerPointer, HrTimerRestart,
    RelativeMode,
};
use kernel::time::{Delta, Instant, Monotonic};
use kernel::timekeeper;

mod support;
use support::warnings;

const MS: Delta = Delta::from_millis(1);

/// A timer whose callback, the first time, restarts its timer to expire now (as a
/// `start(Delta::ZERO)` of a clone of its `Arc` does), then forwards it by 1 ms.
#[pin_data]
struct RestartThenForward {
    #[pin]
    timer: HrTimer<Self>,
    runs: AtomicU32,
    overruns: AtomicU32,
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for RestartThenForward {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

impl HrTimerCallback for RestartThenForward {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        if this.runs.fetch_add(1, Ordering::Relaxed) > 0 {
            return HrTimerRestart::NoRestart;
        }
        let ptr: *const Self = &*this;
        // SAFETY: `ptr` is the live `Arc` data the timer runs for, which the test's
        // handle keeps alive until the timer is cancelled.
        unsafe { <Self as HasHrTimer<Self>>::start(ptr, Delta::ZERO) };
        let overruns = ctx.forward_now(MS);
        this.overruns.store(overruns as u32, Ordering::Relaxed);
        HrTimerRestart::NoRestart
    }
}

/// The host C model's count of forwards of a queued timer.
fn forwards_while_queued() -> i32 {
    // SAFETY: a read of a counter; no arguments, no preconditions.
    unsafe { bindings::hrtimer_test_forwards_while_queued() }
}

#[test]
fn forwarding_a_timer_its_callback_restarted_leaves_it_alone() {
    let tk = timekeeper::test_mode();
    let before = (warnings(), forwards_while_queued());
    let Ok(timer) = Arc::pin_init(
        pin_init!(RestartThenForward {
            timer <- HrTimer::new(),
            runs: AtomicU32::new(0),
            overruns: AtomicU32::new(u32::MAX),
        }),
        GFP_KERNEL,
    );
    let handle = timer.clone().start(MS);
    tk.advance(MS).expect("advance");
    let fired_at = Instant::<Monotonic>::now();
    assert_eq!(
        (warnings(), forwards_while_queued()),
        before,
        "a forward of a queued timer (warnings, forwards while queued)"
    );
    assert_eq!(
        timer.overruns.load(Ordering::Relaxed),
        0,
        "nothing forwarded"
    );
    assert_eq!(timer.runs.load(Ordering::Relaxed), 2, "the restart ran");
    assert_eq!(
        timer.timer.expires() - fired_at,
        Delta::ZERO,
        "the expiry the restart set"
    );
    drop(handle);
}
